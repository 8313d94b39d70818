import type { DataSource, SelectQueryBuilder } from 'typeorm';
import { NotFoundError } from '../common/errors';
import { parseBigIdOrNotFound, type RecordId } from '../common/ids';
import type { RequestContext } from '../common/request-context';
import type { ListSlice, PageSlice } from '../db/lists/list-engine';
import type { ConnectionRequest, PageRequest } from '../db/lists/list-request';
import { WorkspaceList } from '../db/lists/workspace-list';
import { OutboxEvent } from '../outbox/outbox-event.entity';
import { readableResourceTypes } from './event-catalogue';
import { eventList } from './event.list';

/** Resource name of NOT_FOUND messages (`Event not found`). */
const EVENT = 'Event';
/** The feed keeps what the worker's housekeeping keeps; older events are gone or about to go. */
export const EVENT_RETENTION_DAYS = 30;

/**
 * The workspace's events as a feed, the same events (and ids) webhooks deliver: a partner that
 * was down pulls what it missed, newest first, and de-duplicates by id.
 */
export class EventService {
  private readonly events: WorkspaceList<OutboxEvent>;

  constructor(dataSource: DataSource) {
    this.events = new WorkspaceList(dataSource, OutboxEvent, 'e', eventList, visibleEvents);
  }

  list(ctx: RequestContext, request: PageRequest): Promise<PageSlice<OutboxEvent>> {
    return this.events.page(ctx, request);
  }

  /** The feed as a GraphQL connection, newest first, always. */
  connection(ctx: RequestContext, request: ConnectionRequest): Promise<ListSlice<OutboxEvent>> {
    return this.events.connection(ctx, request);
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
    return this.events.rows(ctx);
  }
}

/**
 * The events a key is shown, in the feed and the stream: those of the retention window, about
 * records of groups the key can read (a `campaigns:read` key without `accounts:read` sees no
 * account's events).
 */
export function visibleEvents(query: SelectQueryBuilder<OutboxEvent>, ctx: RequestContext): SelectQueryBuilder<OutboxEvent> {
  query.andWhere(`${query.alias}.createdAt > now() - interval '${EVENT_RETENTION_DAYS} days'`);
  const readable = readableResourceTypes(ctx.scopes);
  return readable ? query.andWhere(`${query.alias}.resourceType = ANY(:readableResourceTypes)`, { readableResourceTypes: readable }) : query;
}
