import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { beginRequestTransaction, type RequestTransaction } from '../../db/request-transaction';

/** How long an answer is replayed. */
export const REPLAY_WINDOW_SECONDS = 24 * 60 * 60;
/** How long an unfinished claim blocks its key, once its request is gone, before the same request may take it over. */
export const STALE_CLAIM_SECONDS = 60;

export interface StoredAnswer {
  status: number;
  contentType: string | null;
  body: string;
}

/** A key this request claimed: `token` (the claim's time) tells its claim from a later one. */
export interface ClaimedKey {
  organisationId: number;
  key: string;
  token: Date;
}

/** What a claim found: the key is ours, or its answer, or a refusal. */
export type Claim = { kind: 'claimed'; claimed: ClaimedKey } | { kind: 'replay'; answer: StoredAnswer } | { kind: 'reused' } | { kind: 'in_use' };

interface KeyRow {
  fingerprint: string;
  state: string;
  response_status: number | null;
  response_content_type: string | null;
  response_body: string | null;
}

/**
 * The advisory lock a claimant holds from the start of its transaction to its end: while it is
 * held, the claim's request is alive, and nobody takes the claim over however old it is. A
 * process that dies loses its session, and the lock with it. One 64-bit key per (workspace, key):
 * advisory locks take no transaction id, so holding one does not hold back the change stream
 * (src/events/stream/committed-events.ts) the way a row lock would.
 */
function claimLock({ organisationId, key }: Pick<ClaimedKey, 'organisationId' | 'key'>): string {
  return createHash('sha256').update(`idempotency-key\n${organisationId}\n${key}`).digest().readBigInt64BE(0).toString();
}

/**
 * `idempotency_keys` (see idempotency.ts for the rules). A claim is its own committed statement, so
 * every other request sees it at once; the answer is written in the claimant's request transaction,
 * and commits with its changes or not at all.
 */
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
        return { kind: 'claimed', claimed: { organisationId, key, token: inserted[0].created_at } };
      }
      // An expired key starts afresh; a stale claim of the same request is taken over, once its
      // claimant's lock is free (it would be held while that request still runs). The lock is tried
      // only for a row that qualifies, and is let go when this statement's transaction ends.
      const taken: { created_at: Date }[] = await this.dataSource.query(
        `WITH taken AS (
           UPDATE idempotency_keys
              SET fingerprint = $3, state = 'in_progress', response_status = NULL, response_content_type = NULL, response_body = NULL, created_at = now()
            WHERE organisation_id = $1 AND key = $2
              AND CASE WHEN created_at < now() - make_interval(secs => $4)
                            OR (state = 'in_progress' AND fingerprint = $3 AND created_at < now() - make_interval(secs => $5))
                       THEN pg_try_advisory_xact_lock($6::bigint)
                       ELSE false END
        RETURNING created_at)
         SELECT created_at FROM taken`,
        [organisationId, key, fingerprint, REPLAY_WINDOW_SECONDS, STALE_CLAIM_SECONDS, claimLock({ organisationId, key })],
      );
      if (taken.length > 0) return { kind: 'claimed', claimed: { organisationId, key, token: taken[0].created_at } };
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

  /**
   * The transaction the claimant's request runs in, holding the claim's lock; undefined when the
   * claim was taken over before the lock was had (the request then must not run). Throws when the
   * transaction cannot be opened; the caller releases the key.
   */
  async hold(claimed: ClaimedKey): Promise<RequestTransaction | undefined> {
    const transaction = await beginRequestTransaction(this.dataSource);
    try {
      await transaction.query('SELECT pg_advisory_xact_lock($1::bigint)', [claimLock(claimed)]);
      // Its own statement, after the lock: a takeover that got in first is seen.
      const ours = await transaction.query(`SELECT 1 FROM idempotency_keys WHERE organisation_id = $1 AND key = $2 AND created_at = $3 AND state = 'in_progress'`, [
        claimed.organisationId,
        claimed.key,
        claimed.token,
      ]);
      if (ours.length > 0) return transaction;
      await transaction.rollback();
      return undefined;
    } catch (error) {
      await transaction.rollback();
      throw error;
    }
  }

  /** Records the final answer in the request's transaction: it commits with the request's changes. */
  async complete(transaction: RequestTransaction, claimed: ClaimedKey, answer: StoredAnswer): Promise<void> {
    const updated = await transaction.query(
      `UPDATE idempotency_keys SET state = 'completed', response_status = $4, response_content_type = $5, response_body = $6
        WHERE organisation_id = $1 AND key = $2 AND created_at = $3 AND state = 'in_progress' RETURNING 1`,
      [claimed.organisationId, claimed.key, claimed.token, answer.status, answer.contentType, answer.body],
    );
    // Cannot happen while the claim's lock is held; should it, the request's changes must not commit unrecorded.
    if (updated.length !== 1) throw new Error('the Idempotency-Key claim is no longer this request’s');
  }

  /**
   * Gives the key back, so a retry runs the request: on the pool (after the request's transaction
   * rolled back), or in `transaction` (its changes commit, unrecorded).
   */
  async release(claimed: ClaimedKey, transaction?: RequestTransaction): Promise<void> {
    const sql = `DELETE FROM idempotency_keys WHERE organisation_id = $1 AND key = $2 AND created_at = $3 AND state = 'in_progress'`;
    const parameters = [claimed.organisationId, claimed.key, claimed.token];
    if (transaction) await transaction.query(sql, parameters);
    else await this.dataSource.query(sql, parameters);
  }

  private async pruneExpired(organisationId: number): Promise<void> {
    await this.dataSource.query(`DELETE FROM idempotency_keys WHERE organisation_id = $1 AND created_at < now() - make_interval(secs => $2)`, [
      organisationId,
      REPLAY_WINDOW_SECONDS,
    ]);
  }
}
