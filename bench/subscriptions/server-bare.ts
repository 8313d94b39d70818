import { createHash } from 'node:crypto';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import pg from 'pg';
import { WebSocketServer, type WebSocket } from 'ws';
import { liveReadSql, MAX_BIGINT, streamHeadSql } from '../../src/events/stream/committed-events';
import { READ_BATCH } from '../../src/events/stream/live-read';
import { encodeStreamCursor } from '../../src/events/stream/stream-cursor';
import { NEXT_MESSAGE_END, nextMessageHead } from '../../src/http/subscriptions/next-message';
import { textFrame } from '../../src/http/subscriptions/websocket-frames';
import { WriteCoalescer } from '../../src/http/subscriptions/write-coalescer';
import { OUTBOX_CHANNEL } from '../../src/outbox/outbox';
import { collectGarbage, requiredEnv, runChild } from './child';
import { ENV_DATABASE_URL, type ServerRequest } from './protocol';

/**
 * The limit: a bare `ws` server, no GraphQL, no graphql-ws library, no Fastify. It speaks the least
 * of graphql-ws's protocol its client needs, so the load generators run the same client against
 * both servers (graphql-ws's `createClient`) and the comparison is of servers alone: the key from
 * `connection_init`'s payload (one statement checks it, as the project's does), `connection_ack`,
 * one subscription per socket under the client's id, `pong` for `ping`. The process LISTENs on the
 * same channel, and on each wake reads the newly committed events exactly as the project's hub
 * does (the same statement on the listening session, src/events/stream/committed-events.ts's
 * liveReadSql: the same handout bound and order, batches of 1,000, the next read sent before the
 * last one's messages leave, the same polling while events wait behind an older transaction). Each
 * event's payload is built once, with the record's text as PostgreSQL returns it, and each
 * subscriber gets it as graphql-ws's `next` under its id: `{"id":…,"type":"next","payload":{"data":
 * {"events":{id, type, cursor, data}}}}`. No GraphQL execution, no per-subscriber buffer, no
 * slow-consumer rule, no keep-alive pings. It uses the project's techniques, so the limit is no
 * weaker for want of one: each message is one WebSocket frame built from the subscriber's head and
 * the shared payload's bytes (src/http/subscriptions/websocket-frames.ts), and the writes are
 * coalesced per turn of the event loop (src/http/subscriptions/write-coalescer.ts).
 */
const IDLE_POLL_MS = 5_000;

/** A graphql-ws subscription: its socket, the TCP socket under it, and the head of its `next` messages. */
interface Subscriber {
  socket: WebSocket;
  connection: Duplex;
  head: Buffer;
}
const HELD_POLL_MS = { first: 20, max: 1_000 };

/** A row of the live read; one row with a null id and only `held` when no event came. */
interface Row {
  id: string | null;
  txid: string;
  organisation_id: number;
  event_type: string;
  created_ms: string;
  payload: string;
  held: boolean;
}

const READ_SQL = liveReadSql(
  `e.id::text AS id, e.txid::text AS txid, e.organisation_id, e.event_type,
    floor(extract(epoch FROM e.created_at) * 1000)::bigint::text AS created_ms, e.payload::text AS payload`,
  READ_BATCH,
);

