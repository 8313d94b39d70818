import 'reflect-metadata';
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { createLogger } from '../src/logging/logger';
import { benchDatabase } from './bench-database';
import { type Fixture, seedFixture } from './compare/fixture';
import { ENV_DATABASE_URL, ENV_SECRETS_KEY, type ServerMessage } from './compare/protocol';
import { serverNodeFlags } from './server-node-flags';
import { ENV_SOAK_CLIENTS, ENV_SOAK_KEY, ENV_SOAK_URL, ENV_SOAK_VALUES, type HeapAnswer, type HeapQuestion, type PhaseOrder, type PhaseReport } from './soak/protocol';

/**
 * Soak: does the server hold its throughput and its heap phase after phase, under a small heap,
 * when clients write values into their GraphQL texts (every text new)? The server runs in a
 * process of its own with npm start's flags, a heap of SOAK_HEAP_MB (256) MiB and --expose-gc (so
 * that the harness can read the heap at rest: two full collections, then memoryUsage, asked over
 * IPC between phases); the load comes from another process (bench/soak/load.ts): SOAK_CLIENTS (6)
 * clients sending REST and GraphQL reads and writes, one GraphQL mutation carrying its value
 * inline (SOAK_VALUES=inline) or as a variable (variable). SOAK_PHASES (7) phases of
 * SOAK_PHASE_SECONDS (35) seconds; per phase: requests/s, p50 and p99, failures, the heap at rest.
 * Several builds (dist directories) and SOAK_VALUES=inline,variable run one after the other on the
 * one seeded database, each with a fresh server.
 *
 *   npm run bench:soak                                    # this checkout's server
 *   node dist/bench/soak.js <dist directory> [<dist directory> …]   # e.g. git worktrees of other commits
 */

const dists = (process.argv.length > 2 ? process.argv.slice(2) : [path.join(__dirname, '..')]).map((dir) => path.resolve(dir));
const PHASES = Number(process.env.SOAK_PHASES ?? 7);
const PHASE_SECONDS = Number(process.env.SOAK_PHASE_SECONDS ?? 35);
const HEAP_MB = Number(process.env.SOAK_HEAP_MB ?? 256);
const VALUES = (process.env.SOAK_VALUES ?? 'inline').split(',');
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 6);
for (const values of VALUES) if (values !== 'inline' && values !== 'variable') throw new Error(`SOAK_VALUES lists inline or variable, not ${values}`);

/** The first message of `child` that `accept` takes. */
function nextMessage<T>(child: ChildProcess, accept: (message: unknown) => message is T): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`a child process exited with ${code}`));
    const onMessage = (message: unknown) => {
      if (!accept(message)) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

const typed =
  <T extends { type: string }>(type: T['type']) =>
  (message: unknown): message is T =>
    typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;

const mib = (bytes: number): string => (bytes / 1024 / 1024).toFixed(0);

/** Both children end when their channel closes (the server stops as bench/compare's do). */
async function stopAll(children: ChildProcess[]): Promise<void> {
  for (const child of [...children].reverse()) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.connected) child.disconnect();
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
}

/** One soak of the server of `dist`: its process and the load's are stopped at the end. */
async function soak(databaseUrl: string, fixture: Fixture, dist: string, values: string): Promise<void> {
  const children: ChildProcess[] = [];
  try {
    const server = fork(path.join(dist, 'bench/soak/server.js'), [], {
      env: { ...process.env, [ENV_DATABASE_URL]: databaseUrl, [ENV_SECRETS_KEY]: fixture.secretsKey, NODE_ENV: 'production' },
      execArgv: [...serverNodeFlags(), `--max-old-space-size=${HEAP_MB}`, '--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(server);
    const ready = await nextMessage(server, (message): message is ServerMessage => typed<ServerMessage>('ready')(message) || typed<ServerMessage>('failed')(message));
    if (ready.type !== 'ready') throw new Error(`the server did not start: ${JSON.stringify(ready)}`);
    const heap = async (): Promise<HeapAnswer> => {
      const question: HeapQuestion = { type: 'heap' };
      const answer = nextMessage(server, typed<HeapAnswer>('heap'));
      server.send(question);
      return answer;
    };
    const load = fork(path.join(__dirname, 'soak/load.js'), [], {
      env: { ...process.env, [ENV_SOAK_URL]: `http://127.0.0.1:${ready.port}`, [ENV_SOAK_KEY]: fixture.key, [ENV_SOAK_VALUES]: values, [ENV_SOAK_CLIENTS]: String(CLIENTS) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(load);
    await nextMessage(load, typed('ready'));
    const start = await heap();
    process.stdout.write(`\nserver: ${dist}, heap ${HEAP_MB} MiB; ${CLIENTS} clients, mutation value ${values}; ${PHASES} phases of ${PHASE_SECONDS} s\n`);
    process.stdout.write(`heap at rest before the load: ${mib(start.heapUsed)} MiB (RSS ${mib(start.rss)} MiB)\n\n`);
    process.stdout.write('| phase | requests/s | p50 ms | p99 ms | failures | heap at rest MiB | RSS MiB |\n|---|---|---|---|---|---|---|\n');
    for (let phase = 1; phase <= PHASES; phase += 1) {
      const order: PhaseOrder = { type: 'phase', seconds: PHASE_SECONDS };
      const report = nextMessage(load, typed<PhaseReport>('phase'));
      load.send(order);
      const { requests, seconds, p50Ms, p99Ms, failures } = await report;
      const rest = await heap();
      process.stdout.write(`| ${phase} | ${(requests / seconds).toFixed(0)} | ${p50Ms.toFixed(1)} | ${p99Ms.toFixed(1)} | ${failures} | ${mib(rest.heapUsed)} | ${mib(rest.rss)} |\n`);
    }
  } finally {
    await stopAll(children);
  }
}

async function main(): Promise<void> {
  const logger = createLogger('warn', process.stderr);
  const database = await benchDatabase(logger);
  try {
    const fixture = await seedFixture(database.url, logger);
    process.stdout.write(`${fixture.summary}\n`);
    for (const values of VALUES) for (const dist of dists) await soak(database.url, fixture, dist, values);
  } finally {
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
