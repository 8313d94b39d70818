import type { Logger } from 'pino';
import { type DataSource, MigrationExecutor, type Migration, type QueryRunner } from 'typeorm';
import { createDataSource } from '../../ormconfig';

/**
 * The session lock every process takes before it looks at the schema: any number of API nodes,
 * workers and `npm run migration:run` may start together on an empty or outdated database, and
 * one migrates while the others wait, then find nothing left to do. (Without it two processes
 * creating the same type collide in pg_type's unique index.) A constant of this application's own,
 * so it never meets another application's advisory locks in a shared database.
 */
export const MIGRATION_LOCK_KEY = 7_311_962_047_105_331_201n;

export interface SchemaSession {
  /** Migrations not yet applied, oldest first. */
  pending(): Promise<Migration[]>;
  /** Applies the pending migrations, each in its own transaction; the names applied, oldest first. */
  migrate(): Promise<Migration[]>;
  /** A statement on the locked session (for settings that must not race between processes either). */
  query<T>(sql: string): Promise<T[]>;
}

/**
 * Runs `work` holding the migration lock, on one session of `dataSource`, which must reach
 * PostgreSQL itself (a session lock does not survive a transaction pooler). The wait for the lock
 * is not bounded by the statement timeout: the first process's migrations may take longer than
 * one statement may.
 */
export async function withSchemaLock<T>(dataSource: DataSource, logger: Logger, work: (session: SchemaSession) => Promise<T>): Promise<T> {
  let runner: QueryRunner | undefined;
  try {
    runner = dataSource.createQueryRunner();
    await runner.connect();
    await lock(runner, logger);
    const executor = new MigrationExecutor(dataSource, runner);
    executor.transaction = 'each';
    const session: SchemaSession = {
      pending: () => executor.getPendingMigrations(),
      migrate: () => executor.executePendingMigrations(),
      query: (sql) => runner!.query(sql) as Promise<never>,
    };
    try {
      return await work(session);
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]).catch(() => undefined);
    }
  } finally {
    await runner?.release();
  }
}

/**
 * A one-connection DataSource on the direct URL, for the lock when the application's pool goes
 * through a pooler (without one, the lock takes a session of the application's pool instead).
 */
export async function directSessionSource(directUrl: string, statementTimeoutMs: number): Promise<DataSource> {
  const dataSource = createDataSource(directUrl, undefined, { statementTimeoutMs, poolSize: 1 });
  await dataSource.initialize();
  return dataSource;
}

async function lock(runner: QueryRunner, logger: Logger): Promise<void> {
  const key = MIGRATION_LOCK_KEY.toString();
  const [{ locked }] = (await runner.query('SELECT pg_try_advisory_lock($1) AS locked', [key])) as { locked: boolean }[];
  if (locked) return;
  logger.info('waiting for another process to finish migrating the database');
  await runner.query('SET statement_timeout = 0');
  await runner.query('SELECT pg_advisory_lock($1)', [key]);
  await runner.query('RESET statement_timeout');
}
