import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { createLoaders } from '../../src/app/loaders';
import { RESOLVERS } from '../../src/app/resolvers';
import { V2_ROUTES } from '../../src/app/v2-routes';
import type { GraphQLCostSettings, LimitSettings } from '../../src/config/config';
import { Readiness } from '../../src/http/readiness';
import { buildServer } from '../../src/http/server';
import { createLogger } from '../../src/logging/logger';
import { createMetrics, type AppMetrics } from '../../src/metrics/metrics';
import { parseSamples, valueOf } from '../metrics/scrape';
import { startRedis, type RedisServer } from '../support/redis';
import { apiClient, type AnyBody, type ApiClient, type ApiResponse, startTestApp, TEST_LIMITS, type TestApp, type Workspace } from '../support/test-app';
import { eventually } from '../support/webhook-receiver';

/**
 * The limits kept in Redis (REDIS_URL; docs/limits.md): the GraphQL cost budget shared by two
 * servers like the request rate limit (test/http/limits.test.ts), and what both limits do while
 * Redis is down or hung: requests served uncounted, a warning in the log, limits_store_errors_total.
 * Through HTTP, against a real redis-server stopped, frozen and restarted under the servers.
 */
jest.setTimeout(60_000);

const BUDGET: GraphQLCostSettings = { ...TEST_LIMITS.graphql, bucketSize: 50, restoreRate: 1 };
/** 20 aliases of one object each: requested and actual cost 20. */
const TWENTY = `{ ${Array.from({ length: 20 }, (_, i) => `o${i}: organisation { id }`).join(' ')} }`;
const NEVER_FITS = '{ campaigns(first: 60) { nodes { id } } }';
const NEVER_FITS_MESSAGE = "Query cost is 61, more than the 50 points an API key's budget holds when full: it can never fit, whatever the wait";
const STORE_WARNING = 'limits store (Redis) unavailable: requests served without this limit';

function available(answer: ApiResponse<AnyBody>): number | null {
  return answer.body.extensions.cost.throttleStatus.currentlyAvailable;
}

