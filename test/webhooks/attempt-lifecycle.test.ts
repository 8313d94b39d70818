import { randomUUID } from 'node:crypto';
import type { WebhookSettings } from '../../src/config/config';
import { createLogger } from '../../src/logging/logger';
import { loadSecretBox } from '../../src/secrets/secrets-key';
import { Deliverer, INTERRUPTED_ERROR } from '../../src/webhooks/delivery/deliverer';
import { ATTEMPT_JOB_EXPIRE_SECONDS, type ClaimedDeliveryJob, DeliveryQueue } from '../../src/webhooks/delivery/delivery-queue';
import { type DeliveryTarget, planAttempt } from '../../src/webhooks/delivery/delivery-target';
import { PartnerHttpClient } from '../../src/webhooks/delivery/http-client';
import { OAuthTokens } from '../../src/webhooks/delivery/oauth-tokens';
import { relayBatch } from '../../src/webhooks/delivery/relay';
import { DeliveryStatus } from '../../src/webhooks/webhook-delivery.entity';
import { type AnyBody, startTestApp, TEST_SECRETS_KEY, type TestApp, type Workspace } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

/**
 * The life of one attempt's row, driven run by run: the deliverer as the worker runs it, over the
 * test's real database and pg-boss queue, sending to a real receiver on loopback that holds a
 * request open for as long as a test needs. No worker runs in this file, so each run of a job
 * is one the test starts: a "dead" run is one whose request is still held when another run of
 * the job comes.
 */
jest.setTimeout(60_000);

const SETTINGS: WebhookSettings = { retrySchedule: [1, 1, 1], allowPrivateNetworks: true, timeoutMs: 20_000, disableAfterSeconds: 5 * 24 * 3600 };

let app: TestApp;
let ws: Workspace;
let receiver: WebhookReceiver;
let webhookId: number;
let queue: DeliveryQueue;
let http: PartnerHttpClient;
let deliverer: Deliverer;
let accounts = 0;
/** Requests the receiver has had so far in this file: each test that sends one counts it. */
let requestsSoFar = 0;

function oneMoreRequest(): number {
  requestsSoFar += 1;
  return requestsSoFar;
}

beforeAll(async () => {
  app = await startTestApp();
  ws = await app.workspace();
  receiver = await WebhookReceiver.start();
  const created = await ws.api.post('/v2/webhooks', { name: 'held', url: receiver.url, events: ['advertiser_account_created'] });
  expect(created.status).toBe(200);
  webhookId = created.body.data.webhook.id;
  receiver.verifyWith(created.body.data.webhook.secret);
  const logger = createLogger('silent');
  queue = new DeliveryQueue(app.databaseUrl, logger, { supervise: false, poolSize: 2 });
  http = new PartnerHttpClient({ allowPrivateNetworks: true, requireHttps: false }, SETTINGS.timeoutMs);
  const secrets = await loadSecretBox({ secretsKey: TEST_SECRETS_KEY, dataDir: '/nonexistent' });
  deliverer = new Deliverer(app.dataSource, queue, secrets, http, new OAuthTokens(http), SETTINGS, logger);
});

afterAll(async () => {
  await receiver.stop();
  await http.close();
  await queue.stop();
  await app.close();
});

afterEach(() => {
  expect(receiver.badSignatures).toEqual([]);
});

/** A request the receiver holds open until `release()`. */
function holdNextRequest(): { release: () => void } {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const before = receiver.requests.length;
  receiver.respond = (_request, index) => (index === before ? { status: 200, heldUntil: held } : { status: 200 });
  return { release };
}

/** A delivery as the relay makes it (its first job enqueued, which no worker here runs): its id. */
async function newDelivery(): Promise<string> {
  accounts += 1;
  expect((await ws.api.post('/v2/advertiser-accounts', { name: `Account ${accounts}` })).status).toBe(200);
  await relayBatch(app.dataSource, queue);
  const [row] = await app.dataSource.query(`SELECT id FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY id DESC LIMIT 1`, [webhookId]);
  return String(row.id);
}

