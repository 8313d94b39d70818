import { startTestApp, type AnyBody, type ApiResponse, type TestApp, type Workspace } from '../support/test-app';

/**
 * Idempotency-Key (src/http/idempotency, docs/decisions.md "Idempotency keys"): Stripe's semantics
 * on every POST/PUT/DELETE of /v2 and every GraphQL mutation, through real HTTP against the real
 * database. Every "ran once" is checked by counting rows.
 */

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(() => app.close());

const BASE = '/v2/advertiser-accounts';
let keyCounter = 0;

function freshKey(): string {
  keyCounter += 1;
  return `key-${Date.now()}-${keyCounter}`;
}

function withKey(key: string): Record<string, string> {
  return { 'idempotency-key': key };
}

async function accountCount(ws: Workspace): Promise<number> {
  const [{ n }] = await app.dataSource.query(`SELECT count(*)::int AS n FROM advertiser_accounts WHERE organisation_id = $1`, [ws.organisationId]);
  return n;
}

async function keyRows(ws: Workspace): Promise<{ key: string; state: string; response_status: number | null }[]> {
  return app.dataSource.query(`SELECT key, state, response_status FROM idempotency_keys WHERE organisation_id = $1 ORDER BY key`, [ws.organisationId]);
}

function replayed(response: ApiResponse<AnyBody>): string | null {
  return response.headers.get('idempotent-replayed');
}

async function createAccount(ws: Workspace, name: string): Promise<number> {
  const response = await ws.api.post(BASE, { name });
  expect(response.status).toBe(200);
  return response.body.data.advertiser_account.id;
}

const CREATE = `
  mutation Create($input: AdvertiserAccountInput!) {
    advertiserAccountCreate(input: $input) {
      advertiserAccount { id name createdAt }
      userErrors { field message code }
    }
  }
`;

const LIST = `query { advertiserAccounts(first: 10) { nodes { id } } }`;

describe('a POST sent twice with one key', () => {
  it('creates one record and replays the first answer, marked Idempotent-Replayed', async () => {
    const ws = await app.workspace();
    const key = freshKey();
    const first = await ws.api.post(BASE, { name: 'Once' }, withKey(key));
    const second = await ws.api.post(BASE, { name: 'Once' }, withKey(key));

    expect(first.status).toBe(200);
    expect(replayed(first)).toBeNull();
    expect(second.status).toBe(200);
    expect(replayed(second)).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(await accountCount(ws)).toBe(1);
    expect(await keyRows(ws)).toEqual([{ key, state: 'completed', response_status: 200 }]);
  });

  it('treats bodies that differ only in key order as the same request', async () => {
    const ws = await app.workspace();
    const key = freshKey();
    const first = await ws.api.post(BASE, { name: 'Ordered', type: 'brand' }, withKey(key));
    const second = await ws.api.post(BASE, '{"type":"brand","name":"Ordered"}', withKey(key));
    expect(first.status).toBe(200);
    expect(replayed(second)).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await accountCount(ws)).toBe(1);
  });

  it('ignores the key on a GET', async () => {
    const ws = await app.workspace();
    const response = await ws.api.get(BASE, withKey(freshKey()));
    expect(response.status).toBe(200);
    expect(replayed(response)).toBeNull();
    expect(await keyRows(ws)).toEqual([]);
  });
});

describe('the same key with a different request', () => {
  it('is refused with 422 and creates nothing', async () => {
    const ws = await app.workspace();
    const key = freshKey();
    expect((await ws.api.post(BASE, { name: 'First' }, withKey(key))).status).toBe(200);

    const other = await ws.api.post(BASE, { name: 'Second' }, withKey(key));
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ success: false, message: 'Idempotency-Key was used with a different request', code: 'IDEMPOTENCY_KEY_REUSED', request_id: expect.any(String) });
    expect(replayed(other)).toBeNull();

    const elsewhere = await ws.api.post('/v2/campaigns', { name: 'First' }, withKey(key));
    expect(elsewhere.status).toBe(422);
    expect(await accountCount(ws)).toBe(1);
  });
});

