import type { EntityManager } from 'typeorm';
import { recordEvent } from '../../outbox/outbox';
import type { DeliveryTarget } from './delivery-target';

/** One answered attempt, as far as its webhook's health goes. */
export interface HealthSignal {
  target: Pick<DeliveryTarget, 'webhook_id' | 'organisation_id'>;
  succeeded: boolean;
  /** The receiver answered 410 Gone. */
  gone: boolean;
  startedAt: Date;
}

/**
 * Per webhook, decided in SQL on the rows as they are now (another batch may have moved them
 * since this one was read): a success clears the failing streak; a failure starts one unless it
 * runs; a 410, or a streak of `disableAfterSeconds`, disables the webhook with a
 * `webhook_disabled` event. Webhooks are updated in id order, so concurrent batches cannot deadlock.
 * Only answers from (or failures to reach) the receiver count: a ping, or an attempt interrupted
 * on our side, says nothing about the receiver and is not passed here.
 */
export async function trackWebhookHealth(manager: EntityManager, disableAfterSeconds: number, signals: readonly HealthSignal[]): Promise<void> {
  const byWebhook = new Map<number, HealthSignal[]>();
  for (const signal of signals) byWebhook.set(signal.target.webhook_id, [...(byWebhook.get(signal.target.webhook_id) ?? []), signal]);
  const ids = [...byWebhook.keys()].sort((a, b) => a - b);
  const gone = ids.filter((id) => byWebhook.get(id)!.some((signal) => signal.gone));
  const recovered = ids.filter((id) => !gone.includes(id) && byWebhook.get(id)!.some((signal) => signal.succeeded));
  const failing = ids.filter((id) => !gone.includes(id) && !recovered.includes(id));

  if (recovered.length > 0) await manager.query(`UPDATE webhooks SET failing_since = NULL WHERE id = ANY($1) AND failing_since IS NOT NULL`, [recovered]);
  if (failing.length > 0) {
    const at = failing.map((id) => byWebhook.get(id)![0].startedAt);
    // UPDATE … RETURNING answers [rows, count] through TypeORM.
    const [streaks] = (await manager.query(
      `UPDATE webhooks w SET failing_since = COALESCE(w.failing_since, v.at)
         FROM unnest($1::int[], $2::timestamptz[]) AS v(id, at)
        WHERE w.id = v.id AND w.active
        RETURNING w.id, w.failing_since, v.at`,
      [failing, at],
    )) as [{ id: number; failing_since: Date; at: Date }[], number];
    for (const streak of streaks) {
      const failingFor = (streak.at.getTime() - streak.failing_since.getTime()) / 1000;
      if (failingFor >= disableAfterSeconds) {
        await disable(manager, byWebhook.get(streak.id)![0].target, `every attempt failed for ${Math.round(failingFor / 3600)} h (since ${streak.failing_since.toISOString()})`);
      }
    }
  }
  for (const id of gone) await disable(manager, byWebhook.get(id)![0].target, 'the receiver answered 410 Gone');
}

async function disable(manager: EntityManager, target: HealthSignal['target'], reason: string): Promise<void> {
  const [disabled] = (await manager.query(
    `UPDATE webhooks SET active = false, disabled_reason = $2, failing_since = NULL, updated_at = now() WHERE id = $1 AND active RETURNING id`,
    [target.webhook_id, reason],
  )) as [unknown[], number];
  if (disabled.length === 0) return;
  await recordEvent(manager, { organisationId: target.organisation_id, requestId: null }, {
    type: 'webhook_disabled',
    resourceId: target.webhook_id,
    payload: { webhook_id: target.webhook_id, reason },
  });
}
