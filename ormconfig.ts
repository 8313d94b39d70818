import 'reflect-metadata';
import path from 'node:path';
import { DataSource, type DataSourceOptions, type Logger } from 'typeorm';
import { SnakeNamingStrategy } from './src/db/snake-naming.strategy';
import { ENTITIES } from './src/db/entities';

export const APPLICATION_NAME = 'campaign-partner-api';

/**
 * The one definition of how the application talks to PostgreSQL. The server, the admin CLI,
 * the tests and the TypeORM CLI all build their DataSource here; only the URL differs.
 */
export function dataSourceOptions(url: string, logger?: Logger): DataSourceOptions {
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
    extra: { max: 10, application_name: `${APPLICATION_NAME}/${process.pid}` },
    ...(logger ? { logger, logging: true } : { logging: false }),
  };
}

export function createDataSource(url: string, logger?: Logger): DataSource {
  return new DataSource(dataSourceOptions(url, logger));
}

/** For the TypeORM CLI (`typeorm migration:generate -d dist/ormconfig.js`). */
export default createDataSource(process.env.DATABASE_URL ?? 'postgres://localhost/campaign_partner_api');