/** The delivery as the REST log shows it, with its attempts. */
async function logged(deliveryId: string): Promise<AnyBody> {
  const response = await ws.api.get(`/v2/webhooks/${webhookId}/deliveries/${deliveryId}`);
  expect(response.status).toBe(200);
  return response.body.data.delivery;
}

/** The same delivery through GraphQL: the two faces must agree. */
async function loggedInGraphql(deliveryId: string): Promise<AnyBody> {
  const response = await ws.api.graphql(
    `query($webhookId: ID!, $deliveryId: ID!) { webhookDelivery(webhookId: $webhookId, deliveryId: $deliveryId) { attemptCount status attempts { attemptNo outcome statusCode error durationMs } } }`,
    { webhookId: String(webhookId), deliveryId },
  );
  expect(response.body.errors).toBeUndefined();
  return response.body.data.webhookDelivery;
}

async function attemptRows(deliveryId: string): Promise<AnyBody[]> {
  return app.dataSource.query(`SELECT attempt_no, outcome, job_id, duration_ms, status_code FROM webhook_delivery_attempts WHERE delivery_id = $1 ORDER BY attempt_no`, [deliveryId]);
}

/** The attempt numbers of the delivery's jobs in pg-boss, in the order they were enqueued. */
async function jobAttempts(deliveryId: string): Promise<number[]> {
  const rows: { attempt: number }[] = await app.dataSource.query(`SELECT (data->>'attempt')::int AS attempt FROM pgboss.job WHERE data->>'deliveryId' = $1 ORDER BY created_on, id`, [deliveryId]);
  return rows.map((row) => row.attempt);
}

function job(deliveryId: string, attempt: number, jobId = randomUUID()): ClaimedDeliveryJob {
  return { deliveryId, attempt, jobId };
}

describe('an attempt that ends', () => {
  it('is opened before its request is sent, listed by neither face while in flight, then closed with its answer', async () => {
    const deliveryId = await newDelivery();
    const { release } = holdNextRequest();
    const first = job(deliveryId, 1);
    const running = deliverer.run([first]);
    await receiver.waitFor(oneMoreRequest());

    expect(await attemptRows(deliveryId)).toEqual([{ attempt_no: 1, outcome: 'in_progress', job_id: first.jobId, duration_ms: null, status_code: null }]);
    expect(await logged(deliveryId)).toMatchObject({ status: 'pending', attempt_count: 0, attempts: [] });
    expect(await loggedInGraphql(deliveryId)).toEqual({ attemptCount: 0, status: 'PENDING', attempts: [] });

    release();
    expect(await running).toEqual(new Set());
    const delivery = await logged(deliveryId);
    expect(delivery).toMatchObject({ status: 'succeeded', attempt_count: 1, last_status_code: 200 });
    expect(delivery.attempts).toEqual([{ attempt: 1, outcome: 'succeeded', started_at: expect.any(String), duration_ms: expect.any(Number), status_code: 200, error: null, response_body: '' }]);
    expect(await loggedInGraphql(deliveryId)).toEqual({ attemptCount: 1, status: 'SUCCEEDED', attempts: [{ attemptNo: 1, outcome: 'SUCCEEDED', statusCode: 200, error: null, durationMs: delivery.attempts[0].duration_ms }] });

    // The job run again (its completion was lost, say) finds its attempt made and sends nothing.
    expect(await deliverer.run([first])).toEqual(new Set());
    expect(receiver.requests).toHaveLength(requestsSoFar);
  });
});

