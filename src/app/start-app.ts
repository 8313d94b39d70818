/**
 * Part of the composition root (src/app/): starts the application. The database, the service
 * registry (services.ts), the webhook worker and the server, with its /v2 routes (v2-routes.ts) and
 * GraphQL resolvers (resolvers.ts), are put together here and nowhere else.
 */
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/config';
import { type Database, openDatabase } from '../db/database';
import { Readiness } from '../http/readiness';
import { buildServer } from '../http/server';
import { createMetrics } from '../metrics/metrics';
import { type MetricsListener, startMetricsListener } from '../metrics/metrics-listener';
import { assertSecretsKeyMatches } from '../secrets/secrets-key-check';
import { WebhookWorker } from '../webhooks/delivery/webhook-worker';
import { uncheckedWebhookDeps } from '../webhooks/webhook-deps';
import { type DeferredStart, finishWhenMigrated } from './finish-when-migrated';
import { createLoaders } from './loaders';
import { RESOLVERS } from './resolvers';
import { createServices, type Services } from './services';
import { V2_ROUTES } from './v2-routes';

export interface RunningApp {
  server: FastifyInstance;
  database: Database;
  /** The service registry the server runs with (its event hub is this process's). */
  services: Services;
  /** The operators' `/metrics` listener; absent unless METRICS_PORT is set. */
  metrics?: MetricsListener;
  /**
   * Resolves once the app serves: at once, unless it started with migrations pending
   * (MIGRATE_ON_START=false), when it listens unready until they are applied, then finishes its
   * start. Rejects when that finish fails (the secrets key does not match, say): the process must
   * then exit as a failed start does.
   */
  ready: Promise<void>;
  /** Stop accepting, let in-flight requests finish, close the pool, stop the embedded database. */
  stop(): Promise<void>;
}

export async function startApp(config: AppConfig, logger: Logger): Promise<RunningApp> {
  const database = await openDatabase(config, logger);
  const readiness = new Readiness(database.dataSource);
  // With migrations pending, nothing may read the schema before they are in: the server listens
  // unready, and the steps that need tables (below) run then (finish-when-migrated.ts).
  const awaitingMigrations = database.migrationsPending.length > 0;
  const webhooks = await uncheckedWebhookDeps(config, database, logger);
  const worker = config.worker
    ? new WebhookWorker({ dataSource: database.dataSource, databaseUrl: database.directUrl, ...webhooks, settings: config.webhooks, logger })
    : undefined;
  const metrics = config.metrics ? createMetrics(database.dataSource, logger) : undefined;
  const services = createServices(database.dataSource, webhooks, { listenUrl: database.directUrl, logger, maxBuffered: config.limits.subscriptions.maxBuffered });
  let built: FastifyInstance | undefined;
  let metricsListener: MetricsListener | undefined;
  // The steps that read tables: the secrets key against the database's, then the worker.
  const needingTheSchema = async (): Promise<void> => {
    await assertSecretsKeyMatches(database.dataSource, webhooks.secrets);
    await worker?.start();
  };
  try {
    if (!awaitingMigrations) await needingTheSchema();
    built = await buildServer({ config, logger, services, routes: V2_ROUTES, resolvers: RESOLVERS, loaders: createLoaders, readiness, metrics });
    if (config.metrics && metrics) metricsListener = await startMetricsListener(metrics.registry, config.metrics, logger);
    await built.listen({ port: config.port, host: config.host });
  } catch (error) {
    // A server built but not listening still holds Apollo, timers and a Redis client.
    await built?.close();
    await services.eventHub.stop();
    await metricsListener?.close();
    await worker?.stop();
    await webhooks.queue.stop();
    await database.close();
    throw error;
  }
  const server = built;
  let deferred: DeferredStart | undefined;
  if (awaitingMigrations) deferred = finishWhenMigrated(database.dataSource, readiness, logger, needingTheSchema);
  else readiness.state = 'ready';

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      readiness.state = 'draining';
      // No start is finished any more; one under way ends first, so that its worker is stopped below.
      await deferred?.stop();
      // Subscriptions' sockets close with 1001 as the server closes (src/http/subscriptions); then their events' source.
      await server.close();
      await services.eventHub.stop();
      await worker?.stop();
      await webhooks.queue.stop();
      // Scrapes go on while the server drains; the backlog count needs the pool, so before it closes.
      await metricsListener?.close();
      await database.close();
    })());
  return { server, database, services, metrics: metricsListener, ready: deferred?.done ?? Promise.resolve(), stop };
}
