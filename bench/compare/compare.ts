import 'reflect-metadata';
import autocannon from 'autocannon';
import os from 'node:os';
import pg from 'pg';
import { createLogger } from '../../src/logging/logger';
import { benchDatabase } from '../bench-database';
import {
  firstByteDifference,
  firstDifference,
  type Json,
  POSTGRAPHILE_NESTED_QUERY,
  PROJECT_NESTED_QUERY,
  type Tree,
  treeCounts,
  treeFromPostGraphile,
  treeFromProject,
  treeIds,
} from './answers';
import { type Fixture, seedFixture } from './fixture';
import { ENV_DATABASE_URL, ENV_SECRETS_KEY } from './protocol';
import { ServerProcess } from './servers';

/**
 * Issue 11 §1: this project (A) against PostGraphile v5 (B) and a bare Fastify route running one
 * hand-written SQL statement (C), on the same Node and the same seeded PostgreSQL. Each server runs
 * in a child process of its own; autocannon drives them from this process (in a worker thread).
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

interface TargetSpec {
  label: 'project' | 'PostGraphile' | 'bare SQL';
  /** The compiled server of bench/compare that serves it. */
  file: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

interface ScenarioSpec {
  name: string;
  targets: TargetSpec[];
}

interface Target extends TargetSpec {
  server: ServerProcess;
}

/**
 * One scenario at one connection count. Each of its targets has a server process of its own, used
 * for nothing else: V8 keeps the heap it grew, so a process shared between scenarios or connection
 * counts would carry one's peak RSS into the other's figure.
 */
interface Cell {
  scenario: string;
  connections: number;
  targets: Target[];
}

const SCENARIOS: ScenarioSpec[] = [
  {
    name: 'nested query',
    targets: [
      { label: 'project', file: 'server-project.js', method: 'POST', path: '/graphql', body: JSON.stringify({ query: PROJECT_NESTED_QUERY }) },
      { label: 'PostGraphile', file: 'server-postgraphile.js', method: 'POST', path: '/graphql', body: JSON.stringify({ query: POSTGRAPHILE_NESTED_QUERY }) },
      { label: 'bare SQL', file: 'server-bare.js', method: 'GET', path: '/nested' },
    ],
  },
  ...['/v2/campaigns?per_page=100', '/v2/contents?per_page=100'].map(
    (path): ScenarioSpec => ({
      name: `GET ${path}`,
      targets: [
        { label: 'project', file: 'server-project.js', method: 'GET', path },
        { label: 'bare SQL', file: 'server-bare.js', method: 'GET', path },
      ],
    }),
  ),
];

interface Run {
  rps: number;
  p50: number;
  p99: number;
  peakRssKiB: number;
  errors: number;
}

class CheckFailed extends Error {}

function headersFor(key: string, target: Target): Record<string, string> {
  return target.method === 'POST' ? { 'x-api-key': key, 'content-type': 'application/json' } : { 'x-api-key': key };
}

async function fetchBody(key: string, target: Target): Promise<Buffer> {
  const response = await fetch(target.server.url + target.path, { method: target.method, headers: headersFor(key, target), body: target.body });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new CheckFailed(`${target.label} ${target.method} ${target.path} answered ${response.status}: ${body.toString('utf8').slice(0, 500)}`);
  return body;
}

function parse(body: Buffer): Json {
  return JSON.parse(body.toString('utf8')) as Json;
}

/**
 * Before anything is timed: the three nested answers must carry the same records (reduced to one
 * tree of ids and the selected values, in order), every live row and no deleted or foreign one;
 * each bare v2 list must be byte-identical to the project's.
 */
