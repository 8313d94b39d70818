import type { Logger } from 'pino';
import type { DataSource, Migration } from 'typeorm';
import { APPLICATION_NAME, createDataSource } from '../../ormconfig';
import type { AppConfig } from '../config/config';
import { DEFAULT_LIMITS } from '../config/config-defaults';
import { startEmbeddedPostgres } from './embedded-postgres';
import { directSessionSource, withSchemaLock } from './migration-lock';
import { checkPooledStatementTimeout, ensureRoleStatementTimeout } from './statement-timeout';

export interface Database {
  dataSource: DataSource;
  /** The application pool's URL (the embedded cluster's when DATABASE_URL is unset); may be a transaction pooler. */
  url: string;
  /**
   * A URL for sessions of PostgreSQL's own (DATABASE_DIRECT_URL, else `url`): LISTEN, the job
   * queue, session locks. Never a transaction pooler's.
   */
  directUrl: string;
  /** `url` is a transaction pooler's (it differs from `directUrl`). */
  throughPooler: boolean;
  embedded: boolean;
  /** Migrations this open applied (names, oldest first); empty when the schema was current or MIGRATE_ON_START is false. */
  migrationsApplied: string[];
  /** Migrations still pending after the open (names, oldest first): only ever some when MIGRATE_ON_START is false. */
  migrationsPending: string[];
  close(): Promise<void>;
}

export type DatabaseSettings = Pick<AppConfig, 'databaseUrl' | 'dataDir'> &
  Partial<Pick<AppConfig, 'limits' | 'databaseDirectUrl' | 'databasePoolSize' | 'migrateOnStart'>>;

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
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL when it is unset, and, under the
 * migration lock on a direct session (db/migration-lock.ts), applies pending migrations (unless
 * MIGRATE_ON_START is false) and, through a transaction pooler, makes the statement timeout the
 * role's default (db/statement-timeout.ts), before anything else touches the schema.
 */
export async function openDatabase(config: DatabaseSettings, logger: Logger): Promise<Database> {
  const embedded = config.databaseUrl === undefined ? await startEmbeddedPostgres(config.dataDir, logger) : undefined;
  const url = config.databaseUrl ?? embedded!.url;
  const directUrl = config.databaseDirectUrl ?? url;
  const throughPooler = directUrl !== url;
  const statementTimeoutMs = config.limits?.statementTimeoutMs ?? DEFAULT_LIMITS.statementTimeoutMs;
  const dataSource = createDataSource(url, undefined, { statementTimeoutMs, poolSize: config.databasePoolSize, throughPooler });
  let applied: Migration[] = [];
  let pending: Migration[] = [];
  try {
    // Without a pooler the lock takes a session of the application's pool (initialising it touches
    // no table). Through one, the pool opens only after the role's statement timeout is set: a
    // server connection the pooler opened before would keep the old value.
    if (!throughPooler) await dataSource.initialize();
    const lockSource = throughPooler ? await directSessionSource(directUrl, statementTimeoutMs) : dataSource;
    try {
      await withSchemaLock(lockSource, logger, async (session) => {
        if (config.migrateOnStart === false) pending = await session.pending();
        else applied = await session.migrate();
        if (throughPooler) await ensureRoleStatementTimeout(session, statementTimeoutMs, logger);
      });
    } finally {
      if (lockSource !== dataSource) await lockSource.destroy();
    }
    if (applied.length > 0) logger.info({ migrations: applied.map((m) => m.name) }, 'migrations applied');
    if (pending.length > 0) {
      logger.warn({ migrations: pending.map((m) => m.name) }, 'migrations pending (MIGRATE_ON_START=false): not ready until `npm run migration:run` applies them');
    }
    if (throughPooler) {
      await dataSource.initialize();
      await checkPooledStatementTimeout(dataSource, statementTimeoutMs, logger);
    }
  } catch (error) {
    if (dataSource.isInitialized) await dataSource.destroy();
    await embedded?.stop();
    throw explained(error, throughPooler);
  }
  return {
    dataSource,
    url,
    directUrl,
    throughPooler,
    embedded: embedded !== undefined,
    migrationsApplied: applied.map((m) => m.name),
    migrationsPending: pending.map((m) => m.name),
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

/**
 * PgBouncer's refusal of a startup parameter, when the sessions' URL is the pooler too: the
 * operator has to give PostgreSQL's own address as well.
 */
function explained(error: unknown, throughPooler: boolean): unknown {
  if (!(error instanceof Error) || !/unsupported startup parameter/i.test(error.message)) return error;
  const advice = throughPooler
    ? 'DATABASE_DIRECT_URL must reach PostgreSQL itself, not the pooler'
    : 'DATABASE_URL looks like a transaction pooler: set DATABASE_DIRECT_URL to PostgreSQL itself, for the sessions the pooler cannot keep (docs/scaling.md)';
  return new Error(`${error.message}: ${advice}`, { cause: error });
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
