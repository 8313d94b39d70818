import { scrape, valueOf } from '../../metrics/scrape';
import { databaseFingerprint } from '../../support/database-fingerprint';
import { BARE_DISTRIBUTION, createAccount, createCampaign, createContent, createDistributions, createPhases } from '../../support/fixtures';
import { gid } from '../../support/global-ids';
import { closeSubscriptions, EVENTS_SUBSCRIPTION, subscribeSse, subscribeWs, subscribersOpen, wsClient } from '../../support/subscriptions';
import { startTestApp, TEST_LIMITS, type AnyBody, type TestApp, type Workspace } from '../../support/test-app';

/**
 * The limits a subscription is held to (docs/limits.md, "Subscriptions"), on a server with small
 * ones: its selection costed like a query's before it starts, queries and mutations refused on
 * the subscription transports, the per-key number of subscriptions over both transports, and a
 * slow consumer ended with the cursor to resume from; and the metrics that show them.
 */

const MAX_PER_KEY = 2;
const MAX_BUFFERED = 5;

let app: TestApp;
let ws: Workspace;

beforeAll(async () => {
  app = await startTestApp({
    metrics: { port: 0, host: '127.0.0.1' },
    limits: { ...TEST_LIMITS, graphql: { ...TEST_LIMITS.graphql, maxDepth: 5, maxCost: 50 }, subscriptions: { maxPerKey: MAX_PER_KEY, maxBuffered: MAX_BUFFERED } },
  });
  ws = await app.workspace();
});
afterEach(() => closeSubscriptions(app));
afterAll(() => app.close());

async function metric(name: string, labels: Record<string, string> = {}): Promise<number | undefined> {
  return valueOf((await scrape(app.metricsUrl!)).samples, name, labels);
}

/** The `code` of the first error a finished subscription reported (graphql-ws: an `error` message; graphql-sse: the refused request). */
function codeOf(ended: unknown): unknown {
  const error = (ended as { error?: AnyBody }).error;
  return Array.isArray(error) ? error[0]?.extensions?.code : error;
}

describe('before a subscription starts', () => {
  it('refuses a selection deeper or costlier than a query may be, and runs nothing', async () => {
    const client = wsClient(app, { 'X-API-Key': ws.key });
    const deep = subscribeWs(client, 'subscription { events { resource { ... on Campaign { phases { contents { nodes { id } } } } } } }');
    const costly = subscribeWs(client, 'subscription { events { resource { ... on Campaign { contents(first: 100) { nodes { id } } } } } }');
    expect(codeOf(await deep.waitForEnd())).toBe('QUERY_TOO_DEEP');
    expect(codeOf(await costly.waitForEnd())).toBe('QUERY_TOO_COMPLEX');
    expect((deep.ended as { error: AnyBody[] }).error[0].message).toBe('Query depth is 6, more than the maximum of 5');

    const overSse = await fetch(`${app.baseUrl}/graphql/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-api-key': ws.key },
      body: JSON.stringify({ query: 'subscription { events { resource { ... on Campaign { contents(first: 100) { nodes { id } } } } } }' }),
    });
    expect(overSse.status).toBe(400);
    expect(((await overSse.json()) as AnyBody).errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    expect(app.running.services.eventHub.size).toBe(0);
  });

  it('refuses queries and mutations on both transports (they go over HTTP), changing nothing', async () => {
    const mutation = 'mutation { advertiserAccountCreate(input: { name: "Sneaked in" }) { advertiserAccount { id } } }';
    const before = await databaseFingerprint(app);
    const client = wsClient(app, { 'X-API-Key': ws.key });
    for (const query of [mutation, '{ campaigns { totalCount } }']) {
      const overWs = subscribeWs(client, query);
      const ended = (await overWs.waitForEnd()) as { error: AnyBody[] };
      expect(ended.error).toEqual([{ message: expect.stringContaining('send them to POST /graphql'), extensions: { code: 'BAD_REQUEST' } }]);
      const overSse = await fetch(`${app.baseUrl}/graphql/stream`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-api-key': ws.key },
        body: JSON.stringify({ query }),
      });
      expect(overSse.status).toBe(400);
      expect(((await overSse.json()) as AnyBody).errors).toEqual(ended.error);
    }
    expect(await databaseFingerprint(app)).toEqual(before);
  });
});

describe('SUBSCRIPTIONS_MAX_PER_KEY', () => {
  it('holds a key to its open subscriptions over both transports; other keys are not affected; a completed one frees its place', async () => {
    const client = wsClient(app, { 'X-API-Key': ws.key });
    const first = subscribeWs(client, EVENTS_SUBSCRIPTION);
    const second = subscribeSse(app, { 'x-api-key': ws.key }, EVENTS_SUBSCRIPTION);
    await subscribersOpen(app, MAX_PER_KEY);
    expect(await metric('graphql_subscriptions', { transport: 'graphql-ws' })).toBe(1);
    expect(await metric('graphql_subscriptions', { transport: 'graphql-sse' })).toBe(1);
    expect(await metric('graphql_subscription_connections', { transport: 'graphql-ws' })).toBe(1);

    const overWs = subscribeWs(client, EVENTS_SUBSCRIPTION);
    expect(codeOf(await overWs.waitForEnd())).toBe('TOO_MANY_SUBSCRIPTIONS');
    const overSse = await fetch(`${app.baseUrl}/graphql/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-api-key': ws.key },
      body: JSON.stringify({ query: EVENTS_SUBSCRIPTION }),
    });
    expect(overSse.status).toBe(429);
    expect(((await overSse.json()) as AnyBody).errors[0]).toEqual({ message: expect.stringContaining(`${MAX_PER_KEY} subscriptions open`), extensions: { code: 'TOO_MANY_SUBSCRIPTIONS' } });

    const other = await app.workspace();
    const theirs = subscribeWs(wsClient(app, { 'X-API-Key': other.key }), EVENTS_SUBSCRIPTION);
    await subscribersOpen(app, MAX_PER_KEY + 1);

    first.stop();
    await subscribersOpen(app, MAX_PER_KEY);
    const again = subscribeWs(client, EVENTS_SUBSCRIPTION);
    await subscribersOpen(app, MAX_PER_KEY + 1);
    await createAccount(ws, 'Seen by the new one');
    expect((await again.waitForEvents(1))[0].data.advertiser_account.name).toBe('Seen by the new one');
    expect(theirs.events).toEqual([]);
    second.stop();
  });
});

