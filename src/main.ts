import 'reflect-metadata';
import { startApp } from './app';
import { createLogger } from './logging/logger';
import { loadConfigOrExit, stopOnSignals } from './process-lifecycle';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  const app = await startApp(config, logger);
  logger.info(
    { graphql: `${app.server.listeningOrigin}/graphql`, database: app.database.embedded ? 'embedded' : 'DATABASE_URL', webhookWorker: config.worker },
    'campaign partner API listening',
  );
  stopOnSignals(logger, app.stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
