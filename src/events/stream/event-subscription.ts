import { SlowConsumerError } from '../../common/errors';
import type { RequestContext } from '../../common/request-context';
import { recordMatches } from '../../db/lists/in-memory';
import type { CheckedFilters } from '../../db/lists/list-request';
import type { OutboxEvent } from '../../outbox/outbox-event.entity';
import { readableResourceTypes } from '../event-catalogue';
import { eventList } from '../event.list';
import type { CallbackSource, SourceCallback } from '../../graphql/subscriptions/direct-delivery';
import { comparePositions, encodeStreamCursor, positionOf, type StreamPosition } from './stream-cursor';

/** Events read per statement while a resuming subscription catches up. */
const CATCH_UP_PAGE = 500;

export interface EventSubscriptionOptions {
  ctx: RequestContext;
  filters: CheckedFilters;
  /** Where the subscriber starts: the cursor it resumes from, or the stream's head when it subscribed. */
  from: StreamPosition;
  /** Where live events take over: the hub hands this subscription every event after it. */
  seam: StreamPosition;
  maxBuffered: number;
  /** The stream's events after `from` up to `upTo`, matching the filters (EventStreamService.between). */
  readBetween(from: StreamPosition, upTo: StreamPosition, limit: number): Promise<OutboxEvent[]>;
  onSlow(): void;
  onEnd(subscription: EventSubscription): void;
}

/**
 * One subscriber's events, in stream order: first those committed between where it starts and the
 * seam, if any (read page by page as the subscriber takes them), then the live ones the
 * hub offers, which wait here until taken. Past `maxBuffered` waiting events the subscription ends
 * with SLOW_CONSUMER and the cursor of the last event taken, and its buffer is dropped: memory
 * stays bounded, and the subscriber resumes from there with nothing lost.
 */
export class EventSubscription implements AsyncIterableIterator<OutboxEvent>, CallbackSource<OutboxEvent> {
  readonly organisationId: number;
  private readonly buffer: OutboxEvent[] = [];
  /** The first waiting event's index in `buffer` (taken events are not shifted out one by one). */
  private head = 0;
  /** Where the subscriber stood before `lastTaken`: where it started, or an event taken earlier. */
  private takenBefore: StreamPosition;
  /** The last event taken; its position is worked out only when asked for (a live event is taken by a thousand subscribers). */
  private lastTaken: OutboxEvent | undefined;
  /** Live events at or before this were (or will be) read in the catch-up, or came before `from`. */
  private readonly floor: StreamPosition;
  /** An offered event was after the floor (so all later ones are). */
  private pastFloor = false;
  /** Still reading the stream up to the seam. */
  private catchingUp: boolean;
  /** The rest of the page of the catch-up being taken, last event first. */
  private page: OutboxEvent[] = [];
  /** Who waits for the next event: a pending `next`, or a direct delivery's callback. */
  private waiting: SourceCallback<OutboxEvent> | undefined;
  private failure: SlowConsumerError | undefined;
  private ended = false;

  /** Whether the key may see an event (the feed's rule, visibleEvents, in memory). */
  private readonly readable: (event: OutboxEvent) => boolean;

  constructor(private readonly options: EventSubscriptionOptions) {
    this.organisationId = options.ctx.organisationId;
    const readable = readableResourceTypes(options.ctx.scopes);
    this.readable = readable ? (event) => (readable as string[]).includes(event.resourceType) : () => true;
    const { from, seam } = options;
    this.takenBefore = from;
    this.floor = comparePositions(from, seam) > 0 ? from : seam;
    this.catchingUp = comparePositions(from, seam) < 0;
  }

  /** The cursor to resume from: after the last event taken. */
  get cursor(): string {
    return encodeStreamCursor(this.taken);
  }

  /** Where the subscriber stands: after the last event taken, or where it started. */
  private get taken(): StreamPosition {
    if (this.lastTaken) {
      this.takenBefore = positionOf(this.lastTaken);
      this.lastTaken = undefined;
    }
    return this.takenBefore;
  }

