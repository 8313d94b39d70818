import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { EmbeddedChildren } from '../embedded-json';
import { readProjected, type Projection } from '../projection';
import { statementTextOf } from '../statement-texts';
import { beyondCursor, encodeCursor, type OrderKey } from './keyset';
import { type AggregateGroup, type GroupedSelection, readAggregates } from './list-aggregates';
import type { Condition, ListDeclaration } from './list-declaration';
import type { CheckedFilters, ConnectionRequest, PageRequest } from './list-request';

/**
 * Runs declared lists: a connection page (keyset, either direction), a /v2 page (page numbers),
 * and the first page of children for many parents at once (nested connections). Counts, and
 * whether rows lie beyond the page on the side the client did not page towards, are read only
 * when asked for (Lazy), one statement each: a list costs the same statements whatever it holds.
 */

export interface Edge<T> {
  node: T;
  cursor: string;
}

/**
 * An edge whose cursor is written when read: most selections ask for `nodes`, not cursors, and
 * writing one (JSON, then base64url) for every row of every page cost 4.5% of the server's CPU on
 * the nested query (docs/benchmarks.md).
 */
class KeysetEdge<T> implements Edge<T> {
  constructor(
    readonly node: T,
    private readonly keys: readonly OrderKey[],
  ) {}

  get cursor(): string {
    return encodeCursor(this.keys, this.node as Record<string, unknown>);
  }
}

/** A value read only when a client asks for it. */
export type Lazy<T> = () => Promise<T>;

export interface ListSlice<T> {
  items: Edge<T>[];
  hasNextPage: boolean | Lazy<boolean>;
  hasPreviousPage: boolean | Lazy<boolean>;
  /** Records matching the filters, whatever the paging. */
  totalCount: Lazy<number>;
  /** Aggregates of the records matching the filters, whatever the paging, in groups (one statement each). */
  aggregates(request: GroupedSelection): Promise<AggregateGroup[]>;
}

export interface PageSlice<T> {
  items: T[];
  page: number;
  perPage: number;
  hasNextPage: boolean;
}

/** Computed once, on first call. */
export function lazy<T>(compute: () => Promise<T>): Lazy<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= compute());
}

function where<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, condition: Condition): SelectQueryBuilder<T> {
  return query.andWhere(condition.sql, condition.parameters);
}

/** `query` narrowed by the checked filters of `list`. */
export function applyFilters<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, list: ListDeclaration, filters: CheckedFilters): SelectQueryBuilder<T> {
  filters.forEach(([name, value], index) => where(query, list.filters[name].where(query.alias, value, `list_filter_${index}`)));
  return query;
}

function orderBy<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, keys: readonly OrderKey[], reverse: boolean): SelectQueryBuilder<T> {
  const flip = (direction: 'ASC' | 'DESC'): 'ASC' | 'DESC' => (reverse ? (direction === 'ASC' ? 'DESC' : 'ASC') : direction);
  keys.forEach((key, index) => {
    const expression = `${query.alias}.${key.property}`;
    if (index === 0) query.orderBy(expression, flip(key.direction));
    else query.addOrderBy(expression, flip(key.direction));
  });
  return query;
}

/** Whether any row of `query` is not beyond the cursor on `side` (so lies on the other side of it, or is its row). */
function lazyExistsOutside<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, keys: readonly OrderKey[], values: (string | number)[], side: 'after' | 'before'): Lazy<boolean> {
  return lazy(async () => {
    const beyond = beyondCursor(query.alias, keys, values, side, 'list_outside');
    const found = await query.clone().select('1', 'found').andWhere(`NOT ${beyond.sql}`, beyond.parameters).orderBy().limit(1).getRawOne<{ found: number }>();
    return found !== undefined;
  });
}

function lazyCount<T extends ObjectLiteral>(query: SelectQueryBuilder<T>): Lazy<number> {
  return lazy(async () => {
    const row = await query.clone().select('COUNT(*)::int', 'count').orderBy().getRawOne<{ count: number }>();
    return row?.count ?? 0;
  });
}