async function checkAnswers(fixture: Fixture, nested: Target[], lists: Target[][]): Promise<string[]> {
  const notes: string[] = [];
  const [project, postgraphile, bare] = nested;
  const projectBody = await fetchBody(fixture.key, project);
  const trees: [string, Tree][] = [
    [project.label, treeFromProject(parse(projectBody), project.label)],
    [postgraphile.label, treeFromPostGraphile(parse(await fetchBody(fixture.key, postgraphile)))],
  ];
  const bareBody = await fetchBody(fixture.key, bare);
  trees.push([bare.label, treeFromProject(parse(bareBody), bare.label)]);

  const [, reference] = trees[0];
  for (const [label, tree] of trees.slice(1)) {
    const difference = firstDifference(reference, tree);
    if (difference) throw new CheckFailed(`nested answers differ, ${project.label} against ${label}: ${difference}`);
  }
  const counts = treeCounts(reference);
  const { live } = fixture;
  const expected = `${live.campaigns} campaigns, ${live.phases} phases, ${live.contents} contents, ${live.distributions} distributions, ${live.links} links, ${live.media} media files`;
  if (counts !== expected) throw new CheckFailed(`the nested answer holds ${counts}; the workspace has ${expected} live`);
  const ids = treeIds(reference);
  const leaks = [
    ids.campaigns.has(fixture.deleted.campaign) && `deleted campaign ${fixture.deleted.campaign}`,
    ids.phases.has(fixture.deleted.phase) && `deleted phase ${fixture.deleted.phase}`,
    ids.contents.has(fixture.deleted.content) && `deleted content ${fixture.deleted.content}`,
    ids.distributions.has(fixture.deleted.distribution) && `deleted distribution ${fixture.deleted.distribution}`,
    ...fixture.otherWorkspaceCampaigns.filter((id) => ids.campaigns.has(id)).map((id) => `campaign ${id} of the other workspace`),
  ].filter((leak): leak is string => typeof leak === 'string');
  if (leaks.length > 0) throw new CheckFailed(`the nested answer shows ${leaks.join(', ')}`);
  notes.push(`nested query: the three answers carry the same records (${counts}); none deleted, none of the other workspace`);
  notes.push(`nested query: ${nestedBytesNote(projectBody, bareBody)}`);

  for (const [listProject, listBare] of lists) {
    // Page links name the server's own origin (its port), which is all two servers may differ in.
    const withoutOrigin = (body: Buffer, target: Target) => Buffer.from(body.toString('utf8').replaceAll(target.server.url, 'http://origin'), 'utf8');
    const projectList = withoutOrigin(await fetchBody(fixture.key, listProject), listProject);
    const bareList = withoutOrigin(await fetchBody(fixture.key, listBare), listBare);
    const listDifference = firstByteDifference(projectList, bareList);
    if (listDifference) throw new CheckFailed(`GET ${listProject.path}: the bare answer differs from the project's: ${listDifference}`);
    const { data } = parse(projectList) as { data: Record<string, { data: Json[] }> };
    const records = Object.values(data)[0]?.data.length ?? 0;
    notes.push(`GET ${listProject.path}: the bare answer is byte-identical to the project's, page links' origin aside (${projectList.length.toLocaleString('en-GB')} bytes, ${records} records)`);
  }
  return notes;
}

