import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020, { type ErrorObject } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * Every /v2 answer the suite receives is checked against the checked-in OpenAPI document
 * (openapi.json, itself held equal to the code by test/http/rest/openapi/openapi.test.ts): the
 * contract partners read cannot drift from what the server does. Operations the document does not
 * declare are not checked. Given the answer's headers, they are checked too: each header the
 * response declares required is there, each declared one present has the declared form, and a
 * header the document declares for other answers only (`Idempotent-Replayed` on a read,
 * `Retry-After` on a 200) is refused.
 */
interface Reference {
  $ref?: string;
}

interface HeaderObject {
  required?: boolean;
  schema: Record<string, unknown>;
}

interface ResponseObject extends Reference {
  headers?: Record<string, Reference>;
}

interface Operation {
  operationId: string;
  responses: Record<string, ResponseObject>;
  requestBody?: unknown;
}

interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { headers: Record<string, HeaderObject>; responses: Record<string, ResponseObject> };
}

const DOCUMENT_ID = 'openapi';
export const OPENAPI_DOCUMENT = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'openapi.json'), 'utf8')) as Document;
const document = OPENAPI_DOCUMENT;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(document, DOCUMENT_ID);

const templates = Object.keys(document.paths).map((template) => ({
  template,
  pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  // A fixed segment outranks a parameter (`/webhooks/services` before `/webhooks/{id}`).
  parameters: (template.match(/\{/g) ?? []).length,
}));
templates.sort((a, b) => a.parameters - b.parameters);

function pointer(...segments: string[]): string {
  return segments.map((segment) => segment.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

/** The path template (`/campaigns/{id}`) a /v2 URL answers to, or undefined. */
function templateOf(url: string): string | undefined {
  const [pathname] = url.split('?');
  if (!pathname.startsWith('/v2/')) return undefined;
  return templates.find(({ pattern }) => pattern.test(pathname.slice('/v2'.length).replace(/\/$/, '')))?.template;
}

/** `#/components/headers/RateLimit` → `RateLimit`. */
function componentName(ref: string | undefined, kind: 'headers' | 'responses'): string {
  const prefix = `#/components/${kind}/`;
  if (!ref?.startsWith(prefix)) throw new Error(`openapi.json: expected a reference to components.${kind}, got ${ref}`);
  return ref.slice(prefix.length);
}

/** Every header name the document declares on some response, lower-cased. */
const DECLARED_SOMEWHERE = new Set(
  [...Object.values(document.components.responses), ...Object.values(document.paths).flatMap((item) => Object.values(item).map((operation) => operation.responses['200']))].flatMap((response) =>
    Object.keys(response?.headers ?? {}).map((name) => name.toLowerCase()),
  ),
);

/** A header value checked against its schema; integers arrive as text. */
function headerProblem(name: string, header: HeaderObject, value: string): string | null {
  const validate = ajv.compile(header.schema);
  const typed = header.schema.type === 'integer' && /^-?[0-9]+$/.test(value) ? Number(value) : value;
  return validate(typed) ? null : `${name}: ${JSON.stringify(value)} ${ajv.errorsText(validate.errors)}`;
}

function assertHeaders(method: string, url: string, status: number, response: ResponseObject, headers: Headers): void {
  const declared = new Map(Object.entries(response.headers ?? {}).map(([name, ref]) => [name.toLowerCase(), document.components.headers[componentName(ref.$ref, 'headers')]]));
  const problems: string[] = [];
  for (const [name, header] of declared) {
    const value = headers.get(name);
    if (value === null) {
      if (header.required) problems.push(`${name} is missing`);
      continue;
    }
    const problem = headerProblem(name, header, value);
    if (problem) problems.push(problem);
  }
  headers.forEach((_value, name) => {
    if (DECLARED_SOMEWHERE.has(name) && !declared.has(name)) problems.push(`${name} is sent but not declared for this answer`);
  });
  if (problems.length > 0) throw new Error(`${method} ${url} answered ${status} with headers openapi.json does not allow:\n${problems.join('\n')}`);
}

/**
 * Throws when a /v2 answer to a declared operation does not match its documented response: its
 * body, and its headers when they are given.
 */
export function assertMatchesContract(method: string, url: string, status: number, body: unknown, headers?: Headers): void {
  const template = templateOf(url);
  const operation = template && document.paths[template][method.toLowerCase()];
  if (!template || !operation) return;
  const response = operation.responses[String(status)];
  if (!response) throw new Error(`${method} ${url} answered ${status}, which openapi.json does not document for ${method} ${template}`);
  const responsePointer = response.$ref
    ? `${response.$ref}/content/application~1json/schema`
    : `#/${pointer('paths', template, method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema')}`;
  const validate = ajv.getSchema(`${DOCUMENT_ID}${responsePointer}`);
  if (!validate) throw new Error(`openapi.json has no schema at ${responsePointer}`);
  if (!validate(body)) {
    throw new Error(`${method} ${url} answered ${status} with a body openapi.json does not allow (${template}):\n${ajv.errorsText(validate.errors, { separator: '\n' })}`);
  }
  if (headers) assertHeaders(method, url, status, response.$ref ? document.components.responses[componentName(response.$ref, 'responses')] : response, headers);
}

/** The operationId of a documented operation (`POST`, `/campaigns/{id}`). */
export function operationIdOf(method: string, template: string): string {
  const operation = document.paths[template]?.[method.toLowerCase()];
  if (!operation) throw new Error(`openapi.json has no operation ${method} ${template}`);
  return operation.operationId;
}

/** Every operationId the document declares. */
export function documentedOperationIds(): string[] {
  return Object.values(document.paths).flatMap((item) => Object.values(item).map((operation) => operation.operationId));
}

/** What the document finds wrong with `body` as the request body of `operationId` (none: an empty list). */
export function requestBodyProblems(operationId: string, body: unknown): ErrorObject[] {
  for (const [template, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (operation.operationId !== operationId) continue;
      if (!operation.requestBody) throw new Error(`${operationId} takes no body`);
      const validate = ajv.getSchema(`${DOCUMENT_ID}#/${pointer('paths', template, method, 'requestBody', 'content', 'application/json', 'schema')}`);
      if (!validate) throw new Error(`openapi.json has no body schema for ${operationId}`);
      return validate(body) ? [] : [...(validate.errors ?? [])];
    }
  }
  throw new Error(`openapi.json has no operation ${operationId}`);
}
