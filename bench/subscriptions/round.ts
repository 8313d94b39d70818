import type pg from 'pg';
import { serverNodeFlags } from '../server-node-flags';
import { Child } from './processes';
import { LoadGroup, type Receipts } from './load-group';
import { ENV_DATABASE_URL, ENV_SECRETS_KEY, type ExpectedEvent, type TargetKind } from './protocol';
import { median, sleep } from './stats';
import type { Writer } from './writer';

export interface RoundSettings {
  databaseUrl: string;
  secretsKey: string;
  key: string;
  organisationId: number;
  subscribers: number;
  rate: number;
  seconds: number;
  /** Load generator processes the subscribers are spread over. */
  loadProcesses: number;
  /** Node flags for each server's process (BENCH_PROJECT_NODE_FLAGS, BENCH_BARE_NODE_FLAGS; e.g. --cpu-prof). */
  nodeFlags: Record<TargetKind, string[]>;
  /** Queries of the bench process (the events the writes recorded). */
  db: pg.Client;
  writer: Writer;
}

export interface RoundResult {
  kind: TargetKind;
  round: number;
  report: Receipts;
  /** Measured receipts per second, summed over subscribers: delivered ÷ (last receipt − first commit). */
  eventsPerSecond: number;
  writesPerSecond: number;
  /** The server's CPU time over the window (first write → last receipt) ÷ its wall time; 100% is one core. */
  cpuPercent: number;
  /** The server's CPU time over the window ÷ the receipts: its cost of one delivery, whatever the machine left it. */
  cpuMicrosPerDelivery: number;
  /** The server's write system calls over the window ÷ the receipts (1: one per message; less: messages coalesced). */
  writeSyscallsPerDelivery: number;
  /** The load generators' CPU time over the window ÷ its wall time. */
  clientCpuPercent: number;
  rssBeforeKiB: number;
  rssAfterKiB: number;
  /** (RSS with every subscriber connected and idle − RSS with the first alone) ÷ the others, in KiB. */
  rssPerSubscriberKiB: number;
  /** The same for V8's heap in use (heapUsed + external) after the collection: what the subscribers' objects hold. */
  heapPerSubscriberKiB: number;
  /** Median of (the writer's answer − the commit timestamp): what timing from the answer would have hidden. */
  answerLagMs: number;
  /** Median of (the commit timestamp − created_at): what timing from created_at would have added. */
  createdLeadMs: number;
}

/** Median VmRSS of five samples 200 ms apart, after a full collection, and the heap V8 then holds (used, in KiB). */
async function idleRss(server: Child): Promise<{ rss: number; heap: number }> {
  const usage = await server.request<NodeJS.MemoryUsage>({ type: 'collect' });
  await sleep(500);
  const samples: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    samples.push(server.rssKiB());
    await sleep(200);
  }
  return { rss: median(samples), heap: (usage.heapUsed + usage.external) / 1024 };
}

/**
 * Writes probes until every subscriber has received one: each subscription is then registered with
 * the server's fan-out (graphql-ws acknowledges the connection, not the subscription). Then waits
 * until deliveries stop, so no probe arrives after the measured window opens.
 */
async function probeUntilEveryoneReceives(load: LoadGroup, writer: Writer): Promise<void> {
  await load.reset(false);
  const deadline = Date.now() + 120_000;
  for (;;) {
    await writer.write('probe');
    await sleep(300);
    const status = await load.status();
    if (status.receiving + status.ended >= status.subscribers) break;
    if (Date.now() > deadline) throw new Error(`only ${status.receiving} of ${status.subscribers} subscribers received a probe within 120 s: ${status.problems.join('; ')}`);
  }
  let last = -1;
  for (;;) {
    const { deliveries } = await load.status();
    if (deliveries === last) return;
    last = deliveries;
    await sleep(1_000);
  }
}

/** Waits until `expected` receipts arrived, or none arrived for 10 s, or 120 s passed. */
async function waitForDeliveries(load: LoadGroup, expected: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  let last = -1;
  let lastChange = Date.now();
  for (;;) {
    const status = await load.status();
    if (status.deliveries >= expected || status.ended >= status.subscribers) return;
    if (status.deliveries !== last) {
      last = status.deliveries;
      lastChange = Date.now();
    } else if (Date.now() - lastChange > 10_000) return;
    if (Date.now() > deadline) return;
    await sleep(250);
  }
}

/**
 * One round against one server: a fresh server process (with --expose-gc, so RSS is sampled after
 * a full collection), a fresh load generator, one subscriber connected and receiving (every lazily
 * loaded part of the server now loaded), RSS; the other subscribers, RSS; then the measured writes,
 * and the load generator's report against the events those writes recorded.
 */
