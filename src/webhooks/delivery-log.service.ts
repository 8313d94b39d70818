import type { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { NotFoundError, ValidationFailedError } from '../common/errors';
import { parseBigIdOrNotFound, parseIdOrNotFound, type RecordId } from '../common/ids';
import { toInstant } from '../common/instant';
import type { RequestContext } from '../common/request-context';
import { validationProblems } from '../common/validation';
import { fetchListConnection, fetchListPage, type ListSlice, type PageSlice } from '../db/lists/list-engine';
import type { ConnectionRequest, PageRequest } from '../db/lists/list-request';
import { tenantQuery } from '../db/tenant-scope';
import { EVENT_RETENTION_DAYS } from '../events/event.service';
import { recordEvent } from '../outbox/outbox';
import type { DeliveryQueue } from './delivery/delivery-queue';
import { deliveryList } from './delivery.list';
import { OPEN_ATTEMPT, WebhookDeliveryAttempt } from './webhook-delivery-attempt.entity';
import { DeliveryStatus, WebhookDelivery } from './webhook-delivery.entity';
import { lockWebhook, WEBHOOK, webhookIncludingDeleted } from './webhook-lookup';
import { WebhookRecoverInput } from './webhook.input';

/** Resource name of a delivery's NOT_FOUND; GraphQL reads it to name the argument of a redelivery's NOT_FOUND. */
export const DELIVERY = 'Webhook delivery';
const DAY_MS = 24 * 60 * 60 * 1000;
const PING = 'ping';

/** What `recover` resent: one new delivery per event. */
export interface Recovery {
  recovered: number;
}

/**
 * A webhook's delivery log and what puts deliveries into it on request: test pings, redeliveries
 * and recoveries. Deliveries themselves are made by the worker (delivery/), never in a request.
 */
export class DeliveryLogService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: DeliveryQueue,
  ) {}

  /** Sends a `ping` event to this webhook now (active or not), as one delivery with a single attempt. */
  async test(ctx: RequestContext, rawId: RecordId): Promise<WebhookDelivery> {
    const id = parseIdOrNotFound(rawId, WEBHOOK);
    return this.dataSource.transaction(async (manager) => {
      const webhook = await lockWebhook(manager, ctx, id, 'share');
      const ping = { type: PING, resourceId: webhook.id, payload: { webhook_id: webhook.id, message: 'A test event sent on request; reply 2xx to show the receiver works.' } } as const;
      const event = await recordEvent(manager, ctx, ping, { direct: true });
      return this.newDelivery(manager, ctx, webhook.id, event.id, PING);
    });
  }

  /** The log as numbered pages, newest first (REST's `?page`/`?per_page`). */
  async deliveries(ctx: RequestContext, rawWebhookId: RecordId, request: PageRequest): Promise<PageSlice<WebhookDelivery>> {
    const webhookId = parseIdOrNotFound(rawWebhookId, WEBHOOK);
    return fetchListPage(await this.deliveryLog(ctx, webhookId), deliveryList, request);
  }

  /** The log as a keyset connection, newest first, always (GraphQL's `Webhook.deliveries`). */
  async deliveryConnection(ctx: RequestContext, webhookId: number, request: ConnectionRequest): Promise<ListSlice<WebhookDelivery>> {
    return fetchListConnection(await this.deliveryLog(ctx, webhookId), deliveryList, request);
  }

  /** For DataLoader: the workspace's deliveries among `ids` (a deleted webhook's log stays readable, as `delivery` reads it). */
  async findDeliveriesByIds(ctx: RequestContext, ids: readonly string[]): Promise<WebhookDelivery[]> {
    return tenantQuery(this.dataSource.manager, WebhookDelivery, 'd', ctx).andWhere('d.id = ANY(:ids)', { ids: [...ids] }).getMany();
  }

  /** For DataLoader: the attempts of many deliveries in one statement, by delivery, then oldest first; an attempt in flight is not listed until it ends. */
  async attemptsOf(ctx: RequestContext, deliveryIds: readonly string[]): Promise<WebhookDeliveryAttempt[]> {
    return tenantQuery(this.dataSource.manager, WebhookDeliveryAttempt, 'a', ctx)
      .andWhere('a.deliveryId = ANY(:deliveryIds)', { deliveryIds: [...deliveryIds] })
      .andWhere('a.outcome <> :open', { open: OPEN_ATTEMPT })
      .orderBy('a.deliveryId', 'ASC')
      .addOrderBy('a.attemptNo', 'ASC')
      .getMany();
  }

  /** One delivery with every attempt that has ended, oldest first (one in flight is listed once it ends, or is found interrupted). */
  async delivery(ctx: RequestContext, rawWebhookId: RecordId, rawDeliveryId: RecordId): Promise<WebhookDelivery> {
    const webhookId = parseIdOrNotFound(rawWebhookId, WEBHOOK);
    const deliveryId = parseBigIdOrNotFound(rawDeliveryId, DELIVERY);
    await webhookIncludingDeleted(this.dataSource.manager, ctx, webhookId);
    const delivery = await this.dataSource.manager
      .createQueryBuilder(WebhookDelivery, 'd')
      .leftJoinAndSelect('d.attempts', 'a', 'a.outcome <> :open', { open: OPEN_ATTEMPT })
      .where('d.organisationId = :organisationId AND d.webhookId = :webhookId AND d.id = :deliveryId', { organisationId: ctx.organisationId, webhookId, deliveryId })
      .orderBy('a.attemptNo', 'ASC')
      .getOne();
    if (!delivery) throw new NotFoundError(DELIVERY);
    return delivery;
  }

  /** Delivers the same event (same `webhook-id`) again, as a new delivery with a fresh schedule. */
  async redeliver(ctx: RequestContext, rawWebhookId: RecordId, rawDeliveryId: RecordId): Promise<WebhookDelivery> {
    const webhookId = parseIdOrNotFound(rawWebhookId, WEBHOOK);
    const deliveryId = parseBigIdOrNotFound(rawDeliveryId, DELIVERY);
    const original = await this.delivery(ctx, webhookId, deliveryId);
    return this.dataSource.transaction(async (manager) => {
      const webhook = await lockWebhook(manager, ctx, webhookId, 'share');
      // A disabled webhook's deliveries stop at their next attempt: queuing one would only fail it.
      if (!webhook.active && original.eventType !== PING) throw ValidationFailedError.single('webhookId', 'is disabled; enable it, then redeliver');
      return this.newDelivery(manager, ctx, webhookId, original.eventId, original.eventType);
    });
  }

  /**
   * After a receiver's outage: one new delivery (same event, same `webhook-id`, fresh attempts) for
   * every event of [since, until) whose delivery to this webhook failed, unless the event already
   * has a delivery pending or succeeded, so a second recover in a row sends nothing twice. Test
   * pings are not resent. The webhook is locked for the whole recovery: two recoveries run one
   * after the other, and the second sees what the first queued.
   */
  async recover(ctx: RequestContext, rawWebhookId: RecordId, input: WebhookRecoverInput): Promise<Recovery> {
    const webhookId = parseIdOrNotFound(rawWebhookId, WEBHOOK);
    const { since, until } = await recoveryWindow(input);
    return this.dataSource.transaction(async (manager) => {
      const webhook = await lockWebhook(manager, ctx, webhookId, 'update');
      if (!webhook.active) throw ValidationFailedError.single('id', 'is disabled; enable it, then recover');
      const queued = (await manager.query(
        `INSERT INTO webhook_deliveries (organisation_id, webhook_id, event_id, event_type, status, next_attempt_at)
         SELECT $1, $2, f.event_id, f.event_type, $5, now()
           FROM (SELECT DISTINCT d.event_id, d.event_type
                   FROM webhook_deliveries d
                   JOIN outbox_events e ON e.id = d.event_id
                  WHERE d.organisation_id = $1 AND d.webhook_id = $2 AND d.status = $6 AND d.event_type <> $7
                    AND e.created_at >= $3 AND ($4::timestamptz IS NULL OR e.created_at < $4)
                    AND NOT EXISTS (SELECT 1 FROM webhook_deliveries n
                                     WHERE n.event_id = d.event_id AND n.webhook_id = d.webhook_id AND n.status IN ($5, $8))) f
          ORDER BY f.event_id
         RETURNING id`,
        [ctx.organisationId, webhookId, since, until, DeliveryStatus.PENDING, DeliveryStatus.FAILED, PING, DeliveryStatus.SUCCEEDED],
      )) as { id: string }[];
      await this.queue.enqueue(manager, queued.map((row) => ({ deliveryId: String(row.id), attempt: 1 })));
      return { recovered: queued.length };
    });
  }

  private async newDelivery(manager: EntityManager, ctx: RequestContext, webhookId: number, eventId: string, eventType: string): Promise<WebhookDelivery> {
    const inserted = await manager.insert(WebhookDelivery, { organisationId: ctx.organisationId, webhookId, eventId, eventType, status: DeliveryStatus.PENDING, nextAttemptAt: new Date() });
    const id = String(inserted.identifiers[0].id);
    await this.queue.enqueue(manager, [{ deliveryId: id, attempt: 1 }]);
    return manager.findOneOrFail(WebhookDelivery, { where: { id, organisationId: ctx.organisationId }, relations: { attempts: true } });
  }

  /** A webhook's log (also of a deleted webhook), filtered, unordered; NotFoundError when the webhook is not this workspace's. */
  private async deliveryLog(ctx: RequestContext, webhookId: number): Promise<SelectQueryBuilder<WebhookDelivery>> {
    await webhookIncludingDeleted(this.dataSource.manager, ctx, webhookId);
    return this.dataSource.manager
      .createQueryBuilder(WebhookDelivery, 'd')
      .where('d.organisationId = :organisationId AND d.webhookId = :webhookId', { organisationId: ctx.organisationId, webhookId });
  }
}

/** [since, until) as instants: `since` is required, before `until`, and within the log's retention. */
async function recoveryWindow(given: WebhookRecoverInput): Promise<{ since: Date; until: Date | null }> {
  // GraphQL passes its arguments as they are; the rules are the input class's.
  const input = Object.assign(new WebhookRecoverInput(), given);
  const problems = await validationProblems(input, ['since']);
  problems.throwIfAny();
  const since = toInstant(input.since!);
  const until = input.until === undefined || input.until === null ? null : toInstant(input.until);
  if (until && since >= until) problems.add('since', 'must be before until');
  if (since.getTime() < Date.now() - EVENT_RETENTION_DAYS * DAY_MS) problems.add('since', `must be within the last ${EVENT_RETENTION_DAYS} days: the delivery log keeps ${EVENT_RETENTION_DAYS} days`);
  problems.throwIfAny();
  return { since, until };
}
