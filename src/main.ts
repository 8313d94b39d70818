import 'reflect-metadata';
import { startApp } from './app';
import { ConfigError, loadConfig } from './config/config';
import { createLogger } from './logging/logger';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const app = await startApp(config, logger);
  logger.info({ graphql: `${app.server.listeningOrigin}/graphql`, database: app.database.embedded ? 'embedded' : 'DATABASE_URL' }, 'campaign partner API listening');

  const shutdown = (signal: string): void => {
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    app.stop().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
