import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { WebhookSettings } from '../../config/config';
import type { SecretBox } from '../../secrets/secret-box';
import type { DestinationPolicy } from '../destination-guard';
import { Deliverer } from './deliverer';
import { EVENT_RETENTION_DAYS } from '../../events/event.service';
import type { DeliveryQueue } from './delivery-queue';
import { PartnerHttpClient } from './http-client';
import { OAuthTokens } from './oauth-tokens';
import { OutboxRelay } from './relay';

/** The log and the event feed keep as long as the feed promises. */
const RETENTION = `${EVENT_RETENTION_DAYS} days`;
/** A pending delivery this far past its due time has lost its job (retries spent, a job lost): it gets a new one. */
const STALE_AFTER = '15 minutes';
const SWEEP_BATCH = 500;
/** Attempts per pg-boss fetch (read and recorded together), and fetches in flight per process. */
const BATCH_SIZE = 25;
const CONCURRENT_BATCHES = 4;

export interface WebhookWorkerDeps {
  dataSource: DataSource;
  databaseUrl: string;
  queue: DeliveryQueue;
  secrets: SecretBox;
  settings: WebhookSettings;
  policy: DestinationPolicy;
  logger: Logger;
}

/** Deletes what is past retention: events (their deliveries and attempts go with them) and older deliveries. */
export async function pruneWebhookData(dataSource: DataSource): Promise<void> {
  await dataSource.query(`DELETE FROM webhook_deliveries WHERE created_at < now() - $1::interval`, [RETENTION]);
  await dataSource.query(`DELETE FROM outbox_events WHERE created_at < now() - $1::interval AND relayed_at IS NOT NULL`, [RETENTION]);
  // A rotated-out secret stops signing when it expires; it need not be kept after that.
  await dataSource.query(`UPDATE webhooks SET previous_secret_sealed = NULL, previous_secret_expires_at = NULL WHERE previous_secret_expires_at < now()`);
}

/**
 * The backstop of at-least-once: a delivery still pending well past its due time has no job
 * that will run it (pg-boss gave up retrying a job that could not record, or a job was lost), so
 * its next attempt is enqueued again. Answers how many were.
 */
export async function requeueStaleDeliveries(dataSource: DataSource, queue: DeliveryQueue): Promise<number> {
  return dataSource.transaction(async (manager) => {
    const [stale] = (await manager.query(
      `UPDATE webhook_deliveries SET next_attempt_at = now(), updated_at = now()
        WHERE id IN (SELECT id FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at < now() - $1::interval ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING id, attempt_count`,
      [STALE_AFTER, SWEEP_BATCH],
    )) as [{ id: string; attempt_count: number }[], number];
    await queue.enqueue(manager, stale.map((row) => ({ deliveryId: String(row.id), attempt: row.attempt_count + 1 })));
    return stale.length;
  });
}

/**
 * The webhook worker: the relay from the outbox, the delivery attempts, and housekeeping. Runs
 * in the API process by default (WORKER=true) and alone under `npm run worker`; any number of
 * them share one database.
 */
export class WebhookWorker {
  private readonly http: PartnerHttpClient;
  private readonly relay: OutboxRelay;
  private readonly deliverer: Deliverer;

  constructor(private readonly deps: WebhookWorkerDeps) {
    this.http = new PartnerHttpClient(deps.policy, deps.settings.timeoutMs);
    this.relay = new OutboxRelay(deps.dataSource, deps.queue, deps.databaseUrl, deps.logger);
    this.deliverer = new Deliverer(deps.dataSource, deps.queue, deps.secrets, this.http, new OAuthTokens(this.http), deps.settings, deps.logger);
  }

  async start(): Promise<void> {
    await this.deps.queue.work({ batchSize: BATCH_SIZE, concurrency: CONCURRENT_BATCHES }, (jobs) => this.deliverer.run(jobs));
    await this.deps.queue.scheduleHousekeeping(async () => {
      const requeued = await requeueStaleDeliveries(this.deps.dataSource, this.deps.queue);
      if (requeued > 0) this.deps.logger.warn({ requeued }, 'pending deliveries had lost their jobs; enqueued again');
      await pruneWebhookData(this.deps.dataSource);
    });
    this.relay.start();
    this.deps.logger.info('webhook worker running');
  }

  /** Stops taking work and lets attempts in flight finish. */
  async stop(): Promise<void> {
    await this.relay.stop();
    await this.deps.queue.stop();
    await this.http.close();
  }
}
