import type { EntityManager } from 'typeorm';

/**
 * A webhook's rate limit counts the requests started in any second. A send is counted from when
 * its slot is claimed; the request leaves a few milliseconds later (the claim commits, the body is
 * signed, the connection opens), so the window is held this much longer than a second: without
 * it, two sends claimed exactly a second apart could reach the receiver less than a second apart.
 */
export const SEND_WINDOW_MS = 1_000 + 50;

/** The slots a batch got: `granted` sends may start now; the rest wait, each until its `retryAt`. */
export interface SendClaim {
  granted: number;
  /** For each send held back, in order: when a slot frees for it. */
  retryAt: Date[];
}

/**
 * The sliding window of one webhook's sends, as its row of `webhook_send_windows` keeps it: the
 * start times of the sends of the last window, at most `limit` of them. `wanted` sends claim the
 * free slots; those held back are told when slots free (the oldest sends leave the window first;
 * past `limit` waiting, a whole window later per round), and counted in `throttled_total`.
 *
 * Runs in the caller's transaction; the row is the lock, so any number of workers share one limit,
 * and time is the database's clock, which they share too.
 */
export async function claimSends(manager: EntityManager, webhookId: number, limit: number, wanted: number): Promise<SendClaim> {
  // Locks the row (made on first use), then reads the clock: the time is taken once the lock is held.
  const [row] = (await manager.query(
    `INSERT INTO webhook_send_windows (webhook_id) VALUES ($1)
     ON CONFLICT (webhook_id) DO UPDATE SET webhook_id = EXCLUDED.webhook_id
     RETURNING ARRAY(SELECT extract(epoch FROM sent) * 1000 FROM unnest(recent) sent)::float8[] AS recent_ms, extract(epoch FROM clock_timestamp()) * 1000 AS now_ms`,
    [webhookId],
  )) as { recent_ms: number[]; now_ms: number }[];
  const now = Number(row.now_ms);
  const kept = row.recent_ms.filter((sent) => sent > now - SEND_WINDOW_MS).sort((a, b) => a - b);
  const granted = Math.min(wanted, Math.max(0, limit - kept.length));
  const window = [...kept, ...Array<number>(granted).fill(now)];
  const held = wanted - granted;
  // Held back only when the window is full (`limit` sends): the i-th waits for the i-th oldest to leave it.
  const retryAt = Array.from({ length: held }, (_, i) => new Date(window[i % limit] + SEND_WINDOW_MS * (1 + Math.floor(i / limit))));
  await manager.query(
    `UPDATE webhook_send_windows SET recent = ARRAY(SELECT to_timestamp(ms / 1000) FROM unnest($2::float8[]) ms), throttled_total = throttled_total + $3 WHERE webhook_id = $1`,
    [webhookId, window, held],
  );
  return { granted, retryAt };
}
