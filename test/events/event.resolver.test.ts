import { eventTypeEntries } from '../../src/events/event-catalogue';
import { ISO_TIMESTAMP } from '../support/expectations';
import { createAccount } from '../support/fixtures';
import { bigDbId, gid } from '../support/global-ids';
import { craftCursor, walkConnection, expectGraphQLNotFound } from '../support/graphql';
import { startTestApp, type AnyBody, type ApiResponse, type TestApp, type Workspace } from '../support/test-app';

/**
 * GraphQL event feed and catalogue: `events`, `event(id)` and `eventTypes`, the same events and
 * envelopes as REST `/v2/events` and `/v2/libraries/event-types`; GraphQL names an event by its
 * global id, its `databaseId` is REST's id. Real HTTP against the real database; events are made
 * by real writes through the API.
 */

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(() => app.close());

const UNKNOWN_ID = '2000000000';
/** Ids of the Event type (global, or bare digits for the transition) that name no event: NOT_FOUND. */
const MISSING_IDS = [UNKNOWN_ID, gid('Event', UNKNOWN_ID), '0', '99999999999999999', gid('Event', '99999999999999999')];
/** Values that are no id of an Event at all: refused as input before any lookup. */
const MALFORMED_IDS = ['abc', '', '-1', '1.5', 'gid://partner-api/Event/abc', 'gid://partner-api/Event/0'];
const GLOBAL_EVENT_ID = /^gid:\/\/partner-api\/Event\/\d+$/;

const EVENT_FIELDS = 'id databaseId type createdAt organizationCode data';
const EVENTS = `
  query Events($first: Int, $after: String, $filter: EventFilter) {
    events(first: $first, after: $after, filter: $filter) {
      edges { cursor node { ${EVENT_FIELDS} } }
      nodes { ${EVENT_FIELDS} }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    }
  }
`;
const EVENT = `query Event($id: ID!) { event(id: $id) { ${EVENT_FIELDS} } }`;
const EVENT_TYPES = `query { eventTypes { name resource description payload payloadSchema subscribable } }`;

/** A query that must run without errors; returns `data`. */
async function data(ws: Workspace, query: string, variables: Record<string, unknown> = {}): Promise<AnyBody> {
  const response = await ws.api.graphql(query, variables);
  expect(response.status).toBe(200);
  expect(response.body.errors).toBeUndefined();
  return response.body.data;
}

/** The event a REST read of this (global) id gives, as GraphQL spells it: REST's id is the database id. */
async function restEvent(ws: Workspace, id: string): Promise<AnyBody> {
  const response = await ws.api.get(`/v2/events/${bigDbId(id)}`);
  expect(response.status).toBe(200);
  const { id: restId, type, created_at: createdAt, organization_code: organizationCode, data: payload } = response.body.data.event;
  return { id: gid('Event', restId), databaseId: String(restId), type, createdAt, organizationCode, data: payload };
}

/** The workspace's event ids, newest first, as the database holds them, written as GraphQL's global ids. */
async function eventIds(ws: Workspace, type?: string): Promise<string[]> {
  const rows: { id: string }[] = await app.dataSource.query(
    'SELECT id FROM outbox_events WHERE organisation_id = $1 AND ($2::text IS NULL OR event_type = $2) ORDER BY id DESC',
    [ws.organisationId, type ?? null],
  );
  return rows.map((row) => gid('Event', row.id));
}

/** Moves an event (by its global id) out of the 30-day feed. */
async function age(id: string): Promise<void> {
  await app.dataSource.query(`UPDATE outbox_events SET created_at = now() - interval '31 days' WHERE id = $1`, [bigDbId(id)]);
}

/** Renames an account through REST: one `advertiser_account_updated` event. */
async function renameAccount(ws: Workspace, id: number, name: string): Promise<void> {
  const response = await ws.api.put(`/v2/advertiser-accounts/${id}`, { name });
  expect(response.status).toBe(200);
}

