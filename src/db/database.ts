import type { Logger } from 'pino';
import type { DataSource, Migration } from 'typeorm';
import { APPLICATION_NAME, createDataSource } from '../../ormconfig';
import type { AppConfig } from '../config/config';
import { startEmbeddedPostgres } from './embedded-postgres';

export interface Database {
  dataSource: DataSource;
  /** The connection URL (the embedded cluster's when DATABASE_URL is unset), for pools beside TypeORM's. */
  url: string;
  embedded: boolean;
  /** Migrations this open applied (names, oldest first); empty when the schema was current. */
  migrationsApplied: string[];
  close(): Promise<void>;
}

/**
 * The URL with its password replaced by `***`, for logs: enough for `psql` or `npm run
 * migration:run` to find the server (the embedded cluster's password is in DATA_DIR/credentials.json).
 */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    // libpq also takes the password as a query parameter.
    if (parsed.searchParams.has('password')) parsed.searchParams.set('password', '***');
    return parsed.toString();
  } catch {
    return '[unparseable URL]';
  }
}

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL when it is unset, and applies
 * pending migrations before anything else touches the schema.
 */
export async function openDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'> & Partial<Pick<AppConfig, 'limits'>>, logger: Logger): Promise<Database> {
  const embedded = config.databaseUrl === undefined ? await startEmbeddedPostgres(config.dataDir, logger) : undefined;
  const url = config.databaseUrl ?? embedded!.url;
  const dataSource = createDataSource(url, undefined, { statementTimeoutMs: config.limits?.statementTimeoutMs });
  let applied: Migration[];
  try {
    await dataSource.initialize();
    applied = await dataSource.runMigrations({ transaction: 'each' });
    if (applied.length > 0) logger.info({ migrations: applied.map((m) => m.name) }, 'migrations applied');
  } catch (error) {
    if (dataSource.isInitialized) await dataSource.destroy();
    await embedded?.stop();
    throw error;
  }
  return {
    dataSource,
    url,
    embedded: embedded !== undefined,
    migrationsApplied: applied.map((m) => m.name),
    close: async () => {
      // A server may have attached to a cluster this process (say, an admin command) started;
      // stopping it then would pull the database from under that server.
      const inUseElsewhere = embedded?.startedHere && dataSource.isInitialized ? await otherProcessesConnected(dataSource) : false;
      if (dataSource.isInitialized) await dataSource.destroy();
      if (inUseElsewhere) logger.info('leaving the embedded PostgreSQL running: another process is using it');
      else await embedded?.stop();
    },
  };
}

/** False too when the cluster cannot answer (it may be shutting down already): then there is nobody to protect. */
async function otherProcessesConnected(dataSource: DataSource): Promise<boolean> {
  try {
    const [{ count }] = await dataSource.query(
      `SELECT count(*)::int AS count FROM pg_stat_activity WHERE application_name LIKE $1 AND application_name <> $2`,
      [`${APPLICATION_NAME}/%`, `${APPLICATION_NAME}/${process.pid}`],
    );
    return count > 0;
  } catch {
    return false;
  }
}
