import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import type { Driver, EntityMetadata, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { DriverUtils } from 'typeorm/driver/DriverUtils';
import { prototypesAreEmpty } from '../common/empty-prototypes';
import type { EmbeddedChildren } from './embedded-json';
import { PerDriverCache } from './per-driver-cache';
import { rawRowsOf } from './statement-texts';

/**
 * Whether plainRows can read `query` and its rows can stand for entities: no joins but one-to-one
 * mapped ones, and entity classes with nothing on their prototypes (no getters or methods a plain
 * object would lack).
 */
export function readsAsPlainRows<T extends ObjectLiteral>(query: SelectQueryBuilder<T>): boolean {
  const main = query.expressionMap.mainAlias;
  if (!main?.hasMetadata || !plainClass(main.metadata)) return false;
  return query.expressionMap.joinAttributes.every((join) => join.mapToProperty && !join.isMany && join.alias.hasMetadata && plainClass(join.alias.metadata));
}

const plainClasses = new WeakMap<EntityMetadata, boolean>();

/** Whether the entity's class has nothing a plain object would lack; worked out once per entity. */
function plainClass(metadata: EntityMetadata): boolean {
  let plain = plainClasses.get(metadata);
  if (plain === undefined) {
    plain = typeof metadata.target !== 'function' || prototypesAreEmpty(metadata.target.prototype as object);
    plainClasses.set(metadata, plain);
  }
  return plain;
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
  const readers = [reader(query, main.name, main.metadata, '')];
  for (const join of query.expressionMap.joinAttributes) {
    if (!join.mapToProperty || join.isMany || !join.alias.hasMetadata) throw new Error('plainRows reads one-to-one mapped joins only');
    readers.push(reader(query, join.alias.name, join.alias.metadata, join.mapToPropertyPropertyName!));
  }
  const raws: Record<string, unknown>[] = await rawRowsOf(query);
  return raws.map((raw) => {
    const row = readers[0].build(raw);
    for (let index = 1; index < readers.length; index += 1) {
      const joined = readers[index];
      row[joined.property] = raw[joined.primary] === null ? null : joined.build(raw);
    }
    for (const children of embedded) row[children.property] = children.revive(raw[children.key]);
    return row as T;
  });
}

type RowBuilder = (raw: Record<string, unknown>) => Record<string, unknown>;
type Convert = (value: unknown) => unknown;

/** Column types whose values the driver hands on as pg parsed them (prepareHydratedValue is the identity). */
const PASSED_THROUGH = new Set(['integer', 'int', 'int4', 'smallint', 'int2', 'bigint', 'int8', 'varchar', 'character varying', 'text', 'uuid', 'json', 'jsonb', 'numeric', 'decimal', 'boolean', 'bool']);

/** Compiled builders by entity, alias and columns; projections come from clients' selections. */
const builders = new PerDriverCache<RowBuilder>(1000);

/**
 * A function building one row from a raw result: an object literal with the columns' property
 * names in a fixed order, so every row of a read shares one V8 shape (assigning 60 properties one
 * by one cost more than the SQL). Keys are JSON-quoted into the source; values that need the
 * driver's conversion (dates, enums, transformers) go through it.
 */
function compileBuilder(columns: { key: string; column: ColumnMetadata }[], driver: Driver, cacheKey: string): RowBuilder {
  const cached = builders.get(driver, cacheKey);
  if (cached) return cached;
  const converts: Convert[] = columns.map(({ column }) => (value) => driver.prepareHydratedValue(value, column));
  const fields = columns.map(({ key, column }, index) => {
    const value = `raw[${JSON.stringify(key)}]`;
    const passed = typeof column.type === 'string' && PASSED_THROUGH.has(column.type) && !column.transformer;
    return `${JSON.stringify(column.propertyName)}: ${passed ? value : `converts[${index}](${value})`}`;
  });
  // Generated from entity metadata only (never from input), every key JSON-quoted.
  const make = new Function('converts', `return (raw) => ({ ${fields.join(', ')} });`) as (converts: Convert[]) => RowBuilder;
  const builder = make(converts);
  builders.set(driver, cacheKey, builder);
  return builder;
}

interface Reader {
  /** '' for the main alias, else the property a join is mapped onto. */
  property: string;
  /** The raw key of the alias's primary column: null when a left join found nothing. */
  primary: string;
  build: RowBuilder;
}

function reader<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, alias: string, metadata: EntityMetadata, property: string): Reader {
  const selects = query.expressionMap.selects;
  const whole = selects.some((select) => select.selection === alias);
  const columns = metadata.columns
    .filter((column) => whole || selects.some((select) => select.selection === `${alias}.${column.propertyPath}` && !select.aliasName))
    .map((column) => ({ key: DriverUtils.buildAlias(query.connection.driver, undefined, alias, column.databaseName), column }));
  const primaryColumn = metadata.primaryColumns[0];
  const driver = query.connection.driver;
  const cacheKey = `${metadata.name}|${columns.map(({ key }) => key).join(',')}`;
  return { property, primary: DriverUtils.buildAlias(driver, undefined, alias, primaryColumn.databaseName), build: compileBuilder(columns, driver, cacheKey) };
}
