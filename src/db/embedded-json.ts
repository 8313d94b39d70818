import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import type { EntityManager, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';
import type { Projection } from './projection';
import { checksProjectedReads, guardedRow, leftOutColumns } from './projected-reads';

/**
 * Rows to read inside their parent's row: the live rows of `entity` whose `parentProperty` is the
 * parent's id, in the parent's workspace, with only the projection's columns and their own id (no
 * parent id: the rows hang from their parent already). `one`: the row (the lowest id) or null, for
 * a one-to-one; otherwise every row, in id order. `children` are read inside each of these rows
 * the same way.
 */
export interface EmbedSpec {
  entity: EntityTarget<ObjectLiteral>;
  parentProperty: string;
  /** The property of the parent row the rows are put on. */
  property: string;
  projection: Projection;
  one?: boolean;
  children?: EmbedSpec[];
}

/** An embedding made SQL: PostgreSQL builds the rows as JSON, and `revive` turns them back into rows. */
export interface EmbeddedChildren {
  /** A correlated subquery: the rows as a JSON array (`[]` when none), or one object or null. */
  sql: string;
  /** The raw key of the subquery's value in the parent's raw row. */
  key: string;
  /** The property of the parent row the rows are put on. */
  property: string;
  revive(value: unknown): unknown;
}

/** JSON carries timestamps as text: they are turned back into Dates, as the driver gives them. */
function isTimestamp(column: ColumnMetadata): boolean {
  return column.type === 'timestamptz' || column.type === 'timestamp' || column.type === 'timestamp with time zone' || column.type === Date;
}

/** JSON would carry these as numbers and lose digits: they travel as text, as the driver gives them. */
function isExactNumber(column: ColumnMetadata): boolean {
  return column.type === 'bigint' || column.type === 'numeric' || column.type === 'decimal' || column.type === 'int8';
}

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

function conditionsOf(metadata: EntityMetadata, alias: string, parentAlias: string, parentProperty: string): string[] {
  const parentColumn = metadata.findColumnWithPropertyPath(parentProperty);
  const organisation = metadata.findColumnWithPropertyPath('organisationId');
  if (!parentColumn || !organisation) throw new Error(`${metadata.name} has no ${parentProperty} or organisationId`);
  return [
    `${quote(alias)}.${quote(parentColumn.databaseName)} = ${quote(parentAlias)}."id"`,
    `${quote(alias)}.${quote(organisation.databaseName)} = ${quote(parentAlias)}."organisation_id"`,
    ...(metadata.deleteDateColumn ? [`${quote(alias)}.${quote(metadata.deleteDateColumn.databaseName)} IS NULL`] : []),
  ];
}

/**
 * The subquery and reviver of `spec` under the row aliased `parentAlias`: a statement and a
 * DataLoader batch fewer per level, a promise fewer per parent, and rows parsed by PostgreSQL's
 * JSON and V8's JSON.parse instead of hydrated one value at a time.
 */
export function embeddedChildren(manager: EntityManager, parentAlias: string, spec: EmbedSpec): EmbeddedChildren {
  const metadata = manager.connection.getMetadata(spec.entity);
  const alias = `${parentAlias}_${spec.property}`;
  const row = `${alias}_row`;
  const { projection } = spec;
  // The id orders the rows; any other column only when asked for.
  const columns = metadata.columns.filter((column) => column.isPrimary || projection === undefined || projection.has(column.propertyPath));
  const nested = (spec.children ?? []).map((child) => embeddedChildren(manager, alias, child));
  // Each row turned into JSON whole (row_to_json), rather than json_build_object and its 50 pairs.
  const selected = [
    ...columns.map((column) => `${quote(alias)}.${quote(column.databaseName)}${isExactNumber(column) ? '::text' : ''} AS ${quote(column.propertyName)}`),
    ...nested.map((child) => `${child.sql} AS ${quote(child.property)}`),
  ].join(', ');
  const from = `FROM ${quote(metadata.tableName)} ${quote(alias)} WHERE ${conditionsOf(metadata, alias, parentAlias, spec.parentProperty).join(' AND ')}`;
  const sql = spec.one
    ? `(SELECT row_to_json(${quote(row)}) FROM (SELECT ${selected} ${from} ORDER BY ${quote(alias)}."id" LIMIT 1) ${quote(row)})`
    : `COALESCE((SELECT json_agg(${quote(row)} ORDER BY ${quote(row)}."id") FROM (SELECT ${selected} ${from}) ${quote(row)}), '[]'::json)`;
  const timestamps = columns.filter(isTimestamp).map((column) => column.propertyName);

  const reviveRow = (value: ObjectLiteral): ObjectLiteral => {
    for (const name of timestamps) if (value[name] !== null) value[name] = new Date(value[name] as string);
    for (const child of nested) value[child.property] = child.revive(value[child.property]);
    return value;
  };
  const revive = projection !== undefined && checksProjectedReads() ? guardedReviver(metadata, projection, reviveRow) : reviveRow;
  return {
    sql,
    key: alias,
    property: spec.property,
    revive(value) {
      if (spec.one) return value === null || value === undefined ? null : revive(value as ObjectLiteral);
      return (Array.isArray(value) ? value : []).map((item) => revive(item as ObjectLiteral));
    },
  };
}

/** Under the tests' check (projected-reads.ts): rows revived by `reviveRow` that throw when a column the embedding left out is read. */
function guardedReviver(metadata: EntityMetadata, projection: ReadonlySet<string>, reviveRow: (value: ObjectLiteral) => ObjectLiteral): (value: ObjectLiteral) => ObjectLiteral {
  const leftOut = leftOutColumns(metadata, (property) => projection.has(property));
  return (value) => guardedRow(reviveRow(value), metadata, leftOut);
}
