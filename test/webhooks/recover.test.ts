import { type AnyBody, startTestApp, type TestApp, type Workspace } from '../support/test-app';
import { deliveryWorkDone } from '../support/delivery-work';
import { gid } from '../support/global-ids';
import { eventually, WebhookReceiver } from '../support/webhook-receiver';

/**
 * Recovering from a receiver's outage (POST /v2/webhooks/{id}/recover, `webhookRecover`): real
 * writes, the worker in the process, a real receiver on loopback that is down, then back.
 */
let app: TestApp;
let ws: Workspace;
let receiver: WebhookReceiver;
/** Accounts whose name starts with this fail at the receiver while it is "down". */
let down: boolean;

beforeAll(async () => {
  // One retry a second later: a delivery to a receiver that is down fails within about a second.
  app = await startTestApp({ worker: true, webhooks: { retrySchedule: [1], allowPrivateNetworks: true, timeoutMs: 1_500, disableAfterSeconds: 5 * 24 * 3600 } });
  ws = await app.workspace('Recovering workspace');
  receiver = await WebhookReceiver.start();
  receiver.respond = () => (down ? { status: 503 } : { status: 200 });
});

afterAll(async () => {
  await receiver?.stop();
  await app?.close();
});

beforeEach(() => {
  down = false;
});

afterEach(async () => {
  // Each test subscribes its own webhook; retiring it keeps its work out of the next test.
  await app.dataSource.query('UPDATE webhooks SET deleted_at = now() WHERE organisation_id = $1 AND deleted_at IS NULL', [ws.organisationId]);
});

async function subscribe(): Promise<number> {
  const response = await ws.api.post('/v2/webhooks', { name: 'receiver', url: receiver.url, events: ['advertiser_account_created'] });
  expect(response.status).toBe(200);
  receiver.verifyWith(response.body.data.webhook.secret);
  return response.body.data.webhook.id;
}

async function createAccount(name: string): Promise<number> {
  const response = await ws.api.post('/v2/advertiser-accounts', { name });
  expect(response.status).toBe(200);
  return response.body.data.advertiser_account.id;
}

async function deliveries(webhookId: number): Promise<AnyBody[]> {
  const response = await ws.api.get(`/v2/webhooks/${webhookId}/deliveries?per_page=100`);
  expect(response.status).toBe(200);
  return response.body.data.deliveries.data;
}

/** The event ids of the requests that reached the receiver, as `webhook-id` says them. */
function receivedEventIds(): string[] {
  return receiver.requests.map((request) => String(request.headers['webhook-id']));
}

/** While the receiver is down: `names` accounts are created and their deliveries fail; answers their event ids, oldest first. */
async function outage(webhookId: number, names: string[]): Promise<string[]> {
  const earlier = new Set((await deliveries(webhookId)).map((delivery) => delivery.id));
  const newOnes = async (): Promise<AnyBody[]> => (await deliveries(webhookId)).filter((delivery) => !earlier.has(delivery.id));
  down = true;
  for (const name of names) await createAccount(name);
  const log = await eventually(newOnes, (list) => list.length >= names.length && list.every((delivery) => delivery.status === 'failed'));
  down = false;
  return log.map((delivery) => String(delivery.event_id)).sort((a, b) => Number(a) - Number(b));
}

async function eventCreatedAt(eventId: string): Promise<string> {
  const [row] = (await app.dataSource.query(`SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at FROM outbox_events WHERE id = $1`, [eventId])) as { at: string }[];
  return row.at;
}

const anHourAgo = (): string => new Date(Date.now() - 60 * 60 * 1000).toISOString();