/**
 * One page of a connection: `size` rows beyond `after` (and short of `before`), or with `backward`
 * the `size` rows before `before` (and beyond `after`), read in reverse and turned back; one row
 * more tells whether the list goes on in the direction of paging.
 */
export async function fetchListConnection<T extends ObjectLiteral>(
  base: SelectQueryBuilder<T>,
  list: ListDeclaration,
  request: ConnectionRequest,
  projection?: Projection,
  embedded: readonly EmbeddedChildren[] = [],
): Promise<ListSlice<T>> {
  const filtered = applyFilters(base, list, request.filters);
  const { keys, size, backward, after, before } = request;
  const page = filtered.clone();
  if (after) where(page, beyondCursor(page.alias, keys, after, 'after', 'list_after'));
  if (before) where(page, beyondCursor(page.alias, keys, before, 'before', 'list_before'));
  const rows = await readProjected(orderBy(page, keys, backward).limit(size + 1), projection, keys.map((key) => key.property), embedded);
  const more = rows.length > size;
  const nodes = rows.slice(0, size);
  if (backward) nodes.reverse();
  return {
    items: nodes.map((node) => new KeysetEdge(node, keys)),
    hasNextPage: backward ? (before ? lazyExistsOutside(filtered, keys, before, 'before') : false) : more,
    hasPreviousPage: backward ? more : after ? lazyExistsOutside(filtered, keys, after, 'after') : false,
    totalCount: lazyCount(filtered),
    aggregates: (aggregated) => groupsOf(filtered, list, aggregated),
  };
}

/** The groups of `query`'s rows (one, of them all, when `groupBy` is empty). */
export async function groupsOf<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, list: ListDeclaration, request: GroupedSelection): Promise<AggregateGroup[]> {
  return (await readAggregates(query, list.aggregates, request)).get(null) ?? [];
}

/** One /v2 page: page numbers over the requested order; one row more tells whether a next page exists, no count needed. */
export async function fetchListPage<T extends ObjectLiteral>(base: SelectQueryBuilder<T>, list: ListDeclaration, request: PageRequest): Promise<PageSlice<T>> {
  const query = orderBy(applyFilters(base, list, request.filters), request.keys, false);
  const rows = await readProjected(query.offset((request.page - 1) * request.perPage).limit(request.perPage + 1), undefined);
  return { items: rows.slice(0, request.perPage), page: request.page, perPage: request.perPage, hasNextPage: rows.length > request.perPage };
}

/** A page of children: like a connection page, but for each parent apart. */
export interface ChildPage {
  parentIds: readonly number[];
  request: ConnectionRequest;
}

/** What a nested connection reads only when asked for, per parent (batched by the caller's loaders). */
export interface ChildLazies {
  count(parentId: number): Promise<number>;
  /** Whether the parent has children beyond the page on the side not paged towards. */
  outside(parentId: number): Promise<boolean>;
  /** The parent's children's aggregates, in groups (none without children). */
  aggregates(parentId: number, request: GroupedSelection): Promise<AggregateGroup[]>;
}

/**
 * The page of children of every parent in one statement (a DataLoader batch): for each parent a
 * LATERAL subquery walks the (workspace, parent, keys) index in the page's order and stops after
 * `size + 1` rows. The work is bounded by parents × page size, not by how many children the
 * parents, or the workspace, hold. Cursors apply to every parent, as a nested list is paged one
 * parent at a time. The side not paged towards is answered by `beyond` (a batch of its own).
 */
