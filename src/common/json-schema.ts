import type { OpenAPIV3_1 } from 'openapi-types';

/** A class whose metadata (TypeORM columns, class-validator rules) a schema is read from. */
export type ClassType = abstract new (...args: never[]) => object;

/** A JSON Schema as OpenAPI 3.1 embeds it (JSON Schema 2020-12). */
export type JsonSchema = OpenAPIV3_1.SchemaObject;

/** `schema` or null: every v2 record shows an absent value as null. */
export function nullable(schema: JsonSchema): JsonSchema {
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] } as JsonSchema;
  return { anyOf: [schema, { type: 'null' }] };
}

export function objectOf(properties: Record<string, JsonSchema>, required: string[] = Object.keys(properties)): JsonSchema {
  return { type: 'object', properties, required, additionalProperties: false };
}

export function arrayOf(items: JsonSchema): JsonSchema {
  return { type: 'array', items };
}

/** Components are referenced by name, so each record is described once in the document. */
export function ref(name: string): JsonSchema {
  return { $ref: `#/components/schemas/${name}` } as JsonSchema;
}
