import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parse, type OperationDefinitionNode } from 'graphql';
import type { DataSource } from 'typeorm';
import { ErrorCode } from '../../common/error-codes';
import { graphqlHttpStatusOf } from '../../graphql/error-status';
import { httpStatusOf } from '../error-status';
import { failureBody, isGraphQLTarget } from '../framework-errors';
import { requestContext } from '../request-context';

/**
 * `Idempotency-Key` with Stripe's semantics, on every POST/PUT/DELETE under /v2 and every GraphQL
 * mutation (docs/decisions.md, "Idempotency keys"):
 * - the first request with a key claims it (a row `in_progress`, inserted with ON CONFLICT DO
 *   NOTHING, so of two concurrent requests exactly one claims it) and runs;
 * - its answer, when final (2xx, and 4xx but 409 and 429), is stored and replayed for 24 h to every
 *   later request with the same key and the same request, with `Idempotent-Replayed: true`; any
 *   other answer (5xx, 409, 429) releases the key, so a retry runs the request;
 * - the same key with a different request is refused (422), and while the first request runs a
 *   second is refused (409, `Retry-After: 1`): nothing executes twice;
 * - keys live per workspace; expired keys are replaced on use and pruned lazily (each new key
 *   deletes its workspace's expired ones); a claim left unfinished for 60 s (its process died) may
 *   be taken over by the same request.
 */

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
/** How long an answer is replayed. */
export const REPLAY_WINDOW_SECONDS = 24 * 60 * 60;
/** How long an unfinished claim blocks its key before the same request may take it over. */
export const STALE_CLAIM_SECONDS = 60;

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

/* ------------------------------------------------------------------------------- the store */

export interface StoredAnswer {
  status: number;
  contentType: string | null;
  body: string;
}

/** What a claim found: the key is ours (with the token that proves it), or its answer, or a refusal. */
export type Claim = { kind: 'claimed'; token: Date } | { kind: 'replay'; answer: StoredAnswer } | { kind: 'reused' } | { kind: 'in_use' };

interface KeyRow {
  fingerprint: string;
  state: string;
  response_status: number | null;
  response_content_type: string | null;
  response_body: string | null;
}

export class IdempotencyKeyStore {
  constructor(private readonly dataSource: DataSource) {}

  async claim(organisationId: number, key: string, fingerprint: string): Promise<Claim> {
    // A row can vanish between the statements (its request failed and released it): look again.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const inserted: { created_at: Date }[] = await this.dataSource.query(
        `INSERT INTO idempotency_keys (organisation_id, key, fingerprint) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING created_at`,
        [organisationId, key, fingerprint],
      );
      if (inserted.length > 0) {
        await this.pruneExpired(organisationId);
        return { kind: 'claimed', token: inserted[0].created_at };
      }
      // An expired key starts afresh; a stale claim of the same request is taken over.
      const taken: { created_at: Date }[] = await this.dataSource.query(
        `WITH taken AS (
           UPDATE idempotency_keys
              SET fingerprint = $3, state = 'in_progress', response_status = NULL, response_content_type = NULL, response_body = NULL, created_at = now()
            WHERE organisation_id = $1 AND key = $2
              AND (created_at < now() - make_interval(secs => $4)
                   OR (state = 'in_progress' AND fingerprint = $3 AND created_at < now() - make_interval(secs => $5)))
        RETURNING created_at)
         SELECT created_at FROM taken`,
        [organisationId, key, fingerprint, REPLAY_WINDOW_SECONDS, STALE_CLAIM_SECONDS],
      );
      if (taken.length > 0) return { kind: 'claimed', token: taken[0].created_at };
      const [row]: KeyRow[] = await this.dataSource.query(
        `SELECT fingerprint, state, response_status, response_content_type, response_body FROM idempotency_keys WHERE organisation_id = $1 AND key = $2`,
        [organisationId, key],
      );
      if (!row) continue;
      if (row.fingerprint !== fingerprint) return { kind: 'reused' };
      if (row.state === 'completed' && row.response_status !== null) {
        return { kind: 'replay', answer: { status: row.response_status, contentType: row.response_content_type, body: row.response_body ?? '' } };
      }
      return { kind: 'in_use' };
    }
    return { kind: 'in_use' };
  }

  /** Records the final answer of the claim `token` (a claim taken over since is not overwritten). */
  async complete(organisationId: number, key: string, token: Date, answer: StoredAnswer): Promise<void> {
    await this.dataSource.query(
      `UPDATE idempotency_keys SET state = 'completed', response_status = $4, response_content_type = $5, response_body = $6
        WHERE organisation_id = $1 AND key = $2 AND created_at = $3 AND state = 'in_progress'`,
      [organisationId, key, token, answer.status, answer.contentType, answer.body],
    );
  }

  /** Gives the key back: the request had no final answer, so a retry must run it. */
  async release(organisationId: number, key: string, token: Date): Promise<void> {
    await this.dataSource.query(`DELETE FROM idempotency_keys WHERE organisation_id = $1 AND key = $2 AND created_at = $3 AND state = 'in_progress'`, [
      organisationId,
      key,
      token,
    ]);
  }

  private async pruneExpired(organisationId: number): Promise<void> {
    await this.dataSource.query(`DELETE FROM idempotency_keys WHERE organisation_id = $1 AND created_at < now() - make_interval(secs => $2)`, [
      organisationId,
      REPLAY_WINDOW_SECONDS,
    ]);
  }
}

