import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { anchoredClock } from '../subscriptions/protocol';

/**
 * The partner's endpoint, in the bench process: answers 204 at once and notes when each event
 * (the envelope's `id`) first arrived, on a clock comparable with PostgreSQL's commit timestamps.
 * The load generator runs in a worker thread, so this event loop is free to note arrivals.
 */
export class Receiver {
  /** Event id → first receipt, ms since the epoch. */
  readonly arrivals = new Map<string, number>();
  requests = 0;
  private clock = anchoredClock();
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const receivedAt = this.clock();
      this.requests += 1;
      const id = String((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string | number }).id);
      if (!this.arrivals.has(id)) this.arrivals.set(id, receivedAt);
      res.writeHead(204).end();
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  /** Anchors the clock again: once per measured window (see anchoredClock). */
  reanchor(): void {
    this.clock = anchoredClock();
  }

  /** Resolves once every one of `ids` has arrived; rejects after `timeoutMs`. */
  async waitFor(ids: string[], timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const missing = ids.filter((id) => !this.arrivals.has(id)).length;
      if (missing === 0) return;
      if (Date.now() > deadline) throw new Error(`${missing} of ${ids.length} events not delivered within ${timeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  close(): void {
    this.server.closeAllConnections();
    this.server.close();
  }
}
