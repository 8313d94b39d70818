import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { ErrorCode } from '../../common/error-codes';
import { describeUnavailable } from '../../db/database-unavailable';
import { transientFailureOf } from '../../db/transient-failure';
import type { RequestTransaction } from '../../db/request-transaction';
import { graphqlHttpStatusOf } from '../../graphql/error-status';
import { graphqlAnswerMediaType } from '../api-answer-headers';
import { INTERNAL_ERROR_MESSAGE } from '../error-handler';
import { httpStatusOf } from '../error-status';
import { failureBody, isGraphQLTarget } from '../framework-errors';
import { requestContext } from '../request-context';
import { isGraphQLMutation, requestFingerprint } from './fingerprint';
import type { ClaimedKey, IdempotencyKeyStore } from './idempotency-store';

export { REPLAY_WINDOW_SECONDS, STALE_CLAIM_SECONDS } from './idempotency-store';

/**
 * `Idempotency-Key` with Stripe's semantics, on every POST/PUT/DELETE under /v2 and every GraphQL
 * mutation (docs/decisions.md, "Idempotency keys"):
 * - the first request with a key claims it (a row `in_progress`, inserted with ON CONFLICT DO
 *   NOTHING in a statement of its own, so of two concurrent requests exactly one claims it, and the
 *   other sees the claim at once) and runs;
 * - it runs in one request transaction (src/db/request-transaction.ts) that its writes join; its
 *   answer, when final (2xx, and 4xx but 409 and 429), is written to the key's row in that same
 *   transaction, which then commits, before the answer is sent: the changes and the answer commit
 *   together or not at all, so a retry either replays the answer or runs a request that changed
 *   nothing. Any other answer (5xx, 409, 429) rolls the transaction back and releases the key, so a
 *   retry runs the request; so does a failure to record the answer or to commit, which is then
 *   answered 500 (503 when the database is unreachable) instead of the answer that did not stand;
 * - final answers are replayed for 24 h to every later request with the same key and the same
 *   request, with `Idempotent-Replayed: true`;
 * - the same key with a different request is refused (422), and while the first request runs a
 *   second is refused (409, `Retry-After: 1`): nothing executes twice;
 * - keys live per workspace; expired keys are replaced on use and pruned lazily (each new key
 *   deletes its workspace's expired ones); a claim left unfinished for 60 s whose request is gone
 *   (its process died, and the claim's lock with its session) may be taken over by the same request.
 */

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';

/**
 * A key: 1 to 255 printable ASCII characters, neither first nor last a space. The server checks
 * this very pattern, and the OpenAPI document states it: HTTP strips the spaces around a header
 * value before the check sees it (a key of spaces arrives empty), so a pattern admitting them
 * would document keys the server refuses.
 */
export const KEY_PATTERN = /^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/;
const IDEMPOTENT_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const MALFORMED_KEY_MESSAGE = 'Idempotency-Key must be 1 to 255 printable ASCII characters';
export const KEY_REUSED_MESSAGE = 'Idempotency-Key was used with a different request';
export const KEY_IN_USE_MESSAGE = 'A request with this Idempotency-Key is still in progress; retry shortly';

interface OwnedClaim {
  claimed: ClaimedKey;
  /** The request transaction its handler runs in; its answer is recorded and committed in it. */
  transaction: RequestTransaction;
}

/** Requests that claimed their key and whose transaction is still open. */
const owned = new WeakMap<FastifyRequest, OwnedClaim>();

/** Answers that are final for the request: replayed rather than run again. */
function isFinal(status: number): boolean {
  return (status >= 200 && status < 300) || (status >= 400 && status < 500 && status !== 409 && status !== 429);
}

function presentedKey(request: FastifyRequest): string | string[] | undefined {
  return request.headers[IDEMPOTENCY_KEY_HEADER];
}

function refuse(request: FastifyRequest, reply: FastifyReply, message: string, code: ErrorCode): FastifyReply {
  const status = isGraphQLTarget(request.url) ? graphqlHttpStatusOf(code) : httpStatusOf(code);
  request.log.info({ status, reason: message }, 'request refused');
  return reply.status(status).send(failureBody(request.url, request.id, status, message, code));
}

/**
 * Whether the request takes part: a POST/PUT/DELETE under /v2, or a GraphQL mutation (a GraphQL
 * query with a key ignores it), that carries the header.
 */
function applies(request: FastifyRequest): boolean {
  if (presentedKey(request) === undefined) return false;
  if (isGraphQLTarget(request.url)) return isGraphQLMutation(request);
  return IDEMPOTENT_METHODS.has(request.method);
}

/** Gives the key back after a failure; a failure to do so only leaves the claim to go stale. */
async function releaseQuietly(store: IdempotencyKeyStore, request: FastifyRequest, claimed: ClaimedKey): Promise<void> {
  try {
    await store.release(claimed);
  } catch (error) {
    request.log.warn({ err: error }, 'could not release an Idempotency-Key; it is free again once its claim goes stale');
  }
}

/**
 * preHandler, registered after authentication: claims the key and opens the transaction the
 * request runs in, or answers for the key (replay, 422, 409). Returns the reply when it answered.
 */