export async function fetchChildConnections<T extends ObjectLiteral>(
  base: SelectQueryBuilder<T>,
  parentProperty: keyof T & string,
  { parentIds, request }: ChildPage,
  lazies: ChildLazies,
  projection?: Projection,
  embedded: readonly EmbeddedChildren[] = [],
): Promise<Map<number, ListSlice<T>>> {
  const alias = base.alias;
  const { keys, size, backward, after, before } = request;
  // Inside the subquery the alias names its own row, which shadows the outer query's.
  const ofParent = orderBy(base.clone().select(`${alias}.id`, 'id').andWhere(`${alias}.${parentProperty} = parent_ids.id`), keys, backward).limit(size + 1);
  if (after) where(ofParent, beyondCursor(alias, keys, after, 'after', 'child_after'));
  if (before) where(ofParent, beyondCursor(alias, keys, before, 'before', 'child_before'));
  // `= ANY(ARRAY(…))` rather than `IN (…)`: the ids arrive as one array, so the outer read is a
  // primary-key lookup, never a scan of the workspace joined against them.
  const rows = await readProjected(
    orderBy(
      base
        .clone()
        .andWhere(`${alias}.id = ANY(ARRAY(SELECT page.id FROM unnest(CAST(:parentIds AS integer[])) AS parent_ids(id) CROSS JOIN LATERAL (${statementTextOf(ofParent)}) page))`, {
          parentIds: [...parentIds],
        })
        .setParameters(ofParent.getParameters()),
      keys,
      false,
    ),
    projection,
    // The parent key groups the rows below; the sort keys make the cursors.
    [parentProperty, ...keys.map((key) => key.property)],
    embedded,
  );
  const byParent = new Map<number, T[]>();
  for (const row of rows) {
    const parent = row[parentProperty] as number;
    const siblings = byParent.get(parent);
    if (siblings) siblings.push(row);
    else byParent.set(parent, [row]);
  }
  return new Map(
    parentIds.map((parentId) => {
      // Each parent's rows are in the page's order; read backward, the page is the last `size`.
      const children = byParent.get(parentId) ?? [];
      const more = children.length > size;
      const page = backward ? children.slice(Math.max(0, children.length - size)) : children.slice(0, size);
      const outside = (): Promise<boolean> => lazies.outside(parentId);
      return [
        parentId,
        {
          items: page.map((node) => new KeysetEdge(node, keys)),
          hasNextPage: backward ? (before ? lazy(outside) : false) : more,
          hasPreviousPage: backward ? more : after ? lazy(outside) : false,
          totalCount: lazy(() => lazies.count(parentId)),
          aggregates: (request: GroupedSelection) => lazies.aggregates(parentId, request),
        },
      ];
    }),
  );
}

/** How many children each parent has (one statement, grouped): the counts of nested connections. */
export async function countChildren<T extends ObjectLiteral>(base: SelectQueryBuilder<T>, parentProperty: string, parentIds: readonly number[]): Promise<Map<number, number>> {
  const alias = base.alias;
  const rows = await base
    .clone()
    .select(`${alias}.${parentProperty}`, 'parent')
    .addSelect('COUNT(*)::int', 'count')
    .andWhere(`${alias}.${parentProperty} = ANY(:countParents)`, { countParents: [...parentIds] })
    .groupBy(`${alias}.${parentProperty}`)
    .getRawMany<{ parent: number; count: number }>();
  return new Map(rows.map((row) => [row.parent, row.count]));
}

/**
 * The parents having a child outside a page's cursor (at or before `after`, with `side: 'after'`;
 * at or after `before`, with 'before'): one statement for all parents, for the `hasPreviousPage`
 * (or `hasNextPage`) of nested connections.
 */
export async function parentsWithChildrenOutside<T extends ObjectLiteral>(
  base: SelectQueryBuilder<T>,
  parentProperty: string,
  parentIds: readonly number[],
  keys: readonly OrderKey[],
  values: (string | number)[],
  side: 'after' | 'before',
): Promise<Set<number>> {
  const alias = base.alias;
  const beyond = beyondCursor(alias, keys, values, side, 'outside');
  const rows = await base
    .clone()
    .select(`DISTINCT ${alias}.${parentProperty}`, 'parent')
    .andWhere(`${alias}.${parentProperty} = ANY(:outsideParents)`, { outsideParents: [...parentIds] })
    .andWhere(`NOT ${beyond.sql}`, beyond.parameters)
    .getRawMany<{ parent: number }>();
  return new Set(rows.map((row) => row.parent));
}
