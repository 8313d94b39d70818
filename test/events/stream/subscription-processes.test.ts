import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Client } from 'graphql-ws';
import { gid } from '../../support/global-ids';
import { startOwnPostgres, type OwnPostgres } from '../../support/postgres-server';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../../support/server-process';
import { closeSubscriptions, EVENTS_SUBSCRIPTION, subscribeWs, wsClient } from '../../support/subscriptions';
import { apiClient, startTestApp, TEST_SECRETS_KEY, type AnyBody, type TestApp, type Workspace } from '../../support/test-app';
import { eventually } from '../../support/webhook-receiver';

/**
 * Subscriptions on a cluster of server processes over one PostgreSQL of the test's own: each
 * process listens for commits itself, so a write through one reaches subscribers of another; a
 * process stopped with SIGTERM closes its sockets with 1001 and the client resumes on another, or
 * on the restarted one, with its last cursor; a PostgreSQL restart under open subscriptions loses
 * nothing. "Nothing lost, nothing twice" is checked against the stream, id by id.
 */
jest.setTimeout(120_000);

let dataDir: string;
let database: OwnPostgres;
/** In-process: makes the workspace and its key (the servers below are child processes). */
let app: TestApp;
let ws: Workspace;
let first: ServerProcess;
let second: ServerProcess;

function server(): Promise<ServerProcess> {
  return startServerProcess({ DATABASE_URL: database.url, WORKER: 'false', SECRETS_KEY: TEST_SECRETS_KEY });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cpa-subscriptions-'));
  await chmod(dataDir, 0o755);
  database = await startOwnPostgres(dataDir);
  app = await startTestApp({ databaseUrl: database.url });
  ws = await app.workspace();
  // An event before any subscription, so that the stream has a head to subscribe from.
  await ws.api.post('/v2/advertiser-accounts', { name: 'Setup' });
  [first, second] = await Promise.all([server(), server()]);
});
afterAll(async () => {
  await Promise.all([first, second].filter(Boolean).map(stopServerProcess));
  await app?.close();
  await database?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

// A server process that died on its own fails the test that saw it die, with what it logged.
afterEach(() => {
  for (const target of [first, second].filter(Boolean)) {
    // `killed`: sent a signal by this file (stopServerProcess), not died on its own.
    if (!target.alive() && !target.child.killed) throw new Error(`a server process exited (${target.child.exitCode ?? target.child.signalCode}); its last log lines:\n${target.logs.slice(-40).join('\n')}`);
  }
});

function api(target: ServerProcess): ReturnType<typeof apiClient> {
  return apiClient(target.baseUrl, { 'x-api-key': ws.key });
}

/** Creates an advertiser account through a server process; its event follows. */
async function write(target: ServerProcess, name: string): Promise<void> {
  expect((await api(target).post('/v2/advertiser-accounts', { name })).status).toBe(200);
}

async function streamAfter(cursor: string | null): Promise<AnyBody[]> {
  return (await api(second).get(`/v2/events/stream${cursor ? `?after=${cursor}` : ''}`)).body.data.events;
}

async function head(): Promise<string | null> {
  return (await api(second).get('/v2/events/stream?limit=500')).body.data.next_cursor;
}

/** Resolves with the close code of the client's socket once it closes. */
function closeCode(client: Client): Promise<number> {
  return new Promise((resolve) => client.on('closed', (event) => resolve((event as { code: number }).code)));
}

const names = (events: AnyBody[]): string[] => events.map((event) => event.data.advertiser_account.name);
/** The ids a subscription gives the stream's events: global ids, with the stream's integer inside. */
const globalIds = (events: AnyBody[]): string[] => events.map((event) => gid('Event', event.id));

it('hands a write through one process to a subscriber of another', async () => {
  // Subscribing from the stream's head: whatever commits after it comes, however long the subscription takes to start.
  const onSecond = subscribeWs(wsClient(second, { 'X-API-Key': ws.key }), EVENTS_SUBSCRIPTION, { after: await head() });
  await write(first, 'Through the first');
  const [event] = await onSecond.waitForEvents(1);
  expect(event.data.advertiser_account.name).toBe('Through the first');
  await closeSubscriptions(app);
});

it('on SIGTERM closes its sockets with 1001; the client resumes with its cursor on the restarted process: no gap, nothing twice', async () => {
  const client = wsClient(first, { 'X-API-Key': ws.key });
  const closed = closeCode(client);
  const live = subscribeWs(client, EVENTS_SUBSCRIPTION, { after: await head() });
  await write(second, 'Before');
  const [seen] = await live.waitForEvents(1);

  expect(await stopServerProcess(first)).toBe(0);
  expect(await closed).toBe(1001);
  await write(second, 'While it was down 1');
  await write(second, 'While it was down 2');
  first = await server();

  const resumed = subscribeWs(wsClient(first, { 'X-API-Key': ws.key }), EVENTS_SUBSCRIPTION, { after: seen.cursor });
  await resumed.waitForEvents(2);
  await write(first, 'After');
  const received = await resumed.waitForEvents(3);
  const stream = await streamAfter(seen.cursor);
  expect(names(stream)).toEqual(['While it was down 1', 'While it was down 2', 'After']);
  expect(received.map((event) => event.id)).toEqual(globalIds(stream));
  await closeSubscriptions(app);
});

it('keeps its subscriptions through a PostgreSQL restart, and a resume across it misses nothing', async () => {
  const live = subscribeWs(wsClient(first, { 'X-API-Key': ws.key }), EVENTS_SUBSCRIPTION, { after: await head() });
  await write(second, 'Before the restart');
  const [seen] = await live.waitForEvents(1);

  const port = Number(new URL(database.url).port);
  await database.stop();
  database = await startOwnPostgres(dataDir, port);
  // The servers find the database again by themselves; writes answer 503 until they do.
  await eventually(async () => (await api(second).post('/v2/advertiser-accounts', { name: 'After the restart' })).status, (status) => status === 200, 30_000);
  await write(first, 'Later still');

  const received = await live.waitForEvents(3, 30_000);
  const resumed = subscribeWs(wsClient(second, { 'X-API-Key': ws.key }), EVENTS_SUBSCRIPTION, { after: seen.cursor });
  const stream = await streamAfter(seen.cursor);
  expect(names(stream)).toEqual(['After the restart', 'Later still']);
  expect(received.slice(1).map((event) => event.id)).toEqual(globalIds(stream));
  expect((await resumed.waitForEvents(2)).map((event) => event.id)).toEqual(globalIds(stream));
  await closeSubscriptions(app);
});
