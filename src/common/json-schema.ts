import type { OpenAPIV3_1 } from 'openapi-types';

/** A class whose metadata (TypeORM columns, class-validator rules) a schema is read from. */
export type ClassType = abstract new (...args: never[]) => object;

/** A JSON Schema as OpenAPI 3.1 embeds it (JSON Schema 2020-12). */
export type JsonSchema = OpenAPIV3_1.SchemaObject;

/** `schema` or null: every v2 record shows an absent value as null. */
export function nullable(schema: JsonSchema): JsonSchema {
  const choice = schema as { anyOf?: JsonSchema[]; oneOf?: unknown };
  if (typeof schema.type === 'string' && !choice.anyOf && !choice.oneOf) return { ...schema, type: [schema.type, 'null'] } as JsonSchema;
  // Already a choice of typed branches: null is one more, rather than a branch that is itself a choice (no type of its own).
  if (schema.type === undefined && Array.isArray(choice.anyOf)) return { ...schema, anyOf: [...choice.anyOf, { type: 'null' }] };
  return { anyOf: [schema, { type: 'null' }] };
}

export function objectOf(properties: Record<string, JsonSchema>, required: string[] = Object.keys(properties)): JsonSchema {
  return { type: 'object', properties, required, additionalProperties: false };
}

/**
 * An object whose keys are the client's (custom fields, an event's payload): said outright, since a
 * bare `{type: object}` reads as "no properties" to generators (`Record<string, never>`).
 */
export const FREE_FORM_OBJECT: JsonSchema = { type: 'object', additionalProperties: true };

/** Whether `schema` may be an object and names none of its keys (nor says whether others may come). */
export function isUnspecifiedObject(schema: JsonSchema): boolean {
  const { type } = schema as { type?: unknown };
  const object = type === 'object' || (Array.isArray(type) && type.includes('object'));
  return object && !('properties' in schema) && !('additionalProperties' in schema) && !('patternProperties' in schema);
}

export function arrayOf(items: JsonSchema): JsonSchema {
  return { type: 'array', items };
}

/** Components are referenced by name, so each record is described once in the document. */
export function ref(name: string): JsonSchema {
  return { $ref: `#/components/schemas/${name}` } as JsonSchema;
}
