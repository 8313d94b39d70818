import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../../ormconfig';
import type { AppConfig } from '../config/config';
import { startEmbeddedPostgres } from './embedded-postgres';

export interface Database {
  dataSource: DataSource;
  embedded: boolean;
  close(): Promise<void>;
}

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL when it is unset, and applies
 * pending migrations before anything else touches the schema.
 */
export async function openDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>, logger: Logger): Promise<Database> {
  const embedded = config.databaseUrl === undefined ? await startEmbeddedPostgres(config.dataDir, logger) : undefined;
  const dataSource = createDataSource(config.databaseUrl ?? embedded!.url);
  try {
    await dataSource.initialize();
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    if (applied.length > 0) logger.info({ migrations: applied.map((m) => m.name) }, 'migrations applied');
  } catch (error) {
    if (dataSource.isInitialized) await dataSource.destroy();
    await embedded?.stop();
    throw error;
  }
  return {
    dataSource,
    embedded: embedded !== undefined,
    close: async () => {
      if (dataSource.isInitialized) await dataSource.destroy();
      await embedded?.stop();
    },
  };
}
