import { GraphQLScalarType } from 'graphql';
import { DateTimeISOResolver, LocalDateResolver } from 'graphql-scalars';

/** A calendar day, `YYYY-MM-DD`, with no time zone: the v2 date fields. */
export const DateScalar = new GraphQLScalarType({
  ...LocalDateResolver.toConfig(),
  name: 'Date',
  description: 'A calendar date in `YYYY-MM-DD` form, with no time zone (for example `2026-03-31`).',
});

/** An instant, ISO 8601 in UTC with milliseconds. */
export const DateTimeScalar = new GraphQLScalarType({
  ...DateTimeISOResolver.toConfig(),
  name: 'DateTime',
  description: 'An instant in ISO 8601 form, in UTC (for example `2026-03-31T09:30:00.000Z`).',
});

/** Free key/value content (phase `custom_fields`). */
export { JSONObjectResolver as JSONObjectScalar } from 'graphql-scalars';
