import type pg from 'pg';
import { percentile } from '../subscriptions/stats';
import type { ConnectionPeaks, ConnectionSampler } from './connections';
import { type LoadResult, runLoad } from './load';
import { CpuMeter, type CpuShares } from './machine';
import { ClusterProcess } from './processes';
import type { Receiver } from './receiver';

export interface RoundSettings {
  /** The API nodes' environment (the pooler, PostgreSQL, Redis, the lifted limits). */
  apiEnv: Record<string, string>;
  key: string;
  organisationId: number;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** PostgreSQL itself, for reading the events and their commit times. */
  db: pg.Client;
  sampler: ConnectionSampler;
  receiver: Receiver;
  workers: ClusterProcess[];
  /** PostgreSQL's postmaster, PgBouncer and Redis, when found on this machine: their CPU is measured too. */
  pids: { postmaster: number | undefined; pgbouncer: number | undefined; redis: number | undefined };
}

export interface RoundResult {
  round: number;
  nodes: number;
  load: LoadResult;
  /** Events the measured window's writes committed, all delivered. */
  events: number;
  /** Commit (PostgreSQL's commit timestamp) to first receipt, ms. */
  delivery: { p50: number; p99: number; max: number };
  /** Last receipt after the load stopped, ms: the backlog the workers were left with. */
  drainMs: number;
  connections: ConnectionPeaks;
  /** Cores each part used on average during the window. */
  cpu: CpuShares;
  /** The API nodes' CPU time per request answered, ms. */
  apiCpuMsPerRequest: number;
}

/** Deliveries must all arrive within this after the load stops, or the round fails. */
const DELIVERY_TIMEOUT_MS = 300_000;

async function lastEventId(settings: RoundSettings): Promise<string> {
  const { rows } = await settings.db.query<{ id: string }>(`SELECT coalesce(max(id), 0)::text AS id FROM outbox_events`);
  return rows[0].id;
}

/** The advertiser-account events committed after `afterId`, with their commit times (ms since the epoch). */
async function eventsAfter(settings: RoundSettings, afterId: string): Promise<{ id: string; committed_ms: number }[]> {
  // PostgreSQL's commit timestamp (track_commit_timestamp, bench/subscriptions/database.ts): the
  // commit itself, not the write's answer, which under this load reaches the client tens of
  // milliseconds later at times.
  const { rows } = await settings.db.query<{ id: string; committed_ms: number | null }>(
    `SELECT id::text AS id, (extract(epoch FROM pg_xact_commit_timestamp(xid(txid::text::xid8))) * 1000)::float8 AS committed_ms
       FROM outbox_events
      WHERE organisation_id = $1 AND event_type = 'advertiser_account_created' AND id > $2::bigint`,
    [settings.organisationId, afterId],
  );
  if (rows.some((row) => row.committed_ms === null)) throw new Error('an event has no commit timestamp: is track_commit_timestamp on?');
  return rows as { id: string; committed_ms: number }[];
}

/**
 * One round: `nodes` fresh API nodes, a warm-up under the same load (its events delivered before
 * the window opens), then BENCH_SECONDS of load with the connections sampled, then every event of
 * the window awaited at the receiver. PgBouncer's server connections are closed before the nodes
 * start, so its peak is this round's.
 */
export async function runRound(settings: RoundSettings, nodes: number, round: number): Promise<RoundResult> {
  await settings.sampler.reconnectServers();
  const api = await Promise.all(Array.from({ length: nodes }, (_, i) => ClusterProcess.api(`api-${i + 1}`, settings.apiEnv)));
  try {
    const urls = api.map((node) => node.baseUrl!);
    const beforeWarmup = await lastEventId(settings);
    await runLoad(urls, settings.key, settings.connections, settings.warmupSeconds);
    await settings.receiver.waitFor((await eventsAfter(settings, beforeWarmup)).map((event) => event.id), DELIVERY_TIMEOUT_MS);

    const mark = await lastEventId(settings);
    settings.receiver.reanchor();
    settings.sampler.start();
    const cpu = new CpuMeter({
      api: () => api.reduce((sum, node) => sum + node.cpuMs(), 0),
      workers: () => settings.workers.reduce((sum, worker) => sum + worker.cpuMs(), 0),
      postmasterPid: settings.pids.postmaster,
      pgbouncerPid: settings.pids.pgbouncer,
      redisPid: settings.pids.redis,
    });
    cpu.start();
    const load = await runLoad(urls, settings.key, settings.connections, settings.seconds);
    const loadEndedAt = Date.now();
    const { shares, apiMs } = cpu.stop();
    const connections = await settings.sampler.stop();

    const events = await eventsAfter(settings, mark);
    await settings.receiver.waitFor(events.map((event) => event.id), DELIVERY_TIMEOUT_MS);
    const arrivals = events.map((event) => settings.receiver.arrivals.get(event.id)!);
    const latencies = events.map((event, i) => arrivals[i] - event.committed_ms).sort((a, b) => a - b);
    return {
      round,
      nodes,
      load,
      events: events.length,
      delivery: { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1) ?? Number.NaN },
      drainMs: Math.max(0, Math.max(...arrivals) - loadEndedAt),
      connections,
      cpu: shares,
      apiCpuMsPerRequest: apiMs / load.requests,
    };
  } finally {
    await Promise.all(api.map((node) => node.stop()));
  }
}
