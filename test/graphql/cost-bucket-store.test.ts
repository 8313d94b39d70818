import Redis from 'ioredis';
import { costBucketKey, type CostBucketStore, MemoryCostBuckets, RedisCostBuckets } from '../../src/graphql/cost';
import { startRedis, type RedisServer } from '../support/redis';

/**
 * The per-key cost buckets (src/graphql/cost/bucket-store.ts): the same arithmetic in this
 * process's memory and in a real redis-server, and what only Redis does (shared by clients,
 * refilled on Redis's clock, keys that vanish when their bucket is full again).
 */

const MAXIMUM = 100;
/** One point per second: the few milliseconds a test takes restore less than a point. */
const RATE = 1;

let redis: RedisServer;
const clients: Redis[] = [];

async function client(): Promise<Redis> {
  const connection = new Redis(redis.url, { lazyConnect: true });
  await connection.connect();
  clients.push(connection);
  return connection;
}

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  for (const connection of clients) connection.disconnect();
  await redis?.stop();
});

let nextKey = 1;

describe.each([
  ['in memory', async (): Promise<CostBucketStore> => new MemoryCostBuckets(MAXIMUM, RATE)],
  ['in Redis', async (): Promise<CostBucketStore> => new RedisCostBuckets(await client(), MAXIMUM, RATE)],
])('the buckets %s', (_where, makeStore) => {
  let store: CostBucketStore;
  beforeAll(async () => {
    store = await makeStore();
  });

  it('takes what is there, refuses more and takes nothing then, gives back up to the maximum', async () => {
    const key = nextKey++;
    const first = await store.take(key, 60);
    expect(first.taken).toBe(true);
    expect(Math.floor(first.available)).toBe(40);

    const refused = await store.take(key, 50);
    expect(refused.taken).toBe(false);
    expect(Math.floor(refused.available)).toBe(40);

    expect(Math.floor(await store.refund(key, 45))).toBe(85);
    expect(await store.refund(key, 1_000)).toBe(MAXIMUM);
    expect(await store.refund(key, 0)).toBe(MAXIMUM);
  });

  it('keeps one bucket per key; a key never used has a full one', async () => {
    const [one, two] = [nextKey++, nextKey++];
    expect((await store.take(one, 100)).taken).toBe(true);
    expect(await store.refund(two, 0)).toBe(MAXIMUM);
    expect((await store.take(two, 100)).taken).toBe(true);
  });

  it('takes a cost of 0 from an empty bucket, and the whole bucket from a full one', async () => {
    const key = nextKey++;
    expect(await store.take(key, MAXIMUM)).toEqual({ taken: true, available: expect.any(Number) });
    expect((await store.take(key, 0)).taken).toBe(true);
  });
});

describe('the buckets in Redis only', () => {
  it('are one bucket for every client of the same Redis', async () => {
    const [a, b] = [new RedisCostBuckets(await client(), MAXIMUM, RATE), new RedisCostBuckets(await client(), MAXIMUM, RATE)];
    const key = nextKey++;
    expect((await a.take(key, 70)).taken).toBe(true);
    const refused = await b.take(key, 40);
    expect(refused.taken).toBe(false);
    expect(Math.floor(refused.available)).toBe(30);
    await b.refund(key, 50);
    expect(Math.floor(await a.refund(key, 0))).toBe(80);
  });

  it("refill on Redis's clock, whatever the clients' clocks say", async () => {
    const connection = await client();
    const store = new RedisCostBuckets(connection, MAXIMUM, RATE);
    const key = nextKey++;
    const [seconds, micros] = await connection.time();
    const redisNowMs = Number(seconds) * 1000 + Number(micros) / 1000;
    // Emptied 30 s ago by Redis's clock: 30 points back at 1 per second.
    await connection.hset(costBucketKey(key), 'available', '0', 'at', String(redisNowMs - 30_000));
    expect(Math.floor(await store.refund(key, 0))).toBe(30);
  });

  it('expire when the bucket would be full again, and hold no key for a full bucket', async () => {
    const connection = await client();
    const store = new RedisCostBuckets(connection, MAXIMUM, RATE);
    const key = nextKey++;
    expect(await connection.exists(costBucketKey(key))).toBe(0);
    await store.take(key, 25);
    const ttl = await connection.pttl(costBucketKey(key));
    // 25 points at 1 per second: full again in 25 s.
    expect(ttl).toBeGreaterThan(24_000);
    expect(ttl).toBeLessThanOrEqual(25_000);
    await store.refund(key, 25);
    expect(await connection.exists(costBucketKey(key))).toBe(0);
    // A refused take and a read write nothing.
    await store.take(key, MAXIMUM + 1);
    await store.refund(key, 0);
    expect(await connection.exists(costBucketKey(key))).toBe(0);
  });

  it('reject when Redis does not answer, so the caller decides', async () => {
    const connection = new Redis(redis.url, { lazyConnect: true, commandTimeout: 200, enableOfflineQueue: false });
    await connection.connect();
    clients.push(connection);
    const store = new RedisCostBuckets(connection, MAXIMUM, RATE);
    redis.pause();
    try {
      await expect(store.take(nextKey++, 1)).rejects.toThrow(/timed out/);
    } finally {
      redis.resume();
    }
  });
});