describe('two concurrent requests with one key', () => {
  it('execute once: the others get 409 or the replay', async () => {
    const ws = await app.workspace();
    const key = freshKey();
    const responses = await Promise.all(Array.from({ length: 6 }, () => ws.api.post(BASE, { name: 'Racing' }, withKey(key))));

    const executed = responses.filter((response) => response.status === 200 && replayed(response) === null);
    expect(executed).toHaveLength(1);
    for (const response of responses) {
      if (response === executed[0]) continue;
      if (response.status === 409) {
        expect(response.body).toEqual({ success: false, message: 'A request with this Idempotency-Key is still in progress; retry shortly', code: 'IDEMPOTENCY_KEY_IN_USE', request_id: expect.any(String) });
        expect(response.headers.get('retry-after')).toBe('1');
      } else {
        expect({ status: response.status, replayed: replayed(response) }).toEqual({ status: 200, replayed: 'true' });
        expect(response.body).toEqual(executed[0].body);
      }
    }
    expect(await accountCount(ws)).toBe(1);
  });

  it('answers 409 with Retry-After while the first is still in progress', async () => {
    const ws = await app.workspace();
    const key = freshKey();
    expect((await ws.api.post(BASE, { name: 'Slow' }, withKey(key))).status).toBe(200);
    // As if the first request were still running.
    await app.dataSource.query(`UPDATE idempotency_keys SET state = 'in_progress' WHERE organisation_id = $1 AND key = $2`, [ws.organisationId, key]);

    const second = await ws.api.post(BASE, { name: 'Slow' }, withKey(key));
    expect(second.status).toBe(409);
    expect(second.headers.get('retry-after')).toBe('1');
    expect(await accountCount(ws)).toBe(1);
  });

  it('lets the same request take over a claim left unfinished for over 60 s', async () => {
    const ws = await app.workspace();
    const key = freshKey();
    expect((await ws.api.post(BASE, { name: 'Crashed' }, withKey(key))).status).toBe(200);
    // As if the process had died while running it two minutes ago.
    await app.dataSource.query(
      `UPDATE idempotency_keys SET state = 'in_progress', response_status = NULL, response_body = NULL, created_at = created_at - interval '2 minutes' WHERE organisation_id = $1 AND key = $2`,
      [ws.organisationId, key],
    );
    const retry = await ws.api.post(BASE, { name: 'Crashed' }, withKey(key));
    expect(retry.status).toBe(200);
    expect(replayed(retry)).toBeNull();
    expect(await keyRows(ws)).toEqual([{ key, state: 'completed', response_status: 200 }]);
  });
});

describe('a refused request with a key', () => {
  it('is replayed as the same 422', async () => {
    const ws = await app.workspace();
    const key = freshKey();
    const first = await ws.api.post(BASE, { name: 'Bad', status: 'sideways' }, withKey(key));
    expect(first.status).toBe(422);
    const second = await ws.api.post(BASE, { name: 'Bad', status: 'sideways' }, withKey(key));
    expect(second.status).toBe(422);
    expect(replayed(second)).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await accountCount(ws)).toBe(0);
  });

  it('records a final refusal such as a 404', async () => {
    const ws = await app.workspace();
    const key = freshKey();
    const missing = await ws.api.put(`${BASE}/2000000000`, { name: 'Nobody' }, withKey(key));
    expect(missing.status).toBe(404);
    expect(await keyRows(ws)).toEqual([{ key, state: 'completed', response_status: 404 }]);
  });
});

describe('keys of two workspaces', () => {
  it('do not collide', async () => {
    const a = await app.workspace();
    const b = await app.workspace();
    const key = freshKey();
    const fromA = await a.api.post(BASE, { name: 'Shared key' }, withKey(key));
    const fromB = await b.api.post(BASE, { name: 'Shared key' }, withKey(key));
    expect(fromA.status).toBe(200);
    expect(fromB.status).toBe(200);
    expect(replayed(fromB)).toBeNull();
    expect(fromB.body.data.advertiser_account.id).not.toBe(fromA.body.data.advertiser_account.id);
    expect(await accountCount(a)).toBe(1);
    expect(await accountCount(b)).toBe(1);

    // A different body in B is B's own first use, not a reuse of A's key.
    const b2 = await b.api.post(BASE, { name: 'Other' }, withKey(freshKey()));
    expect(b2.status).toBe(200);
  });
});

describe('PUT and DELETE with a key', () => {
  it('replays a PUT without running it again', async () => {
    const ws = await app.workspace();
    const id = await createAccount(ws, 'Before');
    const key = freshKey();
    const first = await ws.api.put(`${BASE}/${id}`, { name: 'After' }, withKey(key));
    expect(first.status).toBe(200);
    // Changed again in between: a second run of the keyed PUT would undo this.
    expect((await ws.api.put(`${BASE}/${id}`, { name: 'Later' })).status).toBe(200);

    const again = await ws.api.put(`${BASE}/${id}`, { name: 'After' }, withKey(key));
    expect(again.status).toBe(200);
    expect(replayed(again)).toBe('true');
    expect(again.body).toEqual(first.body);
    const current = await ws.api.get(`${BASE}/${id}`);
    expect(current.body.data.advertiser_account.name).toBe('Later');
  });

  it('replays a DELETE instead of answering 404', async () => {
    const ws = await app.workspace();
    const id = await createAccount(ws, 'Doomed');
    const key = freshKey();
    const first = await ws.api.delete(`${BASE}/${id}`, withKey(key));
    expect(first.status).toBe(200);
    const again = await ws.api.delete(`${BASE}/${id}`, withKey(key));
    expect(again.status).toBe(200);
    expect(replayed(again)).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await ws.api.delete(`${BASE}/${id}`)).status).toBe(404);
  });
});