function expectBadUserInput(response: ApiResponse<AnyBody>, fieldErrors: Record<string, unknown>): void {
  expect(response.status).toBe(200);
  expect(response.body.data).toBeNull();
  expect(response.body.errors).toHaveLength(1);
  expect(response.body.errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', fieldErrors });
}

describe('query eventTypes', () => {
  let ws: Workspace;

  beforeAll(async () => {
    ws = await app.workspace();
  });

  it('lists the whole event catalogue, in its order', async () => {
    const types = (await data(ws, EVENT_TYPES)).eventTypes;

    expect(types).toEqual(eventTypeEntries());
    expect(types.find((type: AnyBody) => type.name === 'ping')).toMatchObject({ resource: 'webhook', subscribable: false });
    expect(types.filter((type: AnyBody) => !type.subscribable).map((type: AnyBody) => type.name)).toEqual(['ping']);
  });

  it('is the catalogue REST publishes as the event-types library', async () => {
    const types = (await data(ws, EVENT_TYPES)).eventTypes;
    const rest = await ws.api.get('/v2/libraries/event-types');

    expect(rest.status).toBe(200);
    expect(types).toEqual(rest.body.data.library.entries.map(({ payload_schema: payloadSchema, ...entry }: AnyBody) => ({ ...entry, payloadSchema })));
  });
});

describe('query events', () => {
  let ws: Workspace;
  let other: Workspace;
  let accounts: number[];

  beforeAll(async () => {
    ws = await app.workspace();
    other = await app.workspace();
    accounts = [await createAccount(ws, 'First'), await createAccount(ws, 'Second'), await createAccount(ws, 'Third')];
    await renameAccount(ws, accounts[0], 'First, renamed');
    await renameAccount(ws, accounts[2], 'Third, renamed');
    await createAccount(other, 'Not yours');
  });

  it("returns the workspace's events newest first, each as the envelope a delivery carries", async () => {
    const connection = (await data(ws, EVENTS)).events;

    expect(connection.nodes.map((node: AnyBody) => node.id)).toEqual(await eventIds(ws));
    expect(connection.nodes.map((node: AnyBody) => node.type)).toEqual([
      'advertiser_account_updated',
      'advertiser_account_updated',
      'advertiser_account_created',
      'advertiser_account_created',
      'advertiser_account_created',
    ]);
    expect(connection.edges.map((edge: AnyBody) => edge.node)).toEqual(connection.nodes);
    expect(connection.pageInfo).toEqual({
      hasNextPage: false,
      hasPreviousPage: false,
      startCursor: connection.edges[0].cursor,
      endCursor: connection.edges.at(-1).cursor,
    });
    for (const node of connection.nodes) {
      expect(node).toEqual({
        id: expect.stringMatching(GLOBAL_EVENT_ID),
        databaseId: bigDbId(node.id),
        type: expect.any(String),
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
        organizationCode: ws.organizationCode,
        data: expect.objectContaining({ advertiser_account: expect.any(Object) }),
      });
      expect(node).toEqual(await restEvent(ws, node.id));
    }
    expect(connection.nodes[0].data).toMatchObject({ advertiser_account: { id: accounts[2], name: 'Third, renamed' }, changed_fields: ['name'] });
  });

  it("never shows another workspace's events", async () => {
    const theirs = (await data(other, EVENTS)).events.nodes;

    expect(theirs.map((node: AnyBody) => node.id)).toEqual(await eventIds(other));
    expect(theirs.map((node: AnyBody) => node.organizationCode)).toEqual([other.organizationCode]);
  });

  it('walks every event with first/after, newest first, without duplicates or gaps', async () => {
    const { ids, pages } = await walkConnection(async (after) => (await data(ws, EVENTS, { first: 2, after })).events);

    expect(ids).toEqual(await eventIds(ws));
    expect(pages.map((page) => page.nodes.length)).toEqual([2, 2, 1]);
    expect(pages.map((page) => page.pageInfo.hasNextPage)).toEqual([true, true, false]);
    expect(pages.map((page) => page.pageInfo.hasPreviousPage)).toEqual([false, true, true]);
  });

  it('keeps its place while new events come in: they are on the first page, not the next one', async () => {
    const fresh = await app.workspace();
    await createAccount(fresh, 'One');
    await createAccount(fresh, 'Two');
    await createAccount(fresh, 'Three');
    const before = await eventIds(fresh);
    const first = (await data(fresh, EVENTS, { first: 2 })).events;

    await createAccount(fresh, 'Four');
    const rest = (await data(fresh, EVENTS, { first: 2, after: first.pageInfo.endCursor })).events;
    const top = (await data(fresh, EVENTS, { first: 1 })).events;

    expect(first.nodes.map((node: AnyBody) => node.id)).toEqual(before.slice(0, 2));
    expect(rest.nodes.map((node: AnyBody) => node.id)).toEqual(before.slice(2));
    expect(top.nodes[0].data.advertiser_account.name).toBe('Four');
  });

  it('filters by type', async () => {
    const created = (await data(ws, EVENTS, { filter: { type: 'advertiser_account_created' } })).events.nodes;
    const none = (await data(ws, EVENTS, { filter: { type: 'campaign_created' } })).events.nodes;

    expect(created.map((node: AnyBody) => node.id)).toEqual(await eventIds(ws, 'advertiser_account_created'));
    expect(created).toHaveLength(3);
    expect(none).toEqual([]);
  });

  it('filters by the record the events are about (its global id, or a bare database id with its type), and by time', async () => {
    const about = (await data(ws, EVENTS, { filter: { resourceType: 'advertiser_account', resourceId: String(accounts[0]) } })).events.nodes;
    const aboutGlobal = (await data(ws, EVENTS, { filter: { resourceId: gid('AdvertiserAccount', accounts[0]) } })).events.nodes;
    const all = (await data(ws, EVENTS)).events.nodes;
    const since = (await data(ws, EVENTS, { filter: { createdAfter: all[2].createdAt } })).events.nodes;

    expect(about.map((node: AnyBody) => [node.type, node.data.advertiser_account.id])).toEqual([
      ['advertiser_account_updated', accounts[0]],
      ['advertiser_account_created', accounts[0]],
    ]);
    expect(aboutGlobal).toEqual(about);
    expect(since.map((node: AnyBody) => node.id)).toEqual(all.filter((node: AnyBody) => node.createdAt > all[2].createdAt).map((node: AnyBody) => node.id));
  });

  it('pages a filtered feed', async () => {
    const filter = { type: 'advertiser_account_created' };
    const { ids } = await walkConnection(async (after) => (await data(ws, EVENTS, { first: 2, after, filter })).events);

    expect(ids).toEqual(await eventIds(ws, 'advertiser_account_created'));
  });

  it('leaves out events older than 30 days', async () => {
    const aging = await app.workspace();
    await createAccount(aging, 'Old');
    await createAccount(aging, 'New');
    const [newest, oldest] = await eventIds(aging);
    await age(oldest);

    expect((await data(aging, EVENTS)).events.nodes.map((node: AnyBody) => node.id)).toEqual([newest]);
  });

  it.each([
    ['a type not in the catalogue', { filter: { type: 'campaign_exploded' } }, { type: [expect.any(String)] }],
    ['a malformed resourceId', { filter: { resourceId: 'abc' } }, { resourceId: [expect.any(String)] }],
    ['a createdAfter that is no timestamp', { filter: { createdAfter: 'yesterday' } }, { createdAfter: [expect.any(String)] }],
    ['first 0', { first: 0 }, { first: [expect.any(String)] }],
    ['first 101', { first: 101 }, { first: [expect.any(String)] }],
    ['a bad filter and a bad first together', { first: 0, filter: { type: 'nope' } }, { type: [expect.any(String)], first: [expect.any(String)] }],
  ])('raises BAD_USER_INPUT for %s, naming the argument', async (_case, variables, fieldErrors) => {
    expectBadUserInput(await ws.api.graphql(EVENTS, variables), fieldErrors);
  });

  it.each([
    ['not a cursor', 'definitely-not-a-cursor'],
    ['a cursor of another sort field', craftCursor(['name', 'Acme', 5])],
    ['a cursor with a string id', craftCursor(['id', '5', '5'])],
    ['a cursor whose value and id disagree', craftCursor(['id', 5, 6])],
    ['a cursor with an id out of range', craftCursor(['id', 2 ** 60, 2 ** 60])],
  ])('raises BAD_USER_INPUT on after for %s', async (_case, after) => {
    expectBadUserInput(await ws.api.graphql(EVENTS, { after }), { after: ['is not a cursor of this list in this order'] });
  });
});

describe('query event', () => {
  let ws: Workspace;
  let other: Workspace;
  let account: number;
  let id: string;

  beforeAll(async () => {
    ws = await app.workspace();
    other = await app.workspace();
    account = await createAccount(ws, 'Evented');
    [id] = await eventIds(ws);
  });

  it('reads one event: the node the feed lists and the record REST gives', async () => {
    const response = await ws.api.graphql(EVENT, { id });

    expect(response.body.errors).toBeUndefined();
    const event = response.body.data.event;
    expect(event).toEqual((await data(ws, EVENTS)).events.nodes[0]);
    expect(event).toEqual(await restEvent(ws, id));
    expect(event).toMatchObject({ id, type: 'advertiser_account_created', organizationCode: ws.organizationCode, data: { advertiser_account: { name: 'Evented' } } });
  });

  it('reads the same event by its bare database id, for the transition', async () => {
    expect((await data(ws, EVENT, { id: bigDbId(id) })).event).toEqual((await data(ws, EVENT, { id })).event);
  });

  /** The id argument refused as input (no lookup made): BAD_USER_INPUT naming `id`, `event` null. */
  function expectBadId(response: ApiResponse<AnyBody>): void {
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ event: null });
    expect(response.body.errors).toEqual([expect.objectContaining({ path: ['event'], extensions: { code: 'BAD_USER_INPUT', fieldErrors: { id: [expect.any(String)] } } })]);
  }

  it.each(MISSING_IDS)('raises NOT_FOUND for the id %s', async (missing) => {
    expectGraphQLNotFound(await ws.api.graphql(EVENT, { id: missing }), 'event', 'Event not found');
  });

  it.each(MALFORMED_IDS)('raises BAD_USER_INPUT on id for the malformed id %j', async (malformed) => {
    expectBadId(await ws.api.graphql(EVENT, { id: malformed }));
  });

  it('raises BAD_USER_INPUT on id for a global id of another type, even one whose digits are an event of the workspace', async () => {
    expectBadId(await ws.api.graphql(EVENT, { id: gid('AdvertiserAccount', account) }));
    expectBadId(await ws.api.graphql(EVENT, { id: gid('WebhookDelivery', bigDbId(id)) }));
  });

  it("raises NOT_FOUND for another workspace's event, by its global or its bare database id", async () => {
    await createAccount(other, 'Theirs');
    const [theirs] = await eventIds(other);

    expectGraphQLNotFound(await ws.api.graphql(EVENT, { id: theirs }), 'event', 'Event not found');
    expectGraphQLNotFound(await ws.api.graphql(EVENT, { id: bigDbId(theirs) }), 'event', 'Event not found');
    expect((await data(other, EVENT, { id: theirs })).event.id).toBe(theirs);
  });

  it('raises NOT_FOUND for an event older than 30 days', async () => {
    await createAccount(ws, 'Aged');
    const [aged] = await eventIds(ws);
    await age(aged);

    expectGraphQLNotFound(await ws.api.graphql(EVENT, { id: aged }), 'event', 'Event not found');
  });
});