/* ------------------------------------------------------------------------- fingerprints */

/** JSON with object keys sorted at every level, so `{"a":1,"b":2}` and `{"b":2,"a":1}` are one request. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .filter((name) => (value as Record<string, unknown>)[name] !== undefined)
      .sort()
      .map((name) => `${JSON.stringify(name)}:${canonicalJson((value as Record<string, unknown>)[name])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

export function requestFingerprint(request: FastifyRequest): string {
  return createHash('sha256').update(`${request.method}\n${request.url}\n${canonicalJson(request.body)}`).digest('hex');
}

/**
 * Whether a GraphQL request runs a mutation (a batch: whether any of its operations does); a
 * document that does not parse or name one operation is not.
 */
export function isGraphQLMutation(request: FastifyRequest): boolean {
  if (request.method !== 'POST') return false;
  return Array.isArray(request.body) ? request.body.some(runsMutation) : runsMutation(request.body);
}

function runsMutation(requestBody: unknown): boolean {
  const body = requestBody as { query?: unknown; operationName?: unknown } | undefined;
  if (!body || typeof body !== 'object' || typeof body.query !== 'string') return false;
  try {
    const operations = parse(body.query).definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === 'OperationDefinition');
    const name = typeof body.operationName === 'string' ? body.operationName : undefined;
    const chosen = name === undefined ? (operations.length === 1 ? operations[0] : undefined) : operations.find((operation) => operation.name?.value === name);
    return chosen?.operation === 'mutation';
  } catch {
    return false;
  }
}

/* -------------------------------------------------------------------------------- hooks */

interface OwnedClaim {
  organisationId: number;
  key: string;
  token: Date;
}

/** Requests that claimed their key and whose answer is still to be recorded. */
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

/**
 * preHandler, registered after authentication: claims the key, or answers for it (replay, 422,
 * 409). Returns the reply when it answered.
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
      case 'claimed':
        owned.set(request, { organisationId, key, token: claim.token });
        return undefined;
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

function payloadText(payload: unknown): string | undefined {
  if (payload === undefined || payload === null) return '';
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return undefined; // a stream: not recorded
}

/**
 * onSend: records the answer of a request that claimed its key (before the client can see it, so a
 * retry after the answer always finds it), or releases the key when the answer is not final. A
 * failure to record is logged, and the claim goes stale instead: the answer itself still goes out.
 */
export function idempotencyOnSend(store: IdempotencyKeyStore) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const claim = owned.get(request);
    if (!claim) return payload;
    owned.delete(request);
    const body = payloadText(payload);
    try {
      if (isFinal(reply.statusCode) && body !== undefined) {
        const contentType = reply.getHeader('content-type');
        await store.complete(claim.organisationId, claim.key, claim.token, {
          status: reply.statusCode,
          contentType: typeof contentType === 'string' ? contentType : null,
          body,
        });
      } else {
        await store.release(claim.organisationId, claim.key, claim.token);
      }
    } catch (error) {
      request.log.warn({ err: error }, 'could not record the answer of an Idempotency-Key');
    }
    return payload;
  };
}
