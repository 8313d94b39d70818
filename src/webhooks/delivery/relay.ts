import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { ChannelListener } from '../../db/channel-listener';
import { OUTBOX_CHANNEL } from '../../outbox/outbox';
import type { DeliveryQueue } from './delivery-queue';

const BATCH = 500;
/** A backstop for a missed notification (a listener reconnecting); NOTIFY normally wakes the relay at once. */
const IDLE_POLL_MS = 5_000;
const ERROR_BACKOFF_MS = 1_000;

/**
 * Turns committed outbox events into deliveries: one transaction claims a batch of unrelayed
 * events (FOR UPDATE SKIP LOCKED, so several relays share the work without waiting on each
 * other), creates a delivery for each active webhook of the event's workspace subscribed to its
 * type, enqueues their first attempts, and marks the events relayed. A crash anywhere in it rolls
 * it all back, and the next pass takes the same events again.
 */
export async function relayBatch(dataSource: DataSource, queue: DeliveryQueue, limit = BATCH): Promise<number> {
  return dataSource.transaction(async (manager) => {
    const rows: { delivery_id: string | null; event_count: number }[] = await manager.query(
      `WITH claimed AS (
         SELECT id, organisation_id, event_type FROM outbox_events
          WHERE relayed_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED
       ), marked AS (
         UPDATE outbox_events o SET relayed_at = now() FROM claimed c WHERE o.id = c.id RETURNING o.id
       ), deliveries AS (
         INSERT INTO webhook_deliveries (organisation_id, webhook_id, event_id, event_type, next_attempt_at)
         SELECT c.organisation_id, w.id, c.id, c.event_type, now()
           FROM claimed c
           JOIN webhooks w ON w.organisation_id = c.organisation_id AND w.deleted_at IS NULL AND w.active AND c.event_type = ANY(w.events)
          ORDER BY c.id, w.id
         RETURNING id
       )
       SELECT d.id AS delivery_id, (SELECT count(*) FROM marked)::int AS event_count
         FROM (SELECT 1) one LEFT JOIN deliveries d ON true`,
      [limit],
    );
    const deliveryIds = rows.flatMap((row) => (row.delivery_id === null ? [] : [row.delivery_id]));
    await queue.enqueue(manager, deliveryIds.map((deliveryId) => ({ deliveryId, attempt: 1 })));
    return rows[0]?.event_count ?? 0;
  });
}

/** The relay loop of a worker process: woken by NOTIFY on commit, draining in batches. */
export class OutboxRelay {
  private running = false;
  private readonly listener: ChannelListener;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: DeliveryQueue,
    databaseUrl: string,
    private readonly logger: Logger,
  ) {
    this.listener = new ChannelListener({ url: databaseUrl, channel: OUTBOX_CHANNEL, applicationName: 'campaign-partner-api/relay', logger, label: 'relay' });
  }

  start(): void {
    this.running = true;
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        await this.listener.listen();
        this.listener.takeNotifications();
        const relayed = await relayBatch(this.dataSource, this.queue);
        if (relayed < BATCH) await this.listener.sleep(IDLE_POLL_MS);
      } catch (error) {
        if (!this.running) break;
        this.logger.warn({ error: error instanceof Error ? error.message : String(error) }, 'relay pass failed; retrying');
        await this.listener.sleep(ERROR_BACKOFF_MS);
      }
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    this.listener.wake();
    await this.loop;
    await this.listener.close();
  }
}
