import type { Logger } from 'pino';
import { ChannelListener } from '../../db/channel-listener';
import type { DataSource } from 'typeorm';
import type { RequestContext } from '../../common/request-context';
import type { CheckedFilters } from '../../db/lists/list-request';
import type { OutboxEvent } from '../../outbox/outbox-event.entity';
import { OUTBOX_CHANNEL } from '../../outbox/outbox';
import type { EventStreamService } from './event-stream.service';
import { MAX_BIGINT, streamHeadSql } from './committed-events';
import { EventSubscription } from './event-subscription';
import { liveRead, type LiveRead, liveReadOf, type LiveRow, READ_BATCH } from './live-read';
import { positionOf, type StreamPosition } from './stream-cursor';

/** A backstop for a notification missed while the listener reconnected. */
const IDLE_POLL_MS = 5_000;
/** While committed events wait behind an older transaction, nothing announces its end: poll, backing off to this. */
const HELD_POLL_MS = { first: 20, max: 1_000 };
const RECONNECT_MS = 1_000;

export interface EventHubOptions {
  /** Where the LISTEN connection goes: a session of its own, never a pooled one. */
  listenUrl: string;
  logger: Logger;
  /** SUBSCRIPTIONS_MAX_BUFFERED: events waiting for one subscriber before it is ended as slow. */
  maxBuffered: number;
}

/** What the hub counts, for the metrics (src/metrics/subscription-metrics.ts). */
export interface EventHubObserver {
  /** Events handed to subscribers (one per subscriber per event). */
  fannedOut(count: number): void;
  /** A subscriber ended for taking events too slowly. */
  slowConsumer(): void;
}

/**
 * The live side of the change stream, one per process. One `LISTEN` connection wakes it when
 * events commit; it then reads the newly committed events of every workspace once, in stream
 * order, and hands each to the subscriptions of its workspace whose filter it matches, in memory:
 * no statement per subscriber or per event, no broker. Every API node runs its own; each reads
 * the same rows. A lost listener reconnects and catches up from the hub's position, so nothing is
 * skipped. It starts with the first subscription.
 */
export class EventHub {
  private readonly listener: ChannelListener;
  /** Every event up to here has been handed out; the next read starts after it. */
  private position: StreamPosition | undefined;
  private readonly workspaces = new Map<number, Set<EventSubscription>>();
  private starting: Promise<void> | undefined;
  private loop: Promise<void> | undefined;
  private running = false;
  private observer: EventHubObserver | undefined;
  private readSql: string | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly stream: EventStreamService,
    private readonly options: EventHubOptions,
  ) {
    this.listener = new ChannelListener({ url: options.listenUrl, channel: OUTBOX_CHANNEL, applicationName: 'campaign-partner-api/event-hub', logger: options.logger, label: 'event hub' });
  }

  observe(observer: EventHubObserver): void {
    this.observer = observer;
  }

  /**
   * A subscription to the workspace's events matching `filters`: with `after`, first those
   * committed after it (read from the stream), then live ones, with no gap and none twice.
   * Without, from the stream's head as it is now (the events committed from now on; the hub may
   * not have read the last ones committed before yet, and they are not sent).
   */
  async subscribe(ctx: RequestContext, filters: CheckedFilters, after: StreamPosition | undefined): Promise<EventSubscription> {
    this.stream.assertKept(after);
    const from = after ?? (await this.head());
    // A failed start (the database away) is tried again by the next subscription.
    await (this.starting ??= this.start().catch((error: unknown) => {
      this.starting = undefined;
      throw error;
    }));
    // From here to the registration nothing awaits, so no event is handed out in between: the
    // subscription reads the stream up to `seam` itself and takes every live event after it.
    const seam = this.position!;
    const subscription = new EventSubscription({
      ctx,
      filters,
      from,
      seam,
      maxBuffered: this.options.maxBuffered,
      readBetween: (from, upTo, limit) => this.stream.between(ctx, filters, from, upTo, limit),
      onSlow: () => this.observer?.slowConsumer(),
      onEnd: (ended) => this.unregister(ended),
    });
    let subscribers = this.workspaces.get(ctx.organisationId);
    if (!subscribers) this.workspaces.set(ctx.organisationId, (subscribers = new Set()));
    subscribers.add(subscription);
    return subscription;
  }

  /** Subscriptions open in this process. */
  get size(): number {
    let size = 0;
    for (const subscribers of this.workspaces.values()) size += subscribers.size;
    return size;
  }

  async stop(): Promise<void> {
    this.running = false;
    this.listener.wake();
    await this.starting?.catch(() => undefined);
    await this.loop;
    for (const subscribers of [...this.workspaces.values()]) for (const subscription of [...subscribers]) subscription.end();
    await this.listener.close();
  }

  private unregister(subscription: EventSubscription): void {
    const subscribers = this.workspaces.get(subscription.organisationId);
    subscribers?.delete(subscription);
    if (subscribers?.size === 0) this.workspaces.delete(subscription.organisationId);
  }

  private async start(): Promise<void> {
    // LISTEN before the head is read: an event committed in between is after the head and wakes the hub.
    await this.listener.listen();
    this.position = await this.head();
    this.running = true;
    this.loop = this.run();
  }

  /** Where the stream stands now: every event committed later (or still running) sorts after it. */
  private async head(): Promise<StreamPosition> {
    const [{ txid }] = (await this.dataSource.query(streamHeadSql())) as { txid: string }[];
    return { txid, id: MAX_BIGINT, createdAt: Date.now() };
  }

  private async run(): Promise<void> {
    let heldPoll = HELD_POLL_MS.first;
    while (this.running) {
      try {
        await this.listener.listen();
        const held = await this.drain();
        heldPoll = held ? Math.min(heldPoll * 2, HELD_POLL_MS.max) : HELD_POLL_MS.first;
        await this.listener.sleep(held ? heldPoll : IDLE_POLL_MS);
      } catch (error) {
        if (!this.running) break;
        this.options.logger.warn({ error: error instanceof Error ? error.message : String(error) }, 'event hub read failed; retrying');
        await this.listener.sleep(RECONNECT_MS);
      }
    }
  }

  /**
   * Reads and hands out everything committed since the position, and reads again while more
   * comes (a full batch, or a notification during the read). Each next read is sent before the
   * events just read reach their subscribers (they run once this synchronous turn is over), so
   * PostgreSQL answers it while they do instead of after. True when events wait behind an older
   * transaction.
   */
  private async drain(): Promise<boolean> {
    this.listener.takeNotifications();
    let read = this.read();
    for (;;) {
      const { events, held } = await read;
      const more = events.length === READ_BATCH || this.listener.notified;
      this.fanOut(events);
      if (!more || !this.running) return held;
      this.listener.takeNotifications();
      read = this.read();
    }
  }

  /** The events after the position that may be handed out now, on the listening session (live-read.ts). */
  private read(): Promise<LiveRead> {
    const { txid, id } = this.position!;
    return this.listener.query<LiveRow>((this.readSql ??= liveReadOf(this.dataSource)), [txid, id]).then(liveRead);
  }

  private fanOut(events: readonly OutboxEvent[]): void {
    let handed = 0;
    for (const event of events) {
      const position = positionOf(event);
      const subscribers = this.workspaces.get(event.organisationId);
      if (subscribers) for (const subscription of subscribers) if (subscription.offer(event, position)) handed += 1;
      this.position = position;
    }
    if (handed > 0) this.observer?.fannedOut(handed);
  }
}
