import { Child } from './processes';
import { ENV_API_KEY, ENV_LOAD_INDEX, ENV_TARGET_URL, type ExpectedEvent, type LoadReport, type LoadStatus } from './protocol';
import { percentile } from './stats';

/** The reports of every load generator, merged. */
export interface Receipts extends Omit<LoadReport, 'latencies' | 'firstReceipts'> {
  latency: { p50: number; p99: number; max: number; min: number };
  /** Commit → the event's first receipt by any subscriber (LoadReport.firstReceipts), over the events received. */
  firstReceipt: { p50: number; p99: number };
}

/**
 * The subscribers, spread over `processes` load generators (subscriptions/load-generator.ts): one
 * process parses at most one core's worth of messages, and a thousand subscribers of a hundred
 * events a second are more than that. Subscribers are dealt out in turn.
 */
export class LoadGroup {
  private opened = 0;

  private constructor(private readonly children: Child[]) {}

  static async start(processes: number, target: { url: string; key: string }): Promise<LoadGroup> {
    const children: Child[] = [];
    try {
      for (let index = 0; index < processes; index += 1) {
        children.push(await Child.start(`load generator ${index}`, 'load-generator.js', { [ENV_TARGET_URL]: target.url, [ENV_API_KEY]: target.key, [ENV_LOAD_INDEX]: String(index) }));
      }
    } catch (error) {
      await Promise.all(children.map((child) => child.stop()));
      throw error;
    }
    return new LoadGroup(children);
  }

  /** Opens `count` more subscribers, dealt out in turn (the first to process 0). */
  async connect(count: number): Promise<void> {
    const shares = this.children.map(() => 0);
    for (let i = 0; i < count; i += 1) shares[(this.opened + i) % this.children.length] += 1;
    this.opened += count;
    await Promise.all(this.children.map((child, index) => (shares[index] > 0 ? child.request({ type: 'connect', count: shares[index] }) : undefined)));
  }

  async reset(measure: boolean): Promise<void> {
    await Promise.all(this.children.map((child) => child.request({ type: 'reset', measure })));
  }

  async status(): Promise<LoadStatus> {
    const all = await Promise.all(this.children.map((child) => child.request<LoadStatus>({ type: 'status' })));
    return {
      subscribers: all.reduce((sum, s) => sum + s.subscribers, 0),
      receiving: all.reduce((sum, s) => sum + s.receiving, 0),
      deliveries: all.reduce((sum, s) => sum + s.deliveries, 0),
      ended: all.reduce((sum, s) => sum + s.ended, 0),
      resumes: all.reduce((sum, s) => sum + s.resumes, 0),
      problems: all.flatMap((s, index) => s.problems.map((problem) => `load generator ${index}: ${problem}`)),
    };
  }

  /** CPU time of every load generator so far, in ms. */
  cpuMs(): number {
    return this.children.reduce((sum, child) => sum + child.cpuMs(), 0);
  }

  async report(expected: ExpectedEvent[]): Promise<Receipts> {
    const all = await Promise.all(this.children.map((child) => child.request<LoadReport>({ type: 'report', expected })));
    const latencies = new Float64Array(all.reduce((sum, r) => sum + r.latencies.length, 0));
    let offset = 0;
    for (const r of all) {
      latencies.set(r.latencies, offset);
      offset += r.latencies.length;
    }
    latencies.sort();
    const firsts = new Float64Array(expected.length).fill(Number.POSITIVE_INFINITY);
    for (const r of all) r.firstReceipts.forEach((latency, index) => (firsts[index] = Math.min(firsts[index], Number.isNaN(latency) ? Number.POSITIVE_INFINITY : latency)));
    const received = firsts.filter(Number.isFinite).sort();
    const sum = (pick: (r: LoadReport) => number) => all.reduce((total, r) => total + pick(r), 0);
    return {
      subscribers: sum((r) => r.subscribers),
      expectedEvents: expected.length,
      delivered: sum((r) => r.delivered),
      lost: sum((r) => r.lost),
      duplicates: sum((r) => r.duplicates),
      unexpected: sum((r) => r.unexpected),
      outOfOrderSubscribers: sum((r) => r.outOfOrderSubscribers),
      latency: { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1) ?? Number.NaN, min: latencies[0] ?? Number.NaN },
      firstReceipt: { p50: percentile(received, 50), p99: percentile(received, 99) },
      lastReceiptAt: Math.max(...all.map((r) => r.lastReceiptAt)),
      ended: sum((r) => r.ended),
      resumes: sum((r) => r.resumes),
      problems: all.flatMap((r, index) => r.problems.map((problem) => `load generator ${index}: ${problem}`)),
    };
  }

  async stop(): Promise<void> {
    await Promise.all(this.children.map((child) => child.stop()));
  }
}
