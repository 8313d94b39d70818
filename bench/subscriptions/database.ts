import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres';
import type { BenchDatabase } from '../bench-database';

/**
 * bench/bench-database.ts's database, with one setting more: track_commit_timestamp, so that each
 * event's commit time is PostgreSQL's own (pg_xact_commit_timestamp). The embedded cluster is
 * started, the setting written (ALTER SYSTEM), and the cluster restarted on the same files, as the
 * setting takes effect only at start. A DATABASE_URL server must have it on already.
 */
export async function commitTimestampDatabase(logger: Logger): Promise<BenchDatabase> {
  if (process.env.DATABASE_URL) {
    const url = process.env.DATABASE_URL;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ track_commit_timestamp: string }>('SHOW track_commit_timestamp');
    await client.end();
    if (rows[0].track_commit_timestamp !== 'on') {
      throw new Error('bench:subscriptions reads commit times from PostgreSQL: run ALTER SYSTEM SET track_commit_timestamp = on on the DATABASE_URL server and restart it, or leave DATABASE_URL unset');
    }
    return { url, stop: async () => undefined };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cpa-bench-'));
  // mkdtemp makes a private directory; the postgres system user must be able to walk through it.
  await chmod(dir, 0o755);
  const dataDir = path.join(dir, 'data');
  const first = await startEmbeddedPostgres(dataDir, logger);
  const client = new pg.Client({ connectionString: first.url });
  await client.connect();
  await client.query('ALTER SYSTEM SET track_commit_timestamp = on');
  await client.end();
  await first.stop();
  const embedded = await startEmbeddedPostgres(dataDir, logger);
  return {
    url: embedded.url,
    stop: async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
