import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { Projection } from './projection';

/** Child rows read inside their parent's row, and how to turn them back into rows. */
export interface EmbeddedChildren {
  /** A correlated subquery: the children as a JSON array, `[]` when none. */
  sql: string;
  /** The raw key of the subquery's value in the parent's raw row. */
  key: string;
  /** The property of the parent row the children are put on. */
  property: string;
  revive(value: unknown): ObjectLiteral[];
}

/** JSON carries timestamps as text: they are turned back into Dates, as the driver gives them. */
function isTimestamp(column: ColumnMetadata): boolean {
  return column.type === 'timestamptz' || column.type === 'timestamp' || column.type === 'timestamp with time zone' || column.type === Date;
}

/** JSON would carry these as numbers and lose digits: they travel as text, as the driver gives them. */
function isExactNumber(column: ColumnMetadata): boolean {
  return column.type === 'bigint' || column.type === 'numeric' || column.type === 'decimal' || column.type === 'int8';
}

/**
 * The live children of each parent row (those of `childEntity` whose `parentProperty` is the
 * parent's id, in the parent's workspace), as one JSON array per parent built by PostgreSQL, id
 * order: a loader statement and a promise per parent fewer, and no rows to hydrate. Only the
 * projection's columns are read, with ids.
 */
export function embeddedChildren(
  manager: EntityManager,
  childEntity: EntityTarget<ObjectLiteral>,
  parentProperty: string,
  parentAlias: string,
  property: string,
  projection: Projection,
): EmbeddedChildren {
  const metadata = manager.connection.getMetadata(childEntity);
  const child = `${parentAlias}_${property}`;
  const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;
  const columns = metadata.columns.filter(
    (column) => column.isPrimary || column.propertyName.endsWith('Id') || projection === undefined || projection.has(column.propertyPath),
  );
  const selected = columns.map((column) => `${quote(child)}.${quote(column.databaseName)}${isExactNumber(column) ? '::text' : ''} AS ${quote(column.propertyName)}`);
  const parentColumn = metadata.findColumnWithPropertyPath(parentProperty);
  const organisation = metadata.findColumnWithPropertyPath('organisationId');
  if (!parentColumn || !organisation) throw new Error(`${metadata.name} has no ${parentProperty} or organisationId`);
  const conditions = [
    `${quote(child)}.${quote(parentColumn.databaseName)} = ${quote(parentAlias)}."id"`,
    `${quote(child)}.${quote(organisation.databaseName)} = ${quote(parentAlias)}."organisation_id"`,
    ...(metadata.deleteDateColumn ? [`${quote(child)}.${quote(metadata.deleteDateColumn.databaseName)} IS NULL`] : []),
  ];
  // A row per child turned into JSON whole, rather than json_build_object (at most 50 pairs).
  const sql =
    `COALESCE((SELECT json_agg(${quote(`${child}_row`)} ORDER BY ${quote(`${child}_row`)}."id") FROM (SELECT ${selected.join(', ')} ` +
    `FROM ${quote(metadata.tableName)} ${quote(child)} WHERE ${conditions.join(' AND ')}) ${quote(`${child}_row`)}), '[]'::json)`;
  const timestamps = columns.filter(isTimestamp).map((column) => column.propertyName);
  return {
    sql,
    key: child,
    property,
    revive(value) {
      const rows = (Array.isArray(value) ? value : []) as ObjectLiteral[];
      for (const row of rows) for (const name of timestamps) if (row[name] !== null) row[name] = new Date(row[name] as string);
      return rows;
    },
  };
}
