import { type AnyBody, startTestApp, type TestApp, type Workspace } from '../support/test-app';
import { advertiserAccountWire } from '../../src/advertiser-accounts/advertiser-account.record';
import { createLogger } from '../../src/logging/logger';
import { recordEvent } from '../../src/outbox/outbox';
import { DeliveryQueue } from '../../src/webhooks/delivery/delivery-queue';
import { pruneWebhookData, requeueStaleDeliveries } from '../../src/webhooks/delivery/webhook-worker';
import { attemptJobStates, deliveryWork, deliveryWorkDone } from '../support/delivery-work';
import { eventually, verify, WebhookReceiver } from '../support/webhook-receiver';

/**
 * Delivery end to end: real writes through the API, the worker in the same process (as `npm
 * start` runs it), real receivers on loopback, signatures verified with `standardwebhooks`.
 */
let app: TestApp;
let ws: Workspace;
let receiver: WebhookReceiver;

beforeAll(async () => {
  app = await startTestApp({ worker: true, webhooks: { retrySchedule: [1, 1, 1], allowPrivateNetworks: true, timeoutMs: 1_500, disableAfterSeconds: 5 * 24 * 3600 } });
  ws = await app.workspace();
});

afterAll(async () => {
  await app.close();
});

beforeEach(async () => {
  receiver = await WebhookReceiver.start();
});

afterEach(async () => {
  await receiver.stop().catch(() => undefined);
  // Each test subscribes its own webhooks. Retiring them keeps their retries (to a receiver that is
  // gone, whose port the OS may hand to the next test's receiver) out of the next test.
  await app.dataSource.query('UPDATE webhooks SET deleted_at = now() WHERE organisation_id = $1 AND deleted_at IS NULL', [ws.organisationId]);
  expect(receiver.badSignatures).toEqual([]);
});

/** Subscribes a receiver, which from then on verifies every request's signature. */
async function subscribe(events: string[], url = receiver.url, extra: Record<string, unknown> = {}): Promise<{ id: number; secret: string }> {
  const response = await ws.api.post('/v2/webhooks', { name: 'receiver', url, events, ...extra });
  expect(response.status).toBe(200);
  if (url === receiver.url) receiver.verifyWith(response.body.data.webhook.secret);
  return { id: response.body.data.webhook.id, secret: response.body.data.webhook.secret };
}

async function createAccount(name = 'Acme'): Promise<AnyBody> {
  const response = await ws.api.post('/v2/advertiser-accounts', { name });
  expect(response.status).toBe(200);
  return response.body.data.advertiser_account;
}

async function createCampaign(title = 'Spring'): Promise<AnyBody> {
  const account = await createAccount();
  const response = await ws.api.post('/v2/campaigns', { campaign_title: title, primary_advertiser_account_id: String(account.id) });
  expect(response.status).toBe(200);
  return response.body.data.campaign;
}

async function deliveries(webhookId: number): Promise<AnyBody[]> {
  const response = await ws.api.get(`/v2/webhooks/${webhookId}/deliveries?per_page=100`);
  expect(response.status).toBe(200);
  return response.body.data.deliveries.data;
}

async function delivery(webhookId: number, deliveryId: number): Promise<AnyBody> {
  const response = await ws.api.get(`/v2/webhooks/${webhookId}/deliveries/${deliveryId}`);
  expect(response.status).toBe(200);
  return response.body.data.delivery;
}

