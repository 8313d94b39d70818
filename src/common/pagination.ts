import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { ValidationFailedError } from './errors';
import { parseBigId, parseId } from './ids';
import { assertValid } from './validation';
import type { EmbeddedChildren } from '../db/embedded-json';
import { readProjected, type Projection } from '../db/projection';

export const DEFAULT_PAGE_SIZE = 15;
export const DEFAULT_CONNECTION_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** REST pages: `?page` from 1, `?per_page` up to 100. */
export class PageRequest {
  @IsInt() @Min(1) page: number = 1;
  @IsInt() @Min(1) @Max(MAX_PAGE_SIZE) perPage: number = DEFAULT_PAGE_SIZE;
}

export interface PageSlice<T> {
  items: T[];
  page: number;
  perPage: number;
  hasNextPage: boolean;
}

/** One statement per page: one extra row tells whether a next page exists, no count needed. */
export async function fetchPage<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, request: PageRequest): Promise<PageSlice<T>> {
  await assertValid(request);
  const rows = await readProjected(query.offset((request.page - 1) * request.perPage).limit(request.perPage + 1), undefined);
  return { items: rows.slice(0, request.perPage), page: request.page, perPage: request.perPage, hasNextPage: rows.length > request.perPage };
}

export type SortDirection = 'ASC' | 'DESC';

export interface SortOrder {
  /** Entity property to sort on; must be NOT NULL so the keyset is total. */
  property: string;
  direction: SortDirection;
}

/** GraphQL connections: `first` rows after an opaque cursor, sorted by a property then id. */
export class ConnectionRequest {
  @IsInt() @Min(1) @Max(MAX_PAGE_SIZE) first: number = DEFAULT_CONNECTION_SIZE;
  @IsOptional() @IsString() after?: string;
  @IsIn(['ASC', 'DESC']) direction: SortDirection = 'ASC';
  @IsString() property: string = 'id';
}

export interface ConnectionSlice<T> {
  items: { node: T; cursor: string }[];
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

type CursorValue = string | number;

function encodeCursor(property: string, value: CursorValue, id: number): string {
  return Buffer.from(JSON.stringify([property, value, id])).toString('base64url');
}

type CursorKind = 'integer' | 'timestamp' | 'text';

/** A cursor names the sort property and carries a value of that column's kind and an id; anything else is refused. */
function decodeCursor(cursor: string, property: string, kind: CursorKind): { value: CursorValue; id: number } {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(decoded) && decoded.length === 3 && decoded[0] === property && parseId(decoded[2]) !== null && typeof decoded[2] === 'number') {
      const value: unknown = decoded[1];
      const fits =
        kind === 'integer'
          ? typeof value === 'number' && parseId(value) !== null
          : kind === 'timestamp'
            ? typeof value === 'string' && !Number.isNaN(Date.parse(value))
            : typeof value === 'string';
      if (fits) return { value: value as CursorValue, id: decoded[2] };
    }
  } catch {
    // reported below
  }
  throw ValidationFailedError.single('after', 'is not a cursor of this list in this order');
}

function cursorKind(type: unknown): CursorKind {
  if (type === 'integer' || type === 'int' || type === Number) return 'integer';
  if (type === 'timestamptz' || type === 'timestamp' || type === Date) return 'timestamp';
  return 'text';
}

function cursorValue(value: unknown): CursorValue {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number') return value;
  return String(value);
}

/** Keyset pagination: stable under inserts, and an index on (property, id) serves every page. */
export async function fetchConnection<T extends ObjectLiteral & { id: number }>(
  query: SelectQueryBuilder<T>,
  request: ConnectionRequest,
  projection?: Projection,
): Promise<ConnectionSlice<T>> {
  await assertValid(request);
  const alias = query.alias;
  const column = query.expressionMap.mainAlias?.metadata.findColumnWithPropertyPath(request.property);
  if (!column) throw ValidationFailedError.single('orderBy', 'names no sortable field');
  const sortExpr = `${query.escape(alias)}.${query.escape(column.databaseName)}`;
  const idExpr = `${query.escape(alias)}.${query.escape('id')}`;

  if (request.after !== undefined) {
    const kind = cursorKind(column.type);
    const { value, id } = decodeCursor(request.after, request.property, kind);
    const comparison = request.direction === 'ASC' ? '>' : '<';
    const typed = kind === 'timestamp' ? '::timestamptz' : '';
    query.andWhere(`(${sortExpr}, ${idExpr}) ${comparison} (:cursorValue${typed}, :cursorId)`, { cursorValue: value, cursorId: id });
  }
  const rows = await readProjected(
    query
      .orderBy(`${alias}.${request.property}`, request.direction)
      .addOrderBy(`${alias}.id`, request.direction)
      .limit(request.first + 1),
    projection,
    // The cursor carries the sort property's value.
    [request.property],
  );
  const page = rows.slice(0, request.first);
  return {
    items: page.map((node) => ({ node, cursor: encodeCursor(request.property, cursorValue(node[request.property]), node.id) })),
    hasNextPage: rows.length > request.first,
    hasPreviousPage: request.after !== undefined,
  };
}

