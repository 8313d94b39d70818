import type { OpenAPIV3_1 } from 'openapi-types';
import { ErrorCode } from '../../../common/error-codes';
import { BODY_LIMIT_BYTES } from '../../../config/config-defaults';
import type { JsonSchema } from '../../../common/json-schema';
import type { V2Route } from '../v2-route';
import { type ResponseHeaderName, responseHeaders } from './response-headers';

interface ErrorResponse {
  status: string;
  description: string;
  codes: readonly ErrorCode[];
  /** Headers it carries besides those of every answer (response-headers.ts). */
  headers?: readonly ResponseHeaderName[];
}

/** Each error answer the document names, with when a client gets it. */
const ERROR_RESPONSES = {
  BadRequest: { status: '400', description: 'The request cannot be read (malformed JSON, nesting too deep, a malformed `Idempotency-Key`), or a read\'s answer is over MAX_RESPONSE_BYTES (`RESPONSE_TOO_LARGE`).', codes: [ErrorCode.BAD_REQUEST, ErrorCode.RESPONSE_TOO_LARGE] },
  Unauthenticated: { status: '401', description: 'No key (`X-API-Key` or `Authorization: Bearer`), or one no workspace has.', codes: [ErrorCode.UNAUTHENTICATED] },
  Forbidden: { status: '403', description: 'The key is valid but lacks the scope the operation needs (the message names it); nothing was changed.', codes: [ErrorCode.FORBIDDEN] },
  NotFound: { status: '404', description: 'The id names nothing in this workspace (another workspace\'s ids answer the same).', codes: [ErrorCode.NOT_FOUND], headers: ['IdempotentReplayed'] },
  Conflict: { status: '409', description: 'A request with the same `Idempotency-Key` is still in progress; retry after `Retry-After`.', codes: [ErrorCode.IDEMPOTENCY_KEY_IN_USE], headers: ['RetryAfter'] },
  PayloadTooLarge: { status: '413', description: `The body is over ${BODY_LIMIT_BYTES / (1024 * 1024)} MiB.`, codes: [ErrorCode.BAD_REQUEST] },
  UnsupportedMediaType: { status: '415', description: 'The body is not `application/json`.', codes: [ErrorCode.BAD_REQUEST] },
  Gone: { status: '410', description: 'The change-stream cursor is older than the 30 days the stream keeps: read the records again, then follow the stream from a new cursor.', codes: [ErrorCode.CURSOR_EXPIRED] },
  Unprocessable: { status: '422', description: 'A field or query parameter breaks a rule (`errors` names each), or the `Idempotency-Key` was used with another request; nothing was changed.', codes: [ErrorCode.BAD_USER_INPUT, ErrorCode.IDEMPOTENCY_KEY_REUSED], headers: ['IdempotentReplayed'] },
  RateLimited: { status: '429', description: 'The key has used its requests of the current window; `Retry-After` says when to retry.', codes: [ErrorCode.RATE_LIMITED], headers: ['RetryAfter'] },
  InternalError: { status: '500', description: 'Something unexpected; nothing internal is said.', codes: [ErrorCode.INTERNAL_SERVER_ERROR] },
  Unavailable: {
    status: '503',
    description: 'The database cannot be reached, the server is overloaded or shutting down (`SERVICE_UNAVAILABLE`), or the request took longer in the database than it allows, most often waiting for a lock (`STATEMENT_TIMEOUT`); retry after `Retry-After`.',
    codes: [ErrorCode.SERVICE_UNAVAILABLE, ErrorCode.STATEMENT_TIMEOUT],
    headers: ['RetryAfter'],
  },
} satisfies Record<string, ErrorResponse>;

type ErrorResponseName = keyof typeof ERROR_RESPONSES;

/** Every code a /v2 error answer can carry: the codes of the answers above (GraphQL-only codes are not among them). */
const REST_ERROR_CODES: readonly ErrorCode[] = [...new Set(Object.values(ERROR_RESPONSES).flatMap(({ codes }: ErrorResponse) => codes))];

/** The v2 error envelope (spec §2.1 plus `code` and `request_id`), shared by every error answer. */
export const ERROR_ENVELOPE: JsonSchema = {
  title: 'ErrorEnvelope',
  type: 'object',
  properties: {
    success: { const: false },
    message: { type: 'string' },
    code: { type: 'string', enum: [...REST_ERROR_CODES] },
    request_id: { type: 'string', description: 'The x-request-id of the request: quote it when reporting a problem.' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } }, description: 'Field (v2 spelling) → what is wrong with it.' },
  },
  required: ['success', 'message', 'code', 'request_id'],
  additionalProperties: false,
};

/** The schema a response's envelope is listed under: `NotFoundError`, and `InternalError` as it is. */
function envelopeTitle(name: ErrorResponseName): string {
  return name.endsWith('Error') ? name : `${name}Error`;
}

/**
 * The envelope of one error answer: the shared envelope with `code` narrowed to the codes that
 * answer can carry, so a generated client knows a 404 says `NOT_FOUND` and nothing else.
 * `hoist` lists it under its title and returns the reference.
 */
function envelopeOf(name: ErrorResponseName, envelopeRef: JsonSchema, hoist: (schema: JsonSchema) => JsonSchema): JsonSchema {
  const { codes } = ERROR_RESPONSES[name];
  return hoist({
    title: envelopeTitle(name),
    allOf: [envelopeRef, { type: 'object', properties: { code: { type: 'string', enum: [...codes] } }, required: ['code'] }],
  });
}

/** components.responses: one entry per error answer, each its own envelope, with the headers it carries. */
export function errorResponseComponents(envelopeRef: JsonSchema, hoist: (schema: JsonSchema) => JsonSchema): Record<string, OpenAPIV3_1.ResponseObject> {
  return Object.fromEntries(
    (Object.keys(ERROR_RESPONSES) as ErrorResponseName[]).map((name) => {
      const { description, codes, headers = [] }: ErrorResponse = ERROR_RESPONSES[name];
      return [
        name,
        {
          description: `${description} Codes: ${codes.map((code) => `\`${code}\``).join(', ')}.`,
          headers: responseHeaders(headers),
          content: { 'application/json': { schema: envelopeOf(name, envelopeRef, hoist) } },
        },
      ];
    }),
  );
}

/** The error answers an operation can give, from what it declares (an id, a body, a query; a read or a write). */
export function errorResponsesOf(route: V2Route): Record<string, OpenAPIV3_1.ReferenceObject> {
  const write = route.method !== 'GET';
  const names: ErrorResponseName[] = ['BadRequest', 'Unauthenticated'];
  if (route.scope !== 'key') names.push('Forbidden');
  if (route.params || route.bodyNamesRecord) names.push('NotFound');
  if (write) names.push('Conflict', 'PayloadTooLarge', 'UnsupportedMediaType');
  if (write || route.query || route.body) names.push('Unprocessable');
  for (const code of route.refusals ?? []) {
    const name = (Object.keys(ERROR_RESPONSES) as ErrorResponseName[]).find((candidate) => (ERROR_RESPONSES[candidate].codes as readonly ErrorCode[]).includes(code));
    if (!name) throw new Error(`${route.operationId}: no error answer carries ${code}`);
    if (!names.includes(name)) names.push(name);
  }
  names.push('RateLimited', 'InternalError', 'Unavailable');
  return Object.fromEntries(names.map((name) => [ERROR_RESPONSES[name].status, { $ref: `#/components/responses/${name}` }]));
}
