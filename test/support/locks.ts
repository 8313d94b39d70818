import type { QueryRunner } from 'typeorm';
import type { TestApp } from './test-app';
import { withAdminClient } from './test-database';
import { eventually } from './webhook-receiver';

/**
 * Waits until `pending` (a request sent while `holder`'s transaction holds row locks) has either
 * finished, or is seen in PostgreSQL waiting for a lock that `holder` holds. Tests that interleave
 * a request with a transaction of their own wait for this before going on, rather than for a
 * fixed time that a slow machine may not honour. Answers which it was.
 */
export async function blockedOrFinished(app: TestApp, holder: QueryRunner, pending: Promise<unknown>): Promise<'blocked' | 'finished'> {
  let finished = false;
  const settle = (): void => {
    finished = true;
  };
  void pending.then(settle, settle);
  const [{ pid }] = await holder.query('SELECT pg_backend_pid() AS pid');
  const state = await eventually(
    async () => {
      if (finished) return 'finished';
      const [{ waiting }] = await app.dataSource.query('SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [pid]);
      return waiting > 0 ? 'blocked' : 'running';
    },
    (current) => current !== 'running',
  );
  return state === 'finished' ? 'finished' : 'blocked';
}

/**
 * A superuser session of its own on `databaseUrl` (PostgreSQL itself, never a pooler) holding
 * `tables` in ACCESS EXCLUSIVE mode while `run` runs: every statement of the API on them waits for
 * it. Rolled back afterwards whatever happened.
 */
export async function holdingTableLocks<T>(databaseUrl: string, tables: string[], run: () => Promise<T>): Promise<T> {
  return withAdminClient(async (holder) => {
    await holder.query('BEGIN');
    await holder.query(`LOCK TABLE ${tables.map((table) => holder.escapeIdentifier(table)).join(', ')} IN ACCESS EXCLUSIVE MODE`);
    try {
      return await run();
    } finally {
      await holder.query('ROLLBACK');
    }
  }, databaseUrl);
}
