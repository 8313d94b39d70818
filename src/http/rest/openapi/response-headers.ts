import type { OpenAPIV3_1 } from 'openapi-types';
import { API_CACHE_CONTROL, REST_VARY } from '../../api-answer-headers';
import { REPLAYED_HEADER } from '../../idempotency/idempotency';
import { RATE_LIMIT_POLICY_NAME } from '../../limits/rate-limit';

type Header = OpenAPIV3_1.HeaderObject;
type HeaderRef = OpenAPIV3_1.ReferenceObject;

/**
 * The response headers /v2 sets, as components.headers, each said where the server sets it:
 * - `x-request-id`: every answer (server.ts, the first onRequest hook);
 * - `Cache-Control` and `Vary`: every answer (api-answer-headers.ts, onSend);
 * - `RateLimit-Policy`: every answer under /v2 (limits/rate-limit.ts, onSend); `RateLimit` too,
 *   unless the shared counter store (Redis) could not be asked;
 * - `Retry-After`: 409 (idempotency/idempotency.ts: the key is in use), 429 (rate-limit.ts), 503
 *   (under-pressure.ts, error-handler.ts for an unreachable database, framework-errors.ts when
 *   shutting down);
 * - `Idempotent-Replayed`: an answer replayed for a repeated `Idempotency-Key` (idempotency.ts):
 *   the final answers of writes, that is their 200, and the 404 and 422 a handler gave.
 */
export const RESPONSE_HEADERS = {
  RequestId: {
    name: 'x-request-id',
    header: {
      description: "The request's id: the `x-request-id` the client sent when usable, otherwise one made up. The error envelope's `request_id` is the same; quote it when reporting a problem.",
      required: true,
      schema: { type: 'string', minLength: 1 },
    },
  },
  CacheControl: {
    name: 'Cache-Control',
    header: {
      description: 'Every answer depends on the API key and holds for its moment only: no cache, shared or private, may keep it.',
      required: true,
      schema: { type: 'string', enum: [API_CACHE_CONTROL] },
    },
  },
  Vary: {
    name: 'Vary',
    header: {
      description: 'The request headers an answer depends on: the API key, in either form.',
      required: true,
      schema: { type: 'string', enum: [REST_VARY] },
    },
  },
  RateLimitPolicy: {
    name: 'RateLimit-Policy',
    header: {
      description: `The key's quota (draft-ietf-httpapi-ratelimit-headers): \`"${RATE_LIMIT_POLICY_NAME}";q=<requests>;w=<window in seconds>\`.`,
      required: true,
      schema: { type: 'string', pattern: `^"${RATE_LIMIT_POLICY_NAME}";q=[0-9]+;w=[0-9]+$` },
    },
  },
  RateLimit: {
    name: 'RateLimit',
    header: {
      description: `What is left of the quota: \`"${RATE_LIMIT_POLICY_NAME}";r=<requests remaining>;t=<seconds until the window resets>\`. Absent only while the shared counter store (REDIS_URL) cannot be reached.`,
      required: false,
      schema: { type: 'string', pattern: `^"${RATE_LIMIT_POLICY_NAME}";r=[0-9]+;t=[0-9]+$` },
    },
  },
  RetryAfter: {
    name: 'Retry-After',
    header: {
      description: 'Seconds to wait before retrying.',
      required: true,
      schema: { type: 'integer', minimum: 1 },
    },
  },
  IdempotentReplayed: {
    name: 'Idempotent-Replayed',
    header: {
      description: 'Present (`true`) when the answer is the stored answer of an earlier request with the same `Idempotency-Key`, replayed instead of running the write again.',
      required: false,
      schema: { type: 'string', enum: ['true'] },
    },
  },
} satisfies Record<string, { name: string; header: Header }>;

export type ResponseHeaderName = keyof typeof RESPONSE_HEADERS;

// The server writes the header by this name; the document shows it as the server does.
if (RESPONSE_HEADERS.IdempotentReplayed.name.toLowerCase() !== REPLAYED_HEADER) throw new Error('Idempotent-Replayed is not the header idempotency.ts sets');

/** components.headers. */
export function headerComponents(): Record<string, Header> {
  return Object.fromEntries(Object.entries(RESPONSE_HEADERS).map(([name, { header }]) => [name, header]));
}

/** What every /v2 answer carries. */
const ON_EVERY_ANSWER: readonly ResponseHeaderName[] = ['RequestId', 'CacheControl', 'Vary', 'RateLimitPolicy', 'RateLimit'];

/** A response's `headers`: those of every answer, then `extra`, by their wire names. */
export function responseHeaders(extra: readonly ResponseHeaderName[] = []): Record<string, HeaderRef> {
  return Object.fromEntries([...ON_EVERY_ANSWER, ...extra].map((name) => [RESPONSE_HEADERS[name].name, { $ref: `#/components/headers/${name}` }]));
}
