import type { ListFilter } from '../../src/db/lists/list-declaration';

/**
 * The kinds of filter the lists declare, as the suite models them: what records a value selects,
 * written from the filters' descriptions (never from their SQL), and which values to try, chosen
 * from the full list. The filters every list has (ids, created/updated ranges and bounds) are
 * here too (STANDARD); each list's own are in list-models.ts.
 */

/** A record as the suite compares it: GraphQL's field names, ids as strings, enums by name. */
export type Row = Readonly<Record<string, unknown>> & { readonly id: string };

export interface FilterModel {
  /** Values to send (GraphQL's form; /v2's text is made from it), chosen from the full list. */
  samples(rows: readonly Row[], filter: ListFilter): unknown[];
  /** Whether a record belongs in the answer to `value`. */
  matches(row: Row, value: unknown): boolean;
}

// ---- values ----

/** The enum's names (a numeric TypeScript enum also maps values back to names). */
export function enumNames(enumObject: object): string[] {
  return Object.keys(enumObject).filter((key) => Number.isNaN(Number(key)));
}

/** The name of an enum value (`2` → `ACTIVE`, `'inactive'` → `INACTIVE`). */
export function nameOf(enumObject: object, value: unknown): string {
  const name = enumNames(enumObject).find((key) => (enumObject as Record<string, unknown>)[key] === value);
  if (name === undefined) throw new Error(`${String(value)} is no value of the enum`);
  return name;
}

function distinct<T>(values: readonly T[]): T[] {
  return [...new Set(values.filter((value) => value !== null && value !== undefined))];
}

/** Up to `count` values spread over the sorted distinct values (first, middle, …). */
export function spread<T>(values: readonly T[], count: number, compare?: (a: T, b: T) => number): T[] {
  const sorted = distinct(values).sort(compare);
  if (sorted.length <= count) return sorted;
  return Array.from({ length: count }, (_, index) => sorted[Math.floor((index * (sorted.length - 1)) / (count - 1))]);
}

const instant = (value: unknown): number => Date.parse(String(value));
const byInstant = (a: unknown, b: unknown): number => instant(a) - instant(b);

/** Two values of the sorted distinct values, a third and two thirds of the way along. */
function thirds<T>(values: readonly T[], compare?: (a: T, b: T) => number): [T, T] {
  const sorted = distinct(values).sort(compare);
  if (sorted.length < 3) throw new Error('the fixture needs at least three distinct values here');
  return [sorted[Math.floor(sorted.length / 3)], sorted[Math.floor((2 * sorted.length) / 3)]];
}

// ---- filter models ----

/** Equal to the row's `field`; tries a few values of the list and one that names nothing. */
export function equalTo(field: string, none?: unknown): FilterModel {
  return {
    samples: (rows) => [...spread(rows.map((row) => row[field]), 3), ...(none === undefined ? [] : [none])],
    matches: (row, value) => row[field] === value,
  };
}

/** An enum filter (`…Status`): every value of the declared enum, those no record has included. */
export function enumEqualTo(field: string): FilterModel {
  return {
    samples: (_rows, filter) => enumNames(enumOf(filter)),
    matches: (row, value) => row[field] === value,
  };
}

/** `…In`: one value, two values, and every value but one. */
export function enumAnyOf(field: string): FilterModel {
  return {
    samples: (rows, filter) => {
      const present = distinct(rows.map((row) => row[field] as string));
      const all = enumNames(enumOf(filter));
      return [[present[0]], present.slice(0, 2), all.filter((name) => name !== present[0])];
    },
    matches: (row, value) => (value as unknown[]).includes(row[field]),
  };
}

/** Case-insensitive "contains" over some text of the row; the samples are the list's own. */
export function contains(samples: readonly string[], texts: (row: Row) => readonly string[]): FilterModel {
  return {
    samples: () => [...samples],
    matches: (row, value) => texts(row).some((text) => text.toLowerCase().includes(String(value).toLowerCase())),
  };
}

interface Range {
  gte?: string;
  lt?: string;
}

/** A range over a value compared with `compare`; null never matches. From `gte` (inclusive) to `lt` (exclusive). */
function range(field: string, compare: (a: unknown, b: unknown) => number): FilterModel {
  return {
    samples: (rows) => {
      const [low, high] = thirds(rows.map((row) => row[field]), compare);
      return [{ gte: low }, { lt: high }, { gte: low, lt: high }];
    },
    matches: (row, value) => {
      const { gte, lt } = value as Range;
      const own = row[field];
      if (own === null || own === undefined) return false;
      return (gte === undefined || compare(own, gte) >= 0) && (lt === undefined || compare(own, lt) < 0);
    },
  };
}

/** Calendar dates in YYYY-MM-DD form compare as text. */
export const dateRange = (field: string): FilterModel => range(field, (a, b) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0));

/** The filters taking an instant as text (`2026-11-23` or a date-time), with the field they bound. */
export const INSTANT_BOUNDS = new Map<FilterModel, string>();

/**
 * One end of an instant range (/v2 `created_after`, inclusive; `created_before`, exclusive), or
 * GraphQL's `createdAfter` (exclusive): records' exact timestamps, and a date alone (midnight UTC).
 */
export function instantBound(field: string, compare: (own: number, bound: number) => boolean): FilterModel {
  const model: FilterModel = {
    samples: (rows) => {
      const [low, high] = thirds(rows.map((row) => row[field]), byInstant);
      return [low, high, String(high).slice(0, 10)];
    },
    matches: (row, value) => compare(instant(row[field]), instant(value)),
  };
  INSTANT_BOUNDS.set(model, field);
  return model;
}

/** `ids`: three ids of the list, and the same with an id that names nothing. */
const ids: FilterModel = {
  samples: (rows) => {
    const some = spread(rows.map((row) => row.id), 3, (a, b) => Number(a) - Number(b));
    return [some, [...some, '999999999']];
  },
  matches: (row, value) => (value as string[]).includes(row.id),
};

/** The filters defineList gives every list, by name. */
export const STANDARD: Readonly<Record<string, FilterModel>> = {
  ids,
  createdAt: range('createdAt', byInstant),
  updatedAt: range('updatedAt', byInstant),
  created_after: instantBound('createdAt', (own, bound) => own >= bound),
  created_before: instantBound('createdAt', (own, bound) => own < bound),
  updated_after: instantBound('updatedAt', (own, bound) => own >= bound),
  updated_before: instantBound('updatedAt', (own, bound) => own < bound),
};

/** The enum of an enum filter (`status`) or of a list of them (`statusIn`). */
export function enumOf(filter: ListFilter): object {
  let type = filter.graphql?.type;
  while (type && 'list' in type) type = type.list;
  if (!type || !('enum' in type)) throw new Error('not an enum filter');
  return type.enum;
}

/** A filter value as /v2 takes it: enums by their v2 value, id lists comma-separated. */
export function restText(filter: ListFilter, value: unknown): string {
  if (Array.isArray(value)) return value.join(',');
  const type = filter.graphql?.type;
  if (type && 'enum' in type) return String((type.enum as Record<string, unknown>)[String(value)]);
  return String(value);
}
