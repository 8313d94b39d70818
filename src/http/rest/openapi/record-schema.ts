import { getMetadataArgsStorage } from 'typeorm';
import type { ColumnMetadataArgs } from 'typeorm/metadata-args/ColumnMetadataArgs.js';
import { type ClassType, type JsonSchema, nullable, objectOf } from '../../../common/json-schema';
import { integerToString, type WireField, type WireShape } from '../../../common/wire-shape';
import { numericToNumber } from '../../../db/transformers';

/** How a column's values look on the wire, from its declared type (toRecord's conversions included). */
function columnSchema(column: ColumnMetadataArgs): JsonSchema {
  const { type, length, transformer } = column.options;
  if (column.mode === 'createDate' || column.mode === 'updateDate' || column.mode === 'deleteDate') return { type: 'string', format: 'date-time' };
  switch (type) {
    case 'integer':
    case 'int':
    case 'smallint':
      return { type: 'integer' };
    case 'varchar':
      return length ? { type: 'string', maxLength: Number(length) } : { type: 'string' };
    case 'text':
    case 'uuid':
      return { type: 'string' };
    case 'numeric':
    case 'decimal':
      return transformer === numericToNumber ? { type: 'number' } : { type: 'string' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'timestamptz':
    case 'timestamp with time zone':
      return { type: 'string', format: 'date-time' };
    case 'boolean':
      return { type: 'boolean' };
    case 'jsonb':
    case 'json':
      return {};
    default:
      throw new Error(`No wire schema for the column type ${String(type)} of ${column.propertyName}: declare the field's schema in its WireShape`);
  }
}

/** Every column of an entity class by property, its own and its base classes'. */
function columnsOf(entity: ClassType): Map<string, ColumnMetadataArgs> {
  const columns = new Map<string, ColumnMetadataArgs>();
  for (const column of getMetadataArgsStorage().columns) {
    if (column.target instanceof Function && (column.target === entity || entity.prototype instanceof column.target)) columns.set(column.propertyName, column);
  }
  return columns;
}

function fieldSchema(field: WireField, columns: Map<string, ColumnMetadataArgs>, record: string): JsonSchema {
  if (field.schema) return field.schema;
  if (field.toWire === integerToString) return nullable({ type: 'string', pattern: '^-?[0-9]+$' });
  const column = columns.get(field.prop);
  if (!column) throw new Error(`${record}.${field.wire} is not a column of the entity: declare its schema in the WireShape`);
  if (field.toWire) throw new Error(`${record}.${field.wire} is converted on the wire: declare its schema in the WireShape`);
  // A primary key is never null (TypeORM refuses a nullable one), and every record shown was read with it.
  if (column.options.primary) return columnSchema(column);
  // toRecord shows an absent value as null, whatever the column allows.
  return nullable(columnSchema(column));
}

/**
 * The JSON Schema of a v2 record: the WireShape's shown fields, in its order, typed from the
 * entity's columns (or the field's own schema where the column does not say). Every field is
 * present; no other is. `name` is its title, under which the document lists it once.
 */
export function recordSchema(name: string, wire: WireShape, entity: ClassType, extra: Record<string, JsonSchema> = {}): JsonSchema {
  const columns = columnsOf(entity);
  const properties: Record<string, JsonSchema> = {};
  for (const field of wire.declaredFields) {
    if (!field.writeOnly) properties[field.wire] = fieldSchema(field, columns, name);
  }
  return { title: name, ...objectOf({ ...properties, ...extra }) };
}
