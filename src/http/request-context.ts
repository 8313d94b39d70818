import type { FastifyRequest } from 'fastify';
import { ForbiddenError } from '../common/errors';
import type { RequestContext } from '../common/request-context';
import { missingScopes, type ScopeNeed } from '../common/scopes';
import type { WireShape } from '../common/wire-shape';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication hook before any /v2 or /graphql handler runs. */
    requestContext?: RequestContext;
  }
  interface FastifyContextConfig {
    /** The scope a declared /v2 route needs (src/http/rest/v2-route.ts); checked by requireScope. */
    scope?: ScopeNeed;
    /** The v2 spelling of the route's resource, used to name fields in 422 errors. */
    wire?: WireShape;
  }
}

export function requestContext(request: FastifyRequest): RequestContext {
  if (!request.requestContext) throw new Error('route reached without authentication');
  return request.requestContext;
}

/** The presented key: `X-API-Key`, or `Authorization: Bearer <key>` (the spec calls it a bearer token). */
export function presentedApiKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  const direct = (Array.isArray(header) ? header[0] : header)?.trim();
  if (direct) return direct;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/**
 * preHandler for /v2, after authentication and before idempotency: a route's declared scope, or
 * 403 FORBIDDEN naming it, before the handler (so nothing runs) and before an Idempotency-Key is
 * taken.
 */
export async function requireScope(request: FastifyRequest): Promise<void> {
  const needed = request.routeOptions.config.scope;
  if (needed === undefined) return;
  const missing = missingScopes(requestContext(request).scopes, [needed]);
  if (missing.length > 0) throw new ForbiddenError(missing);
}
