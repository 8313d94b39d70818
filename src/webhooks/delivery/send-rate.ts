import type { DataSource, EntityManager } from 'typeorm';

/**
 * A webhook's rate limit counts requests by when they **start**, in any window of a second, across
 * every worker. A worker claims slots before it sends (a claim is a hold), and records each
 * request's start once it has begun: with the database's clock, read after the request started,
 * so a recorded start is never earlier than the real one, however long the worker took between
 * claim and send (a token to fetch, a busy event loop). A hold counts as a send until it is
 * recorded; one a worker never records (it died) lapses after HOLD_LAPSE_MS.
 */
const SECOND_MS = 1_000;
/**
 * Held a little longer than a second: a start is recorded by a statement issued once the request
 * has started, and the receiver sees it a little after that (the network, its own scheduling).
 */
export const SEND_WINDOW_MS = SECOND_MS + 50;
/** A hold whose request was never recorded (its worker stopped) stops counting after this long. */
const HOLD_LAPSE_MS = 60_000;

/** The slots a batch got: `granted` sends may start now; the rest wait, each until its `retryAt`. */
export interface SendClaim {
  /** The webhook's workspace and id: its row of `webhook_send_windows`. */
  organisationId: number;
  webhookId: number;
  granted: number;
  /** The claim's identity (microseconds since the epoch, the database's clock), for `recordStarts`. */
  heldAt: string;
  /** For each send held back, in order: when a slot may free for it. */
  retryAt: Date[];
}

interface WindowRow {
  recent_ms: number[];
  holds: string[];
  now_us: string;
}

/**
 * Claims up to `wanted` slots of a webhook allowing `limit` requests a second: the free ones become
 * holds; those held back are told when a slot may free (the oldest start leaves the window first;
 * a hold is reckoned as starting now), and counted in `throttled_total`. Runs in the caller's
 * transaction; the webhook's row is the lock (made on first use) and its clock is read after the
 * lock is taken, so any number of workers share one limit and one clock.
 */
export async function claimSends(manager: EntityManager, webhook: { organisationId: number; webhookId: number }, limit: number, wanted: number): Promise<SendClaim> {
  const { organisationId, webhookId } = webhook;
  const [row] = (await manager.query(
    `INSERT INTO webhook_send_windows (organisation_id, webhook_id) VALUES ($2, $1)
     ON CONFLICT (organisation_id, webhook_id) DO UPDATE SET webhook_id = EXCLUDED.webhook_id
     RETURNING ARRAY(SELECT extract(epoch FROM sent) * 1000 FROM unnest(recent) sent)::float8[] AS recent_ms, holds::text[] AS holds,
               (extract(epoch FROM clock_timestamp()) * 1000000)::bigint::text AS now_us`,
    [webhookId, organisationId],
  )) as WindowRow[];
  const nowUs = BigInt(row.now_us);
  const now = Number(nowUs / 1000n);
  const recent = row.recent_ms.filter((started) => started > now - SEND_WINDOW_MS);
  const holds = row.holds.filter((held) => Number(BigInt(held) / 1000n) > now - HOLD_LAPSE_MS);
  const granted = Math.min(wanted, Math.max(0, limit - recent.length - holds.length));
  const held = wanted - granted;
  // The window as it will stand, oldest first, holds reckoned as starting now: the i-th waiting send waits for the i-th to leave it.
  const occupied = [...recent.sort((a, b) => a - b), ...Array<number>(holds.length + granted).fill(now)];
  const retryAt = Array.from({ length: held }, (_, i) => new Date(occupied[i % limit] + SEND_WINDOW_MS * (1 + Math.floor(i / limit))));
  await manager.query(
    `UPDATE webhook_send_windows SET recent = ARRAY(SELECT to_timestamp(ms / 1000) FROM unnest($2::float8[]) ms), holds = $3::bigint[], throttled_total = throttled_total + $4 WHERE organisation_id = $5 AND webhook_id = $1`,
    [webhookId, recent, [...holds, ...Array<string>(granted).fill(row.now_us)], held, organisationId],
  );
  return { organisationId, webhookId, granted, heldAt: row.now_us, retryAt };
}

/**
 * Turns a claim's holds into recorded starts: called once its requests have started, so the time
 * it records (the database's clock as it runs) is at or after each real start.
 */
export async function recordStarts(dataSource: DataSource, claim: SendClaim): Promise<void> {
  if (claim.granted === 0) return;
  await dataSource.query(
    `UPDATE webhook_send_windows SET holds = array_remove(holds, $2::bigint), recent = recent || array_fill(clock_timestamp(), ARRAY[$3::int])
      WHERE organisation_id = $4 AND webhook_id = $1`,
    [claim.webhookId, claim.heldAt, claim.granted, claim.organisationId],
  );
}
