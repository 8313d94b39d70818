import { UNDER_PRESSURE_MESSAGE, UNDER_PRESSURE_RETRY_AFTER_SECONDS } from '../../src/http/limits/under-pressure';
import { startRedis, type RedisServer } from '../support/redis';
import { apiClient, type ApiClient, type ApiResponse, type AnyBody, startTestApp, TEST_LIMITS, type TestApp, type Workspace } from '../support/test-app';

/**
 * Rate limits per API key (in memory, and shared by two servers through a real redis-server),
 * PostgreSQL's statement_timeout, and load shedding under pressure.
 */
jest.setTimeout(60_000);

const MAX = 5;
const WINDOW = 60;
const LIMITED = { ...TEST_LIMITS, rateLimitMax: MAX, rateLimitWindowSeconds: WINDOW };
const LIMIT_MESSAGE = /^Rate limit exceeded: 5 requests per 60 s; retry after \d+ s$/;

function remaining(answer: ApiResponse<AnyBody>): number {
  const match = /^"default";r=(\d+);t=(\d+)$/.exec(answer.headers.get('ratelimit') ?? '');
  if (!match) throw new Error(`RateLimit header missing or malformed: ${answer.headers.get('ratelimit')}`);
  return Number(match[1]);
}

function expectHeaders(answer: ApiResponse<AnyBody>): void {
  expect(answer.headers.get('ratelimit-policy')).toBe(`"default";q=${MAX};w=${WINDOW}`);
  expect(answer.headers.get('ratelimit')).toMatch(/^"default";r=\d+;t=\d+$/);
}

function expectRestRefusal(answer: ApiResponse<AnyBody>): void {
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual({ success: false, message: expect.stringMatching(LIMIT_MESSAGE), code: 'RATE_LIMITED', request_id: expect.any(String) });
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  expectHeaders(answer);
  expect(remaining(answer)).toBe(0);
}

function expectGraphQLRefusal(answer: ApiResponse<AnyBody>): void {
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual({ errors: [{ message: expect.stringMatching(LIMIT_MESSAGE), extensions: { code: 'RATE_LIMITED' } }] });
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  expectHeaders(answer);
}

const TYPENAME = '{ __typename }';

describe('rate limit per API key, in memory', () => {
  let app: TestApp;
  let second: TestApp;
  let a: Workspace;
  let b: Workspace;

  beforeAll(async () => {
    app = await startTestApp({ limits: LIMITED });
    // A second server on the same database, without REDIS_URL: its counters are its own.
    second = await startTestApp({ limits: LIMITED, databaseUrl: app.databaseUrl });
    a = await app.workspace();
    b = await app.workspace();
  });
  afterAll(async () => {
    await second?.close();
    await app?.close();
  });

  it('refuses the 6th request of a key on both faces with 429, Retry-After and the headers; other keys and servers are not affected', async () => {
    const answers: ApiResponse<AnyBody>[] = [];
    for (let i = 0; i < MAX; i += 1) answers.push(i % 2 === 0 ? await a.api.get('/v2/ws-org') : await a.api.graphql(TYPENAME));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expectHeaders(answer);
      expect(answer.headers.get('retry-after')).toBeNull();
    }
    expect(answers.map(remaining)).toEqual([4, 3, 2, 1, 0]);

    expectRestRefusal(await a.api.get('/v2/ws-org'));
    expectRestRefusal(await a.api.post('/v2/campaigns', {}));
    expectGraphQLRefusal(await a.api.graphql(TYPENAME));

    const other = await b.api.get('/v2/ws-org');
    expect(other.status).toBe(200);
    expect(remaining(other)).toBe(MAX - 1);

    const elsewhere = await apiClient(second.baseUrl, { 'x-api-key': a.key }).get('/v2/ws-org');
    expect(elsewhere.status).toBe(200);
    expect(remaining(elsewhere)).toBe(MAX - 1);
  });

  it('puts the headers on answers refused before the limiter too, and none on /healthz', async () => {
    const anonymous = apiClient(app.baseUrl);
    const unauthenticated = await anonymous.get('/v2/ws-org');
    expect(unauthenticated.status).toBe(401);
    expectHeaders(unauthenticated);
    const unknownRoute = await anonymous.get('/v2/nothing-here');
    expect(unknownRoute.status).toBe(404);
    expectHeaders(unknownRoute);
    const graphql = await anonymous.graphql(TYPENAME);
    expect(graphql.status).toBe(401);
    expectHeaders(graphql);

    const health = await anonymous.get('/healthz');
    expect(health.status).toBe(200);
    expect(health.headers.get('ratelimit-policy')).toBeNull();
    expect(health.headers.get('ratelimit')).toBeNull();
  });
});

