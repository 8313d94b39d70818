import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { WebhookSettings } from '../../config/config';
import type { SecretBox } from '../../secrets/secret-box';
import type { DestinationPolicy } from '../destination-guard';
import { Deliverer } from './deliverer';
import type { DeliveryQueue } from './delivery-queue';
import { PartnerHttpClient } from './http-client';
import { OAuthTokens } from './oauth-tokens';
import { OutboxRelay } from './relay';

/** The log and the event feed keep 30 days. */
const RETENTION = '30 days';
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
    await this.deps.queue.schedulePruning(() => pruneWebhookData(this.deps.dataSource));
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
