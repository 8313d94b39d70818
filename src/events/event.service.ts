import type { DataSource, SelectQueryBuilder } from 'typeorm';
import { NotFoundError } from '../common/errors';
import { parseBigIdOrNotFound, parseId, type RecordId } from '../common/ids';
import { type ConnectionRequest, type ConnectionSlice, fetchNewestFirst, fetchPage, type PageRequest, type PageSlice } from '../common/pagination';
import type { RequestContext } from '../common/request-context';
import { assertAllValid } from '../common/validation';
import { OutboxEvent } from '../outbox/outbox-event.entity';
import { EventFilter } from './event.input';

/** Resource name of NOT_FOUND messages (`Event not found`). */
const EVENT = 'Event';
/** The feed keeps what the worker's housekeeping keeps; older events are gone or about to go. */
export const EVENT_RETENTION_DAYS = 30;

/**
 * The workspace's events as a feed, the same events (and ids) webhooks deliver: a partner that
 * was down pulls what it missed, newest first, and de-duplicates by id.
 */
export class EventService {
  constructor(private readonly dataSource: DataSource) {}

  async list(ctx: RequestContext, filter: EventFilter, page: PageRequest): Promise<PageSlice<OutboxEvent>> {
    await assertAllValid(filter, page);
    return fetchPage(this.filtered(ctx, filter).orderBy('e.id', 'DESC'), page);
  }

  /** `id` as either face sends it; event ids are bigints, so ids past 2^31 name events too. */
  async get(ctx: RequestContext, rawId: RecordId): Promise<OutboxEvent> {
    const id = parseBigIdOrNotFound(rawId, EVENT);
    const event = await this.feed(ctx).andWhere('e.id = :id', { id }).getOne();
    if (!event) throw new NotFoundError(EVENT);
    return event;
  }

  /** For DataLoader: the feed's events among `ids` in one statement; pruned, older or foreign ids are simply absent. */
  async findByIds(ctx: RequestContext, ids: readonly string[]): Promise<OutboxEvent[]> {
    return this.feed(ctx).andWhere('e.id = ANY(:ids)', { ids: [...ids] }).getMany();
  }

  private feed(ctx: RequestContext): SelectQueryBuilder<OutboxEvent> {
    return this.dataSource.manager
      .createQueryBuilder(OutboxEvent, 'e')
      .where('e.organisationId = :organisationId', { organisationId: ctx.organisationId })
      .andWhere(`e.createdAt > now() - interval '${EVENT_RETENTION_DAYS} days'`);
  }

  private filtered(ctx: RequestContext, filter: EventFilter): SelectQueryBuilder<OutboxEvent> {
    const query = this.feed(ctx);
    if (filter.type) query.andWhere('e.eventType = :type', { type: filter.type });
    if (filter.resourceType) query.andWhere('e.resourceType = :resourceType', { resourceType: filter.resourceType });
    if (filter.resourceId !== undefined) query.andWhere('e.resourceId = :resourceId', { resourceId: parseId(filter.resourceId) });
    if (filter.createdAfter) query.andWhere('e.createdAt > :createdAfter', { createdAfter: filter.createdAfter });
    return query;
  }

  /** The feed as a GraphQL connection, newest first, always (see `fetchNewestFirst`). */
  async connection(ctx: RequestContext, filter: EventFilter, request: ConnectionRequest): Promise<ConnectionSlice<OutboxEvent>> {
    await assertAllValid(filter, request);
    return fetchNewestFirst(this.filtered(ctx, filter), request);
  }
}
