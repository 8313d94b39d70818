import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { createServices } from '../src/app/services';
import { loadConfig } from '../src/config/config';
import { openDatabase } from '../src/db/database';
import { createLogger } from '../src/logging/logger';
import { webhookDeps } from '../src/webhooks/webhook-deps';
import { commitTimestampDatabase } from './subscriptions/database';
import { Child } from './subscriptions/processes';
import { ENV_DATABASE_URL, ENV_SECRETS_KEY, SUBSCRIPTION, type TargetKind } from './subscriptions/protocol';
import { type RoundResult, type RoundSettings, runRound } from './subscriptions/round';
import { fmt, median, positive } from './subscriptions/stats';
import { Writer } from './subscriptions/writer';

/**
 * GraphQL subscriptions under load: BENCH_SUBSCRIBERS subscribers of one workspace on one server
 * process, each on a connection of its own, all running `subscription { events { id type cursor
 * data } }`, while a writer creates BENCH_WRITES_PER_SECOND advertiser accounts a second through the
 * API (POST /v2/advertiser-accounts, each committing one event) for BENCH_SECONDS.
 *
 * - **project**: this project's server (bench/subscriptions/server-project.ts, started as the other
 *   benches start it);
 * - **bare `ws` fan-out (the limit)**: bench/subscriptions/server-bare.ts, the same LISTEN on the
 *   same database reading committed events the same way, each event's payload built once, and as
 *   much of graphql-ws's protocol as its client needs.
 *
 * Against both, the same subscribers: graphql-ws's `createClient` over `ws`, key in
 * connectionParams, so what differs between the rounds is the server alone.
 *
 * Processes: this one (embedded PostgreSQL or DATABASE_URL, the writer, the report), the writers'
 * API (a project server of its own, the same in both rounds, so the measured server only fans out),
 * the measured server (fresh each round) and the load generators (the subscribers, dealt out over
 * BENCH_LOAD_PROCESSES processes, fresh each round).
 * Rounds alternate: project, bare, project, bare…
 *
 * Measured per round: commit-to-receipt latency p50/p99 over every (subscriber, event) pair (commit
 * time: PostgreSQL's commit timestamp of the event's transaction, see subscriptions/round.ts); the
 * same to each event's first subscriber, which separates the time the server takes to start
 * sending an event from its fan-out to the rest; events/s delivered (summed over
 * subscribers), whether each subscriber got each event exactly once and in stream order, the
 * server's CPU, and its RSS per idle subscriber: (VmRSS with all connected and subscribed − VmRSS
 * with the first alone) ÷ the others, each the median of five samples after a forced collection.
 *
 *   npm run bench:subscriptions   (BENCH_SUBSCRIBERS=1000 BENCH_WRITES_PER_SECOND=100 BENCH_SECONDS=20
 *                                  BENCH_ROUNDS=3 BENCH_LOAD_PROCESSES=2; BENCH_TARGETS=project,bare;
 *                                  BENCH_PROJECT_NODE_FLAGS and BENCH_BARE_NODE_FLAGS for one server's
 *                                  process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof";
 *                                  DATABASE_URL optional, with track_commit_timestamp on)
 */
const SUBSCRIBERS = positive('BENCH_SUBSCRIBERS', 1000);
const RATE = positive('BENCH_WRITES_PER_SECOND', 100);
const SECONDS = positive('BENCH_SECONDS', 20);
const ROUNDS = positive('BENCH_ROUNDS', 3);
const LOAD_PROCESSES = positive('BENCH_LOAD_PROCESSES', 2);
const TARGETS = (process.env.BENCH_TARGETS ?? 'project,bare').split(',').map((target) => {
  if (target !== 'project' && target !== 'bare') throw new Error(`BENCH_TARGETS: ${target} is neither project nor bare`);
  return target as TargetKind;
});
if (SUBSCRIBERS < 2) throw new Error('BENCH_SUBSCRIBERS must be at least 2 (the first measures the baseline RSS)');

const TARGETS_MET = { p99Ms: 100, throughputRatio: 0.5, rssPerSubscriberKiB: 50 };
const LABEL: Record<TargetKind, string> = { project: 'project (graphql-ws)', bare: 'bare `ws` fan-out (the limit)' };

async function seed(databaseUrl: string, secretsKey: string): Promise<{ key: string; organisationId: number }> {
  const logger = createLogger('warn', process.stderr);
  const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', NODE_ENV: 'production', SECRETS_KEY: secretsKey, WORKER: 'false' });
  const database = await openDatabase(config, logger);
  try {
    const services = createServices(database.dataSource, await webhookDeps(config, database, logger));
    const organisation = await services.organisations.create('Subscriptions bench');
    const { key } = await services.apiKeys.issue(organisation, { label: 'bench:subscriptions' });
    return { key, organisationId: organisation.id };
  } finally {
    await database.close();
  }
}

