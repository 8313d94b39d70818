import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
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

const BIG_INTEGER = /^-?[0-9]{1,19}$/;

function bigIntegerText(value: unknown): string {
  const text = typeof value === 'bigint' || (typeof value === 'number' && Number.isSafeInteger(value)) ? String(value) : value;
  if (typeof text !== 'string' || !BIG_INTEGER.test(text)) throw new GraphQLError('BigInt must be an integer of at most 19 digits, as a decimal string');
  return text;
}

/**
 * An integer beyond `Int`'s 32 bits (bigint database ids), written as a decimal string so every
 * JSON parser reads it exactly (JavaScript's numbers stop at 2^53).
 */
export const BigIntScalar = new GraphQLScalarType({
  name: 'BigInt',
  description: 'An integer of up to 19 digits, written as a decimal string (for example `"9007199254740993"`): exact in every JSON parser.',
  serialize: bigIntegerText,
  parseValue: bigIntegerText,
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING && ast.kind !== Kind.INT) throw new GraphQLError('BigInt must be an integer of at most 19 digits, as a decimal string', { nodes: ast });
    return bigIntegerText(ast.value);
  },
});
