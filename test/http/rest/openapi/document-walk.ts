import { OPENAPI_DOCUMENT } from '../../../support/openapi-contract';

/** A JSON Schema (or any part of the document) as plain JSON. */
export type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Every object of the checked-in openapi.json, with its JSON pointer-ish path (`components.schemas.Campaign.properties.id`). */
export function* everyObject(value: unknown = OPENAPI_DOCUMENT, at = ''): Generator<[string, Json]> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* everyObject(item, `${at}.${index}`);
    return;
  }
  if (!isObject(value)) return;
  yield [at, value];
  for (const [key, child] of Object.entries(value)) yield* everyObject(child, at ? `${at}.${key}` : key);
}

/** The schemas of the document: component schemas and every schema they hold, request and response schemas, parameter and header schemas. */
export function* everySchema(): Generator<[string, Json]> {
  for (const [at, node] of everyObject()) {
    if (/(^components\.schemas\.[^.]+$)|(\.(schema|items|additionalProperties|not)$)|(\.properties\.[^.]+$)|(\.(anyOf|oneOf|allOf)\.\d+$)/.test(at) && !/\.examples?\./.test(at)) yield [at, node];
  }
}

export function schemaNamed(name: string): Json {
  const schemas = OPENAPI_DOCUMENT.components as unknown as { schemas: Record<string, Json> };
  const schema = schemas.schemas[name];
  if (!schema) throw new Error(`openapi.json has no schema ${name}`);
  return schema;
}

/** The operation of the document with this operationId, and its method and path. */
export function operationNamed(operationId: string): { method: string; path: string; operation: Json } {
  for (const [path, item] of Object.entries(OPENAPI_DOCUMENT.paths)) {
    for (const [method, operation] of Object.entries(item)) if (operation.operationId === operationId) return { method, path, operation: operation as unknown as Json };
  }
  throw new Error(`openapi.json has no operation ${operationId}`);
}

/** `#/components/schemas/CampaignCreateInput` → `CampaignCreateInput`. */
export function refName(schema: unknown): string | undefined {
  const ref = isObject(schema) ? schema.$ref : undefined;
  return typeof ref === 'string' ? ref.replace('#/components/schemas/', '') : undefined;
}

/** The name of an operation's request body schema. */
export function bodySchemaName(operationId: string): string | undefined {
  const body = operationNamed(operationId).operation.requestBody as { content: Record<string, { schema: unknown }> } | undefined;
  return body ? refName(body.content['application/json'].schema) : undefined;
}
