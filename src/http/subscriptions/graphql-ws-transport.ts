import websocket, { type WebsocketHandler } from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ExecutionResult } from 'graphql';
import type { Context } from 'graphql-ws';
import { BODY_LIMIT_BYTES } from '../../config/config-defaults';
import { UnauthenticatedError } from '../../common/errors';
import type { RequestContext } from '../../common/request-context';
import { transientFailureOf } from '../../db/transient-failure';
import { presentedApiKey } from '../request-context';
import { type Extra, graphqlWsSocketHandler } from './graphql-ws-socket';
import { NEXT_MESSAGE_END, nextMessageHead } from './next-message';
import { CLOSE_FORBIDDEN, CLOSE_GOING_AWAY, type SubscriberConnection } from './subscription-gate';
import { formatErrors, formatResult, prepareSubscription, type SubscriptionRuntime, subscriptionExecutor } from './subscription-operations';

/** A client must send `connection_init` within this of opening the socket. */
export const CONNECTION_INIT_TIMEOUT_MS = 10_000;
/** WebSocket pings at this interval; a client that does not answer one within the next is cut. */
export const KEEP_ALIVE_MS = 12_000;
/** "Try Again Later": the key could not be checked (the database is away, or its lookup timed out). */
const CLOSE_TRY_AGAIN_LATER = 1013;

type ConnectionParams = Record<string, unknown>;

/**
 * The key of a `connection_init`: `{"X-API-Key": "…"}` or `{"Authorization": "Bearer …"}` (any
 * letter case), as a browser cannot set headers on a WebSocket; a client that can may send the
 * headers on the upgrade request instead.
 */
export function connectionParamsKey(params: ConnectionParams | undefined, upgrade: FastifyRequest): string | undefined {
  const byName = new Map(Object.entries(params ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
  const direct = byName.get('x-api-key');
  if (typeof direct === 'string' && direct.trim() !== '') return direct.trim();
  const authorization = byName.get('authorization');
  const bearer = typeof authorization === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;
  return bearer ?? presentedApiKey(upgrade);
}

/**
 * graphql-ws (the `graphql-transport-ws` subprotocol) on GET /graphql: a socket whose
 * `connection_init` carries no valid key is closed with 4403; each `subscribe` is judged like a
 * query over HTTP (subscription-operations.ts) and runs until completed, the socket closes, or the
 * key is revoked (4403 within REVOCATION_CHECK_MS).
 */
export function graphqlWsHandler(runtime: SubscriptionRuntime): WebsocketHandler {
  const connections = new WeakMap<Context<ConnectionParams, Extra>, SubscriberConnection>();
  const connectionOf = (ctx: Context<ConnectionParams, Extra>): SubscriberConnection => {
    const connection = connections.get(ctx);
    if (!connection) throw new Error('subscribe before an accepted connection_init');
    return connection;
  };
  return graphqlWsSocketHandler<ConnectionParams>(
    {
      schema: runtime.schema,
      connectionInitWaitTimeout: CONNECTION_INIT_TIMEOUT_MS,
      onConnect: async (ctx) => {
        const { socket, request } = ctx.extra;
        let requestContext: RequestContext;
        try {
          requestContext = await runtime.services.apiKeys.authenticate(connectionParamsKey(ctx.connectionParams, request), request.id);
        } catch (error) {
          if (error instanceof UnauthenticatedError) socket.close(CLOSE_FORBIDDEN, `Forbidden: ${error.message}`);
          else if (transientFailureOf(error)) socket.close(CLOSE_TRY_AGAIN_LATER, 'Service unavailable: try again later');
          else throw error;
          return false;
        }
        const connection: SubscriberConnection = { transport: 'graphql-ws', ctx: requestContext, close: (code, reason) => socket.close(code, reason) };
        connections.set(ctx, connection);
        runtime.gate.opened(connection);
        return true;
      },
      onSubscribe: (ctx, id, payload) => {
        // A result without errors goes out as graphql-ws would write it, its payload's bytes shared.
        const head = nextMessageHead(id);
        const { sendText } = ctx.extra;
        return prepareSubscription(runtime, connectionOf(ctx), payload, (result) => sendText(head, result, NEXT_MESSAGE_END));
      },
      subscribe: subscriptionExecutor(runtime),
      onNext: (_ctx, _id, _payload, _args, result) => formatResult(result as ExecutionResult, runtime.production),
      onError: (_ctx, _id, _payload, errors) => formatErrors(errors, runtime.production),
      onComplete: (ctx) => {
        const connection = connections.get(ctx);
        if (connection) runtime.gate.ended(connection);
      },
      onClose: (ctx) => {
        const connection = connections.get(ctx);
        if (connection) runtime.gate.closed(connection);
      },
    },
    KEEP_ALIVE_MS,
    runtime.production,
    runtime.writes,
  );
}

/**
 * @fastify/websocket with a message limit like the request body's, and a shutdown that tells
 * clients to go elsewhere (1001) rather than a bare close.
 */
export async function registerWebSockets(app: FastifyInstance): Promise<void> {
  await app.register(websocket, {
    options: { maxPayload: BODY_LIMIT_BYTES },
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(CLOSE_GOING_AWAY, 'Server shutting down: resume with your last cursor');
      this.websocketServer.close(() => done());
    },
  });
}