/**
 * The cursor of a newest-first list keyed on a bigint id (events, deliveries): the shape of the
 * other lists' cursors (base64url JSON `[property, value, id]`), so clients see one kind. The id
 * is written as a JSON number; bigint ids stay below 2^53, where numbers are exact.
 */
function encodeIdCursor(id: string): string {
  return encodeCursor('id', Number(id), Number(id));
}

/** The id a newest-first cursor carries, in canonical digits; anything else is refused. */
function decodeIdCursor(cursor: string): string {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(decoded) && decoded.length === 3 && decoded[0] === 'id' && typeof decoded[2] === 'number' && decoded[1] === decoded[2]) {
      const id = parseBigId(decoded[2]);
      if (id !== null) return id;
    }
  } catch {
    // reported below
  }
  throw ValidationFailedError.single('after', 'is not a cursor of this list in this order');
}

/**
 * Keyset pagination over a bigint id, newest first, for lists whose order is fixed (the event
 * feed, a delivery log): `first` rows with an id below the cursor's, one more to tell whether a
 * next page exists. `fetchConnection` cannot serve them, its cursors hold 32-bit ids.
 * `request.property` and `request.direction` are not used. One statement.
 */
export async function fetchNewestFirst<T extends ObjectLiteral & { id: string }>(
  query: SelectQueryBuilder<T>,
  request: ConnectionRequest,
): Promise<ConnectionSlice<T>> {
  await assertValid(request);
  const alias = query.alias;
  if (request.after !== undefined) {
    query.andWhere(`${query.escape(alias)}.${query.escape('id')} < :newestFirstAfter`, { newestFirstAfter: decodeIdCursor(request.after) });
  }
  const rows = await query
    .orderBy(`${alias}.id`, 'DESC')
    .limit(request.first + 1)
    .getMany();
  return {
    items: rows.slice(0, request.first).map((node) => ({ node, cursor: encodeIdCursor(node.id) })),
    hasNextPage: rows.length > request.first,
    hasPreviousPage: request.after !== undefined,
  };
}

/**
 * The first page of children for many parents in one statement (DataLoader batches): for each
 * parent, a LATERAL subquery walks the (workspace, parent, id) index in order and stops after
 * `first + 1` rows, which tells whether more follow. The work is bounded by parents × page size,
 * not by how many children the parents, or the workspace, hold. `after` (an id cursor) applies to
 * every parent, as a nested list is paged one parent at a time.
 */
export async function fetchChildConnections<T extends ObjectLiteral & { id: number }>(
  query: SelectQueryBuilder<T>,
  parentProperty: keyof T & string,
  parentIds: readonly number[],
  request: ConnectionRequest,
  projection?: Projection,
  embedded: readonly EmbeddedChildren[] = [],
): Promise<Map<number, ConnectionSlice<T>>> {
  await assertValid(request);
  const alias = query.alias;
  const metadata = query.expressionMap.mainAlias?.metadata;
  const parentColumn = metadata?.findColumnWithPropertyPath(parentProperty)?.databaseName;
  if (!parentColumn) throw new Error(`${parentProperty} is not a column`);
  const parent = `${query.escape(alias)}.${query.escape(parentColumn)}`;
  const id = `${query.escape(alias)}.${query.escape('id')}`;

  // Inside the subquery the alias names its own row, which shadows the outer query's.
  const firstOfParent = query
    .clone()
    .select(id, 'id')
    .andWhere(`${parent} = parent_ids.id`)
    .orderBy(id, 'ASC')
    .limit(request.first + 1);
  if (request.after !== undefined) firstOfParent.andWhere(`${id} > :afterId`, { afterId: decodeCursor(request.after, 'id', 'integer').id });

  // `= ANY(ARRAY(…))` rather than `IN (…)`: the ids arrive as one array, so the outer read is a
  // primary-key lookup, never a scan of the workspace joined against them.
  const rows = await readProjected(
    query
      .andWhere(
        `${id} = ANY(ARRAY(SELECT page.id FROM unnest(CAST(:parentIds AS integer[])) AS parent_ids(id) CROSS JOIN LATERAL (${firstOfParent.getQuery()}) page))`,
        { parentIds: [...parentIds] },
      )
      .setParameters(firstOfParent.getParameters())
      .orderBy(`${alias}.id`, 'ASC'),
    projection,
    [],
    embedded,
  );

  const byParent = new Map<number, T[]>();
  for (const row of rows) {
    const key = row[parentProperty] as number;
    const siblings = byParent.get(key);
    if (siblings) siblings.push(row);
    else byParent.set(key, [row]);
  }
  return new Map(
    parentIds.map((parentId) => {
      const children = byParent.get(parentId) ?? [];
      const page = children.slice(0, request.first);
      return [
        parentId,
        {
          items: page.map((node) => ({ node, cursor: encodeCursor('id', node.id, node.id) })),
          hasNextPage: children.length > request.first,
          hasPreviousPage: request.after !== undefined,
        },
      ];
    }),
  );
}