/** Whether the bare server's nested answer is the project's, byte for byte (informative: records are what must match). */
function nestedBytesNote(projectBody: Buffer, bareBody: Buffer): string {
  const size = `${bareBody.length.toLocaleString('en-GB')} bytes`;
  if (projectBody.equals(bareBody)) return `the bare answer is byte-identical to the project's, page links' origin aside (${size})`;
  const { extensions, ...rest } = parse(projectBody) as { extensions?: Json };
  if (extensions !== undefined && Buffer.from(JSON.stringify(rest)).equals(bareBody)) {
    return `the bare answer is byte-identical to the project's once the project's top-level "extensions" member (${JSON.stringify(extensions)}) is left out (${size})`;
  }
  return `the bare answer is not byte-identical to the project's (${firstByteDifference(projectBody, bareBody)})`;
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
    const result = await autocannon({
      url: target.server.url + target.path,
      method: target.method,
      headers: headersFor(key, target),
      body: target.body,
      connections,
      duration: seconds,
      workers: 1,
    });
    peak = Math.max(peak, target.server.rssKiB());
    return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, peakRssKiB: peak, errors: result.errors + result.timeouts + result.non2xx };
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function fmt(value: number, digits = 0): string {
  return value.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function ratio(a: number, b: number): string {
  if (b === 0) return 'n/a';
  const r = a / b;
  return r >= 0.1 ? r.toFixed(2) : r.toFixed(3);
}

async function main(): Promise<void> {
  const logger = createLogger('warn', process.stderr);
  const benchDb = await benchDatabase(logger);
  const servers: ServerProcess[] = [];
  try {
    const fixture = await seedFixture(benchDb.url, logger);
    process.stdout.write(`${fixture.summary}\n`);
    const postgresVersion = await serverVersion(benchDb.url);

    const env = { [ENV_DATABASE_URL]: benchDb.url, [ENV_SECRETS_KEY]: fixture.secretsKey };
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

    const loadBefore = os.loadavg()[0];
    const runs = new Map<Target, Run[]>();
    const started = Date.now();
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const cell of cells) {
        const shift = round % cell.targets.length;
        for (const target of [...cell.targets.slice(shift), ...cell.targets.slice(0, shift)]) {
          const run = await drive(fixture.key, target, cell.connections, SECONDS);
          runs.set(target, [...(runs.get(target) ?? []), run]);
          process.stdout.write(
            `  round ${round + 1}/${ROUNDS} · ${cell.scenario} · ${cell.connections} conn · ${target.label}: ${fmt(run.rps)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, peak RSS ${fmt(run.peakRssKiB / 1024)} MiB${run.errors ? `, ${run.errors} errors` : ''}\n`,
          );
        }
      }
    }

    const cpus = os.cpus();
    process.stdout.write(
      `\n${ROUNDS} interleaved rounds × ${SECONDS} s per run (medians of the rounds; peak RSS: highest VmRSS of the server's process, sampled every 100 ms during its runs), ` +
        `Node ${process.version}, PostgreSQL ${postgresVersion}, ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, measured in ${fmt((Date.now() - started) / 1000)} s ` +
        `(1-minute load average ${loadBefore.toFixed(2)} before the rounds, ${os.loadavg()[0].toFixed(2)} after)\n\n`,
    );
    process.stdout.write('| scenario | connections | server | requests/s (rounds) | p50 ms | p99 ms | peak RSS MiB | SQL statements / request | errors |\n|---|---|---|---|---|---|---|---|---|\n');
    const summary = new Map<Target, { rps: number; p50: number }>();
    for (const cell of cells) {
      for (const target of cell.targets) {
        const list = runs.get(target) ?? [];
        const rps = median(list.map((run) => run.rps));
        const p50 = median(list.map((run) => run.p50));
        const p99 = median(list.map((run) => run.p99));
        summary.set(target, { rps, p50 });
        const peak = Math.max(...list.map((run) => run.peakRssKiB));
        const errors = list.reduce((sum, run) => sum + run.errors, 0);
        const rate = (value: number) => fmt(value, value < 20 ? 1 : 0);
        process.stdout.write(
          `| ${cell.scenario} | ${cell.connections} | ${target.label} | ${rate(rps)} (${list.map((run) => rate(run.rps)).join(', ')}) | ${fmt(p50)} | ${fmt(p99)} | ${fmt(peak / 1024)} | ${statements.get(target)} | ${errors} |\n`,
        );
      }
    }

    process.stdout.write(
      '\n| scenario | connections | requests/s: project ÷ PostGraphile | requests/s: project ÷ bare SQL | p50: project ÷ PostGraphile | p50: project ÷ bare SQL |\n|---|---|---|---|---|---|\n',
    );
    for (const cell of cells) {
      const of = (label: TargetSpec['label']) => {
        const target = cell.targets.find((t) => t.label === label);
        return target ? summary.get(target) : undefined;
      };
      const a = of('project')!;
      const b = of('PostGraphile');
      const c = of('bare SQL')!;
      process.stdout.write(
        `| ${cell.scenario} | ${cell.connections} | ${b ? ratio(a.rps, b.rps) : '—'} | ${ratio(a.rps, c.rps)} | ${b ? ratio(a.p50, b.p50) : '—'} | ${ratio(a.p50, c.p50)} |\n`,
      );
    }
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
