import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { MigrationExecutor, type DataSource } from 'typeorm';

/**
 * How often a process started with MIGRATE_ON_START=false on an empty or outdated database looks
 * whether `npm run migration:run` has applied the migrations: it is ready within this long of the
 * step, for one read of schema_migrations per process meanwhile. (An API node also looks whenever
 * /readyz is asked, so a probe after the step finds it ready sooner.)
 */
export const MIGRATIONS_POLL_MS = 2_000;

/** The migrations this code knows of and the database lacks (names, oldest first). */
export async function pendingMigrationNames(dataSource: DataSource): Promise<string[]> {
  return (await new MigrationExecutor(dataSource).getPendingMigrations()).map((migration) => migration.name);
}

/**
 * Resolves true once the database has every migration this code knows of, looking every
 * `intervalMs`; false as soon as `signal` aborts (a shutdown, or the caller found out another way).
 * A look that fails (the database down for a moment) is logged and made again: waiting for the
 * schema is not a reason to stop, which would put the process in a crash loop.
 */
export async function untilMigrated(dataSource: DataSource, logger: Logger, signal: AbortSignal, intervalMs = MIGRATIONS_POLL_MS): Promise<boolean> {
  while (!signal.aborted) {
    try {
      if ((await pendingMigrationNames(dataSource)).length === 0) return !signal.aborted;
    } catch (error) {
      logger.warn({ error: error instanceof Error ? error.message : String(error) }, 'could not read which migrations are applied; looking again');
    }
    await sleep(intervalMs, undefined, { signal }).catch(() => undefined);
  }
  return false;
}
