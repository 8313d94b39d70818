import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../common/error-codes';
import { DATABASE_RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE_MESSAGE } from '../db/database-unavailable';
import { failureBody } from './framework-errors';
import { isLimitedTarget } from './limits/rate-limit';
import type { Readiness } from './readiness';

/**
 * While the node awaits migrations (readiness.ts), /v2 and /graphql (subscriptions' upgrades and
 * streams included) are answered 503 SERVICE_UNAVAILABLE with Retry-After before any work: the
 * answer of an unreachable database, which is what the schema is to them until
 * `npm run migration:run` has run, rather than 500s from tables that are not there. The targets
 * are those load shedding refuses (isLimitedTarget); /healthz, /readyz, the landing page and the
 * explorer's assets need no table and are answered as ever. Register before the hooks that
 * authenticate or count requests.
 */
export function registerReadinessGate(app: FastifyInstance, readiness: Readiness): void {
  app.addHook('onRequest', async (request, reply) => {
    if (readiness.state !== 'awaiting-migrations' || !isLimitedTarget(request.url)) return;
    request.log.info({ status: 503, reason: 'migrations pending' }, 'request refused: awaiting migrations');
    void reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    // A WebSocket upgrade's socket belongs to no HTTP exchange any more, and @fastify/websocket only
    // closes it after its own hook, which this answer comes before: left open, it would hold up
    // the server's close (a shutdown while waiting) until it timed out.
    if (request.headers.upgrade !== undefined) reply.raw.once('finish', () => request.raw.socket.destroySoon());
    return reply.send(failureBody(request.url, request.id, 503, SERVICE_UNAVAILABLE_MESSAGE, ErrorCode.SERVICE_UNAVAILABLE));
  });
}
