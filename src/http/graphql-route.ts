import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { fastifyApolloDrainPlugin, fastifyApolloHandler } from '@as-integrations/fastify';
import type { WebsocketHandler } from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { ErrorCode } from '../common/error-codes';
import type { ContextServices, GraphQLContext, LoaderFactory } from '../graphql/context';
import { describeUnavailable } from '../db/database-unavailable';
import { graphqlHttpStatusOf } from '../graphql/error-status';
import { admissionPlugin, type CostBudget } from '../graphql/admission-plugin';
import { DEFAULT_COST_LIMITS, type CostLimits } from '../graphql/cost';
import { formatGraphQLError, isExpectedError, isUncodedRequestRefusal, transientFailureOfGraphQLError, withoutSuggestions } from '../graphql/format-error';
import { documentStore } from '../graphql/document-store';
import { type ExecutionGateway, jitExecutor } from '../graphql/jit-executor';
import { graphqlMetricsPlugin } from '../metrics/graphql-metrics';
import type { AppMetrics } from '../metrics/metrics';
import { type ApiKeyAuthenticator, authenticate } from './authentication';
import { batchAnswerStatus, refuseOversizedBatch } from './graphql-batch';
import type { ExplorerPage } from './explorer/explorer';
import { idempotencyOnResponse, idempotencyOnSend, idempotencyPreHandler, inClaimTransaction } from './idempotency/idempotency';
import type { IdempotencyKeyStore } from './idempotency/idempotency-store';
import { responseSizePlugin } from './limits/response-size';
import { requestContext } from './request-context';

/**
 * Unexpected resolver failures are logged here, with the request id, before formatError hides them.
 * An unreachable database or a statement past STATEMENT_TIMEOUT_MS (`statementTimeoutMs`, for the
 * log) is a warning (once per request and kind), not a failure with a stack.
 */
function errorLogging(logger: Logger, statementTimeoutMs: number | undefined): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors, contextValue, operationName }) {
          const reqId = contextValue?.request?.requestId;
          const unavailable = errors.find((error) => transientFailureOfGraphQLError(error)?.code === ErrorCode.SERVICE_UNAVAILABLE);
          if (unavailable) logger.warn({ reqId, status: 503, database: describeUnavailable(unavailable.originalError ?? unavailable) }, 'database unavailable');
          if (errors.some((error) => transientFailureOfGraphQLError(error)?.code === ErrorCode.STATEMENT_TIMEOUT)) {
            logger.warn({ reqId, status: 503, route: '/graphql', operation: operationName ?? null, statementTimeoutMs }, 'statement timeout');
          }
          for (const error of errors) {
            if (!isExpectedError(error) && !error.extensions?.code && !transientFailureOfGraphQLError(error) && !isUncodedRequestRefusal(error)) {
              logger.error({ err: error.originalError ?? error, reqId }, 'GraphQL resolver failed');
            }
          }
        },
      };
    },
  };
}

/**
 * HTTP 503 and Retry-After when a resolver met an unreachable database (SERVICE_UNAVAILABLE) or a
 * statement timeout (STATEMENT_TIMEOUT), see format-error.ts. Apollo takes the status from
 * `extensions.http` of a thrown GraphQLError only; the driver's errors have none, hence this plugin.
 * Failures before any resolver (the API-key lookup) are answered by the error handler (error-handler.ts).
 */
function transientFailureStatus(): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ errors, response }) {
          const transient = errors?.map(transientFailureOfGraphQLError).find((failure) => failure !== undefined);
          if (!transient) return;
          response.http.status = graphqlHttpStatusOf(transient.code);
          response.http.headers.set('retry-after', String(transient.retryAfterSeconds));
        },
      };
    },
  };
}

/** A browser opening /graphql gets the explorer page (src/http/explorer) without a key; every operation (introspection too) needs one. */
function wantsLandingPage(request: FastifyRequest): boolean {
  const query = (request.query ?? {}) as Record<string, unknown>;
  return request.method === 'GET' && (request.headers.accept ?? '').includes('text/html') && query.query === undefined;
}

/** The service layer as /graphql holds it: carried whole to resolvers, and the key lookup and Idempotency-Key answers called here. */
export type GraphQLServices = ContextServices & { apiKeys: ApiKeyAuthenticator; idempotencyKeys: IdempotencyKeyStore };

export interface GraphQLOptions {
  /** The per-request DataLoaders of the resolvers (the application's: createLoaders, src/app/loaders.ts). */
  loaders: LoaderFactory;
  /** The cost limits and the per-key budget (from the settings, src/graphql/cost/limits.ts); the defaults unless given. */
  costLimits?: CostLimits;
  /** Where the per-key budgets live and who hears of its failures; in this process's memory unless given. */
  costBudget?: CostBudget;
  /** Operation and error counts (src/metrics); none without it. */
  metrics?: AppMetrics;
  /** STATEMENT_TIMEOUT_MS, which the warning of a statement timeout names. */
  statementTimeoutMs?: number;
  /** The explorer page sent to a browser opening /graphql (src/http/explorer); without it, Apollo answers such a GET with a 400. */
  explorer?: ExplorerPage;
  /** graphql-ws on the same path (src/http/subscriptions): a GET that upgrades to a WebSocket. */
  wsHandler?: WebsocketHandler;
  /**
   * What executes the operations: graphql-jit over `schema` (src/graphql/jit-executor.ts) unless
   * given; tests give one whose cache they watch, or graphql-js to compare answers with.
   */
  gateway?: ExecutionGateway;
}

