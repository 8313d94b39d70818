import type { Writable } from 'node:stream';

/**
 * Messages one socket may be given in one turn before its sender waits for the turn to end. A
 * backlog (a subscriber whose events piled up while the server was busy) would otherwise be sent
 * whole in one turn, for every subscriber: a turn of seconds, during which nothing is written and
 * no new event is read, and a heap full of messages waiting to be written. Eight per turn keep a
 * turn of a thousand subscribers near 50 ms and most of the saving in system calls.
 */
export const MESSAGES_PER_TURN = 8;

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
  /** The sockets held in this turn, with the messages given to each. */
  private readonly corked = new Map<Writable, number>();
  private turnEnd: { promise: Promise<void>; resolve(): void } | undefined;

  /**
   * Holds the socket's writes until the end of this turn of the event loop, for one message.
   * Returns a promise to wait on before the next message once the socket has had its share of the
   * turn (MESSAGES_PER_TURN); nothing otherwise.
   */
  hold(stream: Writable): Promise<void> | undefined {
    const held = this.corked.get(stream);
    if (held === undefined) {
      stream.cork();
      this.corked.set(stream, 1);
      if (!this.turnEnd) {
        let resolve!: () => void;
        const promise = new Promise<void>((done) => (resolve = done));
        this.turnEnd = { promise, resolve };
        setImmediate(this.flush);
      }
      return undefined;
    }
    this.corked.set(stream, held + 1);
    return held + 1 >= MESSAGES_PER_TURN ? this.turnEnd!.promise : undefined;
  }

  private readonly flush = (): void => {
    const streams = [...this.corked.keys()];
    const turnEnd = this.turnEnd!;
    this.corked.clear();
    this.turnEnd = undefined;
    // Harmless on a socket ended or destroyed in the meantime.
    for (const stream of streams) stream.uncork();
    turnEnd.resolve();
  };
}
