import './compile-cache';
import 'reflect-metadata';
import { openDatabase } from './db/database';
import { createLogger } from './logging/logger';
import { loadConfigOrExit, stopOnSignals } from './process-lifecycle';
import { WebhookWorker } from './webhooks/delivery/webhook-worker';
import { webhookDeps } from './webhooks/webhook-deps';

/**
 * `npm run worker`: the webhook worker alone (relay, deliveries, housekeeping), for running API
 * nodes with WORKER=false and any number of these beside them on one database.
 */
async function main(): Promise<void> {
  const config = { ...loadConfigOrExit(), worker: true };
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config, logger);
  const deps = await webhookDeps(config, database, logger);
  const worker = new WebhookWorker({ dataSource: database.dataSource, databaseUrl: database.directUrl, ...deps, settings: config.webhooks, logger });
  await worker.start();
  stopOnSignals(logger, async () => {
    await worker.stop();
    await database.close();
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`Worker failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
