import { encodeStreamCursor } from '../../../../src/events/stream/stream-cursor';
import { documentedOperationIds } from '../../../support/openapi-contract';
import { createPublisherProfile } from '../../../support/fixtures';
import { startTestApp, type TestApp, type Workspace } from '../../../support/test-app';
import { failed, ok, typedClient, type TypedClient } from './typed-client';
import type { components } from './v2-types';

/**
 * The REST face used as a partner's code would use it: every operation of openapi.json called
 * through openapi-fetch with the types openapi-typescript makes of the document, compiled in strict
 * mode by `npm run typecheck` with no cast and no `any` (v2-types.test.ts holds both). Each answer
 * is checked against the document, body and headers (typed-client.ts). The last test fails while
 * an operation of the document is not called here.
 */
type Schemas = components['schemas'];

let app: TestApp;
let ws: Workspace;
let api: TypedClient['client'];
let covered: Set<string>;

beforeAll(async () => {
  app = await startTestApp();
  ws = await app.workspace('Typed client');
  ({ client: api, covered } = typedClient(app.baseUrl, ws.key));
});

afterAll(async () => {
  await app.close();
});

it('reads the workspace organisation', async () => {
  const { data } = ok(await api.GET('/ws-org'));
  expect(data.organization_code).toBe(ws.organizationCode);
});

it('creates, updates, lists, reads and deletes an organisation user (one upsert operation for both writes)', async () => {
  const created = ok(await api.POST('/organisation-users', { body: { user_email: 'ada@example.com', user_first_name: 'Ada', user_last_name: 'Lovelace', roles: [{ role_type: 1 }] } }));
  expect(created.message).toBe('User created successfully');
  const userId = created.data.user_id;
  const updated = ok(
    await api.POST('/organisation-users', {
      body: { user_id: userId, user_email: 'ada@example.com', user_first_name: 'Ada', user_last_name: 'King', roles: [{ role_type: 2 }], custom_fields: { team: 'analytics', desk: 4 } },
    }),
  );
  expect(updated.message).toBe('User updated successfully');
  expect(updated.data.custom_fields).toEqual({ team: 'analytics', desk: 4 });

  const listed = ok(await api.GET('/organisation-users', { params: { query: { search: 'King', per_page: 10 } } }));
  expect(listed.data.users.data.map((user) => user.id)).toEqual([userId]);
  const read = ok(await api.GET('/organisation-users/{id}', { params: { path: { id: String(userId) } } }));
  expect(read.data.last_name).toBe('King');
  const remaining = ok(await api.DELETE('/organisation-users/{id}', { params: { path: { id: String(userId) } } }));
  expect(remaining.data.users.data).toEqual([]);
});