export async function registerGraphQL(
  app: FastifyInstance,
  schema: GraphQLSchema,
  services: GraphQLServices,
  production: boolean,
  options: GraphQLOptions,
): Promise<ApolloServer<GraphQLContext>> {
  const costLimits = options.costLimits ?? DEFAULT_COST_LIMITS;
  const apollo = new ApolloServer<GraphQLContext>({
    // graphql-jit executes instead of graphql-js (src/graphql/jit-executor.ts); the gateway carries the schema.
    gateway: options.gateway ?? jitExecutor(schema).gateway,
    // Parsed documents bounded by the heap they hold, not Apollo's JSON estimate (src/graphql/document-store.ts).
    documentStore: documentStore(),
    csrfPrevention: true,
    introspection: true,
    // Arrays of operations (BatchHttpLink), bounded in the preHandler below (graphql-batch.ts).
    allowBatchedHttpRequests: true,
    // Shutdown is ordered by main.ts (drain HTTP, then the pool, then the database).
    stopOnTerminationSignals: false,
    includeStacktraceInErrorResponses: false,
    // In production no "Did you mean …?": the schema is published, but not by guessing names.
    formatError: production ? (formatted, error) => withoutSuggestions(formatGraphQLError(formatted, error)) : formatGraphQLError,
    plugins: [
      // Answers carry no cache hints (every one is per key and per moment), and the default
      // cache-control plugin wraps every field resolution to compute them: about 4% of the CPU of
      // a nested query (docs/benchmarks.md).
      ApolloServerPluginCacheControlDisabled(),
      fastifyApolloDrainPlugin(app),
      // Null variables, scopes, cost limits and the key's budget, in order (src/graphql/admission.ts).
      admissionPlugin(costLimits, options.costBudget),
      errorLogging(app.log, options.statementTimeoutMs),
      transientFailureStatus(),
      responseSizePlugin(),
      graphqlMetricsPlugin(options.metrics),
      // The explorer page is ours (Ruru, src/http/explorer), in production too: Apollo's loads Sandbox from a CDN.
      ApolloServerPluginLandingPageDisabled(),
    ],
  });
  await apollo.start();

  const requireKey = authenticate(services.apiKeys);
  const idempotency = idempotencyPreHandler(services.idempotencyKeys);
  const apolloHandler = fastifyApolloHandler(apollo, {
    context: async (request) => {
      const ctx = requestContext(request);
      return { request: ctx, services, loaders: options.loaders(services, ctx) };
    },
  });
  // The explorer page needs no key; without an explorer, a browser's GET is a GraphQL request like any other.
  // A WebSocket's key comes in its connection_init (src/http/subscriptions).
  const preHandler = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    if (request.method === 'OPTIONS' || request.ws || (options.explorer && wantsLandingPage(request))) return;
    await requireKey(request, reply);
    const refused = refuseOversizedBatch(request, reply, costLimits.maxBatch);
    if (refused) return refused;
    // Mutations only; a query's Idempotency-Key is ignored (src/http/idempotency).
    return idempotency(request, reply);
  };
  // A mutation with a key runs in one transaction with its recorded answer (src/http/idempotency).
  const onSend = idempotencyOnSend(services.idempotencyKeys);
  const onResponse = idempotencyOnResponse(services.idempotencyKeys);
  // The page is sent here, not in the preHandler, so that it is counted by the rate limiter like before.
  const handler = inClaimTransaction(async function handleGraphQL(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<string | void> {
    if (!options.explorer || !wantsLandingPage(request)) {
      // Apollo's handler answers a string.
      const answer = await apolloHandler.call(this, request as FastifyRequest<{ Reply: string }>, reply as FastifyReply<{ Reply: string }>);
      // A batch's results (an array) each carry their own errors (graphql-batch.ts).
      if (typeof answer === 'string' && answer.startsWith('[')) void reply.code(batchAnswerStatus(request, reply.statusCode));
      return answer;
    }
    // Sent by the explorer (reply.sent): nothing to return.
    await options.explorer.send(request, reply);
  });
  // A WebSocket may only upgrade a GET route, hence two routes.
  app.route({ url: '/graphql', method: ['POST', 'OPTIONS'], preHandler, onSend, onResponse, handler });
  app.route({ url: '/graphql', method: 'GET', preHandler, onSend, onResponse, handler, wsHandler: options.wsHandler });
  return apollo;
}
