/**
 * JSON as stored in jsonb columns. Nested values are typed loosely (`object`) on purpose: a
 * recursive type defeats TypeORM's partial-entity typing.
 */
export type JsonValue = string | number | boolean | null | object;
export type JsonObject = { [key: string]: JsonValue };
