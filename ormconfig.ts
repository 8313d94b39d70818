import 'reflect-metadata';
import path from 'node:path';
import type { DataSource, DataSourceOptions, Logger } from 'typeorm';
import { PG_TYPE_PARSERS } from './src/db/pg-type-parsers';
import { RequestScopedDataSource } from './src/db/request-transaction';
import { SnakeNamingStrategy } from './src/db/snake-naming.strategy';
import { ENTITIES } from './src/app/entities';
import { DEFAULT_DATABASE_POOL_SIZE, DEFAULT_LIMITS } from './src/config/config-defaults';

export const APPLICATION_NAME = 'campaign-partner-api';

/**
 * The one definition of how the application talks to PostgreSQL. The server, the admin CLI,
 * the tests and the TypeORM CLI all build their DataSource here; only the URL differs.
 */
export interface ConnectionSettings {
  /** PostgreSQL `statement_timeout` of every pooled connection (STATEMENT_TIMEOUT_MS); 0 means none. */
  statementTimeoutMs?: number;
  /** Connections the pool may open (DATABASE_POOL_SIZE). */
  poolSize?: number;
  /**
   * The URL is a transaction pooler (PgBouncer), which refuses startup parameters it does not
   * know: the statement timeout is then the role's default in the database (db/statement-timeout.ts).
   */
  throughPooler?: boolean;
}

export function dataSourceOptions(url: string, logger?: Logger, settings: ConnectionSettings = {}): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: [path.join(__dirname, 'src', 'db', 'migrations', '*.{js,ts}')],
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    migrationsRun: false,
    // The pid lets one process tell its own connections from another's (see db/database.ts).
    // statement_timeout is sent with the connection's startup parameters, so it holds for every
    // statement on it (migrations included); a statement over it fails with SQLSTATE 57014.
    extra: {
      max: settings.poolSize ?? DEFAULT_DATABASE_POOL_SIZE,
      // Dates and timestamps read by position, the same values as pg's own parsers (db/pg-type-parsers.ts).
      types: PG_TYPE_PARSERS,
      application_name: `${APPLICATION_NAME}/${process.pid}`,
      ...(settings.throughPooler ? {} : { statement_timeout: settings.statementTimeoutMs ?? DEFAULT_LIMITS.statementTimeoutMs }),
    },
    ...(logger ? { logger, logging: true } : { logging: false }),
  };
}

export function createDataSource(url: string, logger?: Logger, settings?: ConnectionSettings): DataSource {
  // Joins the request transaction of the code that uses it, if any (src/db/request-transaction.ts).
  return new RequestScopedDataSource(dataSourceOptions(url, logger, settings));
}

/**
 * For the TypeORM CLI (`typeorm migration:generate -d dist/ormconfig.js`). `npm run
 * migration:generate` runs it through dist/src/cli/with-database.js, which sets DATABASE_URL to
 * the server's database (the embedded one when unset), migrated to the current schema.
 */
export default createDataSource(process.env.DATABASE_URL ?? 'postgres://localhost/campaign_partner_api');
