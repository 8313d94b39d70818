import 'reflect-metadata';
import { type AppConfig, ConfigError, loadConfig } from './config/config';
import { openDatabase } from './db/database';
import { createLogger } from './logging/logger';
import { WebhookWorker } from './webhooks/delivery/webhook-worker';
import { webhookDeps } from './webhooks/webhook-deps';

/**
 * `npm run worker`: the webhook worker alone (relay, deliveries, housekeeping), for running API
 * nodes with WORKER=false and any number of these beside them on one database.
 */
async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = { ...loadConfig(), worker: true };
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config, logger);
  const deps = await webhookDeps(config, database.url, logger);
  const worker = new WebhookWorker({ dataSource: database.dataSource, databaseUrl: database.url, ...deps, settings: config.webhooks, logger });
  await worker.start();

  const shutdown = (signal: string): void => {
    logger.info({ signal }, 'worker shutting down: finishing attempts in flight');
    worker
      .stop()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'worker shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Worker failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
