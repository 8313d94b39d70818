import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { payloadJsonSchema } from '../../src/events/event-catalogue';
import { expectInvalid, ISO_TIMESTAMP, MISSING_IDS, PAGINATION_KEYS, expectSuccess, notFoundBody } from '../support/expectations';
import { workspaceEvents } from '../support/outbox';
import { startTestApp, type AnyBody, type TestApp, type Workspace } from '../support/test-app';
import { createAccountRecord, createWebhook, EVENT_RECORD_KEYS, pingWebhook, SPEC_EVENT_NAMES, WEBHOOKS_PATH } from '../support/webhooks';

/**
 * The event feed (`GET /v2/events`, `GET /v2/events/{id}`) and the event catalogue
 * (`GET /v2/libraries/event-types`), spec §6, through real HTTP against the real database: the
 * feed shows a workspace's committed events, newest first, as the very envelope a webhook
 * delivery POSTs; the catalogue says what a subscription may name. The 401s and 404s every
 * operation shares (no key, unknown ids, another workspace's ids) are in
 * test/http/rest/route-contract.test.ts.
 */

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(() => app.close());

const EVENTS_PATH = '/v2/events';
const CATALOGUE_PATH = '/v2/libraries/event-types';
const EVENT_NOT_FOUND = notFoundBody('Event not found');
const RETENTION_DAYS = 30;

/** The event envelope: its keys in order, each of its JSON type, of this workspace. */
function expectEventRecord(record: AnyBody, ws: Workspace): void {
  expect(Object.keys(record)).toEqual(EVENT_RECORD_KEYS);
  expect(Number.isInteger(record.id)).toBe(true);
  expect(typeof record.type).toBe('string');
  expect(record.created_at).toMatch(ISO_TIMESTAMP);
  expect(record.organization_code).toBe(ws.organizationCode);
  expect(record.data !== null && typeof record.data === 'object' && !Array.isArray(record.data)).toBe(true);
}

async function feed(ws: Workspace, query = ''): Promise<AnyBody[]> {
  const response = await ws.api.get(`${EVENTS_PATH}${query ? `?${query}` : ''}`);
  expect(response.status).toBe(200);
  return response.body.data.events.data;
}

/** The workspace's event ids as stored, newest first. */
async function storedIdsNewestFirst(ws: Workspace): Promise<number[]> {
  const rows: AnyBody[] = await app.dataSource.query('SELECT id FROM outbox_events WHERE organisation_id = $1 ORDER BY id DESC', [ws.organisationId]);
  return rows.map((row) => Number(row.id));
}

/** Moves an event back in time, as if it had been recorded `days` ago. */
async function age(eventId: number, days: number): Promise<void> {
  await app.dataSource.query(`UPDATE outbox_events SET created_at = now() - make_interval(days => $2::int) WHERE id = $1`, [eventId, days]);
}