describe('GraphQL mutations with a key', () => {
  it('are replayed', async () => {
    const ws = await app.workspace();
    const key = freshKey();
    const first = await ws.api.graphql(CREATE, { input: { name: 'Graph' } }, withKey(key));
    expect(first.status).toBe(200);
    expect(first.body.data.advertiserAccountCreate.userErrors).toEqual([]);
    const second = await ws.api.graphql(CREATE, { input: { name: 'Graph' } }, withKey(key));
    expect(second.status).toBe(200);
    expect(replayed(second)).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await accountCount(ws)).toBe(1);
  });

  it('refuse a reused key with IDEMPOTENCY_KEY_REUSED (HTTP 422)', async () => {
    const ws = await app.workspace();
    const key = freshKey();
    expect((await ws.api.graphql(CREATE, { input: { name: 'One' } }, withKey(key))).status).toBe(200);
    const other = await ws.api.graphql(CREATE, { input: { name: 'Two' } }, withKey(key));
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ errors: [{ message: 'Idempotency-Key was used with a different request', extensions: { code: 'IDEMPOTENCY_KEY_REUSED' } }] });
    expect(await accountCount(ws)).toBe(1);
  });

  it('refuse a key in use with IDEMPOTENCY_KEY_IN_USE (HTTP 409)', async () => {
    const ws = await app.workspace();
    const key = freshKey();
    expect((await ws.api.graphql(CREATE, { input: { name: 'Busy' } }, withKey(key))).status).toBe(200);
    await app.dataSource.query(`UPDATE idempotency_keys SET state = 'in_progress' WHERE organisation_id = $1 AND key = $2`, [ws.organisationId, key]);
    const second = await ws.api.graphql(CREATE, { input: { name: 'Busy' } }, withKey(key));
    expect(second.status).toBe(409);
    expect(second.headers.get('retry-after')).toBe('1');
    expect(second.body.errors[0].extensions.code).toBe('IDEMPOTENCY_KEY_IN_USE');
  });
});

describe('GraphQL queries with a key', () => {
  it('ignore the key: nothing is stored or replayed', async () => {
    const ws = await app.workspace();
    const key = freshKey();
    const first = await ws.api.graphql(LIST, undefined, withKey(key));
    await createAccount(ws, 'Seen');
    const second = await ws.api.graphql(LIST, undefined, withKey(key));
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(replayed(second)).toBeNull();
    expect(first.body.data.advertiserAccounts.nodes).toEqual([]);
    expect(second.body.data.advertiserAccounts.nodes).toHaveLength(1);
    expect(await keyRows(ws)).toEqual([]);
  });
});

describe('a malformed key', () => {
  it.each([
    ['empty', ''],
    ['over 255 characters', 'k'.repeat(256)],
    ['not ASCII', 'clé'],
    ['a control character', 'a\tb'],
  ])('is a 400 envelope (%s)', async (_label, key) => {
    const ws = await app.workspace();
    const response = await ws.api.post(BASE, { name: 'Never' }, withKey(key));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, message: 'Idempotency-Key must be 1 to 255 printable ASCII characters', code: 'BAD_REQUEST', request_id: expect.any(String) });
    expect(await accountCount(ws)).toBe(0);
    expect(await keyRows(ws)).toEqual([]);
  });

  it('is a 400 with BAD_REQUEST on a GraphQL mutation', async () => {
    const ws = await app.workspace();
    const response = await ws.api.graphql(CREATE, { input: { name: 'Never' } }, withKey('k'.repeat(256)));
    expect(response.status).toBe(400);
    expect(response.body.errors[0].extensions.code).toBe('BAD_REQUEST');
    expect(await accountCount(ws)).toBe(0);
  });

  it('accepts 255 printable characters', async () => {
    const ws = await app.workspace();
    const response = await ws.api.post(BASE, { name: 'Long key' }, withKey(`${'k'.repeat(250)} !~"x`));
    expect(response.status).toBe(200);
  });
});

describe('an expired key', () => {
  it('runs the request again after 24 h', async () => {
    const ws = await app.workspace();
    const key = freshKey();
    expect((await ws.api.post(BASE, { name: 'Yesterday' }, withKey(key))).status).toBe(200);
    await app.dataSource.query(`UPDATE idempotency_keys SET created_at = created_at - interval '25 hours' WHERE organisation_id = $1`, [ws.organisationId]);

    const again = await ws.api.post(BASE, { name: 'Yesterday' }, withKey(key));
    expect(again.status).toBe(200);
    expect(replayed(again)).toBeNull();
    expect(await accountCount(ws)).toBe(2);
    expect(await keyRows(ws)).toEqual([{ key, state: 'completed', response_status: 200 }]);
  });

  it('is pruned when the workspace uses a new key', async () => {
    const ws = await app.workspace();
    const old = freshKey();
    expect((await ws.api.post(BASE, { name: 'Old' }, withKey(old))).status).toBe(200);
    await app.dataSource.query(`UPDATE idempotency_keys SET created_at = created_at - interval '25 hours' WHERE organisation_id = $1`, [ws.organisationId]);
    const fresh = freshKey();
    expect((await ws.api.post(BASE, { name: 'New' }, withKey(fresh))).status).toBe(200);
    expect((await keyRows(ws)).map((row) => row.key)).toEqual([fresh]);
  });
});