describe('POST /v2/webhooks/{id}/recover', () => {
  it('queues a new delivery of every event whose delivery failed, with the same webhook-id, and the receiver gets each once', async () => {
    const webhookId = await subscribe();
    const failed = await outage(webhookId, ['Down 1', 'Down 2', 'Down 3']);
    const before = receiver.requests.length;

    const recovered = await ws.api.post(`/v2/webhooks/${webhookId}/recover`, { since: anHourAgo() });
    expect(recovered.status).toBe(200);
    expect(recovered.body).toEqual({ success: true, message: 'Failed deliveries queued for redelivery', data: { recovered: 3 } });

    await receiver.waitFor(before + 3);
    await deliveryWorkDone(app, [webhookId]);
    expect(receivedEventIds().slice(before).sort()).toEqual([...failed].sort());
    const log = await deliveries(webhookId);
    expect(log).toHaveLength(6);
    // The new deliveries: same events, fresh attempts, delivered.
    const fresh = log.filter((delivery) => delivery.status === 'succeeded');
    expect(fresh.map((delivery) => String(delivery.event_id)).sort()).toEqual([...failed].sort());
    for (const delivery of fresh) expect(delivery.attempt_count).toBe(1);
  });

  it('does not resend an event twice: a second recover in a row queues nothing', async () => {
    const webhookId = await subscribe();
    await outage(webhookId, ['Twice 1', 'Twice 2']);
    const first = await ws.api.post(`/v2/webhooks/${webhookId}/recover`, { since: anHourAgo() });
    const second = await ws.api.post(`/v2/webhooks/${webhookId}/recover`, { since: anHourAgo() });
    expect(first.body.data).toEqual({ recovered: 2 });
    expect(second.body.data).toEqual({ recovered: 0 });
    await deliveryWorkDone(app, [webhookId]);
    // Once they succeeded, too.
    expect((await ws.api.post(`/v2/webhooks/${webhookId}/recover`, { since: anHourAgo() })).body.data).toEqual({ recovered: 0 });
    expect(await deliveries(webhookId)).toHaveLength(4);
  });

  it('takes only events created in [since, until), and leaves deliveries that succeeded alone', async () => {
    const webhookId = await subscribe();
    await createAccount('Delivered');
    await eventually(() => deliveries(webhookId), (list) => list[0]?.status === 'succeeded');
    const [first, second, third] = await outage(webhookId, ['Window 1', 'Window 2', 'Window 3']);
    const since = await eventCreatedAt(second);
    const until = await eventCreatedAt(third);
    const before = receiver.requests.length;

    const recovered = await ws.api.post(`/v2/webhooks/${webhookId}/recover`, { since, until });
    expect(recovered.body.data).toEqual({ recovered: 1 });
    await receiver.waitFor(before + 1);
    await deliveryWorkDone(app, [webhookId]);
    expect(receivedEventIds().slice(before)).toEqual([second]);
    expect(receivedEventIds().slice(before)).not.toContain(first);
  });

  it('refuses a missing, malformed or reversed window, and one older than the log keeps (30 days), with 422; nothing is queued', async () => {
    const webhookId = await subscribe();
    await outage(webhookId, ['Refused']);
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { since: ['since is required'] }],
      [{ since: 'yesterday' }, { since: ['since must be a date or a date-time with a time zone (2026-11-23 or 2026-11-23T18:00:00Z)'] }],
      [{ since: anHourAgo(), until: 17 }, { until: ['until must be a date or a date-time with a time zone (2026-11-23 or 2026-11-23T18:00:00Z)'] }],
      [{ since: new Date().toISOString(), until: anHourAgo() }, { since: ['since must be before until'] }],
      [{ since: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString() }, { since: ['since must be within the last 30 days: the delivery log keeps 30 days'] }],
      [{ since: anHourAgo(), from: anHourAgo() }, { from: ['from is not a field of this operation'] }],
    ];
    for (const [body, errors] of cases) {
      const refused = await ws.api.post(`/v2/webhooks/${webhookId}/recover`, body);
      expect({ body, status: refused.status, code: refused.body.code, errors: refused.body.errors }).toEqual({ body, status: 422, code: 'BAD_USER_INPUT', errors });
    }
    expect(await deliveries(webhookId)).toHaveLength(1);
  });

  it('refuses a disabled webhook with 422, as redeliver does', async () => {
    const webhookId = await subscribe();
    await outage(webhookId, ['Disabled']);
    await ws.api.post(`/v2/webhooks/${webhookId}/disable`);
    const refused = await ws.api.post(`/v2/webhooks/${webhookId}/recover`, { since: anHourAgo() });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ id: ['id is disabled; enable it, then recover'] });
    expect(await deliveries(webhookId)).toHaveLength(1);
  });

  it("answers 404 for another workspace's webhook, exactly as for one that does not exist, and recovers nothing of it", async () => {
    const webhookId = await subscribe();
    await outage(webhookId, ['Theirs']);
    const other = await app.workspace('Other workspace');
    const theirs = await other.api.post(`/v2/webhooks/${webhookId}/recover`, { since: anHourAgo() });
    const unknown = await other.api.post('/v2/webhooks/999999/recover', { since: anHourAgo() });
    expect(theirs.status).toBe(404);
    expect({ ...theirs.body, request_id: undefined }).toEqual({ ...unknown.body, request_id: undefined });
    expect(await deliveries(webhookId)).toHaveLength(1);
  });

  it('answers a retry with the same Idempotency-Key from the first answer, without recovering again', async () => {
    const webhookId = await subscribe();
    await outage(webhookId, ['Idempotent']);
    const headers = { 'idempotency-key': `recover-${webhookId}` };
    const since = anHourAgo();
    const first = await ws.api.post(`/v2/webhooks/${webhookId}/recover`, { since }, headers);
    const again = await ws.api.post(`/v2/webhooks/${webhookId}/recover`, { since }, headers);
    expect(first.body.data).toEqual({ recovered: 1 });
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await deliveries(webhookId)).toHaveLength(2);
  });
});

