import type { DataSource, SelectQueryBuilder } from 'typeorm';
import { CursorExpiredError } from '../../common/errors';
import type { RequestContext } from '../../common/request-context';
import type { FieldErrorCollector } from '../../common/validation';
import { applyFilters, groupsOf, lazy, type Lazy } from '../../db/lists/list-engine';
import type { AggregateGroup, GroupedSelection } from '../../db/lists/list-aggregates';
import { type CheckedFilters, sizeProblem } from '../../db/lists/list-request';
import { tenantQuery } from '../../db/tenant-scope';
import { OutboxEvent } from '../../outbox/outbox-event.entity';
import { eventList } from '../event.list';
import { EVENT_RETENTION_DAYS, visibleEvents } from '../event.service';
import { committedAfter, HANDOUT_BOUND } from './committed-events';
import { decodeStreamCursor, type StreamPosition, streamCursorOf } from './stream-cursor';

/** The most events one read of the stream returns; GraphQL's `first` is held to its own lists' maximum. */
export const MAX_STREAM_LIMIT = 500;
export const DEFAULT_STREAM_LIMIT = 100;

/** A read of the stream as a face asks for it: `after` and `limit` as given, the filters already judged. */
export interface StreamArgs {
  after?: string | null;
  limit?: number | null;
  filters: CheckedFilters;
}

/** A judged read: where to start, how many, which events. */
export interface StreamRequest {
  after?: StreamPosition;
  /** The cursor the client gave, answered back when nothing came after it. */
  afterCursor?: string;
  limit: number;
  filters: CheckedFilters;
}

export interface StreamPage {
  events: OutboxEvent[];
  /** The last event's cursor, or the one asked from when none came (null when neither). */
  nextCursor: string | null;
  /** False at the live end: nothing more is committed yet. */
  hasMore: boolean;
  /** Events of the stream matching the filters, committed and visible now, wherever the read starts (read only when asked for). */
  total: Lazy<number>;
  /** The aggregates of those events, in groups. */
  aggregates(request: GroupedSelection): Promise<AggregateGroup[]>;
}

/**
 * Judges a read: `limit` 1 to `maxLimit` (filed under `limitField`, each face's name for it),
 * `after` a stream cursor. Problems go to `problems`, for the face to refuse with its other ones.
 */
export function streamRequest(args: StreamArgs, problems: FieldErrorCollector, maxLimit: number, limitField: string): StreamRequest {
  let after: StreamPosition | undefined;
  if (args.after !== undefined && args.after !== null) {
    try {
      after = decodeStreamCursor(args.after, 'after');
    } catch (error) {
      problems.absorbError(error);
    }
  }
  const limit = args.limit ?? DEFAULT_STREAM_LIMIT;
  const limitProblem = sizeProblem(limit, maxLimit);
  if (limitProblem) problems.add(limitField, limitProblem);
  return { after, afterCursor: after ? (args.after ?? undefined) : undefined, limit, filters: args.filters };
}

/** Milliseconds the stream keeps events for: the feed's days. */
const RETENTION_MS = EVENT_RETENTION_DAYS * 24 * 3600 * 1000;

/**
 * The workspace's change stream (pull): its events of the last 30 days in commit order
 * (committed-events.ts), from a cursor, exactly once each.
 */
export class EventStreamService {
  constructor(private readonly dataSource: DataSource) {}

  /** A cursor older than the stream keeps is refused (CURSOR_EXPIRED): what it pointed at may be gone. */
  assertKept(after: StreamPosition | undefined): void {
    if (after && after.createdAt < Date.now() - RETENTION_MS) throw new CursorExpiredError(EVENT_RETENTION_DAYS);
  }

  async read(ctx: RequestContext, request: StreamRequest): Promise<StreamPage> {
    this.assertKept(request.after);
    const rows = await committedAfter(this.matching(ctx, request.filters), request.after, request.limit + 1).getMany();
    const events = rows.slice(0, request.limit);
    const last = events.at(-1);
    return {
      events,
      nextCursor: last ? streamCursorOf(last) : (request.afterCursor ?? null),
      hasMore: rows.length > request.limit,
      total: lazy(async () => {
        const row = await this.committed(ctx, request.filters).select('COUNT(*)::int', 'count').getRawOne<{ count: number }>();
        return row?.count ?? 0;
      }),
      aggregates: (aggregated) => groupsOf(this.committed(ctx, request.filters), eventList, aggregated),
    };
  }

  /**
   * The events after `after` up to `upTo` (inclusive) matching the filters, at most `limit`: how a
   * subscription resuming from a cursor catches up to where live events take over.
   */
  between(ctx: RequestContext, filters: CheckedFilters, after: StreamPosition, upTo: StreamPosition, limit: number): Promise<OutboxEvent[]> {
    return committedAfter(this.matching(ctx, filters), after, limit, upTo).getMany();
  }

  /** The events of `matching` committed now: what the stream's counts and aggregates cover. */
  private committed(ctx: RequestContext, filters: CheckedFilters): SelectQueryBuilder<OutboxEvent> {
    return this.matching(ctx, filters).andWhere(`e.txid < ${HANDOUT_BOUND}`);
  }

  /** The workspace's events of the stream's days the key may see, matching the filters. */
  private matching(ctx: RequestContext, filters: CheckedFilters): SelectQueryBuilder<OutboxEvent> {
    return applyFilters(visibleEvents(tenantQuery(this.dataSource.manager, OutboxEvent, 'e', ctx), ctx), eventList, filters);
  }
}
