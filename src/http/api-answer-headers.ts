import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import { isGraphQLTarget } from './framework-errors';
import { isLimitedTarget } from './limits/rate-limit';

/**
 * Headers every answer of the two faces carries, whichever part of the server wrote it (Apollo,
 * a REST handler, or a refusal before either: 401, 429, 503…):
 * - `Cache-Control: private, no-store` and `Vary`: every answer depends on the API key and is
 *   true for its moment only, so no shared cache may keep it, and no browser either (a key's
 *   data must not outlive the page that asked).
 * - On /graphql, the media type the client asked for (GraphQL over HTTP): a client that prefers
 *   `application/graphql-response+json` (Apollo Client 4 does) gets it on refusals too, so it
 *   reads their `errors` instead of raising a bare transport error.
 */

const JSON_MEDIA_TYPE = 'application/json';
export const GRAPHQL_RESPONSE_MEDIA_TYPE = 'application/graphql-response+json';

export const API_CACHE_CONTROL = 'private, no-store';
/** The request headers an answer depends on: the key (either form) and, on /graphql, the negotiated media type. */
const VARY_REST = ['X-API-Key', 'Authorization'];
const VARY_GRAPHQL = [...VARY_REST, 'Accept'];
/** `Vary` of a REST answer, as the OpenAPI document states it. */
export const REST_VARY = VARY_REST.join(', ');

/**
 * The media type of a GraphQL answer for this `Accept`, chosen as Apollo Server chooses it for
 * the answers it writes itself; `application/json` when nothing acceptable is offered (a refusal
 * is still answered).
 */
export function graphqlAnswerMediaType(accept: string | undefined): string {
  if (!accept) return `${JSON_MEDIA_TYPE}; charset=utf-8`;
  const preferred = new Negotiator({ headers: { accept } }).mediaType([JSON_MEDIA_TYPE, GRAPHQL_RESPONSE_MEDIA_TYPE]);
  return `${preferred === GRAPHQL_RESPONSE_MEDIA_TYPE ? GRAPHQL_RESPONSE_MEDIA_TYPE : JSON_MEDIA_TYPE}; charset=utf-8`;
}

/** `Vary` with `names` added to what the answer already varies on (the explorer page varies on Accept-Encoding too). */
function varyWith(reply: FastifyReply, names: readonly string[]): string {
  const given = reply.getHeader('vary');
  const all = [...(typeof given === 'string' ? given.split(',') : []), ...names].map((name) => name.trim()).filter(Boolean);
  const seen = new Set<string>();
  return all.filter((name) => !seen.has(name.toLowerCase()) && seen.add(name.toLowerCase())).join(', ');
}

function isJsonAnswer(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith(JSON_MEDIA_TYPE);
}

export function registerApiAnswerHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    // Answers of the API only: the explorer page at /graphql (HTML, the same for every visitor) keeps its own.
    if (!isLimitedTarget(request.url) || !isJsonAnswer(reply)) return payload;
    void reply.header('cache-control', API_CACHE_CONTROL);
    const graphql = isGraphQLTarget(request.url);
    void reply.header('vary', varyWith(reply, graphql ? VARY_GRAPHQL : VARY_REST));
    if (graphql) void reply.header('content-type', graphqlAnswerMediaType(request.headers.accept));
    return payload;
  });
}
