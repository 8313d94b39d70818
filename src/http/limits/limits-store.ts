import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import type { LimitStoreErrors } from './store-errors';

/**
 * A command Redis has not answered within this fails, and its request is served uncounted
 * (docs/limits.md): a Redis that hangs must not hang requests. Redis answers in well under a
 * millisecond on a healthy network; this leaves room for a busy event loop.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * The one Redis connection of a process for the limits kept there with REDIS_URL: the request
 * rate limit (rate-limit.ts) and the GraphQL cost budget (src/graphql/cost). Connected before
 * the server listens: a REDIS_URL that cannot be reached stops the start. Closed with the server.
 */
export async function connectLimitsStore(url: string, app: FastifyInstance, errors: LimitStoreErrors): Promise<Redis> {
  // No offline queue: while Redis is unreachable a command fails at once instead of waiting for a
  // reconnection, which the client keeps attempting by itself.
  const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000, commandTimeout: REDIS_COMMAND_TIMEOUT_MS });
  redis.on('error', (error: Error) => errors.connectionError(error));
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Cannot connect to REDIS_URL (the store of the rate limit and the GraphQL cost budget): ${error instanceof Error ? error.message : String(error)}`);
  }
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}
