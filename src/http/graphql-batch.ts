import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../common/error-codes';
import { failureBody } from './framework-errors';

/**
 * Batched GraphQL requests (Apollo Client's BatchHttpLink): a POST whose body is a JSON array of
 * requests, answered with an array of answers in the same order. Each operation is costed,
 * rate-limited and counted in the metrics as if sent alone; they run concurrently, sharing the
 * request's key and its batching of database reads, and, with an Idempotency-Key, its one
 * transaction (their writes take turns in it: src/db/request-transaction.ts).
 */

/** How many operations the request carries: the length of a batch, 1 otherwise. */
export function operationCount(request: FastifyRequest): number {
  return request.method === 'POST' && Array.isArray(request.body) ? Math.max(1, request.body.length) : 1;
}

/** Refuses a batch of more than `max` operations (400 BAD_REQUEST) before any of them runs. */
export function refuseOversizedBatch(request: FastifyRequest, reply: FastifyReply, max: number): FastifyReply | undefined {
  const count = operationCount(request);
  if (count <= max) return undefined;
  const message = `A batch holds at most ${max} operations; this one has ${count}`;
  request.log.info({ status: 400, reason: message }, 'request refused');
  return reply.status(400).send(failureBody(request.url, request.id, 400, message, ErrorCode.BAD_REQUEST));
}

/**
 * The status of a batch's answer. Apollo gives the whole batch the status of an operation's
 * refusal (a 400 for one that does not validate), though every other operation ran; each result
 * carries its own errors, so the batch is a 200 unless the server itself failed (5xx).
 */
export function batchAnswerStatus(request: FastifyRequest, status: number): number {
  return Array.isArray(request.body) && status >= 400 && status < 500 ? 200 : status;
}
