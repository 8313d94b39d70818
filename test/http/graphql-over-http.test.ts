import { createHash } from 'node:crypto';
import { TEST_LIMITS, startTestApp, type TestApp, type Workspace } from '../support/test-app';

/**
 * /graphql as HTTP clients meet it beyond single operations: persisted-query refusals, the media
 * type of refusals, caching headers and batched operations. Raw `fetch`, to see every header.
 */

const GRAPHQL_RESPONSE_JSON = 'application/graphql-response+json; charset=utf-8';
const APPLICATION_JSON = 'application/json; charset=utf-8';
/** What Apollo Client 4 sends. */
const APOLLO_CLIENT_ACCEPT = 'application/graphql-response+json,application/json;q=0.9';

const RATE_LIMIT = 20;
const MAX_BATCH = 3;

let app: TestApp;
let ws: Workspace;

beforeAll(async () => {
  app = await startTestApp({ limits: { ...TEST_LIMITS, rateLimitMax: RATE_LIMIT, graphql: { ...TEST_LIMITS.graphql, maxBatch: MAX_BATCH } } });
  ws = await app.workspace('GraphQL over HTTP');
});

afterAll(async () => {
  await app.close();
});

async function post(body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; body: unknown }> {
  const response = await fetch(`${app.baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': ws.key, ...headers }, body: JSON.stringify(body) });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The `r=` of the RateLimit header: requests left in the window. */
function remaining(headers: Headers): number {
  return Number(/;r=(\d+)/.exec(headers.get('ratelimit') ?? '')?.[1]);
}

describe('automatic persisted queries', () => {
  const query = '{ organisation { name } }';

  it('refuses a hash that is not the query\'s SHA-256 as BAD_REQUEST, saying so, without running it', async () => {
    const response = await post({ query, extensions: { persistedQuery: { version: 1, sha256Hash: sha256('{ __typename }') } } });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ errors: [{ message: 'extensions.persistedQuery.sha256Hash is not the SHA-256 of the query sent with it', extensions: { code: 'BAD_REQUEST' } }], extensions: { cost: expect.objectContaining({ actualQueryCost: null }) } });
  });

  it('refuses an unsupported version as BAD_REQUEST', async () => {
    const response = await post({ query, extensions: { persistedQuery: { version: 2, sha256Hash: sha256(query) } } });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ errors: [{ message: 'extensions.persistedQuery.version must be 1', extensions: { code: 'BAD_REQUEST' } }], extensions: { cost: expect.objectContaining({ actualQueryCost: null }) } });
  });

  it('registers a query with its right hash, then runs it by hash over GET', async () => {
    const extensions = { persistedQuery: { version: 1, sha256Hash: sha256(query) } };
    expect((await post({ query, extensions })).status).toBe(200);

    const url = `${app.baseUrl}/graphql?extensions=${encodeURIComponent(JSON.stringify(extensions))}`;
    const response = await fetch(url, { headers: { 'x-api-key': ws.key, 'apollo-require-preflight': 'true' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: { organisation: { name: 'GraphQL over HTTP' } } });
  });
});

describe('the media type of an answer', () => {
  it('is the one the client prefers, on a 401 as on a success (GraphQL over HTTP)', async () => {
    const refused = await post({ query: '{ __typename }' }, { 'x-api-key': '', accept: APOLLO_CLIENT_ACCEPT });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-type')).toBe(GRAPHQL_RESPONSE_JSON);
    expect(refused.body).toEqual({ errors: [{ message: 'API key is missing', extensions: { code: 'UNAUTHENTICATED' } }] });

    const answered = await post({ query: '{ __typename }' }, { accept: APOLLO_CLIENT_ACCEPT });
    expect(answered.headers.get('content-type')).toBe(GRAPHQL_RESPONSE_JSON);
  });

  it('is application/json without an Accept header, or when the client prefers it', async () => {
    for (const accept of [undefined, 'application/json', 'application/json, application/graphql-response+json;q=0.5', '*/*']) {
      const refused = await post({ query: '{ __typename }' }, { 'x-api-key': 'cpk_unknown', ...(accept ? { accept } : {}) });
      expect({ accept, status: refused.status, type: refused.headers.get('content-type') }).toEqual({ accept, status: 401, type: APPLICATION_JSON });
    }
  });

  it('follows the client on refusals made before Apollo too (an oversized batch)', async () => {
    const refused = await post(Array.from({ length: MAX_BATCH + 1 }, () => ({ query: '{ __typename }' })), { accept: 'application/graphql-response+json' });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toBe(GRAPHQL_RESPONSE_JSON);
  });
});

describe('caching headers', () => {
  it('tell every cache not to keep a GraphQL answer, GET or POST, and name the key headers it depends on', async () => {
    const viaGet = await fetch(`${app.baseUrl}/graphql?query=${encodeURIComponent('{ __typename }')}`, { headers: { 'x-api-key': ws.key, 'apollo-require-preflight': 'true' } });
    const viaPost = await post({ query: '{ __typename }' });
    const refused = await post({ query: '{ __typename }' }, { 'x-api-key': '' });

    for (const headers of [viaGet.headers, viaPost.headers, refused.headers]) {
      expect(headers.get('cache-control')).toBe('private, no-store');
      expect(headers.get('vary')).toBe('X-API-Key, Authorization, Accept');
    }
  });

  it('say the same of REST answers', async () => {
    const response = await fetch(`${app.baseUrl}/v2/ws-org`, { headers: { 'x-api-key': ws.key } });

    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('vary')).toBe('X-API-Key, Authorization');
  });

  it('leave the explorer page, the same for every visitor, its own', async () => {
    const page = await fetch(`${app.baseUrl}/graphql`, { headers: { accept: 'text/html' } });

    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('vary')).toBe('accept, accept-encoding');
  });
});

describe('batched operations (a JSON array)', () => {
  it('answers each operation in order, each with its own data, cost and errors, in a 200', async () => {
    const response = await post([{ query: '{ organisation { name } }' }, { query: 'query Two { __typename }', operationName: 'Two' }, { query: '{ nope }' }]);

    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { data: { organisation: { name: 'GraphQL over HTTP' } }, extensions: { cost: expect.objectContaining({ requestedQueryCost: 1 }) } },
      { data: { __typename: 'Query' }, extensions: { cost: expect.objectContaining({ requestedQueryCost: 0 }) } },
      { errors: [expect.objectContaining({ extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } })], extensions: { cost: expect.objectContaining({ requestedQueryCost: null }) } },
    ]);
  });

  it('counts one request per operation against the rate limit', async () => {
    const single = await post({ query: '{ __typename }' });
    const batch = await post([{ query: '{ __typename }' }, { query: '{ __typename }' }, { query: '{ __typename }' }]);

    expect(batch.status).toBe(200);
    expect(remaining(single.headers) - remaining(batch.headers)).toBe(3);
  });

  it(`refuses more than ${MAX_BATCH} operations, running none and counting none`, async () => {
    const before = await post({ query: '{ __typename }' });
    const refused = await post(Array.from({ length: MAX_BATCH + 1 }, () => ({ query: 'mutation { webhookServiceDelete(id: "1") { deletedWebhookServiceId } }' })));
    const after = await post({ query: '{ __typename }' });

    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ errors: [{ message: `A batch holds at most ${MAX_BATCH} operations; this one has ${MAX_BATCH + 1}`, extensions: { code: 'BAD_REQUEST' } }] });
    expect(remaining(before.headers) - remaining(after.headers)).toBe(1);
  });

  it('refuses an empty batch', async () => {
    const response = await post([]);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ errors: [{ message: 'No operations found in request.', extensions: { code: 'BAD_REQUEST' } }] });
  });

  it('replays a batch holding a mutation for its Idempotency-Key, writing once', async () => {
    const batch = [{ query: 'mutation { advertiserAccountCreate(input: { name: "Batched" }) { advertiserAccount { id } userErrors { message } } }' }, { query: '{ __typename }' }];
    const first = await post(batch, { 'idempotency-key': 'batch-1' });
    const again = await post(batch, { 'idempotency-key': 'batch-1' });

    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const [{ count }] = (await app.dataSource.query(`SELECT count(*)::int AS count FROM advertiser_accounts WHERE organisation_id = $1 AND name = 'Batched'`, [ws.organisationId])) as { count: number }[];
    expect(count).toBe(1);
  });
});