export function idempotencyPreHandler(store: IdempotencyKeyStore) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    if (!applies(request)) return undefined;
    const key = presentedKey(request);
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      request.log.info({ status: 400, reason: MALFORMED_KEY_MESSAGE }, 'request refused');
      return reply.status(400).send(failureBody(request.url, request.id, 400, MALFORMED_KEY_MESSAGE));
    }
    const { organisationId } = requestContext(request);
    const claim = await store.claim(organisationId, key, requestFingerprint(request));
    switch (claim.kind) {
      case 'claimed': {
        let transaction: RequestTransaction | undefined;
        try {
          transaction = await store.hold(claim.claimed);
        } catch (error) {
          await releaseQuietly(store, request, claim.claimed);
          throw error;
        }
        // Taken over while this request waited for a connection: the other one runs it.
        if (!transaction) return refuse(request, reply, KEY_IN_USE_MESSAGE, ErrorCode.IDEMPOTENCY_KEY_IN_USE);
        owned.set(request, { claimed: claim.claimed, transaction });
        return undefined;
      }
      case 'replay': {
        const { status, contentType, body } = claim.answer;
        if (contentType) void reply.header('content-type', contentType);
        return reply.status(status).header(REPLAYED_HEADER, 'true').send(body);
      }
      case 'reused':
        return refuse(request, reply, KEY_REUSED_MESSAGE, ErrorCode.IDEMPOTENCY_KEY_REUSED);
      case 'in_use':
        void reply.header('retry-after', '1');
        return refuse(request, reply, KEY_IN_USE_MESSAGE, ErrorCode.IDEMPOTENCY_KEY_IN_USE);
    }
  };
}

/**
 * A route handler that runs inside its request's transaction when the request claimed a key (its
 * services' transactions and statements join it), and as it is otherwise.
 */
export function inClaimTransaction<This, Result>(handler: (this: This, request: FastifyRequest, reply: FastifyReply) => Result) {
  return function (this: This, request: FastifyRequest, reply: FastifyReply): Result {
    const claim = owned.get(request);
    return claim ? claim.transaction.run(() => handler.call(this, request, reply)) : handler.call(this, request, reply);
  };
}

function payloadText(payload: unknown): string | undefined {
  if (payload === undefined || payload === null) return '';
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return undefined; // a stream: not recorded
}

/** What the client gets instead of an answer whose changes did not commit. */
function notCommitted(request: FastifyRequest, reply: FastifyReply, error: unknown): string {
  const transient = transientFailureOf(error);
  const status = transient ? 503 : 500;
  if (transient?.code === ErrorCode.STATEMENT_TIMEOUT) {
    request.log.warn({ status, method: request.method, route: request.routeOptions.url }, 'statement timeout: the answer of an Idempotency-Key was not committed');
  } else if (transient) {
    request.log.warn({ status, database: describeUnavailable(error) }, 'database unavailable: the answer of an Idempotency-Key was not committed');
  } else {
    request.log.error({ err: error }, 'the answer of an Idempotency-Key could not be recorded with its changes; both rolled back');
  }
  if (transient) void reply.header('retry-after', String(transient.retryAfterSeconds));
  const message = transient?.message ?? INTERNAL_ERROR_MESSAGE;
  const code = transient?.code ?? ErrorCode.INTERNAL_SERVER_ERROR;
  void reply.status(status).header('content-type', isGraphQLTarget(request.url) ? graphqlAnswerMediaType(request.headers.accept) : 'application/json; charset=utf-8');
  return JSON.stringify(failureBody(request.url, request.id, status, message, code));
}

/**
 * Ends a claimant's transaction with its answer: a final answer is recorded in it and commits with
 * the request's changes before the client can see it; any other answer rolls them back and releases
 * the key. When recording or committing fails, nothing stands, and the client gets a 5xx.
 */
async function settle(store: IdempotencyKeyStore, request: FastifyRequest, reply: FastifyReply, payload: unknown, { claimed, transaction }: OwnedClaim): Promise<unknown> {
  if (!isFinal(reply.statusCode)) {
    // The request may have changed things before it failed: none of it stands, and a retry runs it.
    await transaction.rollback();
    await releaseQuietly(store, request, claimed);
    return payload;
  }
  try {
    const body = payloadText(payload);
    if (body === undefined) {
      // A streamed answer cannot be stored: its changes stand and the key is given back, as before keys were.
      await store.release(claimed, transaction);
    } else {
      const contentType = reply.getHeader('content-type');
      await store.complete(transaction, claimed, { status: reply.statusCode, contentType: typeof contentType === 'string' ? contentType : null, body });
    }
    await transaction.commit();
    return payload;
  } catch (error) {
    await transaction.rollback();
    // Should COMMIT have reached the server after all, the key is `completed` and stays so.
    await releaseQuietly(store, request, claimed);
    return notCommitted(request, reply, error);
  }
}

/**
 * onSend, the last of the route's: settles the claimant's transaction with the answer as it will
 * be sent (see `settle`), replacing the answer when its changes did not commit.
 */
export function idempotencyOnSend(store: IdempotencyKeyStore) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const claim = owned.get(request);
    if (!claim) return payload;
    owned.delete(request);
    return settle(store, request, reply, payload, claim);
  };
}

/**
 * onResponse, the safety net: a claimant whose answer went out without passing onSend (none should)
 * rolls back, gives its connection back and releases the key.
 */
export function idempotencyOnResponse(store: IdempotencyKeyStore) {
  return async (request: FastifyRequest): Promise<void> => {
    const claim = owned.get(request);
    if (!claim) return;
    owned.delete(request);
    request.log.error('an Idempotency-Key request ended without its answer being recorded; its changes are rolled back');
    await claim.transaction.rollback();
    await releaseQuietly(store, request, claim.claimed);
  };
}

/**
 * Every piece on an instance whose routes all take keys (/v2): registered after authentication and
 * the scope check, and before the routes (whose handlers it wraps as they are added).
 */
export function registerIdempotency(instance: FastifyInstance, store: IdempotencyKeyStore): void {
  instance.addHook('preHandler', idempotencyPreHandler(store));
  instance.addHook('onSend', idempotencyOnSend(store));
  instance.addHook('onResponse', idempotencyOnResponse(store));
  instance.addHook('onRoute', (route: RouteOptions) => {
    route.handler = inClaimTransaction(route.handler);
  });
}
