import { createHash } from 'node:crypto';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import pg from 'pg';
import { WebSocketServer, type WebSocket } from 'ws';
import { liveReadSql, MAX_BIGINT, streamHeadSql } from '../../src/events/stream/committed-events';
import { READ_BATCH } from '../../src/events/stream/live-read';
import { encodeStreamCursor } from '../../src/events/stream/stream-cursor';
import { textFrame } from '../../src/http/subscriptions/websocket-frames';
import { WriteCoalescer } from '../../src/http/subscriptions/write-coalescer';
import { OUTBOX_CHANNEL } from '../../src/outbox/outbox';
import { collectGarbage, requiredEnv, runChild } from './child';
import { ENV_DATABASE_URL, type ServerRequest } from './protocol';

/**
 * The limit: a bare `ws` server, no GraphQL, no graphql-ws, no Fastify. A client connects with its
 * key in the `x-api-key` header of the upgrade (one statement checks it, as the project's
 * connection_init does); the process LISTENs on the same channel, and on each wake reads the newly
 * committed events exactly as the project's hub does (the same statement on the listening session,
 * src/events/stream/committed-events.ts's liveReadSql: the same handout bound and order, batches of
 * 1,000, the next read sent before the last one's sends leave, the same polling while events wait
 * behind an older transaction), builds each
 * event's message once, with the payload's text as PostgreSQL returns it, and sends that string
 * to every open socket of the event's workspace. The message is shaped as graphql-ws's `next`, so
 * clients parse the same bytes: `{"id":"1","type":"next","payload":{"data":{"events":{id, type,
 * cursor, data}}}}`. No per-subscriber buffer, no slow-consumer rule, no keep-alive pings. Its
 * writes are coalesced as the project's are (src/http/subscriptions/write-coalescer.ts: what a turn
 * of the event loop sends to one socket leaves in one system call), so the limit is no weaker for
 * want of a technique the project uses.
 */
const IDLE_POLL_MS = 5_000;
const NOTHING = Buffer.alloc(0);
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
  const workspaces = new Map<number, Set<WebSocket>>();
  /** Each WebSocket's TCP socket, whose writes the coalescer holds. */
  const connections = new WeakMap<WebSocket, Duplex>();
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
      const sockets = workspaces.get(row.organisation_id);
      if (!sockets) continue;
      const cursor = encodeStreamCursor({ txid: row.txid, id: row.id, createdAt: Number(row.created_ms) });
      const message = `{"id":"1","type":"next","payload":{"data":{"events":{"id":${JSON.stringify(row.id)},"type":${JSON.stringify(row.event_type)},"cursor":"${cursor}","data":${row.payload}}}}}`;
      // One frame for every socket, written as the project writes its own (websocket-frames.ts).
      const frame = textFrame(NOTHING, Buffer.from(message), NOTHING);
      for (const socket of sockets) {
        if (socket.readyState !== socket.OPEN) continue;
        const connection = connections.get(socket)!;
        writes.hold(connection);
        connection.write(frame);
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
    const key = request.headers['x-api-key'];
    const refuse = (): void => {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
    };
    if (typeof key !== 'string') return refuse();
    const hash = createHash('sha256').update(key, 'utf8').digest('hex');
    pool.query<{ organisation_id: number }>('SELECT organisation_id FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())', [hash]).then(
      ({ rows }) => {
        if (rows.length === 0) return refuse();
        wss.handleUpgrade(request, socket, head, (ws) => {
          const organisationId = rows[0].organisation_id;
          let sockets = workspaces.get(organisationId);
          if (!sockets) workspaces.set(organisationId, (sockets = new Set()));
          sockets.add(ws);
          connections.set(ws, socket);
          ws.on('error', () => ws.terminate());
          ws.once('close', () => sockets.delete(ws));
        });
      },
      () => refuse(),
    );
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
