import type { DataSource } from 'typeorm';

export type ReadinessState = 'starting' | 'ready' | 'draining';

/** What /readyz reports: ready only between "migrations done" and "shutdown began", and only while the database answers. */
export class Readiness {
  state: ReadinessState = 'starting';

  constructor(private readonly dataSource: DataSource) {}

  async check(): Promise<{ ready: boolean; state: ReadinessState; database: 'up' | 'down' | 'unknown' }> {
    if (this.state !== 'ready') return { ready: false, state: this.state, database: 'unknown' };
    try {
      await this.dataSource.query('SELECT 1');
      const pending = await this.dataSource.showMigrations();
      return { ready: !pending, state: this.state, database: 'up' };
    } catch {
      return { ready: false, state: this.state, database: 'down' };
    }
  }
}
