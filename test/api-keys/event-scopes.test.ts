import { createAccount, createCampaign } from '../support/fixtures';
import { closeSubscriptions, subscribeWs, subscribersOpen, wsClient } from '../support/subscriptions';
import { startTestApp, type AnyBody, type TestApp, type Workspace, type WorkspaceKey } from '../support/test-app';
import { eventually, WebhookReceiver } from '../support/webhook-receiver';

/**
 * Events by scope: a key sees, in the feed, the stream and its subscriptions, only the events of
 * groups it can read; a webhook created with a key subscribes only to such types; a key made
 * before scopes (`*`) sees everything as before; a webhook's deliveries go on after the key that
 * created it expires.
 */

let app: TestApp;
let ws: Workspace;
/** `campaigns:read` and `events:read`: campaign events, never an account's. */
let campaignsOnly: WorkspaceKey;
let accountId: number;
let campaignId: number;

beforeAll(async () => {
  app = await startTestApp({ worker: true });
  ws = await app.workspace('Event scopes');
  campaignsOnly = await app.keyFor(ws, { scopes: ['campaigns:read', 'events:read'] });
  accountId = await createAccount(ws, 'Acme');
  campaignId = await createCampaign(ws, accountId, 'Spring');
});
afterEach(() => closeSubscriptions(app));
afterAll(() => app.close());

const types = (events: AnyBody[]): string[] => events.map((event) => event.type);

describe('the feed and the stream', () => {
  it('show a key the events of groups it can read only; `*` keys see them all', async () => {
    expect(types((await ws.api.get('/v2/events')).body.data.events.data)).toEqual(['campaign_created', 'advertiser_account_created']);
    expect(types((await campaignsOnly.api.get('/v2/events')).body.data.events.data)).toEqual(['campaign_created']);
    expect(types((await campaignsOnly.api.get('/v2/events/stream')).body.data.events)).toEqual(['campaign_created']);
    const graphql = await campaignsOnly.api.graphql('{ events { nodes { type } } eventStream { totalCount nodes { type } } }');
    expect(graphql.body.data).toEqual({ events: { nodes: [{ type: 'campaign_created' }] }, eventStream: { totalCount: 1, nodes: [{ type: 'campaign_created' }] } });
  });

  it('answer an event of a group the key cannot read as one that does not exist', async () => {
    const [accountEvent] = (await ws.api.get('/v2/events?type=advertiser_account_created')).body.data.events.data;
    expect((await campaignsOnly.api.get(`/v2/events/${accountEvent.id}`)).status).toBe(404);
    expect((await campaignsOnly.api.graphql(`{ event(id: "${accountEvent.id}") { id } }`)).body.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});

describe('subscriptions', () => {
  it('send a key the events of groups it can read only', async () => {
    const subscription = subscribeWs(wsClient(app, { 'X-API-Key': campaignsOnly.key }), 'subscription { events { type } }');
    await subscribersOpen(app, 1);
    await ws.api.put(`/v2/advertiser-accounts/${accountId}`, { name: 'Acme Ltd' });
    expect((await ws.api.post(`/v2/campaigns/${campaignId}`, { campaign_title: 'Spring, renamed' })).status).toBe(200);
    // In commit order: had the account's update been sent, it would come first.
    expect(await subscription.waitForEvents(1)).toEqual([{ type: 'campaign_updated' }]);
  });
});

describe('webhooks created with a scoped key', () => {
  it('may subscribe only to event types of groups the key can read (422 on events otherwise)', async () => {
    const writer = await app.keyFor(ws, { scopes: ['webhooks:write', 'campaigns:read'] });
    const body = { name: 'Scoped', url: 'https://hooks.example.com/in' };
    const refused = await writer.api.post('/v2/webhooks', { ...body, events: ['campaign_created', 'advertiser_account_created'] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.events).toEqual([expect.stringContaining('cannot read (advertiser_account_created)')]);
    expect((await writer.api.post('/v2/webhooks', { ...body, events: ['campaign_created'] })).status).toBe(200);
    const mutation = await writer.api.graphql('mutation { webhookCreate(input: { name: "Scoped", url: "https://hooks.example.com/g", events: ["user_created"] }) { userErrors { field code } } }');
    expect(mutation.body.data.webhookCreate.userErrors).toEqual([{ field: ['input', 'events'], code: 'BAD_USER_INPUT' }]);
  });

  it('keep being delivered after the key that created them has expired', async () => {
    const receiver = await WebhookReceiver.start();
    try {
      const creator = await app.keyFor(ws, { scopes: ['webhooks:write', 'accounts:read'] });
      const created = await creator.api.post('/v2/webhooks', { name: 'Outlives its key', url: receiver.url, events: ['advertiser_account_created'] });
      expect(created.status).toBe(200);
      await app.dataSource.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [creator.apiKeyId]);
      expect((await creator.api.get('/v2/webhooks')).status).toBe(401);
      await createAccount(ws, 'Delivered anyway');
      const [request] = await receiver.waitFor(1);
      expect((request.json as AnyBody).data.advertiser_account.name).toBe('Delivered anyway');
    } finally {
      await receiver.stop();
      await app.dataSource.query('UPDATE webhooks SET deleted_at = now() WHERE organisation_id = $1 AND deleted_at IS NULL', [ws.organisationId]);
    }
  });
});

describe('a key expiring while it holds a subscription', () => {
  it('has its WebSocket closed with 4403, like a revoked one', async () => {
    const expiring = await app.keyFor(ws, { scopes: ['events:read', 'campaigns:read'] });
    let code: number | undefined;
    const client = wsClient(app, { 'X-API-Key': expiring.key });
    client.on('closed', (event) => (code = (event as { code: number }).code));
    const subscription = subscribeWs(client, 'subscription { events { type } }');
    await subscribersOpen(app, 1);
    await app.dataSource.query(`UPDATE api_keys SET expires_at = now() WHERE id = $1`, [expiring.apiKeyId]);
    await subscription.waitForEnd(10_000);
    await eventually(async () => code, (closed) => closed !== undefined, 5_000);
    expect(code).toBe(4403);
  });
});
