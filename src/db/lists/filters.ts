import { isCalendarDate } from '../../common/calendar-date';
import { MAX_ID, parseBigId, parseId } from '../../common/ids';
import { INSTANT, INSTANT_MESSAGE, instantText, isInstant } from '../../common/instant';
import type { JsonSchema } from '../../common/json-schema';
import { escapeLike } from '../../common/sql';
import { textValueProblem } from '../../common/validation';
import { integerFromString } from '../../common/wire-shape';
import type { Check, Condition, ListFilter } from './list-declaration';

/**
 * The kinds of filter a list declares (list-declaration.ts): each knows how both faces take its
 * value, how it is judged and its SQL. Conditions name columns by property (`c.campaignStatus`):
 * TypeORM's query builder maps them to columns.
 */

/** Most values an `…In` or `ids` filter takes. */
export const MAX_FILTER_VALUES = 100;

/** Longest text a search filter takes. */
const MAX_SEARCH_LENGTH = 255;

const column = (alias: string, property: string): string => `${alias}.${property}`;

interface Described {
  description: string;
  /** The /v2 query parameter's name; none: GraphQL only. */
  rest?: string;
  /** Its description when it differs from GraphQL's. */
  restDescription?: string;
}

function restOf(described: Described, schema: JsonSchema, fromText: (text: string) => unknown = (text) => text): ListFilter['rest'] {
  return described.rest ? { name: described.rest, description: described.restDescription ?? described.description, schema, fromText } : undefined;
}

/** Equality with one value of an enumeration (GraphQL: the enum; /v2: its integers or strings). */
export function oneOf(spec: Described & { property: string; enum: object; values: readonly (string | number)[]; message: string }): ListFilter {
  const integers = spec.values.every((value) => typeof value === 'number');
  return {
    graphql: { type: { enum: spec.enum }, description: spec.description },
    rest: restOf(spec, integers ? { type: 'integer', enum: [...spec.values] } : { type: 'string', enum: [...spec.values] }, integers ? integerFromString : undefined),
    check: (value) => (spec.values.includes(value as string | number) ? undefined : spec.message),
    where: (alias, value, param) => ({ sql: `${column(alias, spec.property)} = :${param}`, parameters: { [param]: value } }),
  };
}

/** Records whose value is any of a list (GraphQL only: `<field>In: [Enum!]`). */
export function anyOf(spec: { property: string; enum: object; values: readonly (string | number)[]; message: string; description: string }): ListFilter {
  return {
    graphql: { type: { list: { enum: spec.enum } }, description: spec.description },
    check: (value) => {
      if (!Array.isArray(value) || value.length === 0 || value.length > MAX_FILTER_VALUES) return `must list 1 to ${MAX_FILTER_VALUES} values`;
      return value.every((item) => spec.values.includes(item as string | number)) ? undefined : `values ${spec.message}`;
    },
    where: (alias, value, param) => ({ sql: `${column(alias, spec.property)} = ANY(:${param})`, parameters: { [param]: value } }),
  };
}

/** Equality with a record's id (GraphQL: the global `ID` of a `node`; /v2: its digits). */
export function recordId(spec: Described & { property: string; node: string }): ListFilter {
  return {
    graphql: { type: { scalar: 'ID', node: spec.node }, description: spec.description },
    rest: restOf(spec, { type: 'integer', minimum: 1, maximum: MAX_ID }),
    check: (value) => (parseId(value) === null ? 'must be a positive integer id' : undefined),
    where: (alias, value, param) => ({ sql: `${column(alias, spec.property)} = :${param}`, parameters: { [param]: parseId(value) } }),
    matches: (record, value) => record[spec.property] !== null && String(record[spec.property]) === String(parseId(value)),
  };
}

/** A 0/1 flag. */
export function flag(spec: Described & { property: string }): ListFilter {
  return {
    graphql: { type: { scalar: 'Int' }, description: spec.description },
    rest: restOf(spec, { type: 'integer', enum: [0, 1] }, integerFromString),
    check: (value) => (value === 0 || value === 1 ? undefined : 'must be 0 or 1'),
    where: (alias, value, param) => ({ sql: `${column(alias, spec.property)} = :${param}`, parameters: { [param]: value } }),
  };
}

/** Case-insensitive "contains" over text; `matches` is the condition for an ILIKE pattern bound to `param`. */
export function textSearch(spec: Described & { matches(alias: string, param: string): string }): ListFilter {
  return {
    graphql: { type: { scalar: 'String' }, description: spec.description },
    rest: restOf(spec, { type: 'string', maxLength: MAX_SEARCH_LENGTH }),
    check: (value) => textValueProblem(value, MAX_SEARCH_LENGTH),
    where: (alias, value, param) => ({ sql: `(${spec.matches(alias, param)})`, parameters: { [param]: `%${escapeLike(value as string)}%` } }),
  };
}

/** A filter with its own type, rule and SQL (a code of a fixed form, a condition on other rows). */
export function custom(
  spec: Described & { type: NonNullable<ListFilter['graphql']>['type'] | null; schema: JsonSchema; check: Check; where: ListFilter['where']; matches?: ListFilter['matches'] },
): ListFilter {
  return {
    graphql: spec.type ? { type: spec.type, description: spec.description } : undefined,
    rest: restOf(spec, spec.schema),
    check: spec.check,
    where: spec.where,
    matches: spec.matches,
  };
}