describe('rate limit shared by two servers through Redis (REDIS_URL)', () => {
  let redis: RedisServer;
  let one: TestApp;
  let two: TestApp;
  let ws: Workspace;
  let other: Workspace;
  let apis: ApiClient[];

  beforeAll(async () => {
    redis = await startRedis();
    one = await startTestApp({ limits: { ...LIMITED, redisUrl: redis.url } });
    two = await startTestApp({ limits: { ...LIMITED, redisUrl: redis.url }, databaseUrl: one.databaseUrl });
    ws = await one.workspace();
    other = await one.workspace();
    apis = [one, two].map((app) => apiClient(app.baseUrl, { 'x-api-key': ws.key }));
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await redis?.stop();
  });

  it('counts a key once across both servers: the 6th request overall is refused, whichever server answers', async () => {
    const answers: ApiResponse<AnyBody>[] = [];
    for (let i = 0; i < MAX; i += 1) answers.push(await apis[i % 2].get('/v2/ws-org'));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map(remaining)).toEqual([4, 3, 2, 1, 0]);

    expectRestRefusal(await apis[1].get('/v2/ws-org'));
    expectGraphQLRefusal(await apis[0].graphql(TYPENAME));
    expectRestRefusal(await apis[0].get('/v2/ws-org'));

    const unaffected = await apiClient(two.baseUrl, { 'x-api-key': other.key }).get('/v2/ws-org');
    expect(unaffected.status).toBe(200);
    expect(remaining(unaffected)).toBe(MAX - 1);
  });
});

describe('statement timeout (STATEMENT_TIMEOUT_MS)', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ limits: { ...TEST_LIMITS, statementTimeoutMs: 500 } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is set on the pool and cancels a longer statement', async () => {
    expect(await app.dataSource.query('SHOW statement_timeout')).toEqual([{ statement_timeout: '500ms' }]);
    await expect(app.dataSource.query('SELECT pg_sleep(2)')).rejects.toMatchObject({ driverError: { code: '57014' } });
  });
});

describe('shedding under pressure (@fastify/under-pressure)', () => {
  let app: TestApp;
  let ws: Workspace;

  beforeAll(async () => {
    // A 1-byte heap threshold: over it from the first sample (one second after start) on.
    app = await startTestApp({ limits: { ...TEST_LIMITS, maxHeapUsedBytes: 1 } });
    ws = await app.workspace();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers /v2 and /graphql 503 with Retry-After in their shapes, and still answers /healthz', async () => {
    let answer = await ws.api.get('/v2/ws-org');
    const deadline = Date.now() + 10_000;
    while (answer.status !== 503 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await ws.api.get('/v2/ws-org');
    }
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ success: false, message: UNDER_PRESSURE_MESSAGE, code: 'SERVICE_UNAVAILABLE', request_id: expect.any(String) });
    expect(answer.headers.get('retry-after')).toBe(String(UNDER_PRESSURE_RETRY_AFTER_SECONDS));
    expect(answer.headers.get('ratelimit-policy')).not.toBeNull();
    expect(answer.headers.get('x-request-id')).not.toBeNull();

    const graphql = await ws.api.graphql(TYPENAME);
    expect(graphql.status).toBe(503);
    expect(graphql.body).toEqual({ errors: [{ message: UNDER_PRESSURE_MESSAGE, extensions: { code: 'SERVICE_UNAVAILABLE' } }] });
    expect(graphql.headers.get('retry-after')).toBe(String(UNDER_PRESSURE_RETRY_AFTER_SECONDS));

    expect((await ws.api.get('/healthz')).status).toBe(200);
  });
});
