import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../support/processes';
import { type AnyBody, TEST_SECRETS_KEY, type Workspace } from '../support/test-app';
import { type NodeProcess, startNodeProcess } from '../support/server-process';
import { eventually, WebhookReceiver } from '../support/webhook-receiver';
import { startMetricsTestApp, type MetricsTestApp } from '../metrics/metrics-test-app';
import { scrape, valueOf } from '../metrics/scrape';

/**
 * A webhook's `rate_limit`: the most requests per second the workers together start to its URL.
 * The API runs without a worker; two worker processes (`npm run worker`, built) share the
 * database, and a real receiver on loopback notes when each request arrives.
 */
jest.setTimeout(120_000);

let app: MetricsTestApp;
let ws: Workspace;
let receiver: WebhookReceiver;
let workers: NodeProcess[] = [];

beforeAll(async () => {
  app = await startMetricsTestApp({ worker: false });
  ws = await app.workspace('Throttled workspace');
  receiver = await WebhookReceiver.start();
});

afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.kill('SIGTERM')));
  await receiver?.stop();
  await app?.close();
});

interface Arrival {
  webhookId: string;
  receivedAt: number;
}

/** The most requests that arrived within any one second (a sliding window from each arrival). */
function busiestSecond(arrivals: readonly Arrival[]): number {
  const times = arrivals.map((arrival) => arrival.receivedAt).sort((a, b) => a - b);
  return Math.max(0, ...times.map((start) => times.filter((time) => time >= start && time < start + 1_000).length));
}

/**
 * A receiver in a process of its own (test/support/arrival-recorder.mjs), so that arrivals are
 * timed when they happen rather than when this busy process gets to them.
 */
