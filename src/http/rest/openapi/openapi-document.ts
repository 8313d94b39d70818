import type { OpenAPIV3_1 } from 'openapi-types';
import type { JsonSchema } from '../../../common/json-schema';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../../db/lists/list-request';
import { KEY_PATTERN, REPLAY_WINDOW_SECONDS } from '../../idempotency/idempotency';
import type { V2Route } from '../v2-route';
import { Components } from './components';
import { ERROR_ENVELOPE, errorResponseComponents, errorResponsesOf } from './error-responses';
import { listParameters } from './list-parameters';
import { headerComponents, responseHeaders } from './response-headers';

type Document = OpenAPIV3_1.Document;
type Operation = OpenAPIV3_1.OperationObject;
type Parameter = OpenAPIV3_1.ParameterObject;

const PAGE_PARAMETERS: Parameter[] = [
  { name: 'page', in: 'query', description: 'Page number, from 1.', schema: { type: 'integer', minimum: 1, default: 1 } },
  { name: 'per_page', in: 'query', description: `Records per page, 1 to ${MAX_PAGE_SIZE}.`, schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE } },
];

const IDEMPOTENCY_KEY: Parameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: `Retrying with the same key within ${REPLAY_WINDOW_SECONDS / 3600} hours answers the first answer again instead of repeating the write.`,
  schema: { type: 'string', pattern: KEY_PATTERN.source },
};

/** `/campaigns/:id` → `/campaigns/{id}`. */
function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

function parametersOf(route: V2Route): Parameter[] {
  const parameters: Parameter[] = Object.entries(route.params ?? {}).map(([name, description]) => ({ name, in: 'path', required: true, description, schema: { type: 'string' } }));
  if (route.query?.paged) parameters.push(...PAGE_PARAMETERS);
  if (route.query?.list) parameters.push(...listParameters(route.query.list));
  for (const { name, description, schema } of route.query?.parameters ?? []) parameters.push({ name, in: 'query', description, schema: schema as Parameter['schema'] });
  if (route.method !== 'GET') parameters.push(IDEMPOTENCY_KEY);
  return parameters;
}

/** `listCampaigns` → `ListCampaignsResponse`: the name generators give the operation's success envelope. */
function successTitle(route: V2Route): string {
  return `${route.operationId[0].toUpperCase()}${route.operationId.slice(1)}Response`;
}

/** The success envelope of an operation, listed under its own name (`successTitle`). */
function successSchema(route: V2Route, components: Components): JsonSchema {
  const { message, data, under } = route.success;
  const messages = typeof message === 'string' ? [message] : [...message];
  const properties: Record<string, JsonSchema> = {
    success: { const: true },
    // Exactly the declared message(s): the contract check every answer of the suite passes holds them.
    message: messages.length === 1 ? { type: 'string', const: messages[0] } : { type: 'string', enum: messages },
  };
  if (data !== undefined) properties[under ?? 'data'] = data;
  return components.hoist({ title: successTitle(route), type: 'object', properties, required: Object.keys(properties), additionalProperties: false });
}

function operationOf(route: V2Route, components: Components): Operation {
  const write = route.method !== 'GET';
  const operation: Operation = {
    operationId: route.operationId,
    summary: route.summary,
    tags: [route.tag],
    parameters: parametersOf(route),
    responses: {
      200: {
        description: typeof route.success.message === 'string' ? route.success.message : route.success.message.join(' / '),
        // A write's answer is replayed for a repeated Idempotency-Key (src/http/idempotency).
        headers: responseHeaders(write ? ['IdempotentReplayed'] : []),
        content: { 'application/json': { schema: successSchema(route, components) } },
      },
      ...errorResponsesOf(route),
    },
  };
  // OpenAPI 3.1 lets an API-key scheme list role names: the scope the key needs.
  const scopes = route.scope === 'key' ? [] : [route.scope];
  operation.security = [{ apiKey: scopes }, { bearer: scopes }];
  const needs = route.scope === 'key' ? 'Any valid API key may call it.' : `Scope: \`${route.scope}\`${route.scope.endsWith(':read') ? ` (\`${route.scope.replace(':read', ':write')}\` and \`*\` include it)` : ' (`*` includes it)'}.`;
  operation.description = route.description ? `${route.description}\n\n${needs}` : needs;
  if (route.body) operation.requestBody = { required: true, content: { 'application/json': { schema: components.hoist(route.body) } } };
  return operation;
}

/** The OpenAPI 3.1 document of /v2, generated from the route declarations alone. */
export function openApiDocument(routes: readonly V2Route[], version: string): Document {
  const components = new Components();
  const errorEnvelope = components.hoist(ERROR_ENVELOPE);
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of routes) {
    const path = (paths[openApiPath(route.path)] ??= {});
    path[route.method.toLowerCase()] = operationOf(route, components);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Campaign Partner API: REST /v2',
      version,
      description:
        'The legacy REST face of the Campaign Partner API. Every request needs a workspace API key, in `X-API-Key` or as `Authorization: Bearer <key>`, and sees only that workspace. Success answers are `{ success: true, message, data }`; errors are `{ success: false, message, code, request_id, errors? }`. The same operations, and more, are served by GraphQL at `/graphql`.',
    },
    servers: [{ url: '/v2' }],
    // Either header: the key itself, or the key as a bearer token (the spec calls it one).
    security: [{ apiKey: [] }, { bearer: [] }],
    tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'A workspace API key, issued by the operator (`npm run admin`).' },
        bearer: { type: 'http', scheme: 'bearer', description: 'The same key as `Authorization: Bearer <key>`.' },
      },
      schemas: components.schemas,
      responses: errorResponseComponents(errorEnvelope, (schema) => components.hoist(schema)),
      headers: headerComponents(),
    },
  };
}

/**
 * The release the document describes: the package's version, whose changes CHANGELOG.md lists
 * (test/http/rest/openapi/openapi.test.ts holds the two equal).
 */
export const API_VERSION = '0.1.0';

/**
 * The /v2 document served and checked in (openapi.json): the declarations are its only source
 * (the application's are V2_ROUTES, src/app/v2-routes.ts).
 */
export function v2OpenApiDocument(routes: readonly V2Route[]): Document {
  return openApiDocument(routes, API_VERSION);
}