describe('delivery of a committed change', () => {
  it('POSTs the signed envelope, once, with the Standard Webhooks headers', async () => {
    const { id, secret } = await subscribe(['campaign_created']);
    const campaign = await createCampaign();

    const [request] = await receiver.waitFor(1);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['user-agent']).toMatch(/^CampaignPartnerAPI-Webhooks\//);
    expect(request.headers['webhook-id']).toBe(String(request.json.id));
    expect(Number(request.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -1);
    expect(request.headers.authorization).toBeUndefined();
    expect(verify(secret, request)).toEqual(request.json);
    expect(request.json).toEqual({ id: expect.any(Number), type: 'campaign_created', created_at: expect.any(String), organization_code: ws.organizationCode, cursor: expect.any(String), data: { campaign } });

    // The same event, with the same id and cursor, in the pull feed and in the change stream.
    const feed = await ws.api.get(`/v2/events/${request.json.id}`);
    expect(feed.body.data.event).toEqual(request.json);
    const stream = await ws.api.get('/v2/events/stream');
    expect(stream.body.data.events).toContainEqual(request.json);

    const [logged] = await eventually(() => deliveries(id), (list) => list[0]?.status === 'succeeded');
    expect(logged).toMatchObject({ webhook_id: id, event_id: request.json.id, event_type: 'campaign_created', status: 'succeeded', attempt_count: 1, last_status_code: 200, next_attempt_at: null });
    const detail = await delivery(id, logged.id);
    expect(detail.attempts).toEqual([{ attempt: 1, outcome: 'succeeded', started_at: expect.any(String), duration_ms: expect.any(Number), status_code: 200, error: null, response_body: '{"received":true}' }]);
    // Once every delivery to it is final and no attempt job is left, a second request can no longer come.
    await deliveryWorkDone(app, [id]);
    expect(receiver.requests).toHaveLength(1);
  });

  it('sends only the subscribed types: an account event reaches no campaign subscriber', async () => {
    const { id } = await subscribe(['campaign_updated']);
    await createAccount();
    const campaign = await createCampaign();
    await ws.api.post(`/v2/campaigns/${campaign.id}`, { campaign_title: 'Renamed' });
    const [request] = await receiver.waitFor(1);
    expect(request.json.type).toBe('campaign_updated');
    // Every event above relayed (the account and campaign ones too) and every delivery made of them done.
    await deliveryWorkDone(app, [id]);
    expect(receiver.requests.map((r) => r.json.type)).toEqual(['campaign_updated']);
  });

  it("never sends workspace A's events to workspace B's webhooks", async () => {
    const other = await app.workspace();
    const theirs = await WebhookReceiver.start();
    try {
      const response = await other.api.post('/v2/webhooks', { name: 'theirs', url: theirs.url, events: ['advertiser_account_created'] });
      expect(response.status).toBe(200);
      const { id } = await subscribe(['advertiser_account_created']);
      await createAccount('Mine');
      await receiver.waitFor(1);
      // The event relayed, and whatever deliveries it made to either webhook done.
      await deliveryWorkDone(app, [id, response.body.data.webhook.id]);
      expect(theirs.requests).toHaveLength(0);
    } finally {
      await theirs.stop();
    }
  });

  it('sends the §6 status notification on a campaign status change', async () => {
    await subscribe(['post_campaign_status']);
    const campaign = await createCampaign();
    await ws.api.post(`/v2/campaigns/${campaign.id}`, { campaign_status: 2 });
    const [request] = await receiver.waitFor(1);
    expect(request.json.type).toBe('post_campaign_status');
    expect(request.json.data).toEqual({ campaign_id: campaign.id, campaign_status: 2, previous_campaign_status: 1, changed_at: expect.any(String) });
  });
});

describe('retries', () => {
  it('retries after a 500 and succeeds on the next attempt, with the same webhook-id', async () => {
    receiver.respond = (_request, index) => (index === 0 ? { status: 500, body: 'boom' } : { status: 204 });
    const { id } = await subscribe(['advertiser_account_created']);
    await createAccount();
    const [first, second] = await receiver.waitFor(2);
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    const [logged] = await eventually(() => deliveries(id), (list) => list[0]?.status === 'succeeded');
    const detail = await delivery(id, logged.id);
    expect(detail.attempts.map((a: AnyBody) => [a.attempt, a.status_code, a.error, a.response_body])).toEqual([
      [1, 500, 'receiver answered 500', 'boom'],
      [2, 204, null, ''],
    ]);
  });

  it('retries while the receiver is down and delivers when it is back', async () => {
    const { id } = await subscribe(['advertiser_account_created']);
    const port = receiver.port;
    await receiver.stop();
    await createAccount();
    const [failed] = await eventually(() => deliveries(id), (list) => list[0]?.attempt_count >= 1);
    expect(failed.status).toBe('pending');
    await receiver.listen(port);
    await receiver.waitFor(1);
    const [logged] = await eventually(() => deliveries(id), (list) => list[0]?.status === 'succeeded');
    const detail = await delivery(id, logged.id);
    expect(detail.attempts[0]).toMatchObject({ status_code: null, error: 'connection refused' });
  });

  it('counts a receiver slower than the timeout as a failed attempt', async () => {
    receiver.respond = (_request, index) => (index === 0 ? { status: 200, delayMs: 3_000 } : { status: 200 });
    const { id } = await subscribe(['advertiser_account_created']);
    await createAccount();
    await receiver.waitFor(2);
    const [logged] = await eventually(() => deliveries(id), (list) => list[0]?.status === 'succeeded');
    const detail = await delivery(id, logged.id);
    expect(detail.attempts[0]).toMatchObject({ status_code: null, error: 'timed out after 1.5 s' });
  });

  it('marks the delivery failed when the schedule is spent', async () => {
    receiver.respond = () => ({ status: 503 });
    const { id } = await subscribe(['advertiser_account_created']);
    await createAccount();
    const [logged] = await eventually(() => deliveries(id), (list) => list[0]?.status === 'failed', 20_000);
    expect(logged).toMatchObject({ attempt_count: 4, last_status_code: 503, next_attempt_at: null });
    expect(receiver.requests).toHaveLength(4);
  });

  it('disables the webhook on 410 Gone, and says so with a webhook_disabled event', async () => {
    receiver.respond = () => ({ status: 410 });
    const { id } = await subscribe(['advertiser_account_created']);
    await createAccount();
    const [logged] = await eventually(() => deliveries(id), (list) => list[0]?.status === 'failed');
    expect(logged.attempt_count).toBe(1);
    const webhook = (await ws.api.get(`/v2/webhooks/${id}`)).body.data.webhook;
    expect(webhook).toMatchObject({ active: 0, disabled_reason: 'the receiver answered 410 Gone' });
    const events = await ws.api.get('/v2/events?type=webhook_disabled');
    expect(events.body.data.events.data[0].data).toEqual({ webhook_id: id, reason: 'the receiver answered 410 Gone' });
  });
});

describe('manual deliveries', () => {
  it('test sends a ping to this webhook only, and redeliver sends the same event again', async () => {
    const { id, secret } = await subscribe(['campaign_created']);
    const other = await subscribe(['campaign_created']);
    const queued = await ws.api.post(`/v2/webhooks/${id}/test`);
    expect(queued.status).toBe(200);
    expect(queued.body.data.delivery).toMatchObject({ webhook_id: id, event_type: 'ping', status: 'pending', attempts: [] });

    const [ping] = await receiver.waitFor(1);
    expect(verify(secret, ping)).toEqual(ping.json);
    expect(ping.json).toMatchObject({ type: 'ping', data: { webhook_id: id } });

    const redelivered = await ws.api.post(`/v2/webhooks/${id}/deliveries/${queued.body.data.delivery.id}/redeliver`);
    expect(redelivered.status).toBe(200);
    expect(redelivered.body.data.delivery.id).not.toBe(queued.body.data.delivery.id);
    const [, again] = await receiver.waitFor(2);
    expect(again.headers['webhook-id']).toBe(ping.headers['webhook-id']);
    // Both webhooks post to this receiver: once all their work is done, what it got is all it gets.
    await deliveryWorkDone(app, [id, other.id]);
    expect(receiver.requests).toHaveLength(2);
    expect(await deliveries(other.id)).toEqual([]);
  });
});

describe('secret rotation', () => {
  it('signs with the new and the previous secret for 24 h', async () => {
    const { id, secret: oldSecret } = await subscribe(['advertiser_account_created']);
    const rotated = await ws.api.post(`/v2/webhooks/${id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const newSecret = rotated.body.data.webhook.secret;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
    expect(Date.parse(rotated.body.data.webhook.previous_secret_expires_at) - Date.now()).toBeGreaterThan(23.9 * 3600 * 1000);
    await createAccount();
    const [request] = await receiver.waitFor(1);
    expect(String(request.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(newSecret, request)).toEqual(request.json);
    expect(verify(oldSecret, request)).toEqual(request.json);
  });
});

describe('a webhook that keeps failing', () => {
  it('is disabled once its attempts have failed for WEBHOOK_DISABLE_AFTER_SECONDS, with a webhook_disabled event', async () => {
    const strict = await startTestApp({ worker: true, webhooks: { retrySchedule: [1, 1, 1, 1, 1, 1], allowPrivateNetworks: true, timeoutMs: 1_500, disableAfterSeconds: 2 } });
    try {
      const owner = await strict.workspace();
      receiver.respond = () => ({ status: 500 });
      const created = await owner.api.post('/v2/webhooks', { name: 'flaky', url: receiver.url, events: ['advertiser_account_created', 'webhook_disabled'] });
      const id = created.body.data.webhook.id;
      expect((await owner.api.post('/v2/advertiser-accounts', { name: 'Acme' })).status).toBe(200);

      const webhook = await eventually(async () => (await owner.api.get(`/v2/webhooks/${id}`)).body.data.webhook, (current) => current.active === 0);
      expect(webhook.disabled_reason).toMatch(/^every attempt failed for \d+ h \(since .+\)$/);
      const events = (await owner.api.get('/v2/events?type=webhook_disabled')).body.data.events.data;
      expect(events).toEqual([{ id: expect.any(Number), type: 'webhook_disabled', created_at: expect.any(String), organization_code: owner.organizationCode, cursor: expect.any(String), data: { webhook_id: id, reason: webhook.disabled_reason } }]);
      // Disabled: its remaining deliveries stop instead of being retried.
      const [logged] = await eventually(async () => (await owner.api.get(`/v2/webhooks/${id}/deliveries`)).body.data.deliveries.data, (list: AnyBody[]) => list[0]?.status === 'failed');
      expect(logged.next_attempt_at).toBeNull();

      // Enabling clears the reason and the streak.
      const enabled = await owner.api.post(`/v2/webhooks/${id}/enable`);
      expect(enabled.body.data.webhook).toMatchObject({ active: 1, disabled_reason: null });
    } finally {
      await strict.close();
    }
  });
});

describe('housekeeping', () => {
  it('prunes events, deliveries and attempts older than 30 days', async () => {
    // A workspace of its own: the webhooks other tests left would add deliveries of their own.
    const owner = await app.workspace();
    const created = await owner.api.post('/v2/webhooks', { name: 'pruned', url: receiver.url, events: ['advertiser_account_created'] });
    const id = created.body.data.webhook.id;
    const logOf = async (): Promise<AnyBody[]> => (await owner.api.get(`/v2/webhooks/${id}/deliveries`)).body.data.deliveries.data;
    expect((await owner.api.post('/v2/advertiser-accounts', { name: 'Old' })).status).toBe(200);
    await eventually(logOf, (list) => list[0]?.status === 'succeeded');
    await app.dataSource.query(`UPDATE outbox_events SET created_at = now() - interval '31 days' WHERE organisation_id = $1`, [owner.organisationId]);
    await app.dataSource.query(`UPDATE webhook_deliveries SET created_at = now() - interval '31 days' WHERE organisation_id = $1`, [owner.organisationId]);
    expect((await owner.api.post('/v2/advertiser-accounts', { name: 'New' })).status).toBe(200);
    await eventually(logOf, (list) => list.length === 2 && list.every((d) => d.status === 'succeeded'));

    await pruneWebhookData(app.dataSource);

    expect(await logOf()).toHaveLength(1);
    const [{ count: attempts }] = await app.dataSource.query(`SELECT count(*)::int AS count FROM webhook_delivery_attempts WHERE organisation_id = $1`, [owner.organisationId]);
    expect(attempts).toBe(1);
    const feed = (await owner.api.get('/v2/events')).body.data.events.data;
    expect(feed.map((event: AnyBody) => event.data.advertiser_account?.name)).toEqual(['New']);
  });
});

describe('what the receiver answers', () => {
  it('does not follow a redirect: a 3xx is a failed attempt, and the target is never called', async () => {
    const target = await WebhookReceiver.start();
    try {
      receiver.respond = (_request, index) => (index === 0 ? { status: 302, headers: { location: target.url } } : { status: 200 });
      const { id } = await subscribe(['advertiser_account_created']);
      await createAccount();
      const [logged] = await eventually(() => deliveries(id), (list) => list[0]?.status === 'succeeded');
      const detail = await delivery(id, logged.id);
      expect(detail.attempts[0]).toMatchObject({ status_code: 302, error: 'receiver answered 302' });
      expect(target.requests).toHaveLength(0);
    } finally {
      await target.stop();
    }
  });

  it("honours Retry-After when it asks for longer than the schedule's delay", async () => {
    receiver.respond = (_request, index) => (index === 0 ? { status: 503, headers: { 'retry-after': '4' } } : { status: 200 });
    const { id } = await subscribe(['advertiser_account_created']);
    await createAccount();
    const [first, second] = await receiver.waitFor(2, 20_000);
    expect(second.receivedAt - first.receivedAt).toBeGreaterThanOrEqual(3_900);
    const [logged] = await eventually(() => deliveries(id), (list) => list[0]?.status === 'succeeded');
    expect(logged.attempt_count).toBe(2);
  });

  it('logs the first 1 KB of a response, any bytes (NUL included) stored as text, and goes on', async () => {
    receiver.respond = (_request, index) => (index === 0 ? { status: 500, body: `\u0000${'x'.repeat(3000)}` } : { status: 200 });
    const { id } = await subscribe(['advertiser_account_created']);
    await createAccount();
    const [logged] = await eventually(() => deliveries(id), (list) => list[0]?.status === 'succeeded');
    const [failed] = (await delivery(id, logged.id)).attempts;
    expect(failed.status_code).toBe(500);
    expect(failed.response_body).toBe(`\uFFFD${'x'.repeat(1023)}`);
  });
});

describe('a delivery whose job was lost', () => {
  it('is found by housekeeping and delivered', async () => {
    const { id } = await subscribe(['advertiser_account_created']);
    // A delivery as the relay makes it, but whose job never ran (its retries spent, say), of an event as recordEvent writes it.
    const payload = { advertiser_account: advertiserAccountWire.toRecord({ id: 1, name: 'Lost' }, { organization_code: ws.organizationCode }) };
    const [event] = await app.dataSource.query(
      `INSERT INTO outbox_events (organisation_id, event_type, resource_type, resource_id, payload, relayed_at) VALUES ($1, 'advertiser_account_created', 'advertiser_account', 1, $2, now()) RETURNING id`,
      [ws.organisationId, JSON.stringify(payload)],
    );
    const [lost] = await app.dataSource.query(
      `INSERT INTO webhook_deliveries (organisation_id, webhook_id, event_id, event_type, next_attempt_at) VALUES ($1, $2, $3, 'advertiser_account_created', now() - interval '20 minutes') RETURNING id`,
      [ws.organisationId, id, event.id],
    );
    const lostId = Number(lost.id);
    expect(await attemptJobStates(app, lostId)).toEqual([]);
    // The worker relays and delivers a later event to the same webhook, and leaves the lost one alone:
    // wait until that event is delivered and no attempt job of this webhook is left to run.
    await createAccount('Later');
    const [later] = await receiver.waitFor(1);
    expect(later.json.data).toMatchObject({ advertiser_account: { name: 'Later' } });
    await eventually(
      async () => ({ work: await deliveryWork(app, [id]), log: await deliveries(id) }),
      ({ work, log }) => work.unrelayedEvents === 0 && work.unfinishedJobs === 0 && log.some((d) => d.event_id === later.json.id && d.status === 'succeeded'),
    );
    expect(receiver.requests).toHaveLength(1);
    expect(await delivery(id, lostId)).toMatchObject({ status: 'pending', attempt_count: 0, attempts: [] });
    expect(await attemptJobStates(app, lostId)).toEqual([]);

    const queue = new DeliveryQueue(app.databaseUrl, createLogger('silent'), { supervise: false, poolSize: 2 });
    try {
      expect(await requeueStaleDeliveries(app.dataSource, queue)).toBe(1);
      expect(await requeueStaleDeliveries(app.dataSource, queue)).toBe(0);
    } finally {
      await queue.stop();
    }
    const [, request] = await receiver.waitFor(2);
    expect(request.headers['webhook-id']).toBe(String(event.id));
    await eventually(() => deliveries(id), (list) => list.find((d) => d.id === lostId)?.status === 'succeeded');
  });
});

describe('a rolled-back transaction', () => {
  it('sends nothing: an event recorded in a transaction that then fails is never delivered', async () => {
    const { id } = await subscribe(['advertiser_account_created']);
    await expect(
      app.dataSource.transaction(async (manager) => {
        await recordEvent(manager, { organisationId: ws.organisationId, requestId: null }, { type: 'advertiser_account_created', resourceId: 999, payload: { advertiser_account: { id: 999 } } });
        throw new Error('the change fails after its event was recorded');
      }),
    ).rejects.toThrow('the change fails');
    await createAccount('Committed');
    const [request] = await receiver.waitFor(1);
    expect(request.json.data).toMatchObject({ advertiser_account: { name: 'Committed' } });
    // Every committed event relayed and its deliveries done: had the rolled-back one been kept, it would have arrived by now.
    await deliveryWorkDone(app, [id]);
    expect(receiver.requests).toHaveLength(1);
  });
});

describe('redeliver to a disabled webhook', () => {
  it('is refused with 422 on webhook_id, and queues nothing', async () => {
    const { id } = await subscribe(['advertiser_account_created']);
    await createAccount();
    const [logged] = await eventually(() => deliveries(id), (list) => list[0]?.status === 'succeeded');
    await ws.api.post(`/v2/webhooks/${id}/disable`);
    const refused = await ws.api.post(`/v2/webhooks/${id}/deliveries/${logged.id}/redeliver`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ webhook_id: ['webhook_id is disabled; enable it, then redeliver'] });
    expect(await deliveries(id)).toHaveLength(1);
  });
});
