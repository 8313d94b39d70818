import type { Logger } from 'pino';
import { type AppConfig, ConfigError, loadConfig } from './config/config';

/** The settings, or the list of every problem on stderr and exit status 1. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** On SIGTERM or SIGINT: `stop` (letting work in flight finish), then exit 0, or 1 if stopping fails. */
export function stopOnSignals(logger: Logger, stop: () => Promise<void>): void {
  const shutdown = (signal: string): void => {
    logger.info({ signal }, 'shutting down: finishing work in flight');
    stop().then(
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