describe('a run of the job that finds its attempt still open', () => {
  it('closes it as interrupted, counts it, schedules the next attempt, and drops the earlier run’s late answer', async () => {
    const deliveryId = await newDelivery();
    const { release } = holdNextRequest();
    const first = job(deliveryId, 1);
    const dead = deliverer.run([first]);
    await receiver.waitFor(oneMoreRequest());

    // pg-boss hands the job on (same id) once the first run stops heartbeating.
    expect(await deliverer.run([first])).toEqual(new Set());

    const delivery = await logged(deliveryId);
    expect(delivery).toMatchObject({ status: 'pending', attempt_count: 1, last_status_code: null, next_attempt_at: expect.any(String) });
    expect(delivery.attempts).toEqual([{ attempt: 1, outcome: 'interrupted', started_at: expect.any(String), duration_ms: expect.any(Number), status_code: null, error: INTERRUPTED_ERROR, response_body: null }]);
    expect(await loggedInGraphql(deliveryId)).toEqual({
      attemptCount: 1,
      status: 'PENDING',
      attempts: [{ attemptNo: 1, outcome: 'INTERRUPTED', statusCode: null, error: INTERRUPTED_ERROR, durationMs: delivery.attempts[0].duration_ms }],
    });
    expect(await jobAttempts(deliveryId)).toEqual([1, 2]);
    // An interruption is ours, not the receiver's: it starts no failing streak.
    const [webhook] = await app.dataSource.query('SELECT failing_since FROM webhooks WHERE id = $1', [webhookId]);
    expect(webhook.failing_since).toBeNull();

    // The first run was only slow: its answer comes, and is not recorded over the interruption.
    release();
    expect(await dead).toEqual(new Set());
    expect((await logged(deliveryId)).attempts.map((a: AnyBody) => a.outcome)).toEqual(['interrupted']);
    expect((await logged(deliveryId)).attempt_count).toBe(1);

    // The next attempt, as its job runs it: two requests sent, two attempts logged.
    expect(await deliverer.run([job(deliveryId, 2)])).toEqual(new Set());
    await receiver.waitFor(oneMoreRequest());
    const done = await logged(deliveryId);
    expect(done).toMatchObject({ status: 'succeeded', attempt_count: 2 });
    expect(done.attempts.map((a: AnyBody) => [a.attempt, a.outcome, a.status_code])).toEqual([
      [1, 'interrupted', null],
      [2, 'succeeded', 200],
    ]);
  });

  it('fails the delivery when the interrupted attempt was the last the schedule allows', async () => {
    const deliveryId = await newDelivery();
    const last = job(deliveryId, SETTINGS.retrySchedule.length + 1);
    // Three failed attempts logged; the fourth (the last) opened by a run that then died.
    await app.dataSource.query(`UPDATE webhook_deliveries SET attempt_count = 3 WHERE id = $1`, [deliveryId]);
    await app.dataSource.query(
      `INSERT INTO webhook_delivery_attempts (organisation_id, delivery_id, attempt_no, started_at, duration_ms, status_code, error, outcome)
       SELECT $1, $2, n, now() - interval '1 minute', 40, 503, 'receiver answered 503', 'failed' FROM generate_series(1, 3) n`,
      [ws.organisationId, deliveryId],
    );
    await app.dataSource.query(`INSERT INTO webhook_delivery_attempts (organisation_id, delivery_id, attempt_no, started_at, job_id, outcome) VALUES ($1, $2, 4, now(), $3, 'in_progress')`, [
      ws.organisationId,
      deliveryId,
      last.jobId,
    ]);

    expect(await deliverer.run([last])).toEqual(new Set());

    const delivery = await logged(deliveryId);
    expect(delivery).toMatchObject({ status: 'failed', attempt_count: 4, next_attempt_at: null });
    expect(delivery.attempts.map((a: AnyBody) => a.outcome)).toEqual(['failed', 'failed', 'failed', 'interrupted']);
    expect(await jobAttempts(deliveryId)).toEqual([1]);
  });
});