/** The record ids of `ids`, as the id column holds them, or the problem. */
function idsOf(value: unknown, bigint: boolean): (number | string)[] | string {
  const items = Array.isArray(value) ? value : [];
  if (!Array.isArray(value) || items.length === 0 || items.length > MAX_FILTER_VALUES) return `must list 1 to ${MAX_FILTER_VALUES} ids`;
  const parsed = items.map((item) => (bigint ? parseBigId(item) : parseId(item)));
  return parsed.every((id) => id !== null) ? (parsed as (number | string)[]) : 'must all be positive integer ids';
}

/** Records among these ids (GraphQL `ids: [ID!]`, /v2 `ids=1,2,3`), at most 100. */
export function idsFilter(records: string, bigint: boolean, node: string): ListFilter {
  const description = `Only the ${records} with these ids (at most ${MAX_FILTER_VALUES}).`;
  return {
    graphql: { type: { list: { scalar: 'ID', node } }, description },
    rest: {
      name: 'ids',
      description: `Only the ${records} with these ids, comma-separated (at most ${MAX_FILTER_VALUES}).`,
      schema: { type: 'string', pattern: '^[0-9]+(,[0-9]+)*$' },
      fromText: (text) => text.split(','),
    },
    check: (value) => {
      const ids = idsOf(value, bigint);
      return typeof ids === 'string' ? ids : undefined;
    },
    where: (alias, value, param) => ({ sql: `${column(alias, 'id')} = ANY(:${param})`, parameters: { [param]: idsOf(value, bigint) } }),
    matches: (record, value) => (idsOf(value, bigint) as (number | string)[]).some((id) => String(id) === String(record.id)),
  };
}

interface Range<V> {
  gte?: V | null;
  lt?: V | null;
}

/** Both ends of a range value, each `valid` or absent; the problem otherwise. */
function rangeProblem(value: unknown, valid: (end: unknown) => boolean, message: string): string | undefined {
  if (value === null || typeof value !== 'object') return 'must be an object with gte and/or lt';
  const { gte, lt } = value as Range<unknown>;
  for (const end of [gte, lt]) if (end !== undefined && end !== null && !valid(end)) return message;
  return undefined;
}

function rangeCondition(alias: string, property: string, value: Range<unknown>, param: string, cast: string): Condition {
  const parts: string[] = [];
  const parameters: Record<string, unknown> = {};
  if (value.gte !== undefined && value.gte !== null) {
    parts.push(`${column(alias, property)} >= CAST(:${param}_gte AS ${cast})`);
    parameters[`${param}_gte`] = value.gte;
  }
  if (value.lt !== undefined && value.lt !== null) {
    parts.push(`${column(alias, property)} < CAST(:${param}_lt AS ${cast})`);
    parameters[`${param}_lt`] = value.lt;
  }
  return { sql: parts.length ? parts.join(' AND ') : 'TRUE', parameters };
}

/** rangeCondition on an instant held in memory. */
function inInstantRange(instant: unknown, value: Range<Date | string>): boolean {
  if (!(instant instanceof Date)) return false;
  const bound = (end: Date | string): number => (end instanceof Date ? end : new Date(end)).getTime();
  if (value.gte !== undefined && value.gte !== null && instant.getTime() < bound(value.gte)) return false;
  return !(value.lt !== undefined && value.lt !== null && instant.getTime() >= bound(value.lt));
}

const isValidDate = (end: unknown): boolean => end instanceof Date && !Number.isNaN(end.getTime());

/** An instant range on a timestamp column (GraphQL `DateTimeRange {gte, lt}`: from `gte`, inclusive, to `lt`, exclusive). */
export function instantRange(spec: { property: string; description: string }): ListFilter {
  return {
    graphql: { type: { range: 'DateTime' }, description: spec.description },
    check: (value) => rangeProblem(value, isValidDate, 'gte and lt must be instants'),
    where: (alias, value, param) => rangeCondition(alias, spec.property, value as Range<unknown>, param, 'timestamptz'),
    matches: (record, value) => inInstantRange(record[spec.property], value as Range<Date>),
  };
}

/** A calendar-date range on a date column (GraphQL `DateRange {gte, lt}`). */
export function dateRange(spec: { property: string; description: string }): ListFilter {
  return {
    graphql: { type: { range: 'Date' }, description: spec.description },
    check: (value) => rangeProblem(value, isCalendarDate, 'gte and lt must be calendar dates in YYYY-MM-DD form'),
    where: (alias, value, param) => rangeCondition(alias, spec.property, value as Range<unknown>, param, 'date'),
  };
}

/** One end of an instant range as a /v2 parameter (`created_after`, inclusive; `created_before`, exclusive). */
export function instantBound(spec: { property: string; rest: string; end: 'gte' | 'lt'; description: string }): ListFilter {
  return {
    rest: { name: spec.rest, description: spec.description, schema: { type: 'string', pattern: INSTANT.source }, fromText: (text) => text },
    check: (value) => (isInstant(value) ? undefined : INSTANT_MESSAGE),
    where: (alias, value, param) => rangeCondition(alias, spec.property, { [spec.end]: instantText(value as string) }, param, 'timestamptz'),
    matches: (record, value) => inInstantRange(record[spec.property], { [spec.end]: instantText(value as string) }),
  };
}
