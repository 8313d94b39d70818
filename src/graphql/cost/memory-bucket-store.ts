import type { CostBucketStore, TakeOutcome } from './bucket-store';

/** Keys whose bucket is full are forgotten past this many, so the map stays small. */
const PRUNE_ABOVE = 10_000;

/**
 * The cost buckets (bucket-store.ts) in this process's memory: without REDIS_URL each node keeps
 * its own, so a key running on N nodes has N budgets.
 */
export class MemoryCostBuckets implements CostBucketStore {
  private readonly buckets = new Map<number, { available: number; at: number }>();

  constructor(
    readonly maximumAvailable: number,
    readonly restoreRate: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  async take(key: number, cost: number): Promise<TakeOutcome> {
    const available = this.available(key);
    if (cost > available) return { taken: false, available };
    this.set(key, available - cost);
    return { taken: true, available: available - cost };
  }

  async refund(key: number, points: number): Promise<number> {
    if (points <= 0) return this.available(key);
    const available = Math.min(this.maximumAvailable, this.available(key) + points);
    this.set(key, available);
    return available;
  }

  private available(key: number): number {
    const bucket = this.buckets.get(key);
    if (!bucket) return this.maximumAvailable;
    const restored = ((this.now() - bucket.at) / 1000) * this.restoreRate;
    return Math.min(this.maximumAvailable, bucket.available + restored);
  }

  private set(key: number, available: number): void {
    this.buckets.delete(key);
    this.buckets.set(key, { available, at: this.now() });
    if (this.buckets.size > PRUNE_ABOVE) {
      for (const [other] of this.buckets) {
        if (this.available(other) >= this.maximumAvailable) this.buckets.delete(other);
      }
    }
  }
}