describe('the GraphQL cost budget shared by two servers through Redis', () => {
  let redis: RedisServer;
  let one: TestApp;
  let two: TestApp;
  let ws: Workspace;

  beforeAll(async () => {
    redis = await startRedis();
    const limits: LimitSettings = { ...TEST_LIMITS, redisUrl: redis.url, graphql: BUDGET };
    one = await startTestApp({ limits });
    two = await startTestApp({ limits, databaseUrl: one.databaseUrl });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await redis?.stop();
  });

  /** A new key, as seen by each server. */
  async function keyOnBoth(): Promise<[ApiClient, ApiClient]> {
    ws = await one.workspace();
    return [apiClient(one.baseUrl, { 'x-api-key': ws.key }), apiClient(two.baseUrl, { 'x-api-key': ws.key })];
  }

  it('spends one budget: what one server took, the other counts, and refuses at the same total', async () => {
    const [a, b] = await keyOnBoth();
    const first = await a.graphql(TWENTY);
    expect(first.status).toBe(200);
    expect(available(first)).toBe(30);
    const second = await b.graphql(TWENTY);
    expect(second.status).toBe(200);
    // Restored at 1 point per second since the first: 10 left, 11 or 12 on a slow run.
    expect(available(second)).toBeGreaterThanOrEqual(10);
    expect(available(second)).toBeLessThan(13);

    // In memory each server would have had 30 left; together they have about 10.
    const third = await a.graphql(TWENTY);
    expect(third.status).toBe(429);
    expect(third.body.errors).toEqual([{ message: expect.stringMatching(/^Query cost is 20, more than the 1[0-2] points available to this API key \(maximum 50, restoring 1 per second\); retry after \d+ s$/), extensions: { code: 'THROTTLED' } }]);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThanOrEqual(8);
    expect(Number(third.headers.get('retry-after'))).toBeLessThanOrEqual(10);
    expect((await b.graphql(TWENTY)).status).toBe(429);
  });

  it('gives back through Redis what an answer did not use, seen from the other server', async () => {
    const [a, b] = await keyOnBoth();
    // An empty workspace: 41 points taken before execution, 1 used.
    const asked = await a.graphql('{ campaigns(first: 40) { nodes { id } } }');
    expect(asked.body.extensions.cost).toEqual({ requestedQueryCost: 41, actualQueryCost: 1, throttleStatus: { maximumAvailable: 50, currentlyAvailable: 49, restoreRate: 1 } });
    const read = await b.graphql('{ __typename }');
    expect(read.body.extensions.cost.requestedQueryCost).toBe(0);
    expect(available(read)).toBeGreaterThanOrEqual(49);
  });

  it('takes nothing for an operation refused before it runs: a scope the key lacks, a variable null where a value is required', async () => {
    ws = await one.workspace();
    const narrow = await one.keyFor(ws, { scopes: ['campaigns:read'] });
    const forbidden = await narrow.api.graphql(`{ ${Array.from({ length: 20 }, (_, i) => `e${i}: events(first: 1) { nodes { id } }`).join(' ')} }`);
    expect(forbidden.status).toBe(403);
    const nullVariable = await ws.api.graphql(`query Q($v: Boolean = true) { ${Array.from({ length: 20 }, (_, i) => `o${i}: organisation @include(if: $v) { id }`).join(' ')} }`, { v: null });
    expect(nullVariable.status).toBe(400);
    expect(nullVariable.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    for (const refused of [forbidden, nullVariable]) {
      expect(refused.body.extensions.cost).toEqual({ requestedQueryCost: null, actualQueryCost: null, throttleStatus: { maximumAvailable: 50, currentlyAvailable: 50, restoreRate: 1 } });
    }
    // Both keys' buckets are still full: a refusal had taken 20 points, of which a second gives 1 back.
    for (const api of [narrow.api, ws.api]) expect(available(await api.graphql('{ __typename }'))).toBe(50);
  });

  it('refuses a cost the bucket can never hold as too complex on either server, and takes nothing', async () => {
    const [a, b] = await keyOnBoth();
    for (const api of [a, b]) {
      const never = await api.graphql(NEVER_FITS);
      expect(never.status).toBe(400);
      expect(never.body.errors).toEqual([{ message: NEVER_FITS_MESSAGE, extensions: { code: 'QUERY_TOO_COMPLEX' } }]);
      expect(never.headers.get('retry-after')).toBeNull();
      expect(never.body.extensions.cost).toEqual({ requestedQueryCost: 61, actualQueryCost: 0, throttleStatus: { maximumAvailable: 50, currentlyAvailable: 50, restoreRate: 1 } });
    }
  });
});

describe('Redis down or hung: both limits served uncounted, logged and counted', () => {
  const RATE_MAX = 3;
  let redis: RedisServer;
  let app: TestApp;
  let server: FastifyInstance;
  let metrics: AppMetrics;
  let baseUrl: string;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    app = await startTestApp();
    // A server of our own over the test app's services, whose log and metrics the test reads.
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const logger = createLogger('info', sink);
    metrics = createMetrics(app.dataSource, logger);
    const limits: LimitSettings = { ...TEST_LIMITS, rateLimitMax: RATE_MAX, redisUrl: redis.url, graphql: BUDGET };
    server = await buildServer({ config: { publicUrl: undefined, nodeEnv: 'test', limits }, logger, services: app.services, routes: V2_ROUTES, resolvers: RESOLVERS, loaders: createLoaders, readiness: new Readiness(app.dataSource), metrics });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.addresses().find((a) => typeof a === 'object');
    baseUrl = `http://127.0.0.1:${address?.port}`;
  });
  afterAll(async () => {
    await server?.close();
    await app?.close();
    await redis?.stop();
  });

  async function storeErrors(): Promise<{ rate: number | undefined; cost: number | undefined }> {
    const samples = parseSamples(await metrics.registry.metrics());
    return { rate: valueOf(samples, 'limits_store_errors_total', { limit: 'rate' }), cost: valueOf(samples, 'limits_store_errors_total', { limit: 'cost' }) };
  }

  function warnings(limit: string): Record<string, unknown>[] {
    return lines.filter((line) => line.msg === STORE_WARNING && line.limit === limit);
  }

  async function keyed(): Promise<ApiClient> {
    return apiClient(baseUrl, { 'x-api-key': (await app.workspace()).key });
  }

  it('serves requests over both limits while Redis is stopped, warns once per limit and counts every failure; counts again once Redis is back', async () => {
    expect(await storeErrors()).toEqual({ rate: 0, cost: 0 });
    const api = await keyed();
    // Counted while Redis answers: the rate limit's quota and the budget go down.
    const counted = await api.graphql(TWENTY);
    expect(counted.status).toBe(200);
    expect(counted.headers.get('ratelimit')).toMatch(/^"default";r=2;t=\d+$/);
    expect(available(counted)).toBe(30);

    await redis.stop();
    // Three times the rate limit's quota, and 80 points from a budget of 30: all served.
    const rest: ApiResponse<AnyBody>[] = [];
    const graphql: ApiResponse<AnyBody>[] = [];
    for (let i = 0; i < 2 * RATE_MAX; i += 1) rest.push(await api.get('/v2/ws-org'));
    for (let i = 0; i < 4; i += 1) graphql.push(await api.graphql(TWENTY));
    for (const answer of rest) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('ratelimit-policy')).toBe(`"default";q=${RATE_MAX};w=60`);
      expect(answer.headers.get('ratelimit')).toBeNull();
    }
    for (const answer of graphql) {
      expect(answer.status).toBe(200);
      expect(answer.body.errors).toBeUndefined();
      expect(answer.body.extensions.cost).toEqual({ requestedQueryCost: 20, actualQueryCost: 20, throttleStatus: { maximumAvailable: 50, currentlyAvailable: null, restoreRate: 1 } });
    }
    // Every request failed its rate-limit count once; every GraphQL one its take too (and was not asked again).
    expect(await storeErrors()).toEqual({ rate: rest.length + graphql.length, cost: graphql.length });
    // One line per limit, however many requests (the next would come 10 s later).
    for (const limit of ['rate', 'cost']) {
      expect(warnings(limit)).toEqual([expect.objectContaining({ level: 40, limit, failures: 1, redis: expect.any(String) })]);
    }
    expect(lines.filter((line) => (line.level as number) >= 50)).toEqual([]);

    await redis.restart();
    // The client reconnects by itself; a fresh Redis has no counters, so both start over.
    const back = await eventually(
      () => api.graphql(TWENTY),
      (answer) => answer.headers.get('ratelimit') !== null && available(answer) !== null,
      10_000,
    );
    expect(back.status).toBe(200);
    expect(available(back)).toBeLessThanOrEqual(30);
  });

  it('answers in time while Redis hangs: each call gives up after the command timeout', async () => {
    const api = await keyed();
    expect((await api.get('/v2/ws-org')).status).toBe(200);
    const before = await storeErrors();
    redis.pause();
    try {
      const started = performance.now();
      const rest = await api.get('/v2/ws-org');
      const graphql = await api.graphql(TWENTY);
      const elapsed = performance.now() - started;
      expect(rest.status).toBe(200);
      expect(graphql.status).toBe(200);
      expect(available(graphql)).toBeNull();
      // Three calls time out (the REST request's count; the GraphQL request's count and take), 500 ms each.
      expect(elapsed).toBeLessThan(3_000);
      const after = await storeErrors();
      expect({ rate: after.rate! - before.rate!, cost: after.cost! - before.cost! }).toEqual({ rate: 2, cost: 1 });
    } finally {
      redis.resume();
    }
    // Counted again once it wakes (another key: Redis then runs the calls that timed out, so this
    // key's count and budget include the requests served while it hung).
    const other = await keyed();
    await eventually(
      () => other.graphql(TWENTY),
      (answer) => available(answer) !== null,
      10_000,
    );
  });
});
