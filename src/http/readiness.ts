import { MigrationExecutor, type DataSource } from 'typeorm';

export type ReadinessState = 'starting' | 'ready' | 'draining';

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

  constructor(private readonly dataSource: DataSource) {}

  async check(): Promise<ReadinessReport> {
    if (this.state !== 'ready') return { ready: false, state: this.state, database: 'unknown', pendingMigrations: [] };
    try {
      const pending = await new MigrationExecutor(this.dataSource).getPendingMigrations();
      const pendingMigrations = pending.map((migration) => migration.name);
      return { ready: pendingMigrations.length === 0, state: this.state, database: 'up', pendingMigrations };
    } catch {
      return { ready: false, state: this.state, database: 'down', pendingMigrations: [] };
    }
  }
}
