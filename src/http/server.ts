import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/config';
import { BODY_LIMIT_BYTES, DEFAULT_LIMITS } from '../config/config-defaults';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from '../common/json';
import { costLimitsOf, type CostBucketStore, MemoryCostBuckets, RedisCostBuckets } from '../graphql/cost';
import { registerHttpMetrics } from '../metrics/http-metrics';
import type { AppMetrics } from '../metrics/metrics';
import type { LoaderFactory } from '../graphql/context';
import { createSchema, type ResolverClasses } from '../graphql/schema';
import { registerApiAnswerHeaders } from './api-answer-headers';
import { requireScope } from './request-context';
import { authenticate } from './authentication';
import { errorHandler, handleNotFound } from './error-handler';
import { registerExplorer } from './explorer/explorer';
import { frameworkAnswerOptions, MAX_PARAM_LENGTH, registerFrameworkAnswers } from './framework-errors';
import { type GraphQLServices, registerGraphQL } from './graphql-route';
import { registerIdempotency } from './idempotency/idempotency';
import { connectLimitsStore } from './limits/limits-store';
import { registerRateLimits } from './limits/rate-limit';
import { registerResponseSizeLimit } from './limits/response-size';
import { LimitStoreErrors } from './limits/store-errors';
import { registerUnderPressure } from './limits/under-pressure';
import type { Readiness } from './readiness';
import { registerReadinessGate } from './readiness-gate';
import { registerOpenApi } from './rest/openapi/register-openapi';
import type { RestServices } from './rest/rest-deps';
import { registerDeclaredRoutes, type V2Route } from './rest/v2-route';
import { registerSubscriptions, type SubscriptionDeps } from './subscriptions/register-subscriptions';

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The service layer as the server holds it (the application's: createServices, src/app/services.ts):
 * what each face it registers asks of it, each declared where it is used. /v2 handlers and
 * resolvers get it whole (RestServices, ContextServices: filled in by src/app); the server itself
 * calls only the key lookup, the Idempotency-Key answers and the event hub's counts.
 */
export type ServerServices = RestServices & GraphQLServices & SubscriptionDeps['services'];

export interface ServerDeps {
  /** Without `limits`, the defaults (DEFAULT_LIMITS). */
  config: Pick<AppConfig, 'publicUrl' | 'nodeEnv'> & Partial<Pick<AppConfig, 'limits'>>;
  logger: Logger;
  services: ServerServices;
  /** The declared /v2 operations, registered and documented (the application's: V2_ROUTES, src/app/v2-routes.ts). */
  routes: readonly V2Route[];
  /** The resolver classes of the GraphQL schema (the application's: RESOLVERS, src/app/resolvers.ts). */
  resolvers: ResolverClasses;
  /** The resolvers' per-request DataLoaders (the application's: createLoaders, src/app/loaders.ts). */
  loaders: LoaderFactory;
  readiness: Readiness;
  /** Request and GraphQL metrics (src/metrics); none are recorded without it. */
  metrics?: AppMetrics;
}

/** A caller's x-request-id is kept when it is sane, so its logs and ours line up; otherwise one is made. */
function requestId(request: { headers: FastifyRequest['headers'] }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
}

/**
 * JSON bodies; an empty body is "no body" (clients send the header on DELETE too), not an error.
 * Nesting is bounded before parsing, so nothing that walks the value can run out of stack.
 */
function parseJson(_request: FastifyRequest, body: string, done: (error: Error | null, value?: unknown) => void): void {
  if (body.trim() === '') return done(null, undefined);
  if (jsonNestsDeeperThan(body, MAX_JSON_DEPTH)) {
    return done(Object.assign(new Error(`Body nests deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON' }));
  }
  try {
    done(null, JSON.parse(body));
  } catch {
    done(Object.assign(new Error('Body is not valid JSON'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON' }));
  }
}

export async function buildServer({ config, logger, services, routes, resolvers, loaders, readiness, metrics }: ServerDeps): Promise<FastifyInstance> {
  const limits = config.limits ?? DEFAULT_LIMITS;
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    // A request must arrive whole within this time (a 408 otherwise), and a connection may idle no longer.
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.requestTimeoutMs,
    genReqId: requestId,
    // Parser, router and shutdown answers in our shapes rather than Fastify's (framework-errors.ts).
    ...frameworkAnswerOptions(logger as FastifyBaseLogger),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
  });

  // JSON only: any other media type (text/plain included) is a 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, parseJson);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerHttpMetrics(app, metrics);
  registerFrameworkAnswers(app, requestId);
  // Before shedding, rate limits and authentication: none of them applies to a node not yet serving.
  registerReadinessGate(app, readiness);
  // After the request-id hook (their answers carry it), before any route (the limiter joins routes as they are added).
  await registerUnderPressure(app, limits);
  // One Redis connection for both limits kept there (REDIS_URL); their failures counted and logged alike.
  const storeErrors = new LimitStoreErrors(app.log, metrics?.limits);
  const redis = limits.redisUrl ? await connectLimitsStore(limits.redisUrl, app, storeErrors) : undefined;
  await registerRateLimits(app, limits, { redis, errors: storeErrors });
  registerResponseSizeLimit(app, limits.maxResponseBytes);
  // After the size cap, whose refusal it gives the negotiated media type too.
  registerApiAnswerHeaders(app);
  app.setErrorHandler(errorHandler(limits.statementTimeoutMs));
  app.setNotFoundHandler(handleNotFound);

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const report = await readiness.check();
    const pending = report.pendingMigrations.length > 0 ? { pendingMigrations: report.pendingMigrations } : {};
    return reply.status(report.ready ? 200 : 503).send({ status: report.ready ? 'ready' : 'not ready', state: report.state, database: report.database, ...pending });
  });

  await registerOpenApi(app, routes, config.publicUrl);
  await app.register(
    async (v2) => {
      v2.addHook('preHandler', authenticate(services.apiKeys));
      v2.addHook('preHandler', requireScope);
      // After authentication (keys are per workspace) and before the routes, whose handlers run in
      // the claimant's transaction (src/http/idempotency).
      registerIdempotency(v2, services.idempotencyKeys);
      registerDeclaredRoutes(v2, routes, { services, publicUrl: config.publicUrl });
    },
    { prefix: '/v2' },
  );

  const schema = await createSchema(resolvers);
  // The landing page, the explorer's assets and the schema, without a key; /graphql sends the explorer page (src/http/explorer).
  const explorer = registerExplorer(app, { schema, publicUrl: config.publicUrl, withSandbox: config.nodeEnv !== 'production' });
  const production = config.nodeEnv === 'production';
  const costLimits = costLimitsOf(limits.graphql);
  const { maximumAvailable, restoreRate } = costLimits.bucket;
  const costStore: CostBucketStore = redis ? new RedisCostBuckets(redis, maximumAvailable, restoreRate) : new MemoryCostBuckets(maximumAvailable, restoreRate);
  const costBudget = { store: costStore, onStoreError: (error: unknown) => storeErrors.report('cost', error) };
  // Before /graphql is routed: its GET also upgrades to graphql-ws.
  const wsHandler = await registerSubscriptions(app, { schema, services, loaders, costLimits, settings: limits.subscriptions, production, metrics });
  await registerGraphQL(app, schema, services, production, { loaders, costLimits, costBudget, metrics, explorer, wsHandler, statementTimeoutMs: limits.statementTimeoutMs });
  return app;
}
