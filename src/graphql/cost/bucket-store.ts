/** What `extensions.cost.throttleStatus` reports: the key's bucket after the operation. */
export interface ThrottleStatus {
  maximumAvailable: number;
  /** Rounded down; null when the bucket's store could not be asked (the operation ran uncounted). */
  currentlyAvailable: number | null;
  restoreRate: number;
}

/** What a take answers: whether the points were taken, and the points available after it. */
export interface TakeOutcome {
  taken: boolean;
  available: number;
}

/**
 * Shopify-style leaky buckets of cost points, one per API key. A request takes its requested cost
 * before it runs and gives back what it did not use once answered; points flow back at
 * `restoreRate` per second up to `maximumAvailable`. Kept in this process's memory
 * (MemoryCostBuckets) or shared by every node through Redis (RedisCostBuckets); both keep the same
 * arithmetic, so a key sees the same budget either way. The Redis one rejects when Redis cannot
 * be asked: what to do then is the caller's choice (plugin.ts serves the request uncounted).
 */
export interface CostBucketStore {
  readonly maximumAvailable: number;
  readonly restoreRate: number;
  /** Takes `cost` points when the key has them; otherwise takes nothing. */
  take(key: number, cost: number): Promise<TakeOutcome>;
  /** Gives back `points` (never above the maximum) and answers the points available; 0 only reads. */
  refund(key: number, points: number): Promise<number>;
}

/** Whole seconds until `cost` points are available to a bucket holding `available` (at least 1). */
export function secondsUntil(store: Pick<CostBucketStore, 'restoreRate'>, available: number, cost: number): number {
  return Math.max(1, Math.ceil((cost - available) / store.restoreRate));
}

export function throttleStatus(store: Pick<CostBucketStore, 'maximumAvailable' | 'restoreRate'>, available: number | null): ThrottleStatus {
  return { maximumAvailable: store.maximumAvailable, currentlyAvailable: available === null ? null : Math.floor(available), restoreRate: store.restoreRate };
}
