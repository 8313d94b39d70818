import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';

export interface BenchDatabase {
  url: string;
  /** Stops the embedded cluster and removes its files; a DATABASE_URL server is left as it is. */
  stop(): Promise<void>;
}

/** DATABASE_URL when set, otherwise a fresh embedded PostgreSQL in a temporary directory. */
export async function benchDatabase(logger: Logger): Promise<BenchDatabase> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => undefined };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cpa-bench-'));
  // mkdtemp makes a private directory; the postgres system user must be able to walk through it.
  await chmod(dir, 0o755);
  const embedded = await startEmbeddedPostgres(path.join(dir, 'data'), logger);
  return {
    url: embedded.url,
    stop: async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
