import type { FastifyBaseLogger } from 'fastify';
import type { LimitInstruments, SharedLimit } from '../../metrics/limits-metrics';

/** At most one warning per this interval for each limit (and one for the connection). */
export const STORE_ERROR_LOG_INTERVAL_MS = 10_000;

type Topic = SharedLimit | 'connection';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The limits' store failing (Redis down or too slow, REDIS_URL): each failed call is counted
 * (limits_store_errors_total), and a warning is logged at most once per interval and limit with
 * the failures since the last one. An outage fails every request, so a line per request would
 * bury the log; silence would hide that keys are not being limited (docs/limits.md).
 */
export class LimitStoreErrors {
  private readonly logged = new Map<Topic, { at: number; unlogged: number }>();

  constructor(
    private readonly logger: FastifyBaseLogger,
    private readonly instruments?: LimitInstruments,
    private readonly intervalMs = STORE_ERROR_LOG_INTERVAL_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** A call for `limit` failed: its request is served uncounted. */
  report(limit: SharedLimit, error: unknown): void {
    this.instruments?.storeErrors.inc({ limit });
    const failures = this.due(limit);
    if (failures === undefined) return;
    this.logger.warn({ limit, failures, redis: messageOf(error) }, 'limits store (Redis) unavailable: requests served without this limit');
  }

  /** The client lost its connection or cannot reconnect (it keeps trying by itself). */
  connectionError(error: unknown): void {
    const failures = this.due('connection');
    if (failures === undefined) return;
    this.logger.warn({ failures, redis: messageOf(error) }, 'limits store (Redis) connection error');
  }

  /** The failures since the last line when one is due now, otherwise undefined. */
  private due(topic: Topic): number | undefined {
    const state = this.logged.get(topic) ?? { at: -Infinity, unlogged: 0 };
    state.unlogged += 1;
    this.logged.set(topic, state);
    const now = this.now();
    if (now - state.at < this.intervalMs) return undefined;
    const failures = state.unlogged;
    state.at = now;
    state.unlogged = 0;
    return failures;
  }
}
