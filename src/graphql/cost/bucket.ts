export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

/** Keys whose bucket is full are forgotten past this many, so the map stays small. */
const PRUNE_ABOVE = 10_000;

/**
 * Shopify-style leaky buckets of cost points, one per API key, in this process's memory. A
 * request takes its requested cost before it runs and gives back what it did not use once
 * answered; points flow back at `restoreRate` per second up to `maximumAvailable`.
 */
export class CostBuckets {
  private readonly buckets = new Map<number, { available: number; at: number }>();

  constructor(
    readonly maximumAvailable: number,
    readonly restoreRate: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Points available to the key now. */
  available(key: number): number {
    const bucket = this.buckets.get(key);
    if (!bucket) return this.maximumAvailable;
    const restored = ((this.now() - bucket.at) / 1000) * this.restoreRate;
    return Math.min(this.maximumAvailable, bucket.available + restored);
  }

  /** Takes `cost` points when the key has them; otherwise takes nothing and answers false. */
  take(key: number, cost: number): boolean {
    const available = this.available(key);
    if (cost > available) return false;
    this.set(key, available - cost);
    return true;
  }

  /** Gives back points taken but not used (never above the maximum). */
  refund(key: number, points: number): void {
    if (points > 0) this.set(key, Math.min(this.maximumAvailable, this.available(key) + points));
  }

  /** Whole seconds until `cost` points are available to the key (at least 1). */
  secondsUntil(key: number, cost: number): number {
    return Math.max(1, Math.ceil((cost - this.available(key)) / this.restoreRate));
  }

  status(key: number): ThrottleStatus {
    return { maximumAvailable: this.maximumAvailable, currentlyAvailable: Math.floor(this.available(key)), restoreRate: this.restoreRate };
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