describe('SUBSCRIPTIONS_MAX_BUFFERED', () => {
  it('ends a consumer with more events waiting than it may with SLOW_CONSUMER and the cursor to resume from; resuming misses nothing', async () => {
    const accountId = await createAccount(ws, 'Burst');
    const campaignId = await createCampaign(ws, accountId);
    const [phaseId] = await createPhases(ws, campaignId, ['Only']);
    const contentId = await createContent(ws, campaignId, phaseId, 'Piece');
    const head = (await ws.api.get('/v2/events/stream?limit=500')).body.data.next_cursor;
    const slowBefore = (await metric('graphql_subscription_slow_consumers_total')) ?? 0;

    const client = wsClient(app, { 'X-API-Key': ws.key });
    const slow = subscribeWs(client, EVENTS_SUBSCRIPTION);
    await subscribersOpen(app, 1);
    // One commit of twelve events: more arrive at once than may wait.
    await createDistributions(ws, contentId, 12, BARE_DISTRIBUTION);

    expect(await slow.waitForEnd()).toEqual({ complete: true });
    const last = slow.results.at(-1);
    expect(last.errors).toEqual([{ message: expect.stringContaining(`More than ${MAX_BUFFERED} events waited`), extensions: { code: 'SLOW_CONSUMER', cursor: expect.any(String) } }]);
    const received = slow.events;
    expect(received.length).toBeLessThanOrEqual(MAX_BUFFERED);
    expect(last.errors[0].extensions.cursor).toBe(received.at(-1)?.cursor ?? last.errors[0].extensions.cursor);
    expect(await metric('graphql_subscription_slow_consumers_total')).toBe(slowBefore + 1);

    const resumed = subscribeWs(client, EVENTS_SUBSCRIPTION, { after: last.errors[0].extensions.cursor });
    const stream = (await ws.api.get(`/v2/events/stream?after=${head}`)).body.data.events;
    expect(stream).toHaveLength(12);
    const rest = await resumed.waitForEvents(12 - received.length);
    // The subscription names each event by its global id, the feed by the integer inside it.
    expect([...received, ...rest].map((event) => event.id)).toEqual(stream.map((event: AnyBody) => gid('Event', event.id)));
    expect(await metric('graphql_subscription_events_total')).toBeGreaterThanOrEqual(received.length);
  });
});