function row(result: RoundResult): string {
  const { report: r } = result;
  const expected = r.expectedEvents * r.subscribers;
  return (
    `| ${result.round} | ${LABEL[result.kind]} | ${fmt(r.latency.p50, 1)} | ${fmt(r.latency.p99, 1)} | ${fmt(r.latency.max, 0)} | ${fmt(r.firstReceipt.p50, 1)} / ${fmt(r.firstReceipt.p99, 1)} | ${fmt(result.eventsPerSecond)} | ` +
    `${fmt(r.delivered)} / ${fmt(expected)} | ${r.lost} | ${r.duplicates} | ${r.outOfOrderSubscribers} | ${r.resumes} | ${r.ended} | ${fmt(result.writesPerSecond, 1)} | ` +
    `${fmt(result.cpuPercent)}% | ${fmt(result.cpuMicrosPerDelivery, 1)} | ${fmt(result.clientCpuPercent)}% | ` +
    `${fmt(result.rssBeforeKiB / 1024, 1)} → ${fmt(result.rssAfterKiB / 1024, 1)} MiB | ${fmt(result.rssPerSubscriberKiB, 1)} |`
  );
}

async function main(): Promise<void> {
  const logger = createLogger('warn', process.stderr);
  const benchDb = await commitTimestampDatabase(logger);
  const secretsKey = process.env.SECRETS_KEY || randomBytes(32).toString('hex');
  const db = new pg.Client({ connectionString: benchDb.url });
  let writerApi: Child | undefined;
  let writer: Writer | undefined;
  try {
    const { key, organisationId } = await seed(benchDb.url, secretsKey);
    await db.connect();
    const postgresVersion = (await db.query<{ server_version: string }>('SHOW server_version')).rows[0].server_version;
    writerApi = await Child.start('writers’ API', 'server-project.js', { [ENV_DATABASE_URL]: benchDb.url, [ENV_SECRETS_KEY]: secretsKey });
    writer = new Writer(writerApi.url, key);
    for (let i = 0; i < 50; i += 1) await writer.write(`warm-up ${i}`);

    const settings: RoundSettings = {
      databaseUrl: benchDb.url,
      secretsKey,
      key,
      organisationId,
      subscribers: SUBSCRIBERS,
      rate: RATE,
      seconds: SECONDS,
      loadProcesses: LOAD_PROCESSES,
      nodeFlags: {
        project: (process.env.BENCH_PROJECT_NODE_FLAGS ?? '').split(' ').filter(Boolean),
        bare: (process.env.BENCH_BARE_NODE_FLAGS ?? '').split(' ').filter(Boolean),
      },
      db,
      writer,
    };
    const results: RoundResult[] = [];
    const loadBefore = os.loadavg()[0];
    const started = Date.now();
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const kind of TARGETS) {
        const result = await runRound(settings, kind, round);
        results.push(result);
        const r = result.report;
        process.stdout.write(
          `  round ${round}/${ROUNDS} · ${LABEL[kind]}: p50 ${fmt(r.latency.p50, 1)} ms, p99 ${fmt(r.latency.p99, 1)} ms, max ${fmt(r.latency.max)} ms, min ${fmt(r.latency.min, 1)} ms, ` +
            `to an event's first subscriber p50 ${fmt(r.firstReceipt.p50, 1)} ms, p99 ${fmt(r.firstReceipt.p99, 1)} ms, ` +
            `${fmt(result.eventsPerSecond)} events/s, ${fmt(r.delivered)} of ${fmt(r.expectedEvents * r.subscribers)} delivered, lost ${r.lost}, duplicates ${r.duplicates}, ` +
            `unexpected ${r.unexpected}, out of order ${r.outOfOrderSubscribers}, cut and resumed ${r.resumes}, ended ${r.ended}, writes ${fmt(result.writesPerSecond, 1)}/s, ` +
            `server CPU ${fmt(result.cpuPercent)}% (${fmt(result.cpuMicrosPerDelivery, 1)} µs and ${fmt(result.writeSyscallsPerDelivery, 2)} write calls per delivery), load generators' CPU ${fmt(result.clientCpuPercent)}%, ` +
            `RSS ${fmt(result.rssBeforeKiB / 1024, 1)} → ${fmt(result.rssAfterKiB / 1024, 1)} MiB (${fmt(result.rssPerSubscriberKiB, 1)} KiB per idle subscriber; V8 heap ${fmt(result.heapPerSubscriberKiB, 1)} KiB); ` +
            `commit − created_at ${fmt(result.createdLeadMs, 1)} ms, writer's answer − commit ${fmt(result.answerLagMs, 1)} ms (medians)\n`,
        );
        for (const problem of r.problems) process.stdout.write(`    ! ${problem}\n`);
      }
    }

    const cpus = os.cpus();
    process.stdout.write(
      `\n${SUBSCRIBERS.toLocaleString('en-GB')} subscribers (one workspace, one connection each) of \`${SUBSCRIPTION}\`, ${RATE} writes/s for ${SECONDS} s per round ` +
        `(POST /v2/advertiser-accounts through a separate API process), ${ROUNDS} interleaved rounds; Node ${process.version}, PostgreSQL ${postgresVersion}, ` +
        `${cpus.length} × ${cpus[0]?.model ?? 'cpu'}; measured in ${fmt((Date.now() - started) / 1000)} s (1-minute load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after)\n\n`,
    );
    process.stdout.write(
      '| round | server | p50 ms | p99 ms | max ms | to the first subscriber, p50 / p99 ms | events/s delivered | delivered / expected | lost | duplicates | subscribers out of order | cut and resumed | ended | writes/s | ' +
        'server CPU | server CPU µs / delivery | load generators\' CPU | server RSS, 1 → all subscribers | KiB per idle subscriber |\n' +
        '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n',
    );
    for (const result of results) process.stdout.write(`${row(result)}\n`);

    const of = (kind: TargetKind) => results.filter((result) => result.kind === kind);
    const summary = (kind: TargetKind) => ({
      p50: median(of(kind).map((r) => r.report.latency.p50)),
      p99: median(of(kind).map((r) => r.report.latency.p99)),
      firstP50: median(of(kind).map((r) => r.report.firstReceipt.p50)),
      firstP99: median(of(kind).map((r) => r.report.firstReceipt.p99)),
      rate: median(of(kind).map((r) => r.eventsPerSecond)),
      rss: median(of(kind).map((r) => r.rssPerSubscriberKiB)),
      cost: median(of(kind).map((r) => r.cpuMicrosPerDelivery)),
      faults: of(kind).reduce((sum, r) => sum + r.report.lost + r.report.duplicates + r.report.outOfOrderSubscribers + r.report.ended, 0),
      resumes: of(kind).reduce((sum, r) => sum + r.report.resumes, 0),
      heap: median(of(kind).map((r) => r.heapPerSubscriberKiB)),
    });
    process.stdout.write(
      '\n| server | p50 ms | p99 ms | to the first subscriber, p50 / p99 ms | events/s delivered | server CPU µs / delivery | RSS KiB per idle subscriber (V8 heap) | lost + duplicated + out of order + ended | cut and resumed |\n|---|---|---|---|---|---|---|---|---|\n',
    );
    for (const kind of TARGETS) {
      const s = summary(kind);
      process.stdout.write(`| ${LABEL[kind]} (median of ${of(kind).length}) | ${fmt(s.p50, 1)} | ${fmt(s.p99, 1)} | ${fmt(s.firstP50, 1)} / ${fmt(s.firstP99, 1)} | ${fmt(s.rate)} | ${fmt(s.cost, 1)} | ${fmt(s.rss, 1)} (${fmt(s.heap, 1)}) | ${s.faults} | ${s.resumes} |\n`);
    }
    if (TARGETS.length === 2) {
      const [a, b] = [summary('project'), summary('bare')];
      process.stdout.write(`\nRatios, project ÷ bare: events/s ${(a.rate / b.rate).toFixed(2)}, p50 ${(a.p50 / b.p50).toFixed(2)}, p99 ${(a.p99 / b.p99).toFixed(2)}, server CPU per delivery ${(a.cost / b.cost).toFixed(2)}, RSS per idle subscriber ${(a.rss / b.rss).toFixed(2)}\n`);
    }
    if (TARGETS.includes('project')) {
      const project = summary('project');
      const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
      process.stdout.write(`\nTargets (project, medians of the rounds):\n`);
      process.stdout.write(`- ${verdict(project.p99 <= TARGETS_MET.p99Ms)} p99 commit-to-receipt ≤ ${TARGETS_MET.p99Ms} ms: ${fmt(project.p99, 1)} ms\n`);
      if (TARGETS.includes('bare')) {
        const ratio = project.rate / summary('bare').rate;
        process.stdout.write(`- ${verdict(ratio >= TARGETS_MET.throughputRatio)} events/s ≥ ${TARGETS_MET.throughputRatio} × the bare fan-out's: ${ratio.toFixed(2)} ×\n`);
      }
      process.stdout.write(`- ${verdict(project.rss <= TARGETS_MET.rssPerSubscriberKiB)} RSS per idle subscriber ≤ ${TARGETS_MET.rssPerSubscriberKiB} KB: ${fmt(project.rss, 1)} KiB\n`);
      process.stdout.write(`- ${verdict(project.faults === 0)} every subscriber received every event exactly once, in order, none ended: ${project.faults === 0 ? 'yes' : `${project.faults} faults`}${project.resumes > 0 ? ` (${project.resumes} subscriptions cut by the server and resumed from their cursor)` : ''}\n`);
    }
  } finally {
    await writer?.close();
    await writerApi?.stop();
    await db.end().catch(() => undefined);
    await benchDb.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
