import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import WebSocket from 'ws';
import { MigrationExecutor } from 'typeorm';
import { createDataSource } from '../../ormconfig';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../../src/db/database-unavailable';
import { childEnv, ROOT, run, runAdmin } from '../support/processes';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../support/server-process';
import { apiClient, TEST_SECRETS_KEY } from '../support/test-app';
import { adminUrl, databaseUrl, freshDatabase, withAdminClient } from '../support/test-database';
import { eventually } from '../support/webhook-receiver';

/**
 * MIGRATE_ON_START=false on a database the migration job has not reached yet (an orchestrator
 * starting the new version first): the processes stay up instead of crash-looping. An API node
 * listens unready, /readyz naming the pending migrations and every API request answered 503 with
 * Retry-After, and a worker waits; once `npm run migration:run` has run, both finish starting.
 * Real processes (the built server, worker and migration CLI) on real databases.
 */
jest.setTimeout(120_000);

interface Database {
  url: string;
  drop(): Promise<void>;
}

let known: string[];
const cleanups: (() => Promise<unknown>)[] = [];

/** The migrations this code knows of (names, oldest first), as a database migrated from the template holds them. */
beforeAll(async () => {
  const database = await freshDatabase();
  const dataSource = createDataSource(database.url);
  try {
    await dataSource.initialize();
    const executed = await new MigrationExecutor(dataSource).getExecutedMigrations();
    known = executed.sort((a, b) => a.timestamp - b.timestamp).map((migration) => migration.name);
  } finally {
    await dataSource.destroy();
    await database.drop();
  }
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function emptyDatabase(): Promise<Database> {
  const name = `cpa_test_empty_${process.pid}_${Date.now()}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`));
  const database = {
    url: databaseUrl(adminUrl(), name),
    drop: () => withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`)).then(() => undefined),
  };
  cleanups.push(database.drop);
  return database;
}

/** Migrated from the template, then its last migration undone: what the previous release left. */
async function outdatedDatabase(): Promise<Database> {
  const database = await freshDatabase();
  cleanups.push(database.drop);
  const dataSource = createDataSource(database.url);
  await dataSource.initialize();
  try {
    await dataSource.undoLastMigration({ transaction: 'each' });
  } finally {
    await dataSource.destroy();
  }
  return database;
}

const env = (database: Database): Record<string, string> => ({ DATABASE_URL: database.url, SECRETS_KEY: TEST_SECRETS_KEY, MIGRATE_ON_START: 'false' });

async function server(database: Database): Promise<ServerProcess> {
  const started = await startServerProcess(env(database));
  cleanups.push(() => stopServerProcess(started));
  return started;
}

/** `dist/src/worker.js`, watched without waiting for it to run (startNodeProcess resolves only then). */
function worker(database: Database): { child: ChildProcessWithoutNullStreams; logs: string[] } {
  const child = spawn(process.execPath, [path.join(ROOT, 'dist', 'src', 'worker.js')], { cwd: ROOT, env: childEnv({ ...env(database), LOG_LEVEL: 'info' }) });
  const logs: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  cleanups.push(() => stopped(child, 'SIGTERM'));
  return { child, logs };
}

/** Resolves with the exit code once the child has exited (sending `signal` first, if given). */
function stopped(child: ChildProcessWithoutNullStreams, signal?: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    if (signal) child.kill(signal);
  });
}

/** As `npm run migration:run` runs it, with the servers' environment. */
async function migrationStep(database: Database): Promise<string[]> {
  const result = await run(process.execPath, [path.join(ROOT, 'dist', 'src', 'cli', 'migrate.js')], env(database));
  expect(result).toMatchObject({ code: 0 });
  return (JSON.parse(result.stdout) as { applied: string[] }).applied;
}

/** The status a graphql-ws upgrade to /graphql is answered with. */
function upgradeStatus(baseUrl: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', { headers: { 'x-api-key': 'cpk_anything' } });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('open', () => {
      resolve(101);
      socket.close();
    });
    socket.once('error', reject);
  });
}

/** While awaiting migrations: alive, unready naming them, and every API request a 503 to retry. */
async function expectAwaiting(node: ServerProcess, pending: string[]): Promise<void> {
  const probe = apiClient(node.baseUrl);
  expect((await probe.get('/healthz')).status).toBe(200);
  const readiness = await probe.get('/readyz');
  expect({ status: readiness.status, body: readiness.body }).toEqual({
    status: 503,
    body: { status: 'not ready', state: 'awaiting-migrations', database: 'up', pendingMigrations: pending },
  });

  // Any key, or none: no request gets as far as the tables.
  const client = apiClient(node.baseUrl, { 'x-api-key': 'cpk_anything' });
  const rest = await client.get('/v2/campaigns');
  expect(rest.status).toBe(503);
  expect(rest.headers.get('retry-after')).toBe('5');
  expect(rest.body).toEqual({ success: false, message: SERVICE_UNAVAILABLE_MESSAGE, code: 'SERVICE_UNAVAILABLE', request_id: rest.headers.get('x-request-id') });
  const write = await client.post('/v2/advertiser-accounts', { name: 'Too early' });
  expect([write.status, write.body.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);

  const graphql = await client.graphql('{ campaigns(first: 1) { nodes { id } } }');
  expect(graphql.status).toBe(503);
  expect(graphql.headers.get('retry-after')).toBe('5');
  expect(graphql.body).toEqual({ errors: [{ message: SERVICE_UNAVAILABLE_MESSAGE, extensions: { code: 'SERVICE_UNAVAILABLE' } }] });
  expect(await upgradeStatus(node.baseUrl)).toBe(503);
  expect(node.alive()).toBe(true);
}

/** Polls /readyz (which also makes the node look again) until ready; then a real request through each face. */
async function expectServing(node: ServerProcess, database: Database): Promise<void> {
  const probe = apiClient(node.baseUrl);
  const ready = await eventually(() => probe.get('/readyz'), (response) => response.status === 200);
  expect(ready.body).toEqual({ status: 'ready', state: 'ready', database: 'up' });

  const adminEnv = { DATABASE_URL: database.url, SECRETS_KEY: TEST_SECRETS_KEY };
  const org = JSON.parse((await runAdmin(['org:create', '--name', 'After the step'], adminEnv)).stdout) as { organization_code: string };
  const { key } = JSON.parse((await runAdmin(['key:create', '--org', org.organization_code], adminEnv)).stdout) as { key: string };
  const api = apiClient(node.baseUrl, { 'x-api-key': key });
  const created = await api.post('/v2/advertiser-accounts', { name: 'After the step' });
  expect(created.status).toBe(200);
  const listed = await api.graphql('{ advertiserAccounts(first: 5) { nodes { name } } }');
  expect(listed.status).toBe(200);
  expect(listed.body.data.advertiserAccounts.nodes).toEqual([{ name: 'After the step' }]);
}

it('on an empty database: the API node and a worker stay up, waiting, until `npm run migration:run`; then both start', async () => {
  const database = await emptyDatabase();
  const node = await server(database);
  const alone = worker(database);

  await expectAwaiting(node, known);
  // Past its look at the schema (where it used to fail on the missing tables), and still running.
  await eventually(async () => alone.logs.join(''), (logs) => logs.includes('migrations pending') || alone.child.exitCode !== null);
  expect(alone.child.exitCode).toBeNull();

  expect(await migrationStep(database)).toEqual(known);
  await expectServing(node, database);
  await eventually(async () => alone.logs.join(''), (logs) => logs.includes('webhook worker running') || alone.child.exitCode !== null);
  expect(alone.logs.join('')).toContain('webhook worker running');

  expect(await stopped(alone.child, 'SIGTERM')).toBe(0);
  expect(await stopServerProcess(node)).toBe(0);
});

it('on an outdated database: the node answers 503 naming the missing migration until the step has run', async () => {
  const database = await outdatedDatabase();
  const node = await server(database);
  const latest = known.slice(-1);

  await expectAwaiting(node, latest);
  expect(await migrationStep(database)).toEqual(latest);
  await expectServing(node, database);
  expect(await stopServerProcess(node)).toBe(0);
});

it('fails as a start does when what it deferred fails: a secrets key other than the database\'s', async () => {
  const database = await outdatedDatabase();
  // Recorded by the processes of the previous release, which held another key.
  await withAdminClient((client) => client.query(`INSERT INTO secrets_key_fingerprint (id, fingerprint) VALUES (1, $1)`, ['0'.repeat(64)]), database.url);
  const node = await server(database);
  await expectAwaiting(node, known.slice(-1));

  await migrationStep(database);
  expect(await stopped(node.child)).toBe(1);
  expect(node.logs.join('')).toContain("Failed to start: SECRETS_KEY is not the key this database's secrets are sealed with");
});
