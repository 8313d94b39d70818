import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { deliveryWorkDone } from '../support/delivery-work';
import { childEnv, ROOT } from '../support/processes';
import { type AnyBody, startTestApp, TEST_SECRETS_KEY, type TestApp, type Workspace } from '../support/test-app';
import { withAdminClient } from '../support/test-database';
import { eventually, verify, WebhookReceiver } from '../support/webhook-receiver';

/**
 * Delivery when things fail: the OAuth token server, a worker killed mid-delivery, two workers on
 * one database, PostgreSQL unavailable. The API runs in this process with its worker off; workers
 * run as their own processes (`node dist/src/worker.js`, what `npm run worker` starts).
 */
jest.setTimeout(90_000);

let app: TestApp;
let ws: Workspace;
let receiver: WebhookReceiver;
const children = new Set<ChildProcess>();

function databaseName(): string {
  return new URL(app.databaseUrl).pathname.slice(1);
}

/** A worker process on the test's database, as `npm run worker` runs it. */
function startWorker(): ChildProcess {
  const child = spawn(process.execPath, [path.join(ROOT, 'dist', 'src', 'worker.js')], {
    cwd: ROOT,
    env: childEnv({
      DATABASE_URL: app.databaseUrl,
      SECRETS_KEY: TEST_SECRETS_KEY,
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1',
      WEBHOOK_TIMEOUT_SECONDS: '10',
      LOG_LEVEL: 'error',
    }),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

async function stopWorker(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** A real OAuth 2.0 token server (oauth2-mock-server) on loopback that knows one client. */
async function startTokenServer(clientId: string, clientSecret: string): Promise<{ url: string; process: ChildProcess }> {
  const child = spawn(process.execPath, [path.join(ROOT, 'test', 'support', 'oauth-server.mjs'), clientId, clientSecret], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  children.add(child);
  child.on('exit', () => children.delete(child));
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`token server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/token`, process: child };
}

beforeAll(async () => {
  app = await startTestApp();
  ws = await app.workspace();
});

afterAll(async () => {
  await Promise.all([...children].map((child) => stopWorker(child, 'SIGKILL')));
  await app.close();
});

beforeEach(async () => {
  receiver = await WebhookReceiver.start();
});

afterEach(async () => {
  await Promise.all([...children].map((child) => stopWorker(child, 'SIGKILL')));
  await receiver.stop().catch(() => undefined);
  expect(receiver.badSignatures).toEqual([]);
});

/** Subscribes the receiver, which from then on verifies every request's signature. */
async function subscribe(extra: Record<string, unknown> = {}): Promise<{ id: number; secret: string }> {
  const response = await ws.api.post('/v2/webhooks', { name: 'receiver', url: receiver.url, events: ['advertiser_account_created'], ...extra });
  expect(response.status).toBe(200);
  receiver.verifyWith(response.body.data.webhook.secret);
  return { id: response.body.data.webhook.id, secret: response.body.data.webhook.secret };
}

async function createAccounts(count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) expect((await ws.api.post('/v2/advertiser-accounts', { name: `Account ${i}` })).status).toBe(200);
}

async function deliveries(webhookId: number): Promise<AnyBody[]> {
  return (await ws.api.get(`/v2/webhooks/${webhookId}/deliveries?per_page=100`)).body.data.deliveries.data;
}

afterEach(async () => {
  // Each test subscribes anew: earlier webhooks must not receive later tests' events.
  for (const webhook of (await ws.api.get('/v2/webhooks')).body.data) await ws.api.delete(`/v2/webhooks/${webhook.id}`);
});

describe('service credentials (OAuth 2.0 client credentials)', () => {
  it('sends a bearer token from the token endpoint, and on a 401 fetches a new one and retries once', async () => {
    const tokens = await startTokenServer('partner-client', 's3cret/with:odd&chars');
    const service = await ws.api.post('/v2/webhooks/services', { name: 'Partner OAuth', client_id: 'partner-client', client_secret: 's3cret/with:odd&chars', auth_url: tokens.url });
    expect(service.status).toBe(200);
    receiver.respond = (_request, index) => (index === 0 ? { status: 401 } : { status: 200 });
    const { id, secret } = await subscribe({ service_id: String(service.body.data.service.id) });
    const worker = startWorker();

    await createAccounts(1);
    const [refused, accepted] = await receiver.waitFor(2);
    expect(refused.headers.authorization).toMatch(/^Bearer \S+$/);
    expect(accepted.headers.authorization).toMatch(/^Bearer \S+$/);
    expect(accepted.headers.authorization).not.toBe(refused.headers.authorization);
    expect(verify(secret, accepted)).toEqual(accepted.json);
    const [logged] = await eventually(() => deliveries(id), (list) => list[0]?.status === 'succeeded');
    expect(logged.attempt_count).toBe(1);

    // The token is cached: the next delivery reuses it without asking the token server again.
    await createAccounts(1);
    const [, , third] = await receiver.waitFor(3);
    expect(third.headers.authorization).toBe(accepted.headers.authorization);
    await stopWorker(worker);
  });

  it('asks the token endpoint once for concurrent deliveries of one service', async () => {
    const tokens = await startTokenServer('partner-client', 'secret');
    const service = await ws.api.post('/v2/webhooks/services', { name: 'Shared token', client_id: 'partner-client', client_secret: 'secret', auth_url: tokens.url });
    await subscribe({ service_id: service.body.data.service.id });
    // Five events waiting before the worker starts: their attempts run concurrently, in one batch.
    await createAccounts(5);
    startWorker();
    const requests = await receiver.waitFor(5);
    const presented = new Set(requests.map((request) => request.headers.authorization));
    expect(presented.size).toBe(1);
    // The token server numbers the tokens it issues: one request was made.
    expect([...presented][0]).toMatch(/^Bearer \S+\.1$/);
  });

  it('counts a token endpoint that refuses the credentials as a failed attempt, with that reason', async () => {
    const tokens = await startTokenServer('partner-client', 'right-secret');
    const service = await ws.api.post('/v2/webhooks/services', { name: 'Wrong secret', client_id: 'partner-client', client_secret: 'wrong-secret', auth_url: tokens.url });
    const { id } = await subscribe({ service_id: service.body.data.service.id });
    startWorker();
    await createAccounts(1);
    const [logged] = await eventually(() => deliveries(id), (list) => list[0]?.attempt_count >= 1);
    const detail = (await ws.api.get(`/v2/webhooks/${id}/deliveries/${logged.id}`)).body.data.delivery;
    expect(detail.attempts[0]).toMatchObject({ status_code: null, error: 'token endpoint answered 401' });
    expect(receiver.requests).toHaveLength(0);
  });
});

describe('a worker killed mid-delivery', () => {
  it('loses nothing and logs every request: the attempt in flight is logged interrupted, then another worker sends the same webhook-id', async () => {
    const { id, secret } = await subscribe();
    // The receiver holds the first request open until the test ends (the worker sending it is killed meanwhile).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    receiver.respond = (_request, index) => (index === 0 ? { status: 200, heldUntil: held } : { status: 200 });
    try {
      const first = startWorker();
      await createAccounts(1);
      const [inFlight] = await receiver.waitFor(1);
      // In flight: the attempt is opened in the database, but the log lists no attempt until it ends.
      const [pending] = await deliveries(id);
      expect(pending).toMatchObject({ status: 'pending', attempt_count: 0 });
      expect((await ws.api.get(`/v2/webhooks/${id}/deliveries/${pending.id}`)).body.data.delivery.attempts).toEqual([]);
      await stopWorker(first, 'SIGKILL');

      startWorker();
      // pg-boss hands the job on once its heartbeat (10 s) lapses; the new run closes the attempt as
      // interrupted and schedules the next, which the schedule (1 s here) sends.
      const [, again] = await receiver.waitFor(2, 60_000);
      expect(again.headers['webhook-id']).toBe(inFlight.headers['webhook-id']);
      expect(verify(secret, again)).toEqual(inFlight.json);

      const [logged] = await eventually(() => deliveries(id), (list) => list[0]?.status === 'succeeded');
      await deliveryWorkDone(app, [id], 30_000);
      expect(logged.attempt_count).toBe(2);
      expect(receiver.requests).toHaveLength(logged.attempt_count);
      const detail = (await ws.api.get(`/v2/webhooks/${id}/deliveries/${logged.id}`)).body.data.delivery;
      expect(detail.attempts).toEqual([
        { attempt: 1, outcome: 'interrupted', started_at: expect.any(String), duration_ms: expect.any(Number), status_code: null, error: expect.stringMatching(/^interrupted: /), response_body: null },
        { attempt: 2, outcome: 'succeeded', started_at: expect.any(String), duration_ms: expect.any(Number), status_code: 200, error: null, response_body: '' },
      ]);
      // The interrupted attempt lasted, as far as anyone knows, until the takeover: past the heartbeat.
      expect(detail.attempts[0].duration_ms).toBeGreaterThanOrEqual(10_000);
      expect(Date.parse(detail.attempts[1].started_at)).toBeGreaterThan(Date.parse(detail.attempts[0].started_at) + detail.attempts[0].duration_ms);

      // GraphQL tells the same story.
      const graphql = await ws.api.graphql(
        'query($webhookId: ID!, $deliveryId: ID!) { webhookDelivery(webhookId: $webhookId, deliveryId: $deliveryId) { attemptCount attempts { attemptNo outcome statusCode } } }',
        { webhookId: String(id), deliveryId: String(logged.id) },
      );
      expect(graphql.body.data.webhookDelivery).toEqual({
        attemptCount: 2,
        attempts: [
          { attemptNo: 1, outcome: 'INTERRUPTED', statusCode: null },
          { attemptNo: 2, outcome: 'SUCCEEDED', statusCode: 200 },
        ],
      });
    } finally {
      release();
    }
  });
});

describe('two worker processes on one database', () => {
  it('deliver every event, each attempt by one worker only', async () => {
    const { id } = await subscribe();
    const workers = [startWorker(), startWorker()];
    await createAccounts(40);
    await receiver.waitFor(40, 30_000);
    await eventually(() => deliveries(id), (list) => list.length === 40 && list.every((d) => d.status === 'succeeded'));
    // No attempt job left to run, then both workers stopped the graceful way (attempts in flight
    // finish first): no request can come after this, so a duplicate would be here by now.
    await deliveryWorkDone(app, [id], 30_000);
    await Promise.all(workers.map((worker) => stopWorker(worker)));
    const ids = receiver.requests.map((request) => request.headers['webhook-id']);
    expect(new Set(ids).size).toBe(40);
    expect(ids).toHaveLength(40);
  });
});

describe('PostgreSQL unavailable for a few seconds', () => {
  it('delivers every committed event once the database is back, with no restart', async () => {
    const { id } = await subscribe();
    // The receiver is down too, so the five events are still being retried when the database goes.
    const port = receiver.port;
    await receiver.stop();
    startWorker();
    await createAccounts(5);
    await eventually(() => deliveries(id), (list) => list.length === 5 && list.every((d) => d.attempt_count >= 1), 30_000);
    // Cut the database off: every connection dropped, and no new ones for 4 s.
    await withAdminClient(async (client) => {
      await client.query(`ALTER DATABASE ${client.escapeIdentifier(databaseName())} WITH ALLOW_CONNECTIONS false`);
      await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [databaseName()]);
    });
    const refused = await ws.api.post('/v2/advertiser-accounts', { name: 'During the outage' });
    expect(refused.status).toBeGreaterThanOrEqual(500);
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    await withAdminClient((client) => client.query(`ALTER DATABASE ${client.escapeIdentifier(databaseName())} WITH ALLOW_CONNECTIONS true`));
    await receiver.listen(port);

    expect((await ws.api.post('/v2/advertiser-accounts', { name: 'After the outage' })).status).toBe(200);
    const expected = ['Account 0', 'Account 1', 'Account 2', 'Account 3', 'Account 4', 'After the outage'];
    const receivedNames = (): string[] => [...new Set(receiver.requests.map((request) => (request.json.data.advertiser_account as { name: string }).name))].sort();
    await eventually(async () => receivedNames(), (names) => expected.every((name) => names.includes(name)), 60_000);
    expect(receivedNames()).toEqual(expected);
  });
});