it('manages advertiser accounts and their members', async () => {
  const account = ok(await api.POST('/advertiser-accounts', { body: { name: 'Acme Foods', logo: 'https://cdn.example.com/acme.png' } })).data.advertiser_account;
  const accountId = String(account.id);
  expect(ok(await api.GET('/advertiser-accounts', { params: { query: { search: 'Acme' } } })).data.advertiser_accounts.data.map((listed) => listed.id)).toEqual([account.id]);
  expect(ok(await api.GET('/advertiser-accounts/{id}', { params: { path: { id: accountId } } })).data.advertiser_account.name).toBe('Acme Foods');

  const member = ok(
    await api.POST('/members', { body: { advertiser_account_id: account.id, email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper', password: 'correct-horse-battery' } }),
  ).data.member;
  const memberId = String(member.id);
  expect(ok(await api.GET('/members', { params: { query: { advertiser_account_id: account.id } } })).data.members.data.map((listed) => listed.id)).toEqual([member.id]);
  expect(ok(await api.GET('/members/{member_id}', { params: { path: { member_id: memberId } } })).data.member.email).toBe('grace@example.com');
  expect(ok(await api.PUT('/members/{member_id}', { params: { path: { member_id: memberId } }, body: { staff_title: 'Rear admiral' } })).data.member.staff_title).toBe('Rear admiral');

  const withContact = ok(await api.PUT('/advertiser-accounts/{id}', { params: { path: { id: accountId } }, body: { primary_contact_id: member.id, city: 'Arlington' } }));
  expect(withContact.data.advertiser_account.primary_contact_id).toBe(member.id);
  expect(ok(await api.DELETE('/members/{member_id}', { params: { path: { member_id: memberId } } })).message).toBe('Member deleted successfully');
  expect(ok(await api.DELETE('/advertiser-accounts/{id}', { params: { path: { id: accountId } } })).message).toBe('Advertiser account deleted successfully');
});

it('manages a campaign and its hierarchy: phases, content pieces, distributions', async () => {
  const account = ok(await api.POST('/advertiser-accounts', { body: { name: 'Hierarchy account' } })).data.advertiser_account;
  const campaign = ok(await api.POST('/campaigns', { body: { campaign_title: 'Spring launch', primary_advertiser_account_id: account.id, campaign_status: 1 } })).data.campaign;
  const campaignId = String(campaign.id);
  expect(ok(await api.GET('/campaigns', { params: { query: { advertiser_account_id: account.id, campaign_status: 1 } } })).data.campaigns.data.map((listed) => listed.id)).toEqual([campaign.id]);
  expect(ok(await api.GET('/campaigns/{id}', { params: { path: { id: campaignId } } })).data.campaign.campaign_title).toBe('Spring launch');
  expect(ok(await api.POST('/campaigns/{id}', { params: { path: { id: campaignId } }, body: { campaign_status: 2, media_plan_external_url: '' } })).data.campaign.campaign_status).toBe(2);

  const phasesCreated = ok(await api.POST('/phases', { body: { campaign_id: campaign.id, phases: [{ phase_title: 'Teaser', custom_fields: { wave: 1 } }, { phase_title: 'Launch' }] } }));
  // `data: null` as the specification says (openapi-fetch's Readable drops a key typed only null, so it is checked whole).
  expect(phasesCreated).toEqual({ success: true, message: 'Phases created successfully', data: null });
  const phases = ok(await api.GET('/phases', { params: { query: { campaign_id: campaign.id } } })).data.phases.data;
  expect(phases.map((phase) => phase.phase_title)).toEqual(['Teaser', 'Launch']);
  const phaseId = String(phases[0].id);
  expect(ok(await api.GET('/phases/{phase}', { params: { path: { phase: phaseId } } })).data.phase.custom_fields).toEqual({ wave: 1 });
  expect(ok(await api.PUT('/phases/{phase}', { params: { path: { phase: phaseId } }, body: { key_message: 'Soon' } })).data.phase.key_message).toBe('Soon');

  const content = ok(await api.POST('/contents', { body: { campaign_id: campaign.id, phase_id: phases[0].id, content_name: 'Teaser video', status: '2' } })).data.content;
  const contentId = String(content.content_id);
  expect(ok(await api.GET('/contents', { params: { query: { campaign_id: campaign.id } } })).data.contents.data.map((listed) => listed.content_id)).toEqual([content.content_id]);
  expect(ok(await api.GET('/contents/{content_id}', { params: { path: { content_id: contentId } } })).data.content.status).toBe(2);
  // §4.6: the updated record comes under `content`, not `data`.
  expect(ok(await api.PUT('/contents/{content_id}', { params: { path: { content_id: contentId } }, body: { content_description: 'Thirty seconds' } })).content.content_description).toBe('Thirty seconds');

  const created = ok(
    await api.POST('/distributions', {
      body: {
        content_id: content.content_id,
        distributions: [
          {
            distribution_type_id: 1,
            primary_link: { link_type: 1, original_link: 'https://example.com/teaser' },
            distribution_media_library: [{ file_url: 'https://cdn.example.com/teaser.mp4' }],
          },
        ],
      },
    }),
  ).data.distributions;
  const [distribution] = created;
  const byContent = ok(await api.GET('/distributions/{id}', { params: { path: { id: contentId } } })).data;
  expect('distributions' in byContent ? byContent.distributions.data.map((listed) => listed.id) : []).toEqual([distribution.id]);
  const byId = ok(await api.GET('/distributions/{id}', { params: { path: { id: String(distribution.id) } } })).data;
  expect('distribution' in byId ? byId.distribution.primary_link?.original_link : null).toBe('https://example.com/teaser');
  const updated = ok(
    await api.PUT('/distributions', { body: { content_id: content.content_id, distributions: [{ id: distribution.id, distribution_label: 'Main cut', primary_link: null }, { distribution_type_id: 1 }] } }),
  ).data.distributions;
  expect(updated.map((saved) => saved.distribution_label)).toEqual(['Main cut', '']);
  expect(updated[0].primary_link).toBeNull();

  expect(ok(await api.DELETE('/distributions/{id}', { params: { path: { id: String(distribution.id) } } })).message).toBe('Distribution deleted successfully');
  expect(ok(await api.DELETE('/contents/{content_id}', { params: { path: { content_id: contentId } } })).message).toBe('Content deleted successfully');
  expect(ok(await api.DELETE('/phases/{phase}', { params: { path: { phase: phaseId } } })).message).toBe('Phase deleted successfully');
  expect(ok(await api.DELETE('/campaigns/{id}', { params: { path: { id: campaignId } } })).message).toBe('Campaign deleted successfully');
});

it('reads and deletes publisher profiles', async () => {
  const { profileId } = await createPublisherProfile(app, ws, 'Daily Planet', ['Morning edition']);
  const id = String(profileId);
  expect(ok(await api.GET('/publisher-profiles', { params: { query: { search: 'Planet' } } })).data.publisher_profiles.data.map((profile) => profile.id)).toEqual([profileId]);
  expect(ok(await api.GET('/publisher-profiles/{id}', { params: { path: { id } } })).data.publisher_profile.name).toBe('Daily Planet');
  expect(ok(await api.DELETE('/publisher-profiles/{id}', { params: { path: { id } } })).message).toBe('Publisher profile deleted successfully');
});

it('reads the reference libraries and the event catalogue', async () => {
  const { libraries } = ok(await api.GET('/libraries')).data;
  expect(libraries.map((library) => library.name)).toContain('distribution-types');
  const { library } = ok(await api.GET('/libraries/{name}', { params: { path: { name: 'distribution-types' } } })).data;
  expect(library.entries.length).toBeGreaterThan(0);
  const catalogue = ok(await api.GET('/libraries/event-types')).data.library;
  expect(catalogue.entries.map((entry) => entry.name)).toContain('campaign_created');
});

it('manages webhook services and webhooks: the service upsert updates by the `id` it is sent', async () => {
  const service = ok(await api.POST('/webhooks/services', { body: { name: 'Receiver credentials' } }));
  expect(service.message).toBe('Webhook service created successfully');
  const serviceId = service.data.service.id;
  // The upsert key is writable in the document: a readonly-aware client can send it.
  const renamed = ok(await api.POST('/webhooks/services', { body: { id: serviceId, name: 'Renamed credentials' } }));
  expect(renamed.message).toBe('Webhook service updated successfully');
  expect(renamed.data.service).toMatchObject({ id: serviceId, name: 'Renamed credentials' });
  expect(ok(await api.GET('/webhooks/services')).data.map((listed) => listed.id)).toEqual([serviceId]);

  const created = ok(await api.POST('/webhooks', { body: { name: 'Orders', url: 'http://127.0.0.1:9/hooks', events: ['campaign_created'], service_id: serviceId } })).data.webhook;
  expect(created.secret).toMatch(/^whsec_/);
  const id = String(created.id);
  const path = { params: { path: { id } } };
  expect(ok(await api.GET('/webhooks')).data.map((listed) => listed.id)).toEqual([created.id]);
  expect(ok(await api.GET('/webhooks/{id}', path)).data.webhook.name).toBe('Orders');
  expect(ok(await api.PUT('/webhooks/{id}', { ...path, body: { events: ['campaign_created', 'content_updated'] } })).data.webhook.events).toEqual(['campaign_created', 'content_updated']);
  expect(ok(await api.POST('/webhooks/{id}/disable', path)).data.webhook.active).toBe(0);
  expect(ok(await api.POST('/webhooks/{id}/enable', path)).data.webhook.active).toBe(1);
  expect(ok(await api.POST('/webhooks/{id}/rotate-secret', path)).data.webhook.previous_secret_expires_at).not.toBeNull();

  const ping = ok(await api.POST('/webhooks/{id}/test', path)).data.delivery;
  expect(ping.event_type).toBe('ping');
  const deliveries = ok(await api.GET('/webhooks/{id}/deliveries', { params: { path: { id }, query: { event: 'ping' } } })).data.deliveries.data;
  expect(deliveries.map((delivery) => delivery.id)).toEqual([ping.id]);
  const deliveryPath = { params: { path: { id, delivery_id: String(ping.id) } } };
  expect(ok(await api.GET('/webhooks/{id}/deliveries/{delivery_id}', deliveryPath)).data.delivery.attempts).toEqual([]);
  expect(ok(await api.POST('/webhooks/{id}/deliveries/{delivery_id}/redeliver', deliveryPath)).data.delivery.event_id).toBe(ping.event_id);
  // Nothing has failed: there is nothing to recover.
  expect(ok(await api.POST('/webhooks/{id}/recover', { ...path, body: { since: new Date(Date.now() - 60_000).toISOString() } })).data.recovered).toBe(0);
  expect(ok(await api.PUT('/webhooks/{id}', { ...path, body: { rate_limit: 10 } })).data.webhook.rate_limit).toBe(10);

  expect(ok(await api.DELETE('/webhooks/{id}', path)).message).toBe('Webhook deleted successfully');
  expect(ok(await api.DELETE('/webhooks/services/{id}', { params: { path: { id: String(serviceId) } } })).message).toBe('Webhook service deleted successfully');
});

it('reads the event feed', async () => {
  const events = ok(await api.GET('/events', { params: { query: { type: 'campaign_created' } } })).data.events.data;
  expect(events.length).toBeGreaterThan(0);
  const [latest] = events;
  const read = ok(await api.GET('/events/{id}', { params: { path: { id: String(latest.id) } } })).data.event;
  expect(read).toEqual(latest);
  // A free-form payload is typed as one (additionalProperties), not as an object without keys.
  const payload: Record<string, unknown> = read.data;
  expect(payload).toHaveProperty('campaign');
});

it('reads the calling key\'s description', async () => {
  const key = ok(await api.GET('/api-key')).data.api_key;
  expect(key.scopes).toEqual(['*']);
  const expires: string | null = key.expires_at;
  expect(expires).toBeNull();
});

it('follows the change stream from a cursor, and reads its expired-cursor refusal as the 410 it is', async () => {
  const first = ok(await api.GET('/events/stream', { params: { query: { limit: 1 } } })).data;
  expect(first.events).toHaveLength(1);
  const cursor: string | null = first.next_cursor;
  expect(cursor).toBe(first.events[0].cursor);
  const rest = ok(await api.GET('/events/stream', { params: { query: { after: cursor ?? undefined, type: 'campaign_created' } } })).data;
  expect(rest.events.every((event) => event.type === 'campaign_created')).toBe(true);
  const expired = encodeStreamCursor({ txid: '1', id: '1', createdAt: Date.now() - 31 * 24 * 3600 * 1000 });
  const refused = await api.GET('/events/stream', { params: { query: { after: expired } } });
  expect(refused.response.status).toBe(410);
  expect(refused.error?.code).toBe('CURSOR_EXPIRED');
});

it('replays a write answered for a repeated Idempotency-Key with Idempotent-Replayed, a 404 included (headers checked against the document)', async () => {
  const key = { params: { header: { 'Idempotency-Key': 'typed-client-replay-1' } } };
  const first = await api.POST('/advertiser-accounts', { ...key, body: { name: 'Replayed account' } });
  const again = await api.POST('/advertiser-accounts', { ...key, body: { name: 'Replayed account' } });
  expect(first.response.headers.get('idempotent-replayed')).toBeNull();
  expect(again.response.headers.get('idempotent-replayed')).toBe('true');
  expect(ok(again).data.advertiser_account.id).toBe(ok(first).data.advertiser_account.id);

  const missing = { params: { path: { id: '2147483647' }, header: { 'Idempotency-Key': 'typed-client-replay-2' } } };
  const notFound = failed(await api.POST('/webhooks/{id}/enable', missing), 404);
  const replayed = await api.POST('/webhooks/{id}/enable', missing);
  expect(failed(replayed, 404)).toEqual(notFound);
  expect(replayed.response.headers.get('idempotent-replayed')).toBe('true');
});

it('types error envelopes by their status: a 404 carries NOT_FOUND and nothing else', async () => {
  const answer = await api.GET('/campaigns/{id}', { params: { path: { id: '2147483647' } } });
  const envelope: Schemas['NotFoundError'] | undefined = answer.response.status === 404 && answer.error !== undefined && 'code' in answer.error && answer.error.code === 'NOT_FOUND' ? answer.error : undefined;
  expect(envelope).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'Campaign not found' });
});

it('has called every operation of openapi.json (a new operation fails here until this file calls it)', () => {
  expect([...covered].sort()).toEqual(documentedOperationIds().sort());
});
