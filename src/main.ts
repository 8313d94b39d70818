import './compile-cache';
import 'reflect-metadata';
import { startApp } from './app/start-app';
import { redactedUrl } from './db/database';
import { createLogger } from './logging/logger';
import { loadConfigOrExit, stopOnSignals } from './process-lifecycle';

/** Where a person points a browser or curl: an unspecified listen address (0.0.0.0, ::) is reached as localhost. */
function reachableOrigin(listeningOrigin: string): string {
  const url = new URL(listeningOrigin);
  if (url.hostname === '0.0.0.0' || url.hostname === '[::]') url.hostname = 'localhost';
  return url.origin;
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  const app = await startApp(config, logger);
  const origin = reachableOrigin(app.server.listeningOrigin);
  logger.info(
    {
      graphql: `${origin}/graphql`,
      rest: `${origin}/v2`,
      docs: `${origin}/docs`,
      database: app.database.embedded ? 'embedded' : 'DATABASE_URL',
      // The embedded cluster's URL (password in DATA_DIR/credentials.json) is how psql reaches it.
      databaseUrl: redactedUrl(app.database.url),
      webhookWorker: config.worker,
    },
    `campaign partner API listening: GraphQL ${origin}/graphql, REST ${origin}/v2, docs ${origin}/docs`,
  );
  stopOnSignals(logger, app.stop);
  // A start finished late (after `npm run migration:run`, with MIGRATE_ON_START=false) fails as an early one does.
  app.ready.catch(async (error: unknown) => {
    await app.stop().catch(() => undefined);
    failedToStart(error);
  });
}

function failedToStart(error: unknown): never {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

main().catch(failedToStart);
