import 'reflect-metadata';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { createLogger } from '../src/logging/logger';
import { benchDatabase } from './bench-database';
import { PROJECT_NESTED_QUERY } from './compare/answers';
import { seedFixture } from './compare/fixture';
import { ENV_DATABASE_URL, ENV_SECRETS_KEY } from './compare/protocol';
import { ServerProcess } from './compare/servers';

/**
 * CPU per request of two builds of the project, A and B, on one seeded database: what a lever
 * saves, measured where single throughput runs on a shared two-core machine move by more than
 * the lever does. Each build's server (bench/compare/server-project.js of its dist directory)
 * runs in a process of its own; they are loaded in turn, in alternating order (A B B A A B …),
 * with the same requests at 10 connections, and the CPU of the server process and of every
 * PostgreSQL process is read from /proc before and after each load. The answers of both are
 * compared first.
 *
 *   npx tsc -p tsconfig.bench.json        # in each checkout (git worktree) to compare
 *   node dist/bench/cpu-per-request.js <A's dist directory> <B's dist directory>
 *
 * CPU_PATH: a GET path to load instead of the nested query (`/v2/contents?per_page=100`);
 * CPU_REQUESTS (400) per load; CPU_ROUNDS (4) loads of each.
 */

const [distA, distB] = process.argv.slice(2).map((dir) => path.resolve(dir));
if (!distA || !distB) throw new Error('usage: node dist/bench/cpu-per-request.js <dist A> <dist B>');
const REQUESTS = Number(process.env.CPU_REQUESTS ?? 400);
const ROUNDS = Number(process.env.CPU_ROUNDS ?? 4);
const GET_PATH = process.env.CPU_PATH;
const CONNECTIONS = 10;
/** Kernel clock ticks per second (USER_HZ), in which /proc/<pid>/stat counts CPU time. */
const TICKS_PER_SECOND = 100;

interface Server {
  name: 'A' | 'B';
  process: ServerProcess;
}

/** User and system ticks of a process (with those of its waited-for children when `children`). */
function cpuTicks(pid: number, children = false): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const own = Number(fields[11]) + Number(fields[12]);
  return children ? own + Number(fields[13]) + Number(fields[14]) : own;
}

/** The processes below this one that are not the servers: the embedded PostgreSQL's. */
function databaseProcesses(servers: readonly Server[]): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const excluded = new Set(servers.map((server) => server.process.pid));
  const found: number[] = [];
  for (const pid of parents.keys()) {
    for (let at = pid; at > 1; at = parents.get(at) ?? 0) {
      if (excluded.has(at)) break;
      if (at === process.pid) {
        if (pid !== process.pid) found.push(pid);
        break;
      }
    }
  }
  return found;
}

function databaseTicks(servers: readonly Server[]): number {
  let total = 0;
  for (const pid of databaseProcesses(servers)) {
    try {
      total += cpuTicks(pid, true);
    } catch {
      // A backend that ended meanwhile.
    }
  }
  return total;
}

function request(port: number, key: string): { url: string; method: 'GET' | 'POST'; headers: Record<string, string>; body?: string } {
  if (GET_PATH) return { url: `http://127.0.0.1:${port}${GET_PATH}`, method: 'GET', headers: { 'x-api-key': key } };
  return { url: `http://127.0.0.1:${port}/graphql`, method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ query: PROJECT_NESTED_QUERY }) };
}

async function answerOf(server: Server, key: string): Promise<string> {
  const { url, ...init } = request(server.process.port, key);
  const response = await fetch(url, init);
  // Page links carry the server's own origin.
  return (await response.text()).replaceAll(`127.0.0.1:${server.process.port}`, '127.0.0.1:PORT');
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mean = (values: number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;

async function main(): Promise<void> {
  const logger = createLogger('warn', process.stderr);
  const database = await benchDatabase(logger);
  const servers: Server[] = [];
  try {
    const fixture = await seedFixture(database.url, logger);
    const env = { [ENV_DATABASE_URL]: database.url, [ENV_SECRETS_KEY]: fixture.secretsKey };
    const project = (dist: string): string => path.join(dist, 'bench/compare/server-project.js');
    servers.push({ name: 'A', process: await ServerProcess.start('A', project(distA), env) }, { name: 'B', process: await ServerProcess.start('B', project(distB), env) });
    const [answerA, answerB] = [await answerOf(servers[0], fixture.key), await answerOf(servers[1], fixture.key)];
    process.stdout.write(`${GET_PATH ?? 'nested query'}: answers ${answerA === answerB ? 'byte-identical' : 'DIFFERENT'} (${answerA.length} and ${answerB.length} characters)\n`);
    for (const server of servers) await autocannon({ ...request(server.process.port, fixture.key), connections: CONNECTIONS, amount: Math.ceil(REQUESTS / 2) });
    const measured: Record<Server['name'], { server: number[]; database: number[] }> = { A: { server: [], database: [] }, B: { server: [], database: [] } };
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const server of round % 2 === 0 ? servers : [...servers].reverse()) {
        const pid = server.process.pid;
        const [serverBefore, databaseBefore] = [cpuTicks(pid), databaseTicks(servers)];
        const result = await autocannon({ ...request(server.process.port, fixture.key), connections: CONNECTIONS, amount: REQUESTS });
        const answered = result.requests.total;
        if (result.non2xx || result.errors) throw new Error(`${server.name}: ${result.non2xx} answers were not 2xx, ${result.errors} failed`);
        const toMs = (ticks: number): number => (ticks * 1000) / TICKS_PER_SECOND / answered;
        measured[server.name].server.push(toMs(cpuTicks(pid) - serverBefore));
        measured[server.name].database.push(toMs(databaseTicks(servers) - databaseBefore));
        process.stdout.write(`round ${round + 1} ${server.name}: ${answered} requests, ${result.requests.average} req/s, server ${measured[server.name].server.at(-1)?.toFixed(2)} ms CPU/request\n`);
      }
    }
    process.stdout.write('\n| build | server CPU ms / request: mean (median) | PostgreSQL CPU ms / request: mean (median) |\n|---|---|---|\n');
    for (const name of ['A', 'B'] as const) {
      const { server, database: db } = measured[name];
      process.stdout.write(`| ${name} | ${mean(server).toFixed(2)} (${median(server).toFixed(2)}) | ${mean(db).toFixed(2)} (${median(db).toFixed(2)}) |\n`);
    }
  } finally {
    await Promise.all(servers.map((server) => server.process.stop()));
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
