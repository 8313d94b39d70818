import net from 'node:net';
import { MESSAGES_PER_TURN, WriteCoalescer } from '../../../src/http/subscriptions/write-coalescer';
import { eventually } from '../../support/webhook-receiver';

/** A connected pair of loopback TCP sockets, and every chunk the receiving end reads. */
async function socketPair(): Promise<{ sender: net.Socket; chunks: string[]; close(): Promise<void> }> {
  const chunks: string[] = [];
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const accepted = new Promise<net.Socket>((resolve) => server.once('connection', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const sender = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => sender.once('connect', resolve));
  const receiver = await accepted;
  receiver.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  return {
    sender,
    chunks,
    close: async () => {
      sender.destroy();
      receiver.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Resolves once the receiving end has read `text` in all (polling, as the suite's other waits do). */
async function received(chunks: string[], text: string): Promise<void> {
  await eventually(async () => chunks.join(''), (read) => read === text, 5_000);
}

describe('WriteCoalescer: what one turn of the event loop writes to a socket leaves in one write', () => {
  it('holds every write of the turn, promises included, and sends them together once the turn ends', async () => {
    const pair = await socketPair();
    try {
      const writes = new WriteCoalescer();
      writes.hold(pair.sender);
      pair.sender.write('one,');
      await Promise.resolve();
      // A second hold in the same turn (the next message) changes nothing.
      writes.hold(pair.sender);
      pair.sender.write('two,');
      pair.sender.write('three');
      expect(pair.sender.writableCorked).toBe(1);
      expect(pair.sender.writableLength).toBe('one,two,three'.length);

      await nextTurn();
      expect(pair.sender.writableCorked).toBe(0);
      await received(pair.chunks, 'one,two,three');
      expect(pair.chunks).toEqual(['one,two,three']);
    } finally {
      await pair.close();
    }
  });

  it(`asks a socket's sender to wait for the next turn once the socket has had ${MESSAGES_PER_TURN} messages in this one`, async () => {
    const pair = await socketPair();
    const other = await socketPair();
    try {
      const writes = new WriteCoalescer();
      const answers: (Promise<void> | undefined)[] = [];
      for (let i = 1; i <= MESSAGES_PER_TURN; i += 1) {
        answers.push(writes.hold(pair.sender));
        pair.sender.write(`${i};`);
      }
      // Another socket's share is its own.
      expect(writes.hold(other.sender)).toBeUndefined();
      expect(answers.slice(0, -1).every((answer) => answer === undefined)).toBe(true);
      const turnEnd = answers.at(-1);
      expect(turnEnd).toBeInstanceOf(Promise);
      let ended = false;
      void turnEnd!.then(() => (ended = true));
      await Promise.resolve();
      expect(ended).toBe(false);
      expect(pair.sender.writableCorked).toBe(1);

      await turnEnd;
      // It resolves as the turn's writes leave: the socket is uncorked, and a new turn starts afresh.
      expect(pair.sender.writableCorked).toBe(0);
      expect(writes.hold(pair.sender)).toBeUndefined();
      await nextTurn();
      const sent = Array.from({ length: MESSAGES_PER_TURN }, (_, i) => `${i + 1};`).join('');
      await received(pair.chunks, sent);
      expect(pair.chunks).toEqual([sent]);
    } finally {
      await pair.close();
      await other.close();
    }
  });

  it('holds a socket again in a later turn, and leaves a socket destroyed meanwhile alone', async () => {
    const kept = await socketPair();
    const lost = await socketPair();
    try {
      const writes = new WriteCoalescer();
      writes.hold(kept.sender);
      kept.sender.write('first');
      await nextTurn();
      await received(kept.chunks, 'first');

      writes.hold(kept.sender);
      writes.hold(lost.sender);
      kept.sender.write('second');
      lost.sender.write('never sent');
      lost.sender.destroy();
      expect(kept.sender.writableCorked).toBe(1);
      await nextTurn();
      await received(kept.chunks, 'firstsecond');
      expect(lost.chunks).toEqual([]);
    } finally {
      await kept.close();
      await lost.close();
    }
  });
});
