import { encodeStreamCursor } from '../../../src/events/stream/stream-cursor';
import { expectInvalid } from '../../support/expectations';
import { createAccount, createCampaign } from '../../support/fixtures';
import { gid } from '../../support/global-ids';
import { startTestApp, type AnyBody, type TestApp, type Workspace } from '../../support/test-app';

/**
 * The change stream pulled (issue: "The change stream"): `GET /v2/events/stream` and GraphQL
 * `eventStream`, oldest first in commit order from a cursor, the same events, ids and cursors as
 * the feed; `next_cursor`/`endCursor` to continue; the live end; refusals that read nothing; a
 * cursor older than the 30 days kept is CURSOR_EXPIRED. Commit order itself, with transactions
 * committing against their ids, is proved in commit-order.test.ts.
 */

let app: TestApp;
let ws: Workspace;
/** The workspace's events as the feed shows them, oldest first. */
let feed: AnyBody[];

const STREAM = '/v2/events/stream';
const DAY_MS = 24 * 3600 * 1000;

const EVENT_STREAM = `query Stream($after: String, $first: Int, $filter: EventFilter) {
  eventStream(after: $after, first: $first, filter: $filter) {
    edges { cursor node { id databaseId type cursor createdAt organizationCode data } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    totalCount
  }
}`;

beforeAll(async () => {
  app = await startTestApp();
  ws = await app.workspace();
  const accountId = await createAccount(ws, 'Acme');
  await createCampaign(ws, accountId, 'Spring');
  await createCampaign(ws, accountId, 'Summer');
  await ws.api.put(`/v2/advertiser-accounts/${accountId}`, { name: 'Acme Ltd' });
  // Another workspace's events never show.
  const other = await app.workspace();
  await createAccount(other, 'Theirs');
  const answer = await ws.api.get('/v2/events?per_page=100');
  feed = [...answer.body.data.events.data].reverse();
});
afterAll(() => app.close());

