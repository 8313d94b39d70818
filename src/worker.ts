import './compile-cache';
import 'reflect-metadata';
import { openDatabase } from './db/database';
import { untilMigrated } from './db/migration-wait';
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
  // With MIGRATE_ON_START=false on an empty or outdated database, the worker waits for
  // `npm run migration:run` (polling) instead of failing on missing tables, which would put it in
  // a crash loop under an orchestrator that starts it before the migration job.
  const waiting = new AbortController();
  let worker: WebhookWorker | undefined;
  const starting = (async () => {
    if (database.migrationsPending.length > 0 && !(await untilMigrated(database.dataSource, logger, waiting.signal))) return;
    const deps = await webhookDeps(config, database, logger);
    worker = new WebhookWorker({ dataSource: database.dataSource, databaseUrl: database.directUrl, ...deps, settings: config.webhooks, logger });
    await worker.start();
  })();
  stopOnSignals(logger, async () => {
    waiting.abort();
    await starting.catch(() => undefined);
    await worker?.stop();
    await database.close();
  });
  await starting;
}

main().catch((error: unknown) => {
  process.stderr.write(`Worker failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
