import type { Logger } from 'pino';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { type Backlog, type BacklogLimits, BACKLOG_LIMITS, countBacklog } from './backlog';
import { withDeadline } from './deadline';
import { pgPoolOf } from './pool-metrics';

/**
 * How long a scrape waits for the count, a free pool connection included: well under Prometheus's
 * default scrape_timeout (10 s), so a busy database costs the backlog series, not the whole scrape.
 */
export const BACKLOG_DEADLINE_MS = 2_000;

/**
 * One count per scrape, shared by the gauges that report it; and never more than one count in the
 * database at a time: while one outlives its deadline (a locked table, a saturated pool), later
 * scrapes wait on it rather than queue another behind it.
 */
class BacklogReader {
  private counting: Promise<Backlog> | undefined;
  private answer: Promise<Backlog | undefined> | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly logger: Logger,
    private readonly limits: BacklogLimits,
    private readonly deadlineMs: number,
  ) {}

  /** The backlog, or undefined when it could not be counted in time (logged as a warning). */
  read(): Promise<Backlog | undefined> {
    this.answer ??= this.count().finally(() => {
      this.answer = undefined;
    });
    return this.answer;
  }

  private async count(): Promise<Backlog | undefined> {
    try {
      const pool = pgPoolOf(this.dataSource);
      if (!pool) throw new Error('the database pool is closed');
      this.counting ??= countBacklog(pool, this.limits).finally(() => {
        this.counting = undefined;
      });
      return await withDeadline(this.counting, this.deadlineMs, 'outbox backlog count');
    } catch (error) {
      this.logger.warn({ error: error instanceof Error ? error.message : String(error) }, 'metrics: outbox backlog not counted');
      return undefined;
    }
  }
}

export interface BacklogMetricsOptions {
  limits?: BacklogLimits;
  deadlineMs?: number;
}

/**
 * The webhook pipeline's backlog, counted in SQL at scrape time: `outbox_backlog{kind}` and
 * `outbox_backlog_up` (1 when this scrape counted it). When the count fails or is late the
 * backlog series are left out, not reported as 0, and the rest of the scrape is answered as usual.
 */
export function registerBacklogMetrics(registry: Registry, dataSource: DataSource, logger: Logger, options: BacklogMetricsOptions = {}): void {
  const reader = new BacklogReader(dataSource, logger, options.limits ?? BACKLOG_LIMITS, options.deadlineMs ?? BACKLOG_DEADLINE_MS);
  const cap = (options.limits ?? BACKLOG_LIMITS).cap;
  new Gauge({
    name: 'outbox_backlog',
    help: `Webhook work waiting, counted at scrape time (up to ${cap}): kind="unrelayed_events" are committed events not yet turned into deliveries, kind="pending_deliveries" deliveries not yet accepted by their receiver (retries included).`,
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      const backlog = await reader.read();
      this.reset();
      if (!backlog) return;
      this.set({ kind: 'unrelayed_events' }, backlog.unrelayedEvents);
      this.set({ kind: 'pending_deliveries' }, backlog.pendingDeliveries);
    },
  });
  new Counter({
    name: 'webhook_deliveries_throttled_total',
    help: 'Deliveries a webhook\'s rate_limit held back (each wait counts once; the delivery goes on when a slot frees), by webhook id, across every worker: counted in SQL at scrape time.',
    labelNames: ['webhook_id'],
    registers: [registry],
    async collect() {
      const backlog = await reader.read();
      this.reset();
      for (const { webhookId, throttled } of backlog?.throttledByWebhook ?? []) this.inc({ webhook_id: String(webhookId) }, throttled);
    },
  });
  new Gauge({
    name: 'outbox_backlog_up',
    help: 'Whether this scrape counted the outbox backlog (1) or not (0: the database failed or was too slow; see the logs).',
    registers: [registry],
    async collect() {
      this.set((await reader.read()) ? 1 : 0);
    },
  });
}
