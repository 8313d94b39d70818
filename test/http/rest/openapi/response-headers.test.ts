import { assertMatchesContract, OPENAPI_DOCUMENT } from '../../../support/openapi-contract';
import { startTestApp, TEST_LIMITS, type TestApp, type Workspace } from '../../../support/test-app';

/**
 * The response headers openapi.json declares (components.headers) are the ones the server sends,
 * on the answers it sends them on (item 15): each answer below is checked against the document with
 * its headers (assertMatchesContract), which refuses a missing required header, a malformed one,
 * and a declared header on an answer that does not declare it.
 */
jest.setTimeout(60_000);

const EVERY_ANSWER = ['x-request-id', 'RateLimit-Policy', 'RateLimit'];

interface Sent {
  status: number;
  headers: Headers;
  body: unknown;
}

/** One request, its answer checked against the document, headers included. */
async function send(app: TestApp, method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<Sent> {
  const init: RequestInit = { method, headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' } };
  if (body !== undefined) init.body = JSON.stringify(body);
  const response = await fetch(`${app.baseUrl}${path}`, init);
  const text = await response.text();
  const parsed: unknown = text ? JSON.parse(text) : undefined;
  assertMatchesContract(method, path, response.status, parsed, response.headers);
  return { status: response.status, headers: response.headers, body: parsed };
}

describe('the document', () => {
  type Response = { $ref?: string; headers?: Record<string, { $ref?: string }> };
  const named = OPENAPI_DOCUMENT.components.responses as unknown as Record<string, Response>;
  const headersOf = (response: Response): string[] => Object.keys((response.$ref ? named[response.$ref.split('/').pop() ?? ''] : response).headers ?? {});
  const operations = Object.values(OPENAPI_DOCUMENT.paths).flatMap((item) => Object.entries(item));

  it('declares x-request-id, RateLimit-Policy and RateLimit on every answer of every operation', () => {
    for (const [, operation] of operations) for (const response of Object.values(operation.responses)) expect(headersOf(response)).toEqual(expect.arrayContaining(EVERY_ANSWER));
  });

  it('declares Retry-After on 409, 429 and 503, and nowhere else', () => {
    for (const [, operation] of operations) {
      for (const [status, response] of Object.entries(operation.responses)) expect([status, headersOf(response).includes('Retry-After')]).toEqual([status, ['409', '429', '503'].includes(status)]);
    }
  });

  it("declares Idempotent-Replayed on the answers a write's key replays (200, 404, 422), not on a read's 200", () => {
    for (const [method, operation] of operations) {
      expect([operation.operationId, headersOf(operation.responses['200']).includes('Idempotent-Replayed')]).toEqual([operation.operationId, method !== 'get']);
      for (const status of ['404', '422']) if (operation.responses[status]) expect(headersOf(operation.responses[status])).toContain('Idempotent-Replayed');
    }
  });
});

describe('the server sends what the document declares', () => {
  let app: TestApp;
  let ws: Workspace;
  let key: Record<string, string>;

  beforeAll(async () => {
    app = await startTestApp();
    ws = await app.workspace('Response headers');
    key = { 'x-api-key': ws.key };
  });
  afterAll(async () => {
    await app.close();
  });

  it('on reads: 200, 401, 404 and 422', async () => {
    const read = await send(app, 'GET', '/v2/ws-org', key);
    expect(read.status).toBe(200);
    expect(read.headers.get('x-request-id')).toEqual(expect.any(String));
    expect((await send(app, 'GET', '/v2/ws-org')).status).toBe(401);
    expect((await send(app, 'GET', '/v2/campaigns/2147483647', key)).status).toBe(404);
    expect((await send(app, 'GET', '/v2/campaigns?page=0', key)).status).toBe(422);
  });

  it("on a write's answers replayed for its Idempotency-Key: 200, 404 and 422 with Idempotent-Replayed", async () => {
    const cases: [path: string, body: unknown, status: number][] = [
      ['/v2/advertiser-accounts', { name: 'Replayed' }, 200],
      ['/v2/webhooks/2147483647/enable', undefined, 404],
      ['/v2/advertiser-accounts', {}, 422],
    ];
    for (const [index, [path, body, status]] of cases.entries()) {
      const withKey = { ...key, 'idempotency-key': `headers-replay-${index}` };
      const first = await send(app, 'POST', path, withKey, body);
      const again = await send(app, 'POST', path, withKey, body);
      expect([first.status, again.status]).toEqual([status, status]);
      expect([first.headers.get('idempotent-replayed'), again.headers.get('idempotent-replayed')]).toEqual([null, 'true']);
      expect(again.body).toEqual(first.body);
    }
  });

  it('refuses the Idempotency-Key values the document refuses, and takes those it admits', async () => {
    expect((await send(app, 'POST', '/v2/advertiser-accounts', { ...key, 'idempotency-key': '   ' }, { name: 'Spaces' })).status).toBe(400);
    expect((await send(app, 'POST', '/v2/advertiser-accounts', { ...key, 'idempotency-key': 'k'.repeat(256) }, { name: 'Long' })).status).toBe(400);
    expect((await send(app, 'POST', '/v2/advertiser-accounts', { ...key, 'idempotency-key': 'order 42 / retry ~1' }, { name: 'Spaced key' })).status).toBe(200);
  });
});

describe('past the rate limit', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ limits: { ...TEST_LIMITS, rateLimitMax: 2, rateLimitWindowSeconds: 60 } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 429 with Retry-After and the rate-limit headers', async () => {
    const key = { 'x-api-key': (await app.workspace()).key };
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await send(app, 'GET', '/v2/ws-org', key)).status);
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('under pressure', () => {
  let app: TestApp;

  beforeAll(async () => {
    // A 1-byte heap threshold: over it from the first sample (one second after start) on.
    app = await startTestApp({ limits: { ...TEST_LIMITS, maxHeapUsedBytes: 1 } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 503 with Retry-After and the headers of every answer', async () => {
    const key = { 'x-api-key': (await app.workspace()).key };
    let answer = await send(app, 'GET', '/v2/ws-org', key);
    const deadline = Date.now() + 10_000;
    while (answer.status !== 503 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await send(app, 'GET', '/v2/ws-org', key);
    }
    expect(answer.status).toBe(503);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the contract check itself', () => {
  const ok = { success: true, message: 'Workspace organisation retrieved successfully', data: { id: 1, organization_code: 'w', name: 'W', created_at: null, updated_at: null } };
  const headers = (extra: Record<string, string> = {}): Headers =>
    new Headers({ 'x-request-id': 'r-1', 'cache-control': 'private, no-store', vary: 'X-API-Key, Authorization', 'ratelimit-policy': '"default";q=600;w=60', ratelimit: '"default";r=599;t=60', ...extra });

  it('passes an answer with the declared headers', () => {
    expect(() => assertMatchesContract('GET', '/v2/ws-org', 200, ok, headers())).not.toThrow();
  });

  it('refuses a missing x-request-id, a malformed RateLimit, and a header the answer does not declare', () => {
    const without = headers();
    without.delete('x-request-id');
    expect(() => assertMatchesContract('GET', '/v2/ws-org', 200, ok, without)).toThrow('x-request-id is missing');
    expect(() => assertMatchesContract('GET', '/v2/ws-org', 200, ok, headers({ ratelimit: 'plenty' }))).toThrow('ratelimit');
    expect(() => assertMatchesContract('GET', '/v2/ws-org', 200, ok, headers({ 'idempotent-replayed': 'true' }))).toThrow('idempotent-replayed is sent but not declared');
    expect(() => assertMatchesContract('GET', '/v2/ws-org', 200, ok, headers({ 'retry-after': '5' }))).toThrow('retry-after is sent but not declared');
  });
});
