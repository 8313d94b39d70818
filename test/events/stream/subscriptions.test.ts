import { parseMessage, stringifyMessage } from 'graphql-ws';
import WebSocket from 'ws';
import { countStatements } from '../../../src/db/statement-counter';
import { encodeStreamCursor } from '../../../src/events/stream/stream-cursor';
import { createAccount, createCampaign } from '../../support/fixtures';
import { gid } from '../../support/global-ids';
import { closeSubscriptions, EVENTS_SUBSCRIPTION, type Received, subscribeSse, subscribeWs, subscribersOpen, wsClient } from '../../support/subscriptions';
import { startTestApp, type AnyBody, type TestApp, type Workspace } from '../../support/test-app';
import { eventually } from '../../support/webhook-receiver';

/**
 * `subscription { events }` over both transports, with real clients on loopback (graphql-ws's
 * createClient over `ws`, graphql-sse's client): what reaches a subscriber, and what does not.
 * The limits are in subscription-limits.test.ts, commit order in commit-order.test.ts, several
 * processes and restarts in subscription-processes.test.ts.
 */

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
// A failed test leaves nothing open for the next, which counts the server's subscriptions.
afterEach(() => closeSubscriptions(app));
afterAll(() => app.close());

const ACCOUNT_CREATE = 'mutation ($input: AdvertiserAccountInput!) { advertiserAccountCreate(input: $input) { advertiserAccount { id } userErrors { message } } }';

/** The events the stream answers after `cursor` (oldest first). */
async function streamAfter(ws: Workspace, cursor: string | null): Promise<AnyBody[]> {
  const answer = await ws.api.get(`/v2/events/stream${cursor ? `?after=${cursor}` : ''}`);
  expect(answer.status).toBe(200);
  return answer.body.data.events;
}

/** An event as the stream answers it, in the subscription's (GraphQL) spelling: its id global, its `data` (a /v2 record) as it is. */
function asSubscribed(event: AnyBody): AnyBody {
  return { id: gid('Event', event.id), type: event.type, cursor: event.cursor, createdAt: event.created_at, organizationCode: event.organization_code, data: event.data };
}

function stopAll(...subscriptions: Received[]): void {
  for (const subscription of subscriptions) subscription.stop();
}

