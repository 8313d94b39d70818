import type { WebsocketHandler } from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import { CloseCode, handleProtocols, makeServer, type ServerOptions } from 'graphql-ws';
import type { WebSocket } from 'ws';
import { textFrame } from './websocket-frames';
import type { WriteCoalescer } from './write-coalescer';

/** What graphql-ws's hooks find in `ctx.extra`: the socket, its upgrade request, and the adapter's way to send a message made of parts. */
export interface Extra {
  readonly socket: WebSocket;
  readonly request: FastifyRequest;
  /**
   * Sends the text message `head` + `body` + `tail` (UTF-8), in order with graphql-ws's own
   * messages; a promise when the next must wait (the socket is backed up, or had its share of this
   * turn).
   */
  readonly sendText: (head: Buffer, body: Buffer, tail: Buffer) => void | Promise<void>;
}

/**
 * Bytes a socket may hold unsent before a message waits for the write to finish. Below it a
 * message is handed to the socket and the next event follows at once; above it graphql-ws waits,
 * so an unread client's events pile up in its subscription's buffer, where the slow-consumer rule
 * (SUBSCRIPTIONS_MAX_BUFFERED) bounds them, not in the socket's.
 */
export const SEND_HIGH_WATER_BYTES = 64 * 1024;

const INTERNAL_ERROR = 'Internal server error';

/**
 * graphql-ws's server on @fastify/websocket sockets. graphql-ws ships an adapter for them, but it
 * waits for every message's write callback before the subscription takes its next event: a
 * promise, a callback and a tick more per message and subscriber, which at a thousand subscribers
 * is most of a fan-out's cost. This one waits only when the socket is backed up (above), and is
 * otherwise the same: the subprotocol check, keep-alive pings (a client that does not answer one
 * within the next interval is cut), and 4500 for a hook that throws, without its message in
 * production. A turn's messages to one socket leave in one write (write-coalescer.ts).
 */
export function graphqlWsSocketHandler<P extends Record<string, unknown>>(options: ServerOptions<P, Extra>, keepAliveMs: number, production: boolean, writes: WriteCoalescer): WebsocketHandler {
  const server = makeServer<P, Extra>(options);
  const closeReason = (error: unknown): string => (production ? INTERNAL_ERROR : (error instanceof Error ? error.message : String(error)).slice(0, 120));
  return function handler(socket, request) {
    this.websocketServer.options.handleProtocols = handleProtocols;
    const internalError = (error: unknown): void => {
      request.log.error({ err: error }, 'graphql-ws: internal error');
      socket.close(CloseCode.InternalServerError, closeReason(error));
    };
    socket.once('error', internalError);
    // The TCP socket under the WebSocket: the upgrade request's.
    const connection = request.raw.socket;

    let pongWait: NodeJS.Timeout | undefined;
    const pings = setInterval(() => {
      if (socket.readyState !== socket.OPEN) return;
      pongWait = setTimeout(() => socket.terminate(), keepAliveMs);
      socket.once('pong', () => clearTimeout(pongWait));
      socket.ping();
    }, keepAliveMs);

    const send = (data: string): void | Promise<void> => {
      if (socket.readyState !== socket.OPEN) return;
      const turnTaken = writes.hold(connection);
      if (socket.bufferedAmount >= SEND_HIGH_WATER_BYTES) return new Promise<void>((resolve, reject) => socket.send(data, (error) => (error ? reject(error) : resolve())));
      socket.send(data);
      // The socket had its share of this turn: the next message waits for the next one.
      return turnTaken;
    };
    // Frames are written to the TCP socket here, as ws would write them, only where ws would write
    // them at once: no extension negotiated (with permessage-deflate ws may queue a message while it
    // compresses, and one written here would overtake it). Both go through the same socket in call
    // order, so graphql-ws's messages and these stay in the order they were sent.
    const ownFrames = socket.extensions === '';
    const sendText = (head: Buffer, body: Buffer, tail: Buffer): void | Promise<void> => {
      if (!ownFrames) return send(`${head.toString()}${body.toString()}${tail.toString()}`);
      if (socket.readyState !== socket.OPEN) return;
      const turnTaken = writes.hold(connection);
      const frame = textFrame(head, body, tail);
      // What ws's bufferedAmount would say: with no extension, ws holds nothing back itself.
      if (connection.writableLength >= SEND_HIGH_WATER_BYTES) return new Promise<void>((resolve, reject) => connection.write(frame, (error) => (error ? reject(error) : resolve())));
      connection.write(frame);
      return turnTaken;
    };
    const closed = server.opened(
      {
        protocol: socket.protocol,
        send,
        close: (code, reason) => socket.close(code, reason),
        onMessage: (receive) =>
          socket.on('message', (message: Buffer) => {
            receive(message.toString()).catch(internalError);
          }),
      },
      { socket, request, sendText },
    );
    socket.once('close', (code, reason) => {
      clearTimeout(pongWait);
      clearInterval(pings);
      void closed(code, reason.toString());
    });
  };
}
