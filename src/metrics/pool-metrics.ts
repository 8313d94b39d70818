import type { Pool } from 'pg';
import { Gauge, type Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { listenersReceiving } from '../db/channel-listener';

/** The pg pool behind TypeORM's PostgreSQL driver (its `master`, typed `any` by TypeORM). */
export function pgPoolOf(dataSource: DataSource): Pool | undefined {
  const candidate: unknown = (dataSource.driver as { master?: unknown }).master;
  return isPool(candidate) ? candidate : undefined;
}

function isPool(value: unknown): value is Pool {
  const pool = value as Partial<Pool> | null | undefined;
  return typeof pool?.connect === 'function' && typeof pool.totalCount === 'number' && typeof pool.idleCount === 'number' && typeof pool.waitingCount === 'number';
}

/** A gauge read from the pool at scrape time; absent while there is no pool (before initialize, after destroy). */
function poolGauge(registry: Registry, dataSource: DataSource, name: string, help: string, read: (pool: Pool) => number): Gauge {
  return new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      const pool = pgPoolOf(dataSource);
      this.set(pool ? read(pool) : Number.NaN);
    },
  });
}

/** The application's connection pool (the one every request uses; pg-boss and the relay listener have their own). */
export function registerPoolMetrics(registry: Registry, dataSource: DataSource): void {
  poolGauge(registry, dataSource, 'db_pool_connections', 'Connections the application pool holds open, busy and idle.', (pool) => pool.totalCount);
  poolGauge(registry, dataSource, 'db_pool_idle_connections', 'Open connections of the application pool waiting for work.', (pool) => pool.idleCount);
  poolGauge(registry, dataSource, 'db_pool_waiting_clients', 'Queries waiting for a connection because the pool is at its maximum.', (pool) => pool.waitingCount);
  poolGauge(registry, dataSource, 'db_pool_max_connections', 'Most connections the application pool may open.', (pool) => pool.options.max);
}

/** Whether each LISTEN session of this process receives notifications (db/channel-listener.ts's probe). */
export function registerListenerMetrics(registry: Registry): void {
  new Gauge({
    name: 'db_listener_receiving',
    help: 'Whether a LISTEN session (relay, event hub) receives notifications: 1 yes, 0 no (lost, or behind a transaction pooler: polling instead).',
    labelNames: ['listener'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [listener, receiving] of listenersReceiving) this.set({ listener }, receiving ? 1 : 0);
    },
  });
}
