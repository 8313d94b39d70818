import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { EmbeddedChildren } from './embedded-json';
import { plainRows, readsAsPlainRows } from './plain-rows';
import { checksProjectedReads, guardedRow, leftOutColumns } from './projected-reads';

/**
 * The properties a read must fill: a GraphQL selection asks for a few fields of each row, and
 * reading every column of every row costs more to parse and hydrate than the rest of the request
 * together (docs/benchmarks.md). Undefined means every column.
 */
export type Projection = ReadonlySet<string> | undefined;

/**
 * Narrows the main alias of `query` to the columns of `projection`, plus its primary key (what
 * nested reads and embedded rows hang from) and `alsoNeeded`: what the read itself needs of its
 * rows (a sort property a cursor carries, the parent key a loader groups rows by). Other `…Id`
 * columns are read only when asked for: a field resolver reading one declares it, and
 * graphql/projection.ts puts it in the projection. Names that are not columns are left to
 * whatever provides them (a field resolver, or a join the query maps onto the row); selections of
 * joined aliases are kept as they are.
 */
export function selectOnly<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, projection: Projection, alsoNeeded: readonly string[] = []): SelectQueryBuilder<T> {
  const metadata = query.expressionMap.mainAlias?.metadata;
  if (projection === undefined || !metadata) return query;
  const alias = query.alias;
  const columns = metadata.columns.filter((column) => column.isPrimary || projection.has(column.propertyPath) || alsoNeeded.includes(column.propertyPath));
  const joined = query.expressionMap.selects.filter((select) => select.selection !== alias);
  query.select(columns.map((column) => `${alias}.${column.propertyPath}`));
  for (const select of joined) query.addSelect(select.selection, select.aliasName);
  return query;
}

const keys = new WeakMap<ReadonlySet<string>, string>();

/** The key of a projection, for loaders that batch reads of the same projection together. */
export function projectionKey(projection: Projection): string {
  if (projection === undefined) return '*';
  let key = keys.get(projection);
  if (key === undefined) {
    key = [...projection].sort().join(',');
    keys.set(projection, key);
  }
  return key;
}

/**
 * The rows of a read, as plain rows (plain-rows.ts) when the query allows it, of only the
 * projection's columns when there is one (`alsoNeeded` as for selectOnly), with `embedded`
 * children on them (read as entities instead, a row goes without them: its resolvers load them).
 * Under the tests' check (projected-reads.ts), a narrowed row throws when a column it left out is read.
 */
export function readProjected<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  projection: Projection,
  alsoNeeded: readonly string[] = [],
  embedded: readonly EmbeddedChildren[] = [],
): Promise<T[]> {
  if (!readsAsPlainRows(query)) return query.getMany();
  const narrowed = selectOnly(query, projection, alsoNeeded);
  for (const children of embedded) narrowed.addSelect(children.sql, children.key);
  const rows = plainRows(narrowed, embedded);
  return projection === undefined || !checksProjectedReads() ? rows : rows.then((read) => guardedRows(query, read, projection, alsoNeeded));
}

/** The rows of a narrowed read, each throwing when a column the read left out is read (projected-reads.ts). */
function guardedRows<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, rows: T[], projection: ReadonlySet<string>, alsoNeeded: readonly string[]): T[] {
  const metadata = query.expressionMap.mainAlias!.metadata;
  const leftOut = leftOutColumns(metadata, (property) => projection.has(property) || alsoNeeded.includes(property));
  return rows.map((row) => guardedRow(row, metadata, leftOut));
}