async function stream(query = ''): Promise<AnyBody> {
  const answer = await ws.api.get(`${STREAM}${query}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

async function graphqlStream(variables: Record<string, unknown> = {}): Promise<AnyBody> {
  const answer = await ws.api.graphql(EVENT_STREAM, variables);
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data.eventStream;
}

describe('GET /v2/events/stream', () => {
  it('answers the workspace\'s events oldest first, the feed\'s records with their cursors, and where to continue', async () => {
    const body = await stream();
    expect(body).toEqual({ success: true, message: 'Events retrieved successfully', data: { events: feed, next_cursor: feed.at(-1).cursor } });
    expect(feed.map((event) => event.type)).toEqual(['advertiser_account_created', 'campaign_created', 'campaign_created', 'advertiser_account_updated']);
  });

  it('continues from next_cursor, page by page, each event once', async () => {
    const seen: AnyBody[] = [];
    let after = '';
    for (let page = 0; page < 10; page += 1) {
      const { data } = await stream(`?limit=3${after ? `&after=${after}` : ''}`);
      seen.push(...data.events);
      if (data.events.length === 0) {
        // The live end: the cursor asked from comes back.
        expect(data.next_cursor).toBe(after);
        break;
      }
      after = data.next_cursor;
    }
    expect(seen).toEqual(feed);
  });

  it('takes the feed\'s filters', async () => {
    const { data } = await stream('?type=campaign_created');
    expect(data.events).toEqual(feed.filter((event) => event.type === 'campaign_created'));
    const byResource = await stream(`?resource_type=advertiser_account&resource_id=${feed[0].data.advertiser_account.id}`);
    expect(byResource.data.events.map((event: AnyBody) => event.id)).toEqual([feed[0].id, feed[3].id]);
  });

  it('answers no events and a null next_cursor for a stream with none', async () => {
    const empty = await app.workspace();
    const answer = await empty.api.get(STREAM);
    expect(answer.body.data).toEqual({ events: [], next_cursor: null });
  });

  it('refuses a limit outside 1–500, a cursor it did not make, and unknown parameters, with 422 on each', async () => {
    for (const limit of ['0', '501', 'ten', '1.5']) expectInvalid(await ws.api.get(`${STREAM}?limit=${limit}`), 'limit');
    expect((await ws.api.get(`${STREAM}?limit=500`)).status).toBe(200);
    for (const after of ['nope', Buffer.from('s1.1.2').toString('base64url'), Buffer.from('s1.99999999999999999999.1.1').toString('base64url')]) {
      expectInvalid(await ws.api.get(`${STREAM}?after=${after}`), 'after');
    }
    expectInvalid(await ws.api.get(`${STREAM}?page=2`), 'page');
    expectInvalid(await ws.api.get(`${STREAM}?type=nothing_happened`), 'type');
  });

  it('refuses a cursor older than the 30 days the stream keeps with 410 CURSOR_EXPIRED', async () => {
    const expired = encodeStreamCursor({ txid: '1', id: '1', createdAt: Date.now() - 31 * DAY_MS });
    const answer = await ws.api.get(`${STREAM}?after=${expired}`);
    expect(answer.status).toBe(410);
    expect(answer.body).toEqual({ success: false, message: expect.stringContaining('older than the 30 days'), code: 'CURSOR_EXPIRED', request_id: expect.any(String) });
  });
});

describe('GraphQL eventStream', () => {
  it('is the same stream: the feed\'s events in commit order, each edge\'s cursor its event\'s', async () => {
    const page = await graphqlStream();
    // GraphQL names each event by its global id; the feed's integer id is the databaseId inside it.
    expect(page.edges.map((edge: AnyBody) => edge.node.id)).toEqual(feed.map((event) => gid('Event', event.id)));
    for (const [index, edge] of page.edges.entries()) {
      expect(edge.cursor).toBe(feed[index].cursor);
      expect(edge.node).toEqual({
        id: gid('Event', feed[index].id),
        databaseId: String(feed[index].id),
        type: feed[index].type,
        cursor: feed[index].cursor,
        createdAt: feed[index].created_at,
        organizationCode: ws.organizationCode,
        data: feed[index].data,
      });
    }
    expect(page.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: false, startCursor: feed[0].cursor, endCursor: feed.at(-1).cursor });
    expect(page.totalCount).toBe(feed.length);
  });

  it('pages with first and endCursor; hasNextPage is false at the live end, where endCursor stays the given after', async () => {
    const first = await graphqlStream({ first: 3 });
    expect(first.edges).toHaveLength(3);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const rest = await graphqlStream({ after: first.pageInfo.endCursor });
    expect(rest.edges.map((edge: AnyBody) => edge.node.id)).toEqual([gid('Event', feed[3].id)]);
    expect(rest.pageInfo.hasNextPage).toBe(false);
    const end = await graphqlStream({ after: rest.pageInfo.endCursor });
    expect(end.edges).toEqual([]);
    expect(end.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: rest.pageInfo.endCursor });
    // totalCount counts the stream, wherever the page starts.
    expect(end.totalCount).toBe(feed.length);
  });

  it('filters like the feed', async () => {
    const page = await graphqlStream({ filter: { type: 'campaign_created' } });
    expect(page.edges.map((edge: AnyBody) => edge.cursor)).toEqual(feed.filter((event) => event.type === 'campaign_created').map((event) => event.cursor));
    expect(page.totalCount).toBe(2);
  });

  it('refuses first outside 1–100, a foreign cursor and a bad filter with BAD_USER_INPUT, naming each', async () => {
    const answer = await ws.api.graphql(EVENT_STREAM, { first: 101, after: 'nope', filter: { type: 'nothing_happened' } });
    expect(answer.body.data).toBeNull();
    expect(answer.body.errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', fieldErrors: { first: [expect.any(String)], after: [expect.any(String)], type: [expect.any(String)] } });
  });

  it('refuses a cursor older than 30 days with CURSOR_EXPIRED', async () => {
    const expired = encodeStreamCursor({ txid: '1', id: '1', createdAt: Date.now() - 31 * DAY_MS });
    const answer = await ws.api.graphql(EVENT_STREAM, { after: expired });
    expect(answer.body.errors[0].extensions.code).toBe('CURSOR_EXPIRED');
  });
});

describe('Event.resource', () => {
  it('is the record the event is about as it is now, with its connections, through batched loaders; null once deleted', async () => {
    const query = `{ eventStream { nodes { type resource {
      __typename
      ... on AdvertiserAccount { id name }
      ... on Campaign { id campaignTitle primaryAdvertiserAccount { id name } phases { phaseTitle } }
    } } } }`;
    const before = await ws.api.graphql(query);
    const nodes = before.body.data.eventStream.nodes;
    // The events' data carries /v2's integer ids; the records GraphQL reads are named by global ids.
    const accountId = gid('AdvertiserAccount', feed[0].data.advertiser_account.id);
    expect(nodes[0].resource).toEqual({ __typename: 'AdvertiserAccount', id: accountId, name: 'Acme Ltd' });
    expect(nodes[1].resource).toEqual({ __typename: 'Campaign', id: gid('Campaign', feed[1].data.campaign.id), campaignTitle: 'Spring', primaryAdvertiserAccount: { id: accountId, name: 'Acme Ltd' }, phases: [] });

    const other = await app.workspace();
    const theirAccount = await createAccount(other, 'Gone soon');
    expect((await other.api.delete(`/v2/advertiser-accounts/${theirAccount}`)).status).toBe(200);
    const after = await other.api.graphql('{ eventStream { nodes { type resource { __typename } } } }');
    expect(after.body.data.eventStream.nodes).toEqual([
      { type: 'advertiser_account_created', resource: null },
      { type: 'advertiser_account_deleted', resource: null },
    ]);
  });
});
