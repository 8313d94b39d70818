import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * Every /v2 answer the suite receives is checked against the checked-in OpenAPI document
 * (openapi.json, itself held equal to the code by test/http/rest/openapi/openapi.test.ts): the
 * contract partners read cannot drift from what the server does. Operations the document does not
 * declare are not checked.
 */
interface Operation {
  responses: Record<string, unknown>;
}

const DOCUMENT_ID = 'openapi';
const document = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'openapi.json'), 'utf8')) as { paths: Record<string, Record<string, Operation>> };
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

/** Throws when a /v2 answer to a declared operation does not match its documented response. */
export function assertMatchesContract(method: string, url: string, status: number, body: unknown): void {
  const [pathname] = url.split('?');
  if (!pathname.startsWith('/v2/')) return;
  const match = templates.find(({ pattern }) => pattern.test(pathname.slice('/v2'.length).replace(/\/$/, '')));
  const operation = match && document.paths[match.template][method.toLowerCase()];
  if (!match || !operation) return;
  const response = operation.responses[String(status)] as { $ref?: string } | undefined;
  if (!response) throw new Error(`${method} ${url} answered ${status}, which openapi.json does not document for ${method} ${match.template}`);
  const responsePointer = response.$ref
    ? `${response.$ref}/content/application~1json/schema`
    : `#/${pointer('paths', match.template, method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema')}`;
  const validate = ajv.getSchema(`${DOCUMENT_ID}${responsePointer}`);
  if (!validate) throw new Error(`openapi.json has no schema at ${responsePointer}`);
  if (!validate(body)) {
    throw new Error(`${method} ${url} answered ${status} with a body openapi.json does not allow (${match.template}):\n${ajv.errorsText(validate.errors, { separator: '\n' })}`);
  }
}
