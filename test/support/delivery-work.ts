import { DELIVERY_QUEUE } from '../../src/webhooks/delivery/delivery-queue';
import type { TestApp } from './test-app';
import { eventually } from './webhook-receiver';

/**
 * What the webhook worker still has to do, read from the database: a test that claims a receiver
 * got nothing (more) first waits for this to be none, rather than sleeping and hoping the worker
 * was quick enough.
 */
export interface DeliveryWork {
  /** Committed outbox events (any workspace) the relay has not yet turned into deliveries. */
  unrelayedEvents: number;
  /** Deliveries to the given webhooks still pending (an attempt due or a retry scheduled). */
  pendingDeliveries: number;
  /** Attempt jobs of those deliveries that pg-boss has yet to run, is retrying or is running. */
  unfinishedJobs: number;
}

/** The pg-boss job states of one delivery's attempt jobs, oldest first (`created`, `active`, `completed`, …). */
export async function attemptJobStates(app: TestApp, deliveryId: number | string): Promise<string[]> {
  const rows: { state: string }[] = await app.dataSource.query(`SELECT state::text AS state FROM pgboss.job WHERE name = $1 AND data->>'deliveryId' = $2 ORDER BY created_on, id`, [
    DELIVERY_QUEUE,
    String(deliveryId),
  ]);
  return rows.map((row) => row.state);
}

/**
 * Webhook workers attached to the app's database, counted by their relay's LISTEN session (every
 * worker runs one, src/webhooks/delivery/relay.ts): 0 means nothing will work the delivery queue.
 */
export async function runningWorkers(app: TestApp): Promise<number> {
  const [{ count }] = await app.dataSource.query(
    `SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'campaign-partner-api/relay'`,
  );
  return count;
}

export async function deliveryWork(app: TestApp, webhookIds: readonly number[]): Promise<DeliveryWork> {
  const [row] = await app.dataSource.query(
    `SELECT (SELECT count(*) FROM outbox_events WHERE relayed_at IS NULL)::int AS "unrelayedEvents",
            (SELECT count(*) FROM webhook_deliveries WHERE webhook_id = ANY($1) AND status = 'pending')::int AS "pendingDeliveries",
            (SELECT count(*) FROM pgboss.job j JOIN webhook_deliveries d ON d.id = (j.data->>'deliveryId')::bigint
              WHERE j.name = $2 AND j.state IN ('created', 'retry', 'active') AND d.webhook_id = ANY($1))::int AS "unfinishedJobs"`,
    [webhookIds, DELIVERY_QUEUE],
  );
  return row;
}

/**
 * Waits until the worker has done everything it will do for the given webhooks: every committed
 * event relayed (so every delivery the relay would make exists, relayed_at being set in the
 * transaction that makes them), every delivery to them succeeded or failed, and no attempt job of
 * theirs left to run or running (a job completes only after its request was answered or gave up,
 * so every request it made has reached the receiver). What their receivers got by then is all
 * they will get.
 */
export async function deliveryWorkDone(app: TestApp, webhookIds: readonly number[], timeoutMs = 15_000): Promise<void> {
  await eventually(
    () => deliveryWork(app, webhookIds),
    (work) => work.unrelayedEvents === 0 && work.pendingDeliveries === 0 && work.unfinishedJobs === 0,
    timeoutMs,
  );
}
