import { ErrorCode } from '../../common/error-codes';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LimitSettings } from '../../config/config';
import { failureBody } from '../framework-errors';
import { isLimitedTarget } from './rate-limit';

/** Retry-After of a request shed under pressure. */
export const UNDER_PRESSURE_RETRY_AFTER_SECONDS = 10;
export const UNDER_PRESSURE_MESSAGE = `The server is overloaded; retry after ${UNDER_PRESSURE_RETRY_AFTER_SECONDS} s`;

/**
 * Load shedding with @fastify/under-pressure: while the mean event-loop delay or the V8 heap in use
 * (sampled once a second) is over its threshold, /v2 and /graphql requests are answered 503 with
 * Retry-After before any work, in the shape of their face (SERVICE_UNAVAILABLE under /graphql).
 * /healthz and /readyz are always answered: a busy process is not a dead one.
 */
export async function registerUnderPressure(app: FastifyInstance, settings: Pick<LimitSettings, 'maxEventLoopDelayMs' | 'maxHeapUsedBytes'>): Promise<void> {
  // The plugin sends what the handler returns (and goes on with the request when it returns
  // nothing); its type only allows the latter.
  const pressureHandler = (request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined): unknown => {
    if (!isLimitedTarget(request.url)) return undefined;
    request.log.warn({ status: 503, pressure: type, value }, 'request shed: server under pressure');
    void reply.status(503).header('retry-after', String(UNDER_PRESSURE_RETRY_AFTER_SECONDS));
    return failureBody(request.url, request.id, 503, UNDER_PRESSURE_MESSAGE, ErrorCode.SERVICE_UNAVAILABLE);
  };
  await app.register(underPressure, {
    maxEventLoopDelay: settings.maxEventLoopDelayMs,
    maxHeapUsedBytes: settings.maxHeapUsedBytes,
    retryAfter: UNDER_PRESSURE_RETRY_AFTER_SECONDS,
    pressureHandler: pressureHandler as (request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => void,
  });
}
