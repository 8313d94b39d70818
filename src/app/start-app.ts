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
import { WebhookWorker } from '../webhooks/delivery/webhook-worker';
import { webhookDeps } from '../webhooks/webhook-deps';
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
  /** Stop accepting, let in-flight requests finish, close the pool, stop the embedded database. */
  stop(): Promise<void>;
}

export async function startApp(config: AppConfig, logger: Logger): Promise<RunningApp> {
  const database = await openDatabase(config, logger);
  const readiness = new Readiness(database.dataSource);
  const webhooks = await webhookDeps(config, database, logger);
  const worker = config.worker
    ? new WebhookWorker({ dataSource: database.dataSource, databaseUrl: database.directUrl, ...webhooks, settings: config.webhooks, logger })
    : undefined;
  const metrics = config.metrics ? createMetrics(database.dataSource, logger) : undefined;
  const services = createServices(database.dataSource, webhooks, { listenUrl: database.directUrl, logger, maxBuffered: config.limits.subscriptions.maxBuffered });
  let built: FastifyInstance | undefined;
  let metricsListener: MetricsListener | undefined;
  try {
    built = await buildServer({ config, logger, services, routes: V2_ROUTES, resolvers: RESOLVERS, loaders: createLoaders, readiness, metrics });
    await worker?.start();
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
  readiness.state = 'ready';

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      readiness.state = 'draining';
      // Subscriptions' sockets close with 1001 as the server closes (src/http/subscriptions); then their events' source.
      await server.close();
      await services.eventHub.stop();
      await worker?.stop();
      await webhooks.queue.stop();
      // Scrapes go on while the server drains; the backlog count needs the pool, so before it closes.
      await metricsListener?.close();
      await database.close();
    })());
  return { server, database, services, metrics: metricsListener, stop };
}