describe('GET /v2/events', () => {
  let ws: Workspace;
  let other: Workspace;
  let acme: AnyBody;
  let renamed: AnyBody;
  let blue: AnyBody;
  let ping: AnyBody;

  beforeAll(async () => {
    ws = await app.workspace();
    other = await app.workspace();
    acme = await createAccountRecord(ws, 'Acme Foods');
    const update = await ws.api.put(`/v2/advertiser-accounts/${acme.id}`, { name: 'Acme Renamed' });
    expect(update.status).toBe(200);
    renamed = update.body.data.advertiser_account;
    blue = await createAccountRecord(ws, 'Blue Agency');
    const webhook = await createWebhook(ws);
    ping = await pingWebhook(ws, webhook.id);
    await createAccountRecord(other, 'Not yours');
  });

  it("returns the workspace's events, newest first, as a paginated envelope under data.events", async () => {
    const response = await ws.api.get(EVENTS_PATH);

    expectSuccess(response, { message: 'Events retrieved successfully', dataKeys: ['events'] });
    const page = response.body.data.events;
    expect(Object.keys(page).sort()).toEqual(PAGINATION_KEYS);
    expect(page).toMatchObject({ current_page: 1, from: 1, to: 4, per_page: 15, next_page_url: null, prev_page_url: null });
    for (const record of page.data) expectEventRecord(record, ws);
    expect(page.data.map((e: AnyBody) => e.id)).toEqual(await storedIdsNewestFirst(ws));
    expect(page.data.map((e: AnyBody) => e.type)).toEqual(['ping', 'advertiser_account_created', 'advertiser_account_updated', 'advertiser_account_created']);
  });

  it('carries each event as recorded: its data is the payload, its time the stored one', async () => {
    const listed = await feed(ws);
    const stored = await workspaceEvents(app, ws);

    expect(listed.slice().reverse().map((e) => [e.type, e.data, Date.parse(e.created_at)])).toEqual(stored.map((row) => [row.event_type, row.payload, row.created_at.getTime()]));
    expect(listed[3].data).toEqual({ advertiser_account: acme });
    expect(listed[2].data).toEqual({ advertiser_account: renamed, changed_fields: ['name'] });
    expect(listed[1].data).toEqual({ advertiser_account: blue });
    expect(listed[0]).toMatchObject({ id: ping.event_id, type: 'ping' });
  });

  it("never shows another workspace's events", async () => {
    const theirs = await feed(other);

    expect(theirs.map((e) => e.data.advertiser_account?.name)).toEqual(['Not yours']);
    expect(theirs[0].organization_code).toBe(other.organizationCode);
    expect((await feed(ws)).map((e) => e.id)).not.toContain(theirs[0].id);
  });

  it('returns an empty page for a workspace without events', async () => {
    const empty = await app.workspace();

    const response = await empty.api.get(EVENTS_PATH);

    expect(response.status).toBe(200);
    expect(response.body.data.events).toEqual({ current_page: 1, data: [], from: null, next_page_url: null, per_page: 15, prev_page_url: null, to: null });
  });

  it.each([
    ['type=advertiser_account_created', () => ['Blue Agency', 'Acme Foods']],
    ['type=advertiser_account_updated', () => ['Acme Renamed']],
    ['type=campaign_created', () => []],
    ['resource_type=advertiser_account', () => ['Blue Agency', 'Acme Renamed', 'Acme Foods']],
    ['resource_type=campaign', () => []],
  ])('filters by ?%s', async (query, names) => {
    const events = await feed(ws, query);

    expect(events.map((e) => e.data.advertiser_account.name)).toEqual(names());
  });

  it('filters by resource_type and resource_id together', async () => {
    const events = await feed(ws, `resource_type=advertiser_account&resource_id=${acme.id}`);

    expect(events.map((e) => e.type)).toEqual(['advertiser_account_updated', 'advertiser_account_created']);
    expect(events.every((e) => e.data.advertiser_account.id === acme.id)).toBe(true);
  });

  it('filters by type ping (a test event) and by the webhook it went to', async () => {
    const events = await feed(ws, `type=ping&resource_type=webhook&resource_id=${ping.webhook_id}`);

    expect(events.map((e) => e.id)).toEqual([ping.event_id]);
  });

  it('filters by created_after: only events recorded at or after that instant (inclusive, as on every list)', async () => {
    const all = await feed(ws);
    const cut = all[2].created_at;

    const events = await feed(ws, `created_after=${encodeURIComponent(cut)}`);

    const expected = all.filter((e) => Date.parse(e.created_at) >= Date.parse(cut)).map((e) => e.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    expect(events.map((e) => e.id)).toEqual(expected);
    expect(await feed(ws, 'created_after=2000-01-01T00:00:00Z')).toEqual(all);
    expect(await feed(ws, `created_after=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);
  });

  it('ignores a filter given empty', async () => {
    expect(await feed(ws, 'type=&resource_type=')).toEqual(await feed(ws));
  });

  it('pages with page and per_page, the links keeping the filters', async () => {
    const first = await ws.api.get(`${EVENTS_PATH}?resource_type=advertiser_account&per_page=2`);
    const page = first.body.data.events;

    expect(page).toMatchObject({ current_page: 1, from: 1, to: 2, per_page: 2, prev_page_url: null });
    const next = new URL(page.next_page_url);
    expect(next.pathname).toBe(EVENTS_PATH);
    expect(Object.fromEntries(next.searchParams)).toEqual({ resource_type: 'advertiser_account', per_page: '2', page: '2' });

    const second = await ws.api.get(`${next.pathname}${next.search}`);
    expect(second.body.data.events).toMatchObject({ current_page: 2, from: 3, to: 3, next_page_url: null });
    expect(second.body.data.events.data.map((e: AnyBody) => e.data.advertiser_account.name)).toEqual(['Acme Foods']);
    expect(new URL(second.body.data.events.prev_page_url).searchParams.get('page')).toBe('1');
  });

  it(`keeps ${RETENTION_DAYS} days of events: older ones are not shown`, async () => {
    const fresh = await app.workspace();
    await createAccountRecord(fresh, 'Old');
    await createAccountRecord(fresh, 'Recent');
    const [recentId, oldId] = await storedIdsNewestFirst(fresh);
    await age(oldId, RETENTION_DAYS + 1);
    await age(recentId, RETENTION_DAYS - 1);

    expect((await feed(fresh)).map((e) => e.id)).toEqual([recentId]);
  });

  it.each([
    ['type=bogus', 'type'],
    ['type=CAMPAIGN_CREATED', 'type'],
    ['resource_id=abc', 'resource_id'],
    ['resource_id=0', 'resource_id'],
    ['resource_id=-3', 'resource_id'],
    ['resource_id=1.5', 'resource_id'],
    ['resource_id=99999999999', 'resource_id'],
    [`resource_type=${'x'.repeat(65)}`, 'resource_type'],
    ['created_after=yesterday', 'created_after'],
    ['created_after=2024-13-01T00:00:00Z', 'created_after'],
    ['created_after=1700000000', 'created_after'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['per_page=0', 'per_page'],
    ['per_page=101', 'per_page'],
    ['colour=red', 'colour'],
    ['event=ping', 'event'],
    ['organization_code=ABC', 'organization_code'],
  ])('refuses ?%s with 422 naming %s', async (query, field) => {
    expectInvalid(await ws.api.get(`${EVENTS_PATH}?${query}`), field);
  });

  it.each([['2024'], ['2024-01'], ['2009-W01-1'], ['2024-01-01T00Z'], ['2024-01-01T00:00:00,5Z']])(
    'never fails on created_after=%s, a form ISO 8601 allows: it is read as that instant (200) or refused with 422 on created_after',
    async (value) => {
      const response = await ws.api.get(`${EVENTS_PATH}?created_after=${encodeURIComponent(value)}`);

      expect([200, 422]).toContain(response.status);
      if (response.status === 422) expectInvalid(response, 'created_after');
      else expect(response.body.data.events.data.map((e: AnyBody) => e.id)).toEqual((await feed(ws)).map((e) => e.id));
    },
  );

  it('names the refused parameter in its message', async () => {
    const type = await ws.api.get(`${EVENTS_PATH}?type=bogus`);
    const after = await ws.api.get(`${EVENTS_PATH}?created_after=yesterday`);
    const unknown = await ws.api.get(`${EVENTS_PATH}?colour=red`);

    expect(type.body.errors).toEqual({ type: ['type must name an event type of the catalogue (GET /v2/libraries/event-types)'] });
    expect(after.body.errors).toEqual({ created_after: ['created_after must be a date or a date-time with a time zone (2026-11-23 or 2026-11-23T18:00:00Z)'] });
    expect(unknown.body.errors).toEqual({ colour: ['colour is not a query parameter of this list'] });
  });

  it('reports every refused filter at once', async () => {
    const response = await ws.api.get(`${EVENTS_PATH}?type=bogus&resource_id=abc&created_after=never`);

    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors).sort()).toEqual(['created_after', 'resource_id', 'type']);
  });
});

describe('GET /v2/events/{id}', () => {
  let ws: Workspace;
  let account: AnyBody;
  let eventId: number;

  beforeAll(async () => {
    ws = await app.workspace();
    account = await createAccountRecord(ws, 'Acme Foods');
    [eventId] = await storedIdsNewestFirst(ws);
  });

  it('returns the event under data.event: id, type, created_at, organization_code, cursor, data', async () => {
    const response = await ws.api.get(`${EVENTS_PATH}/${eventId}`);

    expectSuccess(response, { message: 'Event retrieved successfully', dataKeys: ['event'] });
    const record = response.body.data.event;
    expectEventRecord(record, ws);
    expect(record).toEqual({
      id: eventId,
      type: 'advertiser_account_created',
      created_at: expect.stringMatching(ISO_TIMESTAMP),
      organization_code: ws.organizationCode,
      cursor: expect.any(String),
      data: { advertiser_account: account },
    });
    expect((await feed(ws)).find((e) => e.id === eventId)).toEqual(record);
  });

  it('shows a test ping as recorded', async () => {
    const webhook = await createWebhook(ws);
    const delivery = await pingWebhook(ws, webhook.id);

    const response = await ws.api.get(`${EVENTS_PATH}/${delivery.event_id}`);

    expect(response.status).toBe(200);
    expect(response.body.data.event).toMatchObject({ id: delivery.event_id, type: 'ping', data: { webhook_id: webhook.id } });
  });

  it('answers 404 for malformed ids', async () => {
    for (const id of [...MISSING_IDS, '12345678901234567', '1e3']) {
      const response = await ws.api.get(`${EVENTS_PATH}/${id}`);
      expect({ id, status: response.status, body: response.body }).toEqual({ id, status: 404, body: EVENT_NOT_FOUND });
    }
  });

  it(`answers 404 for an event older than ${RETENTION_DAYS} days`, async () => {
    await createAccountRecord(ws, 'Soon old');
    const [oldId] = await storedIdsNewestFirst(ws);
    await age(oldId, RETENTION_DAYS + 1);

    const response = await ws.api.get(`${EVENTS_PATH}/${oldId}`);

    expect(response.status).toBe(404);
    expect(response.body).toEqual(EVENT_NOT_FOUND);
  });
});

describe('GET /v2/libraries/event-types', () => {
  let ws: Workspace;
  let entries: AnyBody[];

  beforeAll(async () => {
    ws = await app.workspace();
    const response = await ws.api.get(CATALOGUE_PATH);
    expect(response.status).toBe(200);
    entries = response.body.data.library.entries;
  });

  it('returns the catalogue under data.library: name, description and entries', async () => {
    const response = await ws.api.get(CATALOGUE_PATH);

    expectSuccess(response, { message: 'Library retrieved successfully', dataKeys: ['library'] });
    const library = response.body.data.library;
    expect(Object.keys(library)).toEqual(['name', 'description', 'entries']);
    expect(library.name).toBe('event-types');
    expect(typeof library.description).toBe('string');
    expect(library.description.length).toBeGreaterThan(0);
    expect(Array.isArray(library.entries)).toBe(true);
  });

  it('gives each entry its name, resource, description, payload shape and whether it may be subscribed to', () => {
    for (const entry of entries) {
      expect(Object.keys(entry)).toEqual(['name', 'resource', 'description', 'payload', 'payload_schema', 'subscribable']);
      expect(entry.name).toMatch(/^[a-z_]+$/);
      for (const field of ['resource', 'description', 'payload']) {
        expect(typeof entry[field]).toBe('string');
        expect(entry[field].length).toBeGreaterThan(0);
      }
      expect(typeof entry.subscribable).toBe('boolean');
    }
    expect(new Set(entries.map((e) => e.name)).size).toBe(entries.length);
  });

  it("gives each entry its payload's JSON Schema: a closed object, the catalogue's", () => {
    for (const entry of entries) {
      expect(entry.payload_schema).toEqual(payloadJsonSchema(entry.name));
      expect(entry.payload_schema).toMatchObject({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', additionalProperties: false });
    }
  });

  it('serves schemas a client can check what it receives with: a live event matches its own, not a drifted copy', async () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);
    const schema = entries.find((entry) => entry.name === 'advertiser_account_created').payload_schema;
    await createAccountRecord(ws, 'Validated');
    const [event] = (await ws.api.get(`${EVENTS_PATH}?type=advertiser_account_created`)).body.data.events.data;

    expect(ajv.validate(schema, event.data)).toBe(true);
    expect(ajv.validate(schema, { ...event.data, extra: true })).toBe(false);
    expect(ajv.validate(schema, { advertiser_account: { ...event.data.advertiser_account, name: 42 } })).toBe(false);
  });

  it('lists the seven event names of §6, each subscribable, about its resource', () => {
    const byName = new Map(entries.map((entry) => [entry.name, entry]));

    for (const name of SPEC_EVENT_NAMES) expect({ name, subscribable: byName.get(name)?.subscribable }).toEqual({ name, subscribable: true });
    expect(SPEC_EVENT_NAMES.map((name) => byName.get(name).resource)).toEqual(['campaign', 'campaign', 'campaign', 'content', 'content', 'distribution', 'distribution']);
  });

  it('lists the §6 status notifications, subscribable', () => {
    const byName = new Map(entries.map((entry) => [entry.name, entry]));

    expect(byName.get('post_campaign_status')).toMatchObject({ resource: 'campaign', subscribable: true });
    expect(byName.get('post_content_status')).toMatchObject({ resource: 'content', subscribable: true });
  });

  it('lists ping, the test event, as the one type that cannot be subscribed to', () => {
    expect(entries.filter((entry) => !entry.subscribable).map((entry) => entry.name)).toEqual(['ping']);
    expect(entries.find((entry) => entry.name === 'ping')).toMatchObject({ resource: 'webhook' });
  });

  it('names the types the service really records: every account event seen in the feed is in it', async () => {
    const account = await createAccountRecord(ws, 'Catalogued');
    expect((await ws.api.delete(`/v2/advertiser-accounts/${account.id}`)).status).toBe(200);
    const names = new Set(entries.map((entry) => entry.name));

    for (const event of await feed(ws)) expect(names.has(event.type)).toBe(true);
  });

  it('agrees with the event feed and subscriptions: each name is a valid type filter, each subscribable one a valid subscription', async () => {
    for (const entry of entries) expect({ name: entry.name, status: (await ws.api.get(`${EVENTS_PATH}?type=${entry.name}`)).status }).toEqual({ name: entry.name, status: 200 });
    const subscribable = entries.filter((entry) => entry.subscribable).map((entry) => entry.name);
    const created = await ws.api.post(WEBHOOKS_PATH, { name: 'Everything', url: 'https://receiver.example.com/hooks', events: subscribable });
    expect(created.status).toBe(200);
    expect(created.body.data.webhook.events).toEqual(subscribable);
  });

  it('refuses query parameters with 422 naming them', async () => {
    expectInvalid(await ws.api.get(`${CATALOGUE_PATH}?page=1`), 'page');
  });
});

describe('GET /v2/libraries', () => {
  it('lists event-types among the libraries, with the description the catalogue carries', async () => {
    const ws = await app.workspace();

    const response = await ws.api.get('/v2/libraries');
    const catalogue = await ws.api.get(CATALOGUE_PATH);

    expect(response.status).toBe(200);
    const libraries: AnyBody[] = response.body.data.libraries;
    expect(libraries.filter((library) => library.name === 'event-types')).toEqual([{ name: 'event-types', description: catalogue.body.data.library.description }]);
  });
});