  /** Called by the hub for each newly committed event of the workspace, at its `position`; true when the event is for this subscriber. */
  offer(event: OutboxEvent, position: StreamPosition): boolean {
    if (this.ended || this.failure) return false;
    // The hub offers events in stream order: once one is past the floor, every later one is.
    if (!this.pastFloor) {
      if (comparePositions(position, this.floor) <= 0) return false;
      this.pastFloor = true;
    }
    if (!this.readable(event) || !recordMatches(eventList, this.options.filters, event)) return false;
    if (this.waiting && !this.catchingUp) {
      this.hand(event);
      return true;
    }
    this.buffer.push(event);
    if (this.buffer.length - this.head > this.options.maxBuffered) this.fail();
    return true;
  }

  async next(): Promise<IteratorResult<OutboxEvent>> {
    if (this.catchingUp && !this.failure && !this.ended) {
      const caughtUp = await this.nextCaughtUp();
      if (caughtUp) return caughtUp;
    }
    return this.nextNowOr() ?? new Promise((step, fail) => (this.waiting = { step, fail }));
  }

  /**
   * The next event now, if one is waiting (or the end; the slow-consumer failure is thrown);
   * otherwise undefined, and `later` is given it when it comes: by the hub's `offer`,
   * synchronously, so a live event reaches an idle subscriber without a promise
   * (src/graphql/subscriptions/direct-delivery.ts). While the subscription catches up, the step
   * comes once the page holding it is read.
   */
  nextNowOr(later?: SourceCallback<OutboxEvent>): IteratorResult<OutboxEvent> | undefined {
    if (this.failure) {
      const failure = this.failure;
      this.end();
      throw failure;
    }
    if (this.ended) return { done: true, value: undefined };
    if (this.catchingUp) {
      if (later) this.next().then((step) => later.step(step), (error: unknown) => later.fail(error));
      return undefined;
    }
    if (this.head < this.buffer.length) {
      const event = this.buffer[this.head];
      this.head += 1;
      if (this.head === this.buffer.length) {
        this.buffer.length = 0;
        this.head = 0;
      }
      return this.take(event);
    }
    this.waiting = later;
    return undefined;
  }

  /** The next event of the catch-up, reading its next page when needed; undefined once it reached the seam (then live events follow). */
  private async nextCaughtUp(): Promise<IteratorResult<OutboxEvent> | undefined> {
    if (this.page.length === 0) {
      this.page = await this.options.readBetween(this.taken, this.options.seam, CATCH_UP_PAGE);
      this.page.reverse();
      if (this.ended) return { done: true, value: undefined };
    }
    const event = this.page.pop();
    if (event) return this.take(event);
    this.catchingUp = false;
    return undefined;
  }

  async return(): Promise<IteratorResult<OutboxEvent>> {
    this.end();
    return { done: true, value: undefined };
  }

  async throw(error?: unknown): Promise<IteratorResult<OutboxEvent>> {
    this.end();
    throw error;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  /** Stops it: a waiting `next` ends, the hub forgets it. Idempotent. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.buffer.length = 0;
    this.options.onEnd(this);
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.step({ done: true, value: undefined });
  }

  private take(event: OutboxEvent): IteratorResult<OutboxEvent> {
    this.lastTaken = event;
    return { done: false, value: event };
  }

  private hand(event: OutboxEvent): void {
    const waiting = this.waiting!;
    this.waiting = undefined;
    waiting.step(this.take(event));
  }

  private fail(): void {
    this.failure = new SlowConsumerError(this.cursor, this.options.maxBuffered);
    this.buffer.length = 0;
    this.head = 0;
    this.options.onSlow();
    const waiting = this.waiting;
    if (waiting) {
      this.waiting = undefined;
      const failure = this.failure;
      this.end();
      waiting.fail(failure);
    }
  }
}
