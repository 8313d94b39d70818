import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import type { EntityMetadata, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { DriverUtils } from 'typeorm/driver/DriverUtils';
import type { EmbeddedChildren } from './embedded-json';

/**
 * Whether plainRows can read `query` and its rows can stand for entities: no joins but one-to-one
 * mapped ones, and entity classes with nothing on their prototypes (no getters or methods a plain
 * object would lack).
 */
export function readsAsPlainRows<T extends ObjectLiteral>(query: SelectQueryBuilder<T>): boolean {
  const main = query.expressionMap.mainAlias;
  const plainClass = (metadata: EntityMetadata): boolean => typeof metadata.target !== 'function' || prototypesAreEmpty(metadata.target.prototype as object);
  if (!main?.hasMetadata || !plainClass(main.metadata)) return false;
  return query.expressionMap.joinAttributes.every((join) => join.mapToProperty && !join.isMany && join.alias.hasMetadata && plainClass(join.alias.metadata));
}

/** No getter or method anywhere on the prototype chain below Object.prototype. */
function prototypesAreEmpty(prototype: object | null): boolean {
  for (let level = prototype; level && level !== Object.prototype; level = Object.getPrototypeOf(level) as object | null) {
    if (Object.getOwnPropertyNames(level).some((name) => name !== 'constructor')) return false;
  }
  return true;
}

/**
 * The rows of `query` as plain objects with the entity's property names and values (the driver's
 * conversions, as TypeORM applies them), without TypeORM's entity transformer, which costs more
 * than the rest of the read for lists of small rows (docs/benchmarks.md). Handles what list reads
 * use: the main alias (all its columns or some) and one-to-one joins mapped onto a property
 * (`leftJoinAndMapOne`); `embedded`: children the query selects as JSON (embedded-json.ts), put
 * on their property. Pages, connections and GraphQL's loaders read this way; writes keep entities.
 */
export async function plainRows<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, embedded: readonly EmbeddedChildren[] = []): Promise<T[]> {
  const main = query.expressionMap.mainAlias;
  if (!main?.hasMetadata) throw new Error('plainRows needs an entity query');
  const driver = query.connection.driver;
  const readers = [reader(query, main.name, main.metadata, '')];
  for (const join of query.expressionMap.joinAttributes) {
    if (!join.mapToProperty || join.isMany || !join.alias.hasMetadata) throw new Error('plainRows reads one-to-one mapped joins only');
    readers.push(reader(query, join.alias.name, join.alias.metadata, join.mapToPropertyPropertyName!));
  }
  const raws: Record<string, unknown>[] = await query.getRawMany();
  return raws.map((raw) => {
    const row: Record<string, unknown> = {};
    for (const { property, primary, columns } of readers) {
      const target: Record<string, unknown> = property === '' ? row : {};
      if (property !== '' && raw[primary] === null) {
        row[property] = null;
        continue;
      }
      for (const { key, column } of columns) target[column.propertyName] = driver.prepareHydratedValue(raw[key], column);
      if (property !== '') row[property] = target;
    }
    for (const children of embedded) row[children.property] = children.revive(raw[children.key]);
    return row as T;
  });
}

interface Reader {
  /** '' for the main alias, else the property a join is mapped onto. */
  property: string;
  /** The raw key of the alias's primary column: null when a left join found nothing. */
  primary: string;
  columns: { key: string; column: ColumnMetadata }[];
}

function reader<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, alias: string, metadata: EntityMetadata, property: string): Reader {
  const selects = query.expressionMap.selects;
  const whole = selects.some((select) => select.selection === alias);
  const columns = metadata.columns
    .filter((column) => whole || selects.some((select) => select.selection === `${alias}.${column.propertyPath}` && !select.aliasName))
    .map((column) => ({ key: DriverUtils.buildAlias(query.connection.driver, undefined, alias, column.databaseName), column }));
  const primaryColumn = metadata.primaryColumns[0];
  return { property, primary: DriverUtils.buildAlias(query.connection.driver, undefined, alias, primaryColumn.databaseName), columns };
}