describe('a committed write reaches every subscriber of its workspace', () => {
  it('through REST and through GraphQL, over graphql-ws and graphql-sse, with the id and cursor the feed and the stream give it', async () => {
    const ws = await app.workspace();
    const head = (await streamAfter(ws, null)).at(-1)?.cursor ?? null;
    const client = wsClient(app, { 'X-API-Key': ws.key });
    const overWs = subscribeWs(client, EVENTS_SUBSCRIPTION);
    const overSse = subscribeSse(app, { 'x-api-key': ws.key }, EVENTS_SUBSCRIPTION);
    await subscribersOpen(app, 2);

    await createAccount(ws, 'Through REST');
    const created = await ws.api.graphql(ACCOUNT_CREATE, { input: { name: 'Through GraphQL' } });
    expect(created.body.data.advertiserAccountCreate.userErrors).toEqual([]);

    const stream = await streamAfter(ws, head);
    expect(stream.map((event) => event.data.advertiser_account.name)).toEqual(['Through REST', 'Through GraphQL']);
    expect(await overWs.waitForEvents(2)).toEqual(stream.map(asSubscribed));
    expect(await overSse.waitForEvents(2)).toEqual(stream.map(asSubscribed));
    for (const event of stream) expect((await ws.api.get(`/v2/events/${event.id}`)).body.data.event).toEqual(event);
    stopAll(overWs, overSse);
    await client.dispose();
    await subscribersOpen(app, 0);
  });

  it('and only its own: another workspace\'s events never arrive', async () => {
    const [mine, theirs] = [await app.workspace(), await app.workspace()];
    const client = wsClient(app, { 'X-API-Key': mine.key });
    const subscribed = subscribeWs(client, EVENTS_SUBSCRIPTION);
    const overSse = subscribeSse(app, { 'x-api-key': mine.key }, EVENTS_SUBSCRIPTION);
    await subscribersOpen(app, 2);
    await createAccount(theirs, 'Theirs');
    await createAccount(mine, 'Mine');
    // Events are handed out in commit order: by the time theirs would have come, mine has come after it.
    for (const subscription of [subscribed, overSse]) {
      const [event] = await subscription.waitForEvents(1);
      expect(event).toMatchObject({ organizationCode: mine.organizationCode, data: { advertiser_account: { name: 'Mine' } } });
    }
    stopAll(subscribed, overSse);
    await client.dispose();
    await subscribersOpen(app, 0);
  });

  it('and only what its filter matches', async () => {
    const ws = await app.workspace();
    const accountId = await createAccount(ws, 'Acme');
    const client = wsClient(app, { Authorization: `Bearer ${ws.key}` });
    const campaigns = subscribeWs(client, EVENTS_SUBSCRIPTION, { filter: { type: 'campaign_created' } });
    const account = subscribeSse(app, { authorization: `Bearer ${ws.key}` }, EVENTS_SUBSCRIPTION, { filter: { resourceType: 'advertiser_account', resourceId: String(accountId) } });
    await subscribersOpen(app, 2);
    await createAccount(ws, 'Not this one');
    const campaignId = await createCampaign(ws, accountId, 'Spring');
    await ws.api.put(`/v2/advertiser-accounts/${accountId}`, { name: 'Acme Ltd' });

    const [campaign] = await campaigns.waitForEvents(1);
    expect(campaign).toMatchObject({ type: 'campaign_created', data: { campaign: { id: campaignId, campaign_title: 'Spring' } } });
    const [update] = await account.waitForEvents(1);
    expect(update).toMatchObject({ type: 'advertiser_account_updated', data: { advertiser_account: { id: accountId, name: 'Acme Ltd' } } });
    // The account update came after the campaign: had the campaign subscription taken it, it would be second.
    await createCampaign(ws, accountId, 'Summer');
    expect((await campaigns.waitForEvents(2)).map((event) => event.data.campaign.campaign_title)).toEqual(['Spring', 'Summer']);
    stopAll(campaigns, account);
    await client.dispose();
    await subscribersOpen(app, 0);
  });

  it('with `resource`: the record as it is now, read once per event however many subscribers share the operation', async () => {
    const ws = await app.workspace();
    const query = 'subscription { events { type resource { __typename ... on AdvertiserAccount { name } } } }';
    const subscriptions = [0, 1, 2].map(() => subscribeWs(wsClient(app, { 'X-API-Key': ws.key }), query));
    await subscribersOpen(app, 3);
    const counter = countStatements(app.running.database.dataSource);
    try {
      await createAccount(ws, 'Acme');
      for (const subscription of subscriptions) {
        expect(await subscription.waitForEvents(1)).toEqual([{ type: 'advertiser_account_created', resource: { __typename: 'AdvertiserAccount', name: 'Acme' } }]);
      }
      // The loader's read (`… "r"."id" = ANY(…)`), once for the three.
      expect(counter.statements.filter((sql) => /FROM "advertiser_accounts"/.test(sql) && /= ANY\(/.test(sql))).toHaveLength(1);
    } finally {
      counter.stop();
    }
  });
});

describe('in stream order', () => {
  it('gives every subscriber sharing an operation every event once, in the stream\'s order, when answers are read asynchronously and writes come together', async () => {
    const ws = await app.workspace();
    const query = 'subscription { events { id cursor resource { __typename ... on AdvertiserAccount { name } } } }';
    const subscriptions = [0, 1, 2, 3].map(() => subscribeWs(wsClient(app, { 'X-API-Key': ws.key }), query));
    await subscribersOpen(app, 4);
    const names = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
    await Promise.all(names.map((name) => createAccount(ws, name)));
    const stream = await streamAfter(ws, null);
    expect(stream).toHaveLength(names.length);
    for (const subscription of subscriptions) {
      const received = await subscription.waitForEvents(names.length);
      expect(received.map((event) => event.cursor)).toEqual(stream.map((event) => event.cursor));
      expect(received.map((event) => event.resource.name).sort()).toEqual(names);
    }
  });
});

describe('on the wire', () => {
  /** A raw graphql-transport-ws socket, acknowledged and subscribed as `id`, and the text of every message it receives. */
  async function rawSubscriber(key: string, id: string): Promise<{ messages: string[]; socket: WebSocket }> {
    const socket = new WebSocket(`${app.baseUrl.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
    const messages: string[] = [];
    socket.on('message', (data: Buffer) => messages.push(data.toString()));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'connection_init', payload: { 'X-API-Key': key } }));
    await eventually(async () => messages.length, (count) => count > 0);
    expect(JSON.parse(messages.shift()!)).toEqual({ type: 'connection_ack' });
    socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query: EVENTS_SUBSCRIPTION } }));
    return { messages, socket };
  }

  it('sends each subscriber the shared answer as graphql-ws writes a `next` message, under its own id', async () => {
    const ws = await app.workspace();
    const first = await rawSubscriber(ws.key, 'first');
    const second = await rawSubscriber(ws.key, 'a "quoted" id');
    try {
      await subscribersOpen(app, 2);
      await createAccount(ws, 'Acme');
      await eventually(async () => first.messages.length + second.messages.length, (count) => count === 2);
      const [sent] = (await streamAfter(ws, null)).slice(-1);
      for (const [{ messages }, id] of [[first, 'first'], [second, 'a "quoted" id']] as const) {
        const [text] = messages;
        // Byte for byte what graphql-ws's own serialiser makes of the message.
        expect(stringifyMessage(parseMessage(text))).toBe(text);
        expect(JSON.parse(text)).toEqual({ id, type: 'next', payload: { data: { events: asSubscribed(sent) } } });
      }
    } finally {
      first.socket.close();
      second.socket.close();
    }
  });
});

describe('resuming with after', () => {
  it('sends what was committed after the cursor, then live events, with no gap and none twice at the seam', async () => {
    const ws = await app.workspace();
    for (const name of ['one', 'two', 'three']) await createAccount(ws, name);
    const [first] = await streamAfter(ws, null);
    const client = wsClient(app, { 'X-API-Key': ws.key });
    const resumed = subscribeWs(client, EVENTS_SUBSCRIPTION, { after: first.cursor });
    const overSse = subscribeSse(app, { 'x-api-key': ws.key }, EVENTS_SUBSCRIPTION, { after: first.cursor });
    await resumed.waitForEvents(2);
    await createAccount(ws, 'four');
    const expected = (await streamAfter(ws, first.cursor)).map(asSubscribed);
    expect(expected.map((event) => event.data.advertiser_account.name)).toEqual(['two', 'three', 'four']);
    expect(await resumed.waitForEvents(3)).toEqual(expected);
    expect(await overSse.waitForEvents(3)).toEqual(expected);
    stopAll(resumed, overSse);
    await client.dispose();
    await subscribersOpen(app, 0);
  });

  it('refuses a cursor it did not make or a bad filter (BAD_USER_INPUT), and an expired one (CURSOR_EXPIRED), before anything runs', async () => {
    const ws = await app.workspace();
    const client = wsClient(app, { 'X-API-Key': ws.key });
    const foreign = subscribeWs(client, EVENTS_SUBSCRIPTION, { after: 'nope', filter: { type: 'nothing_happened' } });
    const expired = subscribeWs(client, EVENTS_SUBSCRIPTION, { after: encodeStreamCursor({ txid: '1', id: '1', createdAt: Date.now() - 31 * 24 * 3600 * 1000 }) });
    for (const [subscription, code] of [[foreign, 'BAD_USER_INPUT'], [expired, 'CURSOR_EXPIRED']] as const) {
      expect(await subscription.waitForEnd()).toEqual({ complete: true });
      expect(subscription.results).toEqual([{ errors: [expect.objectContaining({ extensions: expect.objectContaining({ code }) })] }]);
    }
    expect(foreign.results[0].errors[0].extensions.fieldErrors).toEqual({ after: [expect.any(String)], type: [expect.any(String)] });
    expect(app.running.services.eventHub.size).toBe(0);
    await client.dispose();
  });
});

describe('keys', () => {
  /** Opens a raw graphql-transport-ws socket, sends connection_init with `payload`, and resolves with how the server closed it. */
  function closedWith(payload: unknown): Promise<{ code: number; reason: string }> {
    const socket = new WebSocket(`${app.baseUrl.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload })));
    return new Promise((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  it('closes a WebSocket whose connection_init carries no key, or a key no workspace has, with 4403', async () => {
    expect(await closedWith(undefined)).toEqual({ code: 4403, reason: 'Forbidden: API key is missing' });
    expect(await closedWith({ 'X-API-Key': 'cpk_nothing' })).toEqual({ code: 4403, reason: 'Forbidden: API key is invalid' });
    expect(await closedWith({ Authorization: 'Basic abc' })).toEqual({ code: 4403, reason: 'Forbidden: API key is missing' });
  });

  it('answers an event stream without a key 401 UNAUTHENTICATED, as POST /graphql does, and one without Accept: text/event-stream 406', async () => {
    const body = JSON.stringify({ query: EVENTS_SUBSCRIPTION });
    const anonymous = await fetch(`${app.baseUrl}/graphql/stream`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream' }, body });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ errors: [{ message: 'API key is missing', extensions: { code: 'UNAUTHENTICATED' } }] });
    const ws = await app.workspace();
    const plain = await fetch(`${app.baseUrl}/graphql/stream`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': ws.key }, body });
    expect(plain.status).toBe(406);
    expect(((await plain.json()) as AnyBody).errors[0].extensions.code).toBe('BAD_REQUEST');
  });

  it('ends a revoked key\'s subscriptions within 10 s: its WebSockets close with 4403, its event streams end', async () => {
    const ws = await app.workspace();
    const other = await app.workspace();
    let closeCode: number | undefined;
    const client = wsClient(app, { 'X-API-Key': ws.key });
    client.on('closed', (event) => (closeCode = (event as { code: number }).code));
    const overWs = subscribeWs(client, EVENTS_SUBSCRIPTION);
    const overSse = subscribeSse(app, { 'x-api-key': ws.key }, EVENTS_SUBSCRIPTION);
    const unaffected = subscribeWs(wsClient(app, { 'X-API-Key': other.key }), EVENTS_SUBSCRIPTION);
    await subscribersOpen(app, 3);
    const revokedAt = Date.now();
    await app.services.apiKeys.revoke(ws.apiKeyId);
    await overWs.waitForEnd(10_000);
    await overSse.waitForEnd(10_000);
    expect(Date.now() - revokedAt).toBeLessThan(10_000);
    expect(closeCode).toBe(4403);
    expect(overSse.ended).toHaveProperty('error');
    await subscribersOpen(app, 1);
    // The other key's subscription goes on.
    await createAccount(other, 'Still here');
    expect((await unaffected.waitForEvents(1))[0].data.advertiser_account.name).toBe('Still here');
    unaffected.stop();
    await subscribersOpen(app, 0);
  });
});
