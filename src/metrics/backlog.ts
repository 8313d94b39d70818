import type { Pool, PoolClient } from 'pg';

export interface Backlog {
  /** Committed outbox events the relay has not yet turned into deliveries. */
  unrelayedEvents: number;
  /** Deliveries not yet accepted by their receiver: first attempts due and retries scheduled. */
  pendingDeliveries: number;
  /** Deliveries each rate-limited webhook has held back so far (webhooks that never held one back are left out). */
  throttledByWebhook: { webhookId: number; throttled: number }[];
}

export interface BacklogLimits {
  /** Counting stops here: past it the number says "at least this many", and the count stays cheap. */
  cap: number;
  /** PostgreSQL statement_timeout of the count. */
  statementTimeoutMs: number;
}

export const BACKLOG_LIMITS: BacklogLimits = { cap: 100_000, statementTimeoutMs: 1_000 };

/**
 * Both partial indexes (IDX_outbox_events_unrelayed, IDX_webhook_deliveries_pending) hold exactly
 * the rows counted, and the LIMIT bounds the scan when the backlog is huge.
 */
const BACKLOG_SQL = `SELECT
  (SELECT count(*) FROM (SELECT 1 FROM outbox_events WHERE relayed_at IS NULL LIMIT $1) e)::int AS unrelayed_events,
  (SELECT count(*) FROM (SELECT 1 FROM webhook_deliveries WHERE status = 'pending' LIMIT $1) d)::int AS pending_deliveries`;

/** One row per live rate-limited webhook that has held deliveries back: at most a workspace's webhooks each. */
const THROTTLED_SQL = `SELECT s.webhook_id, s.throttled_total AS throttled FROM webhook_send_windows s JOIN webhooks w ON w.id = s.webhook_id
  WHERE s.throttled_total > 0 AND w.deleted_at IS NULL ORDER BY s.webhook_id`;

/**
 * Counts the backlog on a connection of the application pool, in a read-only transaction whose own
 * statement_timeout cancels the count on the server if it is slow (the pool's connections keep
 * STATEMENT_TIMEOUT_MS otherwise). A connection that failed mid-way is discarded, not returned to
 * the pool in an aborted transaction.
 */
export async function countBacklog(pool: Pool, limits: BacklogLimits = BACKLOG_LIMITS): Promise<Backlog> {
  const client: PoolClient = await pool.connect();
  try {
    await client.query(`BEGIN READ ONLY; SET LOCAL statement_timeout = ${Math.trunc(limits.statementTimeoutMs)}`);
    const { rows } = await client.query<{ unrelayed_events: number; pending_deliveries: number }>(BACKLOG_SQL, [limits.cap]);
    const throttled = await client.query<{ webhook_id: number; throttled: string }>(THROTTLED_SQL);
    await client.query('COMMIT');
    client.release();
    return {
      unrelayedEvents: rows[0].unrelayed_events,
      pendingDeliveries: rows[0].pending_deliveries,
      throttledByWebhook: throttled.rows.map((row) => ({ webhookId: row.webhook_id, throttled: Number(row.throttled) })),
    };
  } catch (error) {
    client.release(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}
