import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AppConfig } from './config/config';
import { type Database, openDatabase } from './db/database';
import { Readiness } from './http/readiness';
import { buildServer } from './http/server';
import { createServices } from './services';
import { WebhookWorker } from './webhooks/delivery/webhook-worker';
import { webhookDeps } from './webhooks/webhook-deps';

export interface RunningApp {
  server: FastifyInstance;
  database: Database;
  /** Stop accepting, let in-flight requests finish, close the pool, stop the embedded database. */
  stop(): Promise<void>;
}

export async function startApp(config: AppConfig, logger: Logger): Promise<RunningApp> {
  const database = await openDatabase(config, logger);
  const readiness = new Readiness(database.dataSource);
  const webhooks = await webhookDeps(config, database, logger);
  const worker = config.worker
    ? new WebhookWorker({ dataSource: database.dataSource, databaseUrl: database.url, ...webhooks, settings: config.webhooks, logger })
    : undefined;
  let server: FastifyInstance;
  try {
    server = await buildServer({ config, logger, services: createServices(database.dataSource, webhooks), readiness });
    await worker?.start();
    await server.listen({ port: config.port, host: config.host });
  } catch (error) {
    await worker?.stop();
    await webhooks.queue.stop();
    await database.close();
    throw error;
  }
  readiness.state = 'ready';

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      readiness.state = 'draining';
      await server.close();
      await worker?.stop();
      await webhooks.queue.stop();
      await database.close();
    })());
  return { server, database, stop };
}
