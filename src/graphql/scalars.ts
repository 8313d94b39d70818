import { GraphQLScalarType } from 'graphql';
import { DateTimeISOResolver, JSONObjectResolver, LocalDateResolver } from 'graphql-scalars';

/** A calendar day, `YYYY-MM-DD`, with no time zone: the v2 date fields. */
export const DateScalar = new GraphQLScalarType({
  ...LocalDateResolver.toConfig(),
  name: 'Date',
  description: 'A calendar date in `YYYY-MM-DD` form, with no time zone (for example `2026-03-31`). A date written must be a real calendar day from 1900 on.',
});

/** An instant, ISO 8601 in UTC with milliseconds. */
export const DateTimeScalar = new GraphQLScalarType({
  ...DateTimeISOResolver.toConfig(),
  name: 'DateTime',
  description: 'An instant in ISO 8601 form, in UTC (for example `2026-03-31T09:30:00.000Z`).',
});

/**
 * Free key/value content (the `custom_fields` of a phase or a user, an event's `data`):
 * graphql-scalars' scalar, described in the API's words rather than by its bare specification
 * link (kept as `@specifiedBy`).
 */
export const JSONObjectScalar = new GraphQLScalarType({
  ...JSONObjectResolver.toConfig(),
  description: 'A JSON object (not an array, string or number), with any values: free key/value content such as `customFields` or `Event.data`.',
});