describe('webhookRecover (GraphQL)', () => {
  const RECOVER = `mutation ($id: ID!, $since: DateTime!, $until: DateTime) {
    webhookRecover(id: $id, since: $since, until: $until) { recovered userErrors { field message code } }
  }`;

  it('queues the failed deliveries again, and answers how many', async () => {
    const webhookId = await subscribe();
    const failed = await outage(webhookId, ['Graph 1', 'Graph 2']);
    const before = receiver.requests.length;
    const response = await ws.api.graphql(RECOVER, { id: gid('Webhook', webhookId), since: anHourAgo() });
    expect(response.body.data).toEqual({ webhookRecover: { recovered: 2, userErrors: [] } });
    await receiver.waitFor(before + 2);
    expect(receivedEventIds().slice(before).sort()).toEqual([...failed].sort());
  });

  it('names the argument of a refusal in userErrors, and queues nothing', async () => {
    const webhookId = await subscribe();
    await outage(webhookId, ['Graph refused']);
    const reversed = await ws.api.graphql(RECOVER, { id: gid('Webhook', webhookId), since: new Date().toISOString(), until: anHourAgo() });
    expect(reversed.body.data.webhookRecover).toEqual({ recovered: null, userErrors: [{ field: ['since'], message: 'since must be before until', code: 'BAD_USER_INPUT' }] });
    const unknown = await ws.api.graphql(RECOVER, { id: gid('Webhook', 999999), since: anHourAgo() });
    expect(unknown.body.data.webhookRecover).toEqual({ recovered: null, userErrors: [{ field: ['id'], message: 'Webhook not found', code: 'NOT_FOUND' }] });
    expect(await deliveries(webhookId)).toHaveLength(1);
  });

  it('refuses a since that is no DateTime before running (BAD_USER_INPUT)', async () => {
    const webhookId = await subscribe();
    const response = await ws.api.graphql(RECOVER, { id: gid('Webhook', webhookId), since: 'yesterday' });
    expect(response.body.data).toBeUndefined();
    expect(response.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});