describe('another job of the same attempt (a housekeeping requeue)', () => {
  it('leaves an open attempt to the run making it, and takes over one open longer than any run may last', async () => {
    const deliveryId = await newDelivery();
    const { release } = holdNextRequest();
    const running = deliverer.run([job(deliveryId, 1)]);
    await receiver.waitFor(oneMoreRequest());

    // Both jobs in one batch, or one after the other: neither sends while the attempt is open.
    expect(await deliverer.run([job(deliveryId, 1), job(deliveryId, 1)])).toEqual(new Set());
    expect(await attemptRows(deliveryId)).toEqual([expect.objectContaining({ attempt_no: 1, outcome: 'in_progress' })]);
    expect(await logged(deliveryId)).toMatchObject({ attempt_count: 0, attempts: [] });

    // Open past the longest a run may take (pg-boss's expiry of a job): whoever opened it is gone.
    await app.dataSource.query(`UPDATE webhook_delivery_attempts SET started_at = started_at - make_interval(secs => $2) WHERE delivery_id = $1`, [deliveryId, ATTEMPT_JOB_EXPIRE_SECONDS + 1]);
    expect(await deliverer.run([job(deliveryId, 1)])).toEqual(new Set());
    const delivery = await logged(deliveryId);
    expect(delivery).toMatchObject({ status: 'pending', attempt_count: 1 });
    expect(delivery.attempts).toEqual([expect.objectContaining({ attempt: 1, outcome: 'interrupted', duration_ms: expect.any(Number) })]);
    expect(delivery.attempts[0].duration_ms).toBeGreaterThanOrEqual(ATTEMPT_JOB_EXPIRE_SECONDS * 1000);
    expect(receiver.requests).toHaveLength(requestsSoFar);

    release();
    await running;
    expect((await logged(deliveryId)).attempts.map((a: AnyBody) => a.outcome)).toEqual(['interrupted']);
  });
});

describe('during a rolling upgrade', () => {
  it('gives an attempt logged by a worker of the previous version (no outcome) the outcome its status says', async () => {
    const deliveryId = await newDelivery();
    const [{ organisation_id: organisationId }] = await app.dataSource.query(`SELECT organisation_id FROM webhook_deliveries WHERE id = $1`, [deliveryId]);
    // The previous version's insert: a completed attempt, with the columns it knew of.
    const insert = (attemptNo: number, statusCode: number | null): Promise<AnyBody[]> =>
      app.dataSource.query(
        `INSERT INTO webhook_delivery_attempts (organisation_id, delivery_id, attempt_no, started_at, duration_ms, status_code, error) VALUES ($1, $2, $3, now(), 12, $4, $5) RETURNING outcome`,
        [organisationId, deliveryId, attemptNo, statusCode, statusCode === null ? 'connection refused' : null],
      );
    expect(await insert(1, null)).toEqual([{ outcome: 'failed' }]);
    expect(await insert(2, 503)).toEqual([{ outcome: 'failed' }]);
    expect(await insert(3, 204)).toEqual([{ outcome: 'succeeded' }]);
  });
});

describe('planAttempt', () => {
  const target = (fields: Partial<DeliveryTarget>): DeliveryTarget =>
    ({ status: DeliveryStatus.PENDING, attempt_count: 0, webhook_usable: true, open_attempt_no: null, open_attempt_job_id: null, open_attempt_started_at: null, open_attempt_abandoned: false, ...fields }) as DeliveryTarget;
  const mine = job('1', 2, '00000000-0000-4000-8000-000000000001');

  it.each([
    ['a delivery gone', 'skip', undefined],
    ['a settled delivery', 'skip', target({ status: DeliveryStatus.SUCCEEDED, attempt_count: 1 })],
    ['an attempt made already', 'skip', target({ attempt_count: 2 })],
    ['a due attempt', 'attempt', target({ attempt_count: 1 })],
    ['a disabled webhook', 'cancel', target({ attempt_count: 1, webhook_usable: false })],
    ['its own earlier run’s open attempt', 'take-over', target({ attempt_count: 1, open_attempt_no: 2, open_attempt_job_id: mine.jobId })],
    ['its own open attempt, the webhook since disabled', 'take-over', target({ attempt_count: 1, webhook_usable: false, open_attempt_no: 2, open_attempt_job_id: mine.jobId })],
    ['another job’s open attempt', 'skip', target({ attempt_count: 1, open_attempt_no: 2, open_attempt_job_id: randomUUID() })],
    ['another job’s abandoned attempt', 'take-over', target({ attempt_count: 1, open_attempt_no: 2, open_attempt_job_id: randomUUID(), open_attempt_abandoned: true })],
  ] as const)('%s: %s', (_case, plan, delivery) => {
    expect(planAttempt(mine, delivery)).toBe(plan);
  });
});
