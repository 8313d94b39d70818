import { ValidationFailedError } from '../../common/errors';
import { unstorableText } from '../../common/validation';
import { parseBigId, parseId } from '../../common/ids';
import type { Condition, ListDeclaration, SortDirection, SortKeyKind } from './list-declaration';

/**
 * Keyset paging: the order is a list of keys ending with the id, so it is total; a cursor holds
 * the order it was made in and the keys of its row; the rows after (or before) it are those whose
 * keys compare greater (or smaller) in that order. An index on the keys serves every page, and
 * pages stay right while rows are inserted or deleted meanwhile.
 */

export interface OrderKey {
  property: string;
  direction: SortDirection;
  kind: SortKeyKind;
}

/** A client's sort: a sort field's GraphQL name (`TITLE`) and a direction. */
export interface RequestedOrder {
  field: string;
  direction: SortDirection;
}

type KeyValue = string | number;

/**
 * The keys of a requested order: each field in turn, then the id in the direction of the last
 * field (the tie-break); a field named twice is refused, wherever it comes, and fields after `ID`
 * are moot (the order is total there). An empty request is the list's default order (its
 * `defaultOrder`, or `ID` in its default direction).
 */
export function orderKeys(list: ListDeclaration, requested: readonly RequestedOrder[], path = 'orderBy'): OrderKey[] {
  const keys: OrderKey[] = [];
  const named = new Set<string>();
  let total = false;
  for (const { field, direction } of requested.length > 0 ? requested : list.defaultOrder) {
    const sort = list.sortFields[field];
    if (!sort) throw ValidationFailedError.single(path, `names no field ${list.records} can be sorted on: ${field}`);
    if (named.has(field)) throw ValidationFailedError.single(path, `names ${field} more than once`);
    named.add(field);
    if (total) continue;
    keys.push({ property: sort.property, direction, kind: sort.kind });
    total = sort.property === 'id';
  }
  if (!total) keys.push({ property: 'id', direction: keys.at(-1)?.direction ?? list.defaultDirection, kind: list.idKind });
  return keys;
}

/** The order a cursor was made in, written into it: a cursor is refused under any other. */
function signature(keys: readonly OrderKey[]): string {
  return keys.map((key) => `${key.property}${key.direction === 'DESC' ? '-' : ''}`).join(',');
}

function keyValue(kind: SortKeyKind, value: unknown): KeyValue {
  if (value instanceof Date) return value.toISOString();
  if (kind === 'integer' && typeof value === 'number') return value;
  return String(value);
}

export function encodeCursor(keys: readonly OrderKey[], row: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify([signature(keys), keys.map((key) => keyValue(key.kind, row[key.property]))])).toString('base64url');
}

function fitsKind(kind: SortKeyKind, value: unknown): boolean {
  switch (kind) {
    case 'integer':
      return typeof value === 'number' && parseId(value) !== null;
    case 'bigint':
      return typeof value === 'string' && parseBigId(value) === value;
    case 'timestamp':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value));
    case 'text':
      return typeof value === 'string' && unstorableText(value) === undefined;
  }
}

/** The key values a cursor carries, when it was made in this order; refused otherwise. */
export function decodeCursor(keys: readonly OrderKey[], cursor: string, path: string): KeyValue[] {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(decoded) && decoded.length === 2 && decoded[0] === signature(keys)) {
      const values: unknown = decoded[1];
      if (Array.isArray(values) && values.length === keys.length && keys.every((key, index) => fitsKind(key.kind, values[index]))) return values as KeyValue[];
    }
  } catch {
    // reported below
  }
  throw ValidationFailedError.single(path, 'is not a cursor of this list in this order');
}

const CASTS: Record<SortKeyKind, string> = { integer: 'integer', bigint: 'bigint', timestamp: 'timestamptz', text: 'text' };

/**
 * The rows strictly beyond the cursor's in the keys' order (`side: 'after'`), or strictly before it.
 * With one direction throughout, a row comparison (which an index on the keys serves); with mixed
 * directions, its expansion: the first key beyond, or equal and the second beyond, and so on.
 */
export function beyondCursor(alias: string, keys: readonly OrderKey[], values: readonly KeyValue[], side: 'after' | 'before', param: string): Condition {
  const parameters: Record<string, unknown> = {};
  const bound = keys.map((key, index) => {
    parameters[`${param}_${index}`] = values[index];
    return `CAST(:${param}_${index} AS ${CASTS[key.kind]})`;
  });
  const columns = keys.map((key) => `${alias}.${key.property}`);
  const operator = (direction: SortDirection): string => ((direction === 'ASC') === (side === 'after') ? '>' : '<');
  if (keys.every((key) => key.direction === keys[0].direction)) {
    return { sql: `(${columns.join(', ')}) ${operator(keys[0].direction)} (${bound.join(', ')})`, parameters };
  }
  const alternatives = keys.map((key, index) => {
    const equal = columns.slice(0, index).map((name, earlier) => `${name} = ${bound[earlier]}`);
    return `(${[...equal, `${columns[index]} ${operator(key.direction)} ${bound[index]}`].join(' AND ')})`;
  });
  return { sql: `(${alternatives.join(' OR ')})`, parameters };
}
