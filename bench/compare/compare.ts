import 'reflect-metadata';
import os from 'node:os';
import pg from 'pg';
import { createLogger } from '../../src/logging/logger';
import { benchDatabase } from '../bench-database';
import { CheckFailed, checkAnswers, fetchBody, headersFor } from './checks';
import { seedFixture } from './fixture';
import { runLoadProcess } from './load-process';
import { ENV_DATABASE_URL, ENV_SECRETS_KEY } from './protocol';
import { fmt, median, resultTables, type Run, runLine } from './report';
import { ServerProcess } from './servers';
import { type Cell, SCENARIOS, type Target } from './targets';

/**
 * This project (A) against PostGraphile v5 configured for production, with the workspace in
 * pgSettings (B) and as a `condition` argument (B′); bare SQL, a bare Fastify route running one
 * hand-written statement and, for lists, one JSON.stringify of its rows (C); and the limit, one
 * prepared statement that writes the whole answer's bytes as text inside PostgreSQL (D,
 * whole-answer-sql.ts); on the same Node and the same seeded PostgreSQL. Each server runs in a
 * child process of its own; so does each run's load (autocannon, bench/compare/load-autocannon.ts),
 * while this process samples the server's RSS.
 *
 *   npm run bench:compare
 *
 * BENCH_SECONDS (10) per run, BENCH_ROUNDS (3) interleaved rounds, BENCH_WARMUP_SECONDS (3) per
 * target before the first round, BENCH_CONNECTIONS ("1,10"); DATABASE_URL to use a server of your
 * own instead of a fresh embedded PostgreSQL. Results: docs/benchmarks.md.
 */
const SECONDS = positive('BENCH_SECONDS', 10);
const ROUNDS = positive('BENCH_ROUNDS', 3);
const WARMUP_SECONDS = positive('BENCH_WARMUP_SECONDS', 3);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '1,10').split(',').map((value) => {
  const n = Number(value.trim());
  if (!Number.isInteger(n) || n < 1) throw new Error(`BENCH_CONNECTIONS: ${value} is not a positive integer`);
  return n;
});

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer`);
  return n;
}

/** Fewest statements one request sent, of three sent alone (the project writes `last_used_at` once a minute per key). */
async function statementsPerRequest(key: string, target: Target): Promise<number> {
  let fewest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i += 1) {
    await target.server.settle();
    const before = await target.server.statements();
    await fetchBody(key, target);
    fewest = Math.min(fewest, (await target.server.statements()) - before);
  }
  return fewest;
}

async function drive(key: string, target: Target, connections: number, seconds: number): Promise<Run> {
  let peak = target.server.rssKiB();
  const sampler = setInterval(() => {
    peak = Math.max(peak, target.server.rssKiB());
  }, 100);
  try {
    const result = await runLoadProcess({ url: target.server.url + target.path, method: target.method, headers: headersFor(key, target), body: target.body, connections, seconds });
    peak = Math.max(peak, target.server.rssKiB());
    return { rps: result.requestsPerSecond, p50: result.p50, p99: result.p99, peakRssKiB: peak, errors: result.errors + result.timeouts + result.non2xx };
  } finally {
    clearInterval(sampler);
    // Requests still in flight when autocannon stops finish before the next run starts.
    await target.server.settle();
  }
}

async function serverVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ server_version: string }>('SHOW server_version')).rows[0].server_version;
  } finally {
    await client.end();
  }
}

function loadAverages(): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ');
}

async function main(): Promise<void> {
  const logger = createLogger('warn', process.stderr);
  const benchDb = await benchDatabase(logger);
  const servers: ServerProcess[] = [];
  try {
    const started = Date.now();
    const loadAtStart = loadAverages();
    const fixture = await seedFixture(benchDb.url, logger);
    process.stdout.write(`${fixture.summary}\n`);
    const postgresVersion = await serverVersion(benchDb.url);

    // GRAPHILE_ENV as PostGraphile's deployment guides set it for production (NODE_ENV is set by ServerProcess); only PostGraphile reads it.
    const env = { [ENV_DATABASE_URL]: benchDb.url, [ENV_SECRETS_KEY]: fixture.secretsKey, GRAPHILE_ENV: 'production' };
    const cells: Cell[] = [];
    for (const scenario of SCENARIOS) {
      for (const connections of CONNECTIONS) {
        const targets: Target[] = [];
        for (const spec of scenario.targets) {
          const server = await ServerProcess.start(`${spec.label} (${scenario.name}, ${connections} connections)`, spec.file, env);
          servers.push(server);
          targets.push({ ...spec, server });
        }
        cells.push({ scenario: scenario.name, connections, targets });
      }
    }
    const idleRss = new Map<string, number[]>();
    for (const target of cells.flatMap((cell) => cell.targets)) idleRss.set(target.label, [...(idleRss.get(target.label) ?? []), target.server.rssKiB()]);

    process.stdout.write(`\nChecking the answers before timing anything (each of the ${servers.length} server processes)…\n`);
    const [nestedName, ...listNames] = SCENARIOS.map((scenario) => scenario.name);
    for (const [index, connections] of CONNECTIONS.entries()) {
      const of = (name: string) => cells.find((cell) => cell.scenario === name && cell.connections === connections)!.targets;
      const notes = await checkAnswers(fixture, of(nestedName), listNames.map(of));
      if (index === 0) for (const note of notes) process.stdout.write(`  ✔ ${note}\n`);
    }

    process.stdout.write(`\nWarming up (${WARMUP_SECONDS} s per server process at its connection count)…\n`);
    for (const cell of cells) for (const target of cell.targets) await drive(fixture.key, target, cell.connections, WARMUP_SECONDS);
    const statements = new Map<Target, number>();
    for (const target of cells.flatMap((cell) => cell.targets)) statements.set(target, await statementsPerRequest(fixture.key, target));

    const loadBefore = loadAverages();
    const runs = new Map<Target, Run[]>();
    const roundsStarted = Date.now();
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const cell of cells) {
        const shift = round % cell.targets.length;
        for (const target of [...cell.targets.slice(shift), ...cell.targets.slice(0, shift)]) {
          const run = await drive(fixture.key, target, cell.connections, SECONDS);
          runs.set(target, [...(runs.get(target) ?? []), run]);
          process.stdout.write(runLine(round, ROUNDS, cell, target, run));
        }
      }
    }

    const cpus = os.cpus();
    process.stdout.write(
      `\n${ROUNDS} interleaved rounds × ${SECONDS} s per run (medians of the rounds; peak RSS: highest VmRSS of the server's process, sampled every 100 ms during its runs), ` +
        `Node ${process.version}, PostgreSQL ${postgresVersion}, ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}; rounds measured in ${fmt((Date.now() - roundsStarted) / 1000)} s, ` +
        `whole run ${fmt((Date.now() - started) / 1000)} s. Load average (1 / 5 / 15 minutes): ${loadAtStart} at the start, ${loadBefore} before the rounds, ${loadAverages()} after\n\n`,
    );
    process.stdout.write(resultTables(cells, runs, statements));
    const idle = [...idleRss].map(([label, values]) => `${label} ${fmt(median(values) / 1024)} MiB`).join(', ');
    process.stdout.write(`\nRSS of a server process after start, before any request (median): ${idle}\n`);
  } finally {
    for (const server of servers) await server.stop();
    await benchDb.stop();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof CheckFailed ? `CHECK FAILED: ${error.message}` : error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
