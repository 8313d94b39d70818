import { Client } from 'pg';
import { createServices, type Services } from '../../src/app/services';
import { type Database, openDatabase } from '../../src/db/database';
import { createLogger } from '../../src/logging/logger';
import { webhookDeps } from '../../src/webhooks/webhook-deps';
import type { WebhookDeps } from '../../src/webhooks/webhook.service';
import { type NodeProcess, startNodeProcess } from '../support/server-process';
import { startPgBouncer, type PgBouncer } from '../support/pgbouncer';
import { startRedis, type RedisServer } from '../support/redis';
import { type AnyBody, apiClient, type ApiClient, TEST_SECRETS_KEY } from '../support/test-app';
import { adminUrl, databaseUrl, withAdminClient } from '../support/test-database';
import { eventually, WebhookReceiver } from '../support/webhook-receiver';

/**
 * The deployment of docs/scaling.md, with real processes: PgBouncer in transaction pooling in
 * front of PostgreSQL, Redis, two API nodes (WORKER=false) and two workers, all four started at
 * the same moment on an empty database. Writes alternate between the nodes with a webhook
 * receiver on loopback; one worker and one API node are SIGKILLed mid-run.
 */
jest.setTimeout(240_000);

const RATE_LIMIT_MAX = 60;
const COST_BUDGET = { bucketSize: 50, restoreRate: 1 };
/** 20 aliases of one object each: requested and actual cost 20. */
const TWENTY = `{ ${Array.from({ length: 20 }, (_, i) => `o${i}: organisation { id }`).join(' ')} }`;
const STATEMENT_TIMEOUT_MS = 15_000;
const LATENCY_WRITES = 30;
const WRITERS = 4;
const WRITES_PER_WRITER = 40;
/** Acknowledged writes of the second phase after which a worker and an API node are killed. */
const KILL_AFTER = 50;

/** Percentile (0–100) of a list of numbers, nearest rank. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

let pgbouncer: PgBouncer;
let redis: RedisServer;
let receiver: WebhookReceiver;
let database: { name: string; url: string };
let nodes: NodeProcess[] = [];
let direct: Database | undefined;
let webhooks: WebhookDeps | undefined;
let services: Services;
let organizationCode: string;

async function newKey(label: string): Promise<string> {
  const organisation = await services.organisations.findByCode(organizationCode);
  return (await services.apiKeys.issue(organisation, { label })).key;
}

/** The account a webhook request was about. */
function accountIdOf(request: { json: AnyBody }): string {
  return String(request.json.data.advertiser_account.id);
}

beforeAll(async () => {
  const name = `cpa_test_cluster_${process.pid}`;
  await withAdminClient(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  });
  database = { name, url: databaseUrl(adminUrl(), name) };
  [pgbouncer, redis, receiver] = await Promise.all([startPgBouncer(adminUrl()), startRedis(), WebhookReceiver.start()]);
});

