import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type Redis from 'ioredis';
import type { LimitSettings } from '../../config/config';
import { ErrorCode } from '../../common/error-codes';
import { graphqlHttpStatusOf } from '../../graphql/error-status';
import { httpStatusOf } from '../error-status';
import { failureBody, isGraphQLTarget } from '../framework-errors';
import { operationCount } from '../graphql-batch';
import type { LimitStoreErrors } from './store-errors';

/**
 * Requests per API key on /v2 and /graphql together, counted by @fastify/rate-limit (fixed
 * window), in this process's memory or, with REDIS_URL, in Redis so that every node shares one
 * counter per key. A request is counted after authentication, so the counter is the key's id;
 * requests that reach the limiter without a key (GraphQL's OPTIONS and the explorer page) count against
 * the client's address. When Redis cannot be asked (down, or slower than the client's command
 * timeout), the request is served uncounted, and the failure counted and logged (store-errors.ts).
 *
 * Every /v2 and /graphql answer carries the two fields of draft-ietf-httpapi-ratelimit-headers-10
 * (their form is unchanged since -08), as structured fields:
 *   RateLimit-Policy: "default";q=600;w=60
 *   RateLimit: "default";r=<remaining>;t=<seconds until the window resets>
 * (@fastify/rate-limit's `enableDraftSpec` writes RateLimit-Limit/-Remaining/-Reset of draft -06
 * and older, so the plugin writes no header here.) Over the limit: 429 with Retry-After, the v2
 * envelope or GraphQL's error shape with code RATE_LIMITED.
 */

export const RATE_LIMIT_POLICY_NAME = 'default';
const REDIS_NAMESPACE = 'cpa:rate-limit:';
/** Counters kept in memory (least recently used first out); beyond it a key's count starts over. */
const LOCAL_CACHE_KEYS = 10_000;

type RateLimitSettings = Pick<LimitSettings, 'rateLimitMax' | 'rateLimitWindowSeconds'>;

export interface RateLimitStore {
  /** The shared store (limits-store.ts, REDIS_URL); counters in this process's memory without it. */
  redis?: Redis;
  /** Where the store's failures are counted and logged. */
  errors: LimitStoreErrors;
}

interface Quota {
  remaining: number;
  resetSeconds: number;
}

export function isLimitedTarget(url: string): boolean {
  return /^\/v2(?:[/?#]|$)/.test(url) || isGraphQLTarget(url);
}

function rateLimitKey(request: FastifyRequest): string {
  const apiKeyId = request.requestContext?.apiKeyId;
  return apiKeyId !== undefined ? `key:${apiKeyId}` : `ip:${request.ip}`;
}

export async function registerRateLimits(app: FastifyInstance, settings: RateLimitSettings, { redis, errors }: RateLimitStore): Promise<void> {
  const max = settings.rateLimitMax;
  const windowSeconds = settings.rateLimitWindowSeconds;
  await app.register(rateLimit, {
    global: false,
    max,
    timeWindow: windowSeconds * 1000,
    keyGenerator: rateLimitKey,
    cache: LOCAL_CACHE_KEYS,
    // Not skipOnError: it would serve the request uncounted without a word. The store's error
    // reaches countRequest instead, which serves the request uncounted too, and says so.
    skipOnError: false,
    ...(redis ? { redis, nameSpace: REDIS_NAMESPACE } : {}),
  });
  const limiter = app.createRateLimit();
  const counted = new WeakMap<FastifyRequest, Quota>();
  /** Requests the store failed to count: not asked again for their headers. */
  const uncounted = new WeakSet<FastifyRequest>();
  const policy = `"${RATE_LIMIT_POLICY_NAME}";q=${max};w=${windowSeconds}`;

  async function countRequest(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    if (counted.has(request)) return undefined;
    let outcome: Awaited<ReturnType<typeof limiter>>;
    try {
      // A batch of GraphQL operations counts one request per operation, as if each were sent alone.
      outcome = await limiter(request);
      for (let more = operationCount(request) - 1; more > 0 && !outcome.isAllowed && !outcome.isExceeded; more -= 1) outcome = await limiter(request);
    } catch (error) {
      // The store is down or too slow: the request is served uncounted rather than refused (docs/limits.md).
      uncounted.add(request);
      errors.report('rate', error);
      return undefined;
    }
    if (outcome.isAllowed) return undefined; // no allow list is configured: not reached
    const resetSeconds = outcome.ttlInSeconds;
    counted.set(request, { remaining: outcome.remaining, resetSeconds });
    if (!outcome.isExceeded) return undefined;
    const retryAfter = Math.max(1, resetSeconds);
    const message = `Rate limit exceeded: ${max} requests per ${windowSeconds} s; retry after ${retryAfter} s`;
    request.log.info({ status: 429, rateLimitKey: outcome.key }, 'request refused: rate limit');
    const code = ErrorCode.RATE_LIMITED;
    const status = isGraphQLTarget(request.url) ? graphqlHttpStatusOf(code) : httpStatusOf(code);
    return reply.status(status).header('retry-after', String(retryAfter)).send(failureBody(request.url, request.id, status, message, code));
  }

  /** The quota of a request that was not counted (refused before the limiter): read, not spent. */
  async function peek(request: FastifyRequest): Promise<Quota | undefined> {
    if (uncounted.has(request)) return undefined;
    try {
      const state = await limiter(request, { increment: false });
      return state.isAllowed ? undefined : { remaining: state.remaining, resetSeconds: state.ttlInSeconds };
    } catch (error) {
      errors.report('rate', error);
      return undefined;
    }
  }

  // Counted after authentication: route-level preHandlers run after the instance's (the /v2
  // authentication hook), and after /graphql's own authenticating preHandler.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isLimitedTarget(route.url)) return;
    const existing = route.preHandler;
    route.preHandler = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), countRequest];
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!isLimitedTarget(request.url)) return payload;
    void reply.header('ratelimit-policy', policy);
    const quota = counted.get(request) ?? (await peek(request));
    if (quota) void reply.header('ratelimit', `"${RATE_LIMIT_POLICY_NAME}";r=${quota.remaining};t=${quota.resetSeconds}`);
    return payload;
  });
}
