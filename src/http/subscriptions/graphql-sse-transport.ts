import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ExecutionResult, GraphQLError } from 'graphql';
import { createHandler } from 'graphql-sse/lib/use/fastify';
import { ErrorCode } from '../../common/error-codes';
import { graphqlHttpStatusOf } from '../../graphql/error-status';
import type { GraphQLContext } from '../../graphql/context';
import { authenticate } from '../authentication';
import { requestContext } from '../request-context';
import { CLOSE_GOING_AWAY, type SubscriberConnection } from './subscription-gate';
import { formatErrors, formatResult, type OperationRequest, prepareSubscription, type SubscriptionRuntime, subscriptionExecutor } from './subscription-operations';

export const SSE_PATH = '/graphql/stream';
const EVENT_STREAM = 'text/event-stream';

type SseResponse = [string, { status: number; statusText: string; headers: Record<string, string> }];

/** A refusal answered before the stream opens: the errors as POST /graphql words them, with its status. */
function refused(errors: readonly GraphQLError[], production: boolean): SseResponse {
  const formatted = formatErrors(errors, production);
  const code = formatted[0]?.extensions?.code;
  const status = typeof code === 'string' && code in ErrorCode ? graphqlHttpStatusOf(code as ErrorCode) : 400;
  return [JSON.stringify({ errors: formatted }), { status: status === 200 ? 400 : status, statusText: 'Refused', headers: { 'content-type': 'application/json; charset=utf-8' } }];
}

/**
 * GraphQL over Server-Sent Events (graphql-sse, "distinct connections" mode) at /graphql/stream,
 * for clients that cannot open WebSockets: one request per subscription (POST or GET, `Accept:
 * text/event-stream`), the key in the usual headers. An operation it refuses is answered with the
 * status and errors POST /graphql would give; an accepted one streams `next` events until
 * `complete`. On shutdown or revocation the stream is cut: the client reconnects with its cursor.
 */
export function registerGraphqlSse(app: FastifyInstance, runtime: SubscriptionRuntime): void {
  const connections = new WeakMap<FastifyRequest, SubscriberConnection>();
  const handler = createHandler<GraphQLContext & Record<PropertyKey, unknown>>({
    schema: runtime.schema,
    onSubscribe: (req, params) => {
      const connection = connections.get(req.raw)!;
      const prepared = prepareSubscription(runtime, connection, params as OperationRequest);
      return Array.isArray(prepared) ? refused(prepared, runtime.production) : { ...prepared, contextValue: prepared.contextValue as GraphQLContext & Record<PropertyKey, unknown> };
    },
    subscribe: subscriptionExecutor(runtime),
    onNext: async (_ctx, req, result) => {
      // graphql-sse writes the event once this returns: in this turn, or in the next one when
      // the socket had its share of this one (write-coalescer.ts).
      const socket = req.raw.raw.socket;
      const turnTaken = runtime.writes.hold(socket);
      if (turnTaken) {
        await turnTaken;
        runtime.writes.hold(socket);
      }
      return formatResult(result as ExecutionResult, runtime.production) as ExecutionResult | undefined;
    },
    onComplete: (_ctx, req) => {
      const connection = connections.get(req.raw);
      if (connection) runtime.gate.ended(connection);
    },
  });
  const requireKey = authenticate(runtime.services.apiKeys);

  app.route({
    url: SSE_PATH,
    method: ['GET', 'POST'],
    preHandler: requireKey,
    async handler(request, reply) {
      if (request.headers.accept !== EVENT_STREAM) {
        const message = `This endpoint streams subscriptions: send Accept: ${EVENT_STREAM} (queries and mutations go to POST /graphql)`;
        return reply.code(406).send({ errors: [{ message, extensions: { code: ErrorCode.BAD_REQUEST } }] });
      }
      const connection: SubscriberConnection = { transport: 'graphql-sse', ctx: requestContext(request), close: () => reply.raw.destroy() };
      connections.set(request, connection);
      runtime.gate.opened(connection);
      reply.raw.once('close', () => runtime.gate.closed(connection));
      // graphql-sse writes the response itself.
      reply.hijack();
      try {
        await handler(request, reply);
      } catch (error) {
        request.log.error({ err: error }, 'event stream failed');
        reply.raw.destroy();
      }
    },
  });
  app.addHook('preClose', (done) => {
    runtime.gate.closeAll('graphql-sse', CLOSE_GOING_AWAY, 'Server shutting down');
    done();
  });
}
