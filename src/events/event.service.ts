import type { DataSource, SelectQueryBuilder } from 'typeorm';
import { NotFoundError, ValidationFailedError } from '../common/errors';
import { parseBigId, parseId } from '../common/ids';
import { type ConnectionRequest, type ConnectionSlice, fetchPage, type PageRequest, type PageSlice } from '../common/pagination';
import type { RequestContext } from '../common/request-context';
import { assertAllValid } from '../common/validation';
import { OutboxEvent } from '../outbox/outbox-event.entity';
import { EventFilter } from './event.input';

/** Resource name of NOT_FOUND messages (`Event not found`), shared with the faces. */
export const EVENT = 'Event';
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

  async get(ctx: RequestContext, id: string): Promise<OutboxEvent> {
    const event = await this.feed(ctx).andWhere('e.id = :id', { id }).getOne();
    if (!event) throw new NotFoundError(EVENT);
    return event;
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

  /**
   * The feed as a GraphQL connection, newest first, always. Keyset on the id alone, since the id
   * is the feed's order; `fetchConnection` cannot serve it, its cursors hold 32-bit ids and these
   * are bigints. `request.property` and `request.direction` are not used.
   */
  async connection(ctx: RequestContext, filter: EventFilter, request: ConnectionRequest): Promise<ConnectionSlice<OutboxEvent>> {
    await assertAllValid(filter, request);
    const query = this.filtered(ctx, filter);
    if (request.after !== undefined) query.andWhere('e.id < :afterId', { afterId: decodeEventCursor(request.after) });
    const rows = await query.orderBy('e.id', 'DESC').limit(request.first + 1).getMany();
    return {
      items: rows.slice(0, request.first).map((node) => ({ node, cursor: encodeEventCursor(node.id) })),
      hasNextPage: rows.length > request.first,
      hasPreviousPage: request.after !== undefined,
    };
  }
}

/** The shape of the other lists' cursors (base64url JSON `[property, value, id]`), so clients see one kind. */
function encodeEventCursor(id: string): string {
  return Buffer.from(JSON.stringify(['id', Number(id), Number(id)])).toString('base64url');
}

function decodeEventCursor(cursor: string): string {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(decoded) && decoded.length === 3 && decoded[0] === 'id' && typeof decoded[2] === 'number' && decoded[1] === decoded[2]) {
      const id = parseBigId(decoded[2]);
      if (id !== null) return id;
    }
  } catch {
    // reported below
  }
  throw ValidationFailedError.single('after', 'is not a cursor of this list in this order');
}