async function startArrivalRecorder(): Promise<{ url: string; arrivals(): Promise<Arrival[]>; stop(): void }> {
  const child = spawn(process.execPath, [path.join(ROOT, 'test', 'support', 'arrival-recorder.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`the arrival recorder exited (${code})`)));
  });
  const base = `http://127.0.0.1:${port}`;
  return {
    url: `${base}/hooks`,
    arrivals: async () => (await (await fetch(`${base}/arrivals`)).json()) as Arrival[],
    stop: () => child.kill('SIGKILL'),
  };
}

async function createAccount(name: string): Promise<void> {
  const response = await ws.api.post('/v2/advertiser-accounts', { name });
  expect(response.status).toBe(200);
}

async function deliveries(webhookId: number): Promise<AnyBody[]> {
  const response = await ws.api.get(`/v2/webhooks/${webhookId}/deliveries?per_page=100`);
  expect(response.status).toBe(200);
  return response.body.data.deliveries.data;
}

describe('rate_limit on a webhook', () => {
  it('is null (no limit) unless set, is set on create and update, cleared with null, and shown in list and detail', async () => {
    const created = await ws.api.post('/v2/webhooks', { name: 'Plain', url: receiver.url, events: ['advertiser_account_created'] });
    const id = created.body.data.webhook.id;
    expect(created.body.data.webhook.rate_limit).toBeNull();
    expect((await ws.api.put(`/v2/webhooks/${id}`, { rate_limit: 5 })).body.data.webhook.rate_limit).toBe(5);
    expect((await ws.api.get(`/v2/webhooks/${id}`)).body.data.webhook.rate_limit).toBe(5);
    const listed = (await ws.api.get('/v2/webhooks')).body.data as AnyBody[];
    expect(listed.find((webhook) => webhook.id === id)?.rate_limit).toBe(5);
    expect((await ws.api.put(`/v2/webhooks/${id}`, { name: 'Renamed' })).body.data.webhook.rate_limit).toBe(5);
    expect((await ws.api.put(`/v2/webhooks/${id}`, { rate_limit: null })).body.data.webhook.rate_limit).toBeNull();
    const limited = await ws.api.post('/v2/webhooks', { name: 'Limited', url: receiver.url, events: ['advertiser_account_created'], rate_limit: 1000 });
    expect(limited.body.data.webhook.rate_limit).toBe(1000);
    await ws.api.delete(`/v2/webhooks/${id}`);
    await ws.api.delete(`/v2/webhooks/${limited.body.data.webhook.id}`);
  });

  it.each([
    [0, 'rate_limit must be at least 1 (null for no limit)'],
    [-3, 'rate_limit must be at least 1 (null for no limit)'],
    [1001, 'rate_limit must be at most 1000'],
    [2.5, 'rate_limit must be an integer (requests per second) or null'],
    ['2', 'rate_limit must be an integer (requests per second) or null'],
  ])('refuses %p with 422 on create and update, and changes nothing', async (value, message) => {
    const refused = await ws.api.post('/v2/webhooks', { name: 'Refused', url: receiver.url, events: ['advertiser_account_created'], rate_limit: value });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ rate_limit: [message] });
    const created = await ws.api.post('/v2/webhooks', { name: 'Kept', url: receiver.url, events: ['advertiser_account_created'], rate_limit: 3 });
    const id = created.body.data.webhook.id;
    const update = await ws.api.put(`/v2/webhooks/${id}`, { rate_limit: value, name: 'Changed' });
    expect(update.status).toBe(422);
    expect(update.body.errors).toEqual({ rate_limit: [message] });
    expect((await ws.api.get(`/v2/webhooks/${id}`)).body.data.webhook).toMatchObject({ name: 'Kept', rate_limit: 3 });
    await ws.api.delete(`/v2/webhooks/${id}`);
  });

  it('is rateLimit on GraphQL: in the inputs and on Webhook, refused out of range as BAD_USER_INPUT', async () => {
    const create = `mutation ($input: WebhookInput!) { webhookCreate(input: $input) { webhook { id rateLimit } userErrors { field message code } } }`;
    const input = { name: 'Graph', url: receiver.url, events: ['advertiser_account_created'] };
    const made = await ws.api.graphql(create, { input: { ...input, rateLimit: 7 } });
    expect(made.body.data.webhookCreate.webhook.rateLimit).toBe(7);
    const refused = await ws.api.graphql(create, { input: { ...input, rateLimit: 0 } });
    expect(refused.body.data.webhookCreate).toEqual({ webhook: null, userErrors: [{ field: ['input', 'rateLimit'], message: 'rateLimit must be at least 1 (null for no limit)', code: 'BAD_USER_INPUT' }] });
    const update = `mutation ($id: ID!, $input: WebhookInput!) { webhookUpdate(id: $id, input: $input) { webhook { rateLimit } userErrors { field } } }`;
    const id = made.body.data.webhookCreate.webhook.id as string;
    expect((await ws.api.graphql(update, { id, input: { rateLimit: null } })).body.data.webhookUpdate).toEqual({ webhook: { rateLimit: null }, userErrors: [] });
    expect((await ws.api.graphql(`{ node(id: "${id}") { ... on Webhook { rateLimit } } }`)).body.data.node).toEqual({ rateLimit: null });
    await ws.api.graphql(`mutation { webhookDelete(id: "${id}") { deletedWebhookId } }`);
  });

  it('with rate_limit 2 and 10 events, two workers together start at most 2 requests in any second, and all 10 arrive', async () => {
    let webhookId = 0;
    const env = { DATABASE_URL: app.databaseUrl, SECRETS_KEY: TEST_SECRETS_KEY, WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_RETRY_SCHEDULE: '1,1,1' };
    workers = await Promise.all([startNodeProcess('worker-1', 'worker', env), startNodeProcess('worker-2', 'worker', env)]);
    const fragile = await startArrivalRecorder();
    try {
      const created = await ws.api.post('/v2/webhooks', { name: 'Fragile', url: fragile.url, events: ['advertiser_account_created'], rate_limit: 2 });
      webhookId = created.body.data.webhook.id as number;

      // A burst, as a bulk update makes one.
      await Promise.all(Array.from({ length: 10 }, (_, i) => createAccount(`Burst ${i + 1}`)));
      const arrived = await eventually(() => fragile.arrivals(), (list) => list.length >= 10, 60_000);

      expect(new Set(arrived.map((arrival) => arrival.webhookId)).size).toBe(10);
      expect(busiestSecond(arrived)).toBeLessThanOrEqual(2);
    } finally {
      fragile.stop();
    }
    // Waiting is neither a failure nor an attempt: each delivery succeeded at its first attempt.
    const log = await eventually(() => deliveries(webhookId), (list) => list.length === 10 && list.every((delivery) => delivery.status === 'succeeded'));
    for (const delivery of log) expect(delivery.attempt_count).toBe(1);
    // The log shows which waited; the workers' logs say so; the metric counts them.
    const waited = log.filter((delivery) => delivery.last_throttled_at !== null);
    expect(waited.length).toBeGreaterThan(0);
    expect(workers.flatMap((worker) => worker.logs).some((line) => line.includes('webhook deliveries wait for the rate limit'))).toBe(true);
    const throttled = valueOf((await scrape(app.metricsUrl!)).samples, 'webhook_deliveries_throttled_total', { webhook_id: String(webhookId) });
    expect(throttled).toBeGreaterThanOrEqual(waited.length);
    const [webhook] = (await app.dataSource.query('SELECT active, failing_since FROM webhooks WHERE id = $1', [webhookId])) as { active: boolean; failing_since: Date | null }[];
    expect(webhook).toEqual({ active: true, failing_since: null });
  });
});
