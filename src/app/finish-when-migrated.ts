/**
 * Part of the composition root (src/app/): the end of a start that waits for migrations. With
 * MIGRATE_ON_START=false on an empty or outdated database, the server listens at once (so an
 * orchestrator that starts it before the migration job sees a live, unready node rather than a
 * crash loop) and runs the steps that read the schema once `npm run migration:run` has run.
 */
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { untilMigrated } from '../db/migration-wait';
import type { Readiness } from '../http/readiness';

export interface DeferredStart {
  /** Settles once the start is finished (the node is ready), or rejects with what made finishing it fail; resolves, unready, if stopped first. */
  done: Promise<void>;
  /** Stops waiting (a shutdown); resolves once a finish already under way has ended. */
  stop(): Promise<void>;
}

/**
 * Puts `readiness` in `awaiting-migrations` and, once the database has every migration (its poll,
 * or a /readyz probe that finds none pending), runs `finish` (the steps that read the schema) and
 * makes the node ready. `finish` runs once at most.
 */
export function finishWhenMigrated(dataSource: DataSource, readiness: Readiness, logger: Logger, finish: () => Promise<void>): DeferredStart {
  const waiting = new AbortController();
  let stopped = false;
  let finishing: Promise<void> | undefined;
  const finishNow = (): Promise<void> =>
    (finishing ??= (async () => {
      waiting.abort();
      if (stopped) return;
      logger.info('migrations applied: finishing the start');
      await finish();
      // A shutdown that began meanwhile has made the node draining: it stays so.
      if (readiness.state !== 'awaiting-migrations') return;
      readiness.state = 'ready';
      logger.info('ready');
    })());
  readiness.state = 'awaiting-migrations';
  readiness.finishStart = finishNow;
  const done = untilMigrated(dataSource, logger, waiting.signal).then((migrated) => (migrated ? finishNow() : finishing));
  return {
    done,
    stop: async () => {
      stopped = true;
      waiting.abort();
      await finishing?.catch(() => undefined);
    },
  };
}