export async function runRound(settings: RoundSettings, kind: TargetKind, round: number): Promise<RoundResult> {
  const { subscribers, writer } = settings;
  const serverEnv = { [ENV_DATABASE_URL]: settings.databaseUrl, [ENV_SECRETS_KEY]: settings.secretsKey };
  // Both servers with npm start's flags (the bare one is the project's limit, not a peer run as its users would).
  const flags = ['--expose-gc', ...serverNodeFlags(), ...settings.nodeFlags[kind]];
  const server = await Child.start(`${kind} server`, kind === 'project' ? 'server-project.js' : 'server-bare.js', serverEnv, flags);
  let load: LoadGroup | undefined;
  try {
    load = await LoadGroup.start(settings.loadProcesses, { url: server.url, key: settings.key });
    await load.connect(1);
    await probeUntilEveryoneReceives(load, writer);
    const before = await idleRss(server);
    await load.connect(subscribers - 1);
    await probeUntilEveryoneReceives(load, writer);
    const after = await idleRss(server);

    await load.reset(true);
    const cpuBefore = server.cpuMs();
    const syscallsBefore = server.writeSyscalls();
    const clientCpuBefore = load.cpuMs();
    const wallBefore = performance.now();
    const { writes, writesPerSecond } = await writer.run(settings.rate, settings.seconds, `${kind} round ${round}`);
    await waitForDeliveries(load, writes.length * subscribers);
    const wall = performance.now() - wallBefore;
    const cpu = server.cpuMs() - cpuBefore;
    const syscalls = server.writeSyscalls() - syscallsBefore;
    const clientCpuPercent = ((load.cpuMs() - clientCpuBefore) / wall) * 100;

    // Commit time: PostgreSQL's commit timestamp of the event's transaction (track_commit_timestamp,
    // subscriptions/database.ts), taken as the commit record is written, just before the WAL flush
    // that makes the event visible and sends the NOTIFY. It is the commit itself, to the
    // microsecond, on the system clock the load generator's clock is anchored to. The other
    // choices are kept only to show what they would have added or hidden: `created_at` is `now()`,
    // the transaction's start (before the commit by the transaction's own work, and in whole ms);
    // the writer's answer is after the commit by however long the API process and the writer take
    // to get a core, which under this load is tens of milliseconds at times.
    const answeredAt = new Map(writes.map((write) => [write.accountId, write.answeredAt]));
    const { rows } = await settings.db.query<{ id: string; resource_id: number; committed_ms: number; created_ms: number }>(
      `SELECT e.id::text AS id, e.resource_id,
              (extract(epoch FROM pg_xact_commit_timestamp(xid(e.txid::text::xid8))) * 1000)::float8 AS committed_ms,
              (extract(epoch FROM e.created_at) * 1000)::float8 AS created_ms
         FROM outbox_events e
        WHERE e.organisation_id = $1 AND e.event_type = 'advertiser_account_created' AND e.resource_id = ANY($2::int[])
        ORDER BY e.txid, e.id`,
      [settings.organisationId, [...answeredAt.keys()]],
    );
    if (rows.length !== writes.length) throw new Error(`${writes.length} writes recorded ${rows.length} events`);
    if (rows.some((row) => row.committed_ms === null)) throw new Error('an event has no commit timestamp: is track_commit_timestamp on?');
    const expected: ExpectedEvent[] = rows.map((row) => [row.id, row.committed_ms]);
    const answerLagMs = median(rows.map((row) => answeredAt.get(row.resource_id)! - row.committed_ms));
    const createdLeadMs = median(rows.map((row) => row.committed_ms - row.created_ms));
    const report = await load.report(expected);
    const firstCommit = Math.min(...rows.map((row) => row.committed_ms));
    return {
      kind,
      round,
      report,
      eventsPerSecond: report.delivered / ((report.lastReceiptAt - firstCommit) / 1000),
      writesPerSecond,
      cpuPercent: (cpu / wall) * 100,
      cpuMicrosPerDelivery: (cpu * 1000) / report.delivered,
      writeSyscallsPerDelivery: syscalls / report.delivered,
      clientCpuPercent,
      rssBeforeKiB: before.rss,
      rssAfterKiB: after.rss,
      rssPerSubscriberKiB: (after.rss - before.rss) / (subscribers - 1),
      heapPerSubscriberKiB: (after.heap - before.heap) / (subscribers - 1),
      answerLagMs,
      createdLeadMs,
    };
  } finally {
    await load?.stop();
    await server.stop();
  }
}
