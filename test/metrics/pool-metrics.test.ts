import type { PoolClient } from 'pg';
import { pgPoolOf } from '../../src/metrics/pool-metrics';
import { startMetricsTestApp, type MetricsTestApp } from './metrics-test-app';
import { scrape, valueOf } from './scrape';

/** db_pool_*: the pg pool behind TypeORM's DataSource, read at scrape time. */

let app: MetricsTestApp;

beforeAll(async () => {
  app = await startMetricsTestApp();
});
afterAll(async () => {
  await app.close();
});

async function poolSamples(): Promise<Record<string, number | undefined>> {
  const { samples } = await scrape(app.metricsUrl!);
  return Object.fromEntries(
    ['db_pool_connections', 'db_pool_idle_connections', 'db_pool_waiting_clients', 'db_pool_max_connections'].map((name) => [name, valueOf(samples, name)]),
  );
}

describe('db_pool_* gauges', () => {
  it("report the pool's maximum and its open and idle connections", async () => {
    const pool = pgPoolOf(app.dataSource)!;
    const gauges = await poolSamples();
    expect(gauges.db_pool_max_connections).toBe(10);
    expect(gauges.db_pool_connections).toBeGreaterThanOrEqual(1);
    expect(gauges.db_pool_idle_connections).toBeLessThanOrEqual(gauges.db_pool_connections!);
    expect(gauges.db_pool_waiting_clients).toBe(0);
    // Read after the scrape's own backlog count has given its connection back.
    expect(gauges.db_pool_connections).toBe(pool.totalCount);
  });

  it('follow connections taken from the pool and the queries waiting for one', async () => {
    const pool = pgPoolOf(app.dataSource)!;
    const held: PoolClient[] = [];
    try {
      for (let i = 0; i < 10; i += 1) held.push(await pool.connect());
      const waiting = app.dataSource.query('SELECT 1');
      const gauges = await poolSamples();
      expect(gauges.db_pool_connections).toBe(10);
      expect(gauges.db_pool_idle_connections).toBe(0);
      // The query above, and the scrape's backlog count, which waited for a connection in vain.
      expect(gauges.db_pool_waiting_clients).toBeGreaterThanOrEqual(1);
      for (const client of held.splice(0)) client.release();
      await waiting;
    } finally {
      for (const client of held) client.release();
    }
    // The scrape's late backlog count takes a freed connection for a moment; let it finish.
    while (pool.idleCount < pool.totalCount || pool.waitingCount > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const after = await poolSamples();
    expect(after.db_pool_waiting_clients).toBe(0);
    expect(after.db_pool_idle_connections).toBe(after.db_pool_connections);
  });
});
