import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { ClaimedDeliveryJob, DeliveryQueue } from './delivery-queue';
import type { DeliveryTarget } from './delivery-target';
import { claimSends, recordStarts, type SendClaim } from './send-rate';

interface DueAttempt {
  job: ClaimedDeliveryJob;
  target: DeliveryTarget;
}

/**
 * Holds back the attempts of a batch that their webhook's rate limit does not allow now. A held
 * attempt is not made: its job is enqueued again, same attempt number, for when a slot frees, and
 * its delivery says it waited (`last_throttled_at`, `next_attempt_at`). So waiting is neither a
 * failure nor an attempt, and does not move the webhook toward being disabled. All of it commits
 * together; attempts of webhooks without a limit cost nothing here. Answers the attempts to make now
 * and the claims whose starts `StartRecorder` records once they have begun.
 */
export async function throttle<T extends DueAttempt>(dataSource: DataSource, queue: DeliveryQueue, logger: Logger, due: T[]): Promise<{ allowed: T[]; claims: Map<number, SendClaim> }> {
  const limited = new Map<number, T[]>();
  for (const attempt of due) {
    if (attempt.target.rate_limit === null) continue;
    const group = limited.get(attempt.target.webhook_id) ?? [];
    group.push(attempt);
    limited.set(attempt.target.webhook_id, group);
  }
  const claims = new Map<number, SendClaim>();
  if (limited.size === 0) return { allowed: due, claims };
  const held = new Set<T>();
  await dataSource.transaction(async (manager) => {
    // Webhooks in one order in every worker, so two batches never wait on each other's rows.
    for (const webhookId of [...limited.keys()].sort((a, b) => a - b)) {
      // Older deliveries first.
      const group = limited.get(webhookId)!.sort((a, b) => Number(BigInt(a.target.id) - BigInt(b.target.id)));
      const claim = await claimSends(manager, { organisationId: group[0].target.organisation_id, webhookId }, group[0].target.rate_limit!, group.length);
      claims.set(webhookId, claim);
      const { granted, retryAt } = claim;
      const waiting = group.slice(granted);
      if (waiting.length === 0) continue;
      for (const attempt of waiting) held.add(attempt);
      await manager.query(
        `UPDATE webhook_deliveries d SET next_attempt_at = v.retry_at, last_throttled_at = now(), updated_at = now()
           FROM unnest($1::bigint[], $2::timestamptz[]) AS v(id, retry_at) WHERE d.id = v.id`,
        [waiting.map((attempt) => attempt.target.id), retryAt],
      );
      await queue.enqueue(
        manager,
        waiting.map((attempt, i) => ({ deliveryId: attempt.target.id, attempt: attempt.job.attempt, startAfter: retryAt[i] })),
      );
      logger.info(
        { webhookId, rateLimit: group[0].target.rate_limit, held: waiting.length, deliveryIds: waiting.map((attempt) => attempt.target.id), until: retryAt[retryAt.length - 1] },
        'webhook deliveries wait for the rate limit',
      );
    }
  });
  return { allowed: held.size === 0 ? due : due.filter((attempt) => !held.has(attempt)), claims };
}

/**
 * Records the starts of each claim's requests once all of them have begun (or ended without
 * sending), so the time recorded is never earlier than a real start. `started` may be called more
 * than once for a send (when its request begins, and when its attempt ends): the first counts.
 */
export class StartRecorder {
  private readonly waiting = new Map<number, number>();
  private readonly recorded: Promise<void>[] = [];

  constructor(
    private readonly dataSource: DataSource,
    private readonly logger: Logger,
    private readonly claims: Map<number, SendClaim>,
    webhookIds: readonly number[],
  ) {
    for (const webhookId of webhookIds) if (claims.has(webhookId)) this.waiting.set(webhookId, (this.waiting.get(webhookId) ?? 0) + 1);
    // A claim none of whose attempts is sent (each was another job's to make) ends its holds now,
    // rather than keeping its slots taken until they lapse.
    for (const webhookId of claims.keys()) if (!this.waiting.has(webhookId)) this.record(webhookId);
  }

  /** A callback for one send: call it when its request begins, and again when its attempt ends. */
  starter(webhookId: number): () => void {
    let called = false;
    return () => {
      if (called || !this.waiting.has(webhookId)) return;
      called = true;
      const left = this.waiting.get(webhookId)! - 1;
      this.waiting.set(webhookId, left);
      if (left === 0) this.record(webhookId);
    };
  }

  private record(webhookId: number): void {
    this.recorded.push(
      recordStarts(this.dataSource, this.claims.get(webhookId)!).catch((error: unknown) => {
        // The holds stay and lapse by themselves: the webhook waits longer, never sends more.
        this.logger.warn({ webhookId, error: error instanceof Error ? error.message : String(error) }, 'webhook rate limit: starts not recorded');
      }),
    );
  }

  /** Settles once every recording begun has ended. */
  async settled(): Promise<void> {
    await Promise.all(this.recorded);
  }
}
