import type Redis from 'ioredis';
import type { CostBucketStore, TakeOutcome } from './bucket-store';

const KEY_PREFIX = 'cpa:cost-budget:';

/**
 * The bucket's arithmetic, as MemoryCostBuckets does it, on Redis's clock (`TIME`): every node
 * computes the refill from the same clock, so nodes whose clocks disagree still agree on a
 * budget. A bucket is a hash {available, at (ms)}; a full bucket is no key at all, and a key
 * expires when its bucket would be full again, so idle keys vanish. Numbers go through strings
 * ('%.17g'): Lua numbers returned to Redis become integers, and fractions of a point matter to
 * Retry-After.
 * KEYS[1]: the bucket; ARGV: maximum, restore rate (points per second), points.
 */
const PRELUDE = `
if redis.replicate_commands then redis.replicate_commands() end
local maximum = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local points = tonumber(ARGV[3])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + tonumber(clock[2]) / 1000
local saved = redis.call('HMGET', KEYS[1], 'available', 'at')
local available = maximum
if saved[1] and saved[2] then
  local elapsed = math.max(0, now - tonumber(saved[2]))
  available = math.min(maximum, tonumber(saved[1]) + elapsed / 1000 * rate)
end
local function save(value)
  if value >= maximum then
    redis.call('DEL', KEYS[1])
    return
  end
  redis.call('HSET', KEYS[1], 'available', string.format('%.17g', value), 'at', string.format('%.17g', now))
  redis.call('PEXPIRE', KEYS[1], string.format('%d', math.ceil((maximum - value) / rate * 1000)))
end
`;

/** Takes the points when they are there: {1 or 0, available after}. */
const TAKE = `${PRELUDE}
if points > available then
  return {0, string.format('%.17g', available)}
end
available = available - points
save(available)
return {1, string.format('%.17g', available)}
`;

/** Gives points back (up to the maximum; 0 writes nothing): the available points after. */
const REFUND = `${PRELUDE}
if points > 0 then
  available = math.min(maximum, available + points)
  save(available)
end
return string.format('%.17g', available)
`;

type BucketScript = (key: string, maximum: number, restoreRate: number, points: number) => Promise<unknown>;

interface BucketScripts {
  costBucketTake: BucketScript;
  costBucketRefund: BucketScript;
}

function numberOf(reply: unknown): number {
  const value = Number(reply);
  if (typeof reply !== 'string' || !Number.isFinite(value)) throw new Error(`Unexpected cost bucket reply from Redis: ${JSON.stringify(reply)}`);
  return value;
}

/**
 * The cost buckets (bucket-store.ts) in Redis, shared by every node with the same REDIS_URL: one
 * Lua script per operation, so a take or a refund is atomic however many nodes spend the key's
 * points at once. Every node must run with the same bucket size and restore rate. Rejects when
 * Redis cannot be asked in time (the client's command timeout, src/http/limits/limits-store.ts).
 */
export class RedisCostBuckets implements CostBucketStore {
  private readonly scripts: BucketScripts;

  constructor(
    redis: Redis,
    readonly maximumAvailable: number,
    readonly restoreRate: number,
  ) {
    // ioredis sends EVALSHA, and the script itself once when Redis does not know it yet.
    redis.defineCommand('costBucketTake', { numberOfKeys: 1, lua: TAKE });
    redis.defineCommand('costBucketRefund', { numberOfKeys: 1, lua: REFUND });
    // defineCommand adds the methods to the client; its type cannot know them.
    this.scripts = redis as unknown as BucketScripts;
  }

  async take(key: number, cost: number): Promise<TakeOutcome> {
    const reply = await this.scripts.costBucketTake(costBucketKey(key), this.maximumAvailable, this.restoreRate, cost);
    if (!Array.isArray(reply) || reply.length !== 2) throw new Error(`Unexpected cost bucket reply from Redis: ${JSON.stringify(reply)}`);
    return { taken: reply[0] === 1, available: numberOf(reply[1]) };
  }

  async refund(key: number, points: number): Promise<number> {
    return numberOf(await this.scripts.costBucketRefund(costBucketKey(key), this.maximumAvailable, this.restoreRate, Math.max(0, points)));
  }
}

/** The Redis key of an API key's bucket (for tests and operators reading Redis). */
export function costBucketKey(apiKeyId: number): string {
  return KEY_PREFIX + apiKeyId;
}
