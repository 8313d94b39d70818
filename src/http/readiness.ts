import type { DataSource } from 'typeorm';
import { pendingMigrationNames } from '../db/migration-wait';

/**
 * `awaiting-migrations`: listening, with MIGRATE_ON_START=false, on a database that lacks
 * migrations; the steps that read the schema wait for `npm run migration:run`, and API requests
 * are answered 503 meanwhile (readiness-gate.ts).
 */
export type ReadinessState = 'starting' | 'awaiting-migrations' | 'ready' | 'draining';

export interface ReadinessReport {
  ready: boolean;
  state: ReadinessState;
  database: 'up' | 'down' | 'unknown';
  /** Migrations the running code knows of and the database lacks (names, oldest first); empty when none. */
  pendingMigrations: string[];
}

/**
 * What /readyz reports: ready only between "started" and "shutdown began", and only while the
 * database answers and has every migration this code knows of (with MIGRATE_ON_START=false, a node
 * waits here for `npm run migration:run`, and says which migrations it waits for).
 */
export class Readiness {
  state: ReadinessState = 'starting';
  /**
   * While `awaiting-migrations`: finishes the start, resolving once it has (src/app sets it). A
   * check that finds nothing pending any more calls it, so the probe that follows the migration
   * step finds the node ready without waiting for its next poll.
   */
  finishStart?: () => Promise<void>;

  constructor(private readonly dataSource: DataSource) {}

  async check(): Promise<ReadinessReport> {
    if (this.state === 'starting' || this.state === 'draining') return { ready: false, state: this.state, database: 'unknown', pendingMigrations: [] };
    let pendingMigrations: string[];
    try {
      pendingMigrations = await pendingMigrationNames(this.dataSource);
    } catch {
      return { ready: false, state: this.state, database: 'down', pendingMigrations: [] };
    }
    // A failed finish is reported where the start is awaited (the process exits); here it stays not ready.
    if (this.state === 'awaiting-migrations' && pendingMigrations.length === 0) await this.finishStart?.().catch(() => undefined);
    return { ready: this.state === 'ready' && pendingMigrations.length === 0, state: this.state, database: 'up', pendingMigrations };
  }
}
