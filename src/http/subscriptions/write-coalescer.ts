import type { Writable } from 'node:stream';

/**
 * Lets each socket write what it was given during one turn of the event loop in a single system
 * call. A fan-out writes one message per subscriber per event, and on loopback or in a virtual
 * machine the `writev` behind each message costs more than everything else the message costs
 * (docs/benchmarks.md, Subscriptions). `hold` corks a socket the first time it is written to in a
 * turn; `setImmediate`, which runs once the turn's I/O callback and every promise it started have
 * run, uncorks them all. When events arrive one at a time nothing changes (one message, one
 * write, the same moment); when the server falls behind, the hub reads several committed events at
 * once and each subscriber's share goes out in one write instead of one each, so a backlog costs
 * fewer system calls the longer it is, instead of growing.
 */
export class WriteCoalescer {
  private readonly corked = new Set<Writable>();
  private flushScheduled = false;

  /** Holds the socket's writes until the end of this turn of the event loop. */
  hold(stream: Writable): void {
    if (this.corked.has(stream)) return;
    stream.cork();
    this.corked.add(stream);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(this.flush);
    }
  }

  private readonly flush = (): void => {
    this.flushScheduled = false;
    const streams = [...this.corked];
    this.corked.clear();
    // Harmless on a socket ended or destroyed in the meantime.
    for (const stream of streams) stream.uncork();
  };
}