afterAll(async () => {
  await Promise.all(nodes.map((node) => node.kill('SIGKILL')));
  await webhooks?.queue.stop();
  await direct?.close();
  await receiver?.stop();
  await redis?.stop();
  await pgbouncer?.stop();
  if (database) await withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(database.name)} WITH (FORCE)`));
});

it('runs two API nodes and two workers through PgBouncer: shared limits, no acknowledged write lost, every event delivered with its log complete', async () => {
  // 1. All four at the same moment, on an empty database: one migrates, the others wait for it.
  const env = {
    DATABASE_URL: pgbouncer.pooled(database.url),
    DATABASE_DIRECT_URL: database.url,
    REDIS_URL: redis.url,
    SECRETS_KEY: TEST_SECRETS_KEY,
    STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
    RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
    GRAPHQL_COST_BUCKET_SIZE: String(COST_BUDGET.bucketSize),
    GRAPHQL_COST_RESTORE_RATE: String(COST_BUDGET.restoreRate),
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1',
    WEBHOOK_TIMEOUT_SECONDS: '10',
  };
  nodes = await Promise.all([
    startNodeProcess('api-1', 'api', { ...env, WORKER: 'false' }),
    startNodeProcess('api-2', 'api', { ...env, WORKER: 'false' }),
    startNodeProcess('worker-1', 'worker', env),
    startNodeProcess('worker-2', 'worker', env),
  ]);
  const [api1, api2, worker1] = nodes;
  const applied = nodes.flatMap((node) => node.logs.filter((line) => line.includes('"migrations applied"')));
  expect(applied).toHaveLength(1);

  direct = await openDatabase({ databaseUrl: database.url, dataDir: '/nonexistent' }, createLogger('silent'));
  webhooks = await webhookDeps({ nodeEnv: 'test', webhooks: { retrySchedule: [1], allowPrivateNetworks: true, timeoutMs: 1_000, disableAfterSeconds: 3600 }, secretsKey: TEST_SECRETS_KEY, dataDir: '/nonexistent', worker: false, queuePoolSize: 1 }, direct, createLogger('silent'));
  services = createServices(direct.dataSource, webhooks);
  organizationCode = (await services.organisations.create('Cluster')).organizationCode;
  const node = (baseUrl: string, key: string): ApiClient => apiClient(baseUrl, { 'x-api-key': key });

  // 2. The statement timeout is in force on pooled connections (the role's default, not a startup parameter).
  const pooled = new Client({ connectionString: pgbouncer.pooled(database.url) });
  await pooled.connect();
  const { rows } = await pooled.query<{ statement_timeout: string }>('SHOW statement_timeout');
  await pooled.end();
  expect(rows[0].statement_timeout).toBe(`${STATEMENT_TIMEOUT_MS / 1000}s`);

  const setupKey = await newKey('setup');
  const created = await node(api1.baseUrl!, setupKey).post('/v2/webhooks', { name: 'Cluster receiver', url: receiver.url, events: ['advertiser_account_created'] });
  expect(created.status).toBe(200);

  // 3. Commit-to-receipt through the pooler, both nodes writing in turn (the time before each
  // request is sent, an upper bound of its commit).
  const latencyKey = await newKey('latency');
  const sentAt = new Map<string, number>();
  for (let i = 0; i < LATENCY_WRITES; i += 1) {
    const started = Date.now();
    const answer = await node((i % 2 === 0 ? api1 : api2).baseUrl!, latencyKey).post('/v2/advertiser-accounts', { name: `Latency ${i}` });
    expect(answer.status).toBe(200);
    sentAt.set(String((answer.body as AnyBody).data.advertiser_account.id), started);
  }
  await eventually(async () => new Set(receiver.requests.map(accountIdOf)), (ids) => [...sentAt.keys()].every((id) => ids.has(id)), 30_000);
  const latencies = [...sentAt].map(([id, started]) => Math.min(...receiver.requests.filter((r) => accountIdOf(r) === id).map((r) => r.receivedAt)) - started);
  const p50 = percentile(latencies, 50);
  process.stdout.write(`cluster: send-to-receipt through PgBouncer over ${LATENCY_WRITES} writes: p50 ${p50} ms, p90 ${percentile(latencies, 90)} ms, max ${Math.max(...latencies)} ms\n`);
  // Milliseconds, not the seconds of a relay polling because its LISTEN is lost in the pooler.
  expect(p50).toBeLessThan(500);

  // 4. The limits are shared: each refuses at the same total whichever node is asked.
  const rateKey = await newKey('rate');
  let served = 0;
  for (;;) {
    const answer = await node((served % 2 === 0 ? api1 : api2).baseUrl!, rateKey).get('/v2/advertiser-accounts?per_page=1');
    if (answer.status === 429) break;
    expect(answer.status).toBe(200);
    served += 1;
    if (served > RATE_LIMIT_MAX * 2) break;
  }
  expect(served).toBe(RATE_LIMIT_MAX);
  const costKey = await newKey('cost');
  expect((await node(api1.baseUrl!, costKey).graphql(TWENTY)).status).toBe(200);
  expect((await node(api2.baseUrl!, costKey).graphql(TWENTY)).status).toBe(200);
  // Each node's own budget would still hold 30 points; the shared one holds about 10.
  const refused = await node(api1.baseUrl!, costKey).graphql(TWENTY);
  expect(refused.status).toBe(429);
  expect((refused.body as AnyBody).errors[0].extensions.code).toBe('THROTTLED');

  // 5. Writers alternate between the nodes; after KILL_AFTER acknowledged writes a worker and an
  // API node are SIGKILLed. A write that fails on the dead node goes to the other (a new write:
  // the first may or may not have committed, and was never acknowledged).
  const acknowledged = new Set<string>();
  let killed: Promise<void> | undefined;
  const writer = async (w: number): Promise<void> => {
    const key = await newKey(`writer ${w}`);
    for (let i = 0; i < WRITES_PER_WRITER; i += 1) {
      const targets = [api1, api2].filter((n) => n.alive());
      const first = targets[(w + i) % targets.length];
      for (const target of [first, ...targets.filter((n) => n !== first)]) {
        try {
          const answer = await node(target.baseUrl!, key).post('/v2/advertiser-accounts', { name: `Writer ${w} write ${i} via ${target.name}` });
          if (answer.status === 200) {
            acknowledged.add(String((answer.body as AnyBody).data.advertiser_account.id));
            if (acknowledged.size === KILL_AFTER) killed = Promise.all([worker1.kill('SIGKILL'), api2.kill('SIGKILL')]).then(() => undefined);
            break;
          }
          expect(answer.status).toBe(503);
        } catch {
          // The node died under the request: try the other.
        }
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  await killed;
  expect(worker1.alive()).toBe(false);
  expect(api2.alive()).toBe(false);
  expect(acknowledged.size).toBeGreaterThanOrEqual(WRITERS * WRITES_PER_WRITER - 4);

  // Every acknowledged write is stored.
  const stored = await direct.dataSource.query(`SELECT id::text AS id FROM advertiser_accounts WHERE id = ANY($1::bigint[])`, [[...acknowledged]]);
  expect(stored).toHaveLength(acknowledged.size);

  // Every event is delivered at least once (the dead worker's jobs taken over by the other), and
  // every delivery ends succeeded with no fewer attempts logged than requests received.
  const [{ events }] = await direct.dataSource.query(`SELECT count(*)::int AS events FROM outbox_events WHERE event_type = 'advertiser_account_created'`);
  await eventually(
    async () => direct!.dataSource.query(`SELECT count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded, count(*)::int AS total FROM webhook_deliveries`),
    ([row]: { succeeded: number; total: number }[]) => row.total === events && row.succeeded === events,
    120_000,
  );
  const delivered = new Set(receiver.requests.map(accountIdOf));
  expect([...acknowledged].filter((id) => !delivered.has(id))).toEqual([]);
  const logs: { event_id: string; attempt_count: number; attempts: number }[] = await direct.dataSource.query(
    `SELECT d.event_id::text AS event_id, d.attempt_count, count(a.id)::int AS attempts
       FROM webhook_deliveries d LEFT JOIN webhook_delivery_attempts a ON a.delivery_id = d.id
      GROUP BY d.id`,
  );
  const requestsPerEvent = new Map<string, number>();
  for (const request of receiver.requests) {
    const id = String(request.headers['webhook-id']);
    requestsPerEvent.set(id, (requestsPerEvent.get(id) ?? 0) + 1);
  }
  const shortLogs = logs.filter((log) => log.attempts < (requestsPerEvent.get(log.event_id) ?? 0) || log.attempt_count !== log.attempts);
  expect(shortLogs).toEqual([]);
  const duplicates = [...requestsPerEvent.values()].filter((count) => count > 1).length;
  process.stdout.write(
    `cluster: ${acknowledged.size} writes acknowledged and stored, ${events} events delivered (${receiver.requests.length} requests, ${duplicates} events received more than once), ` +
      `PgBouncer server connections at the end: ${await pgbouncer.serverConnections()}\n`,
  );
});