runChild<ServerRequest>(async () => {
  const url = requiredEnv(ENV_DATABASE_URL);
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const listener = new pg.Client({ connectionString: url, application_name: 'bench/bare-fan-out' });
  const workspaces = new Map<number, Set<Subscriber>>();
  const writes = new WriteCoalescer();

  let wake: (() => void) | undefined;
  let notified = false;
  listener.on('notification', () => {
    notified = true;
    wake?.();
  });
  await listener.connect();
  await listener.query(`LISTEN ${OUTBOX_CHANNEL}`);
  const position = { txid: (await pool.query<{ txid: string }>(streamHeadSql())).rows[0].txid, id: MAX_BIGINT };

  const fanOut = (rows: (Row & { id: string })[]): void => {
    for (const row of rows) {
      position.txid = row.txid;
      position.id = row.id;
      const subscribers = workspaces.get(row.organisation_id);
      if (!subscribers) continue;
      const cursor = encodeStreamCursor({ txid: row.txid, id: row.id, createdAt: Number(row.created_ms) });
      // The payload's bytes once for all; each subscriber's frame around them, as the project's (websocket-frames.ts).
      const payload = Buffer.from(`{"data":{"events":{"id":${JSON.stringify(row.id)},"type":${JSON.stringify(row.event_type)},"cursor":"${cursor}","data":${row.payload}}}}`);
      for (const subscriber of subscribers) {
        if (subscriber.socket.readyState !== subscriber.socket.OPEN) continue;
        writes.hold(subscriber.connection);
        subscriber.connection.write(textFrame(subscriber.head, payload, NEXT_MESSAGE_END));
      }
    }
  };

  const read = (): Promise<Row[]> => listener.query<Row>(READ_SQL, [position.txid, position.id]).then((result) => result.rows);

  let running = true;
  const loop = (async () => {
    let heldPoll = HELD_POLL_MS.first;
    while (running) {
      let held = false;
      try {
        // As the hub does: read again while more comes, sending each next read before this one's
        // sends are flushed (at the end of the turn), so PostgreSQL answers it meanwhile.
        notified = false;
        let next = read();
        for (;;) {
          const rows = await next;
          held = rows[0]?.held ?? false;
          const events = (rows[0]?.id === null ? [] : rows) as (Row & { id: string })[];
          const more = events.length === READ_BATCH || notified;
          fanOut(events);
          if (!more || !running) break;
          notified = false;
          next = read();
        }
      } catch (error) {
        if (running) process.stderr.write(`bare fan-out: read failed: ${error instanceof Error ? error.message : String(error)}\n`);
      }
      heldPoll = held ? Math.min(heldPoll * 2, HELD_POLL_MS.max) : HELD_POLL_MS.first;
      if (notified || !running) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, held ? heldPoll : IDLE_POLL_MS);
        function done(): void {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        }
        wake = done;
      });
    }
  })();

  const wss = new WebSocketServer({ noServer: true });
  const server = http.createServer((_request, response) => response.writeHead(404).end());
  server.on('upgrade', (request, socket, head) => {
    wss.handleUpgrade(request, socket, head, (ws) => {
      ws.on('error', () => ws.terminate());
      // The least of graphql-ws's protocol its client needs: the key checked on connection_init (one
      // statement, as the project's), connection_ack, one subscription per socket by its id.
      let subscriber: Subscriber | undefined;
      let sockets: Set<Subscriber> | undefined;
      ws.on('message', (data: Buffer) => {
        const message = JSON.parse(data.toString('utf8')) as { type: string; id?: string; payload?: Record<string, unknown> };
        if (message.type === 'connection_init') {
          const key = message.payload?.['X-API-Key'];
          if (typeof key !== 'string') return ws.close(4403, 'Forbidden');
          const hash = createHash('sha256').update(key, 'utf8').digest('hex');
          pool.query<{ organisation_id: number }>('SELECT organisation_id FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())', [hash]).then(
            ({ rows }) => {
              if (rows.length === 0) return ws.close(4403, 'Forbidden');
              const organisationId = rows[0].organisation_id;
              sockets = workspaces.get(organisationId);
              if (!sockets) workspaces.set(organisationId, (sockets = new Set()));
              ws.send('{"type":"connection_ack"}');
            },
            () => ws.close(1011, 'key check failed'),
          );
        } else if (message.type === 'subscribe' && sockets && message.id !== undefined) {
          subscriber = { socket: ws, connection: socket, head: nextMessageHead(message.id) };
          sockets.add(subscriber);
        } else if (message.type === 'complete' && subscriber) {
          sockets?.delete(subscriber);
        } else if (message.type === 'ping') {
          ws.send('{"type":"pong"}');
        }
      });
      ws.once('close', () => {
        if (subscriber) sockets?.delete(subscriber);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('the bare server has no TCP address');

  return {
    port: address.port,
    handle: async () => collectGarbage(),
    stop: async () => {
      running = false;
      wake?.();
      await loop;
      for (const ws of wss.clients) ws.close(1001, 'Server shutting down');
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await listener.end();
      await pool.end();
    },
  };
});
