import type { PoolClient } from 'pg';
import { eventually } from '../support/webhook-receiver';
import { createWebhook, WEBHOOKS_PATH } from '../support/webhooks';
import { pgPoolOf } from '../../src/metrics/pool-metrics';
import { startMetricsTestApp } from './metrics-test-app';
import { scrape, valueOf } from './scrape';
import { appForFile } from '../support/file-app';

/**
 * outbox_backlog{kind} and outbox_backlog_up: the webhook pipeline's backlog counted in SQL at
 * scrape time. These apps run no webhook worker, so nothing drains the backlog behind the test.
 */

const { app, ws } = appForFile({ start: startMetricsTestApp });

async function count(sql: string): Promise<number> {
  const [{ count: n }] = await app.dataSource.query(`SELECT count(*)::int AS count FROM ${sql}`);
  return n;
}

describe('outbox_backlog{kind="unrelayed_events"}', () => {
  it('counts committed events the relay has not turned into deliveries yet', async () => {
    const before = valueOf((await scrape(app.metricsUrl!)).samples, 'outbox_backlog', { kind: 'unrelayed_events' })!;
    expect((await ws.api.post('/v2/advertiser-accounts', { name: 'Acme Brands' })).status).toBe(200);
    expect((await ws.api.post('/v2/advertiser-accounts', { name: 'Bolt Media' })).status).toBe(200);
    const { samples } = await scrape(app.metricsUrl!);
    const backlog = valueOf(samples, 'outbox_backlog', { kind: 'unrelayed_events' })!;
    expect(backlog).toBe(before + 2);
    expect(backlog).toBe(await count('outbox_events WHERE relayed_at IS NULL'));
    expect(valueOf(samples, 'outbox_backlog_up')).toBe(1);
  });

  it('goes down when the relay marks events relayed', async () => {
    await app.dataSource.query('UPDATE outbox_events SET relayed_at = now() WHERE relayed_at IS NULL');
    expect(valueOf((await scrape(app.metricsUrl!)).samples, 'outbox_backlog', { kind: 'unrelayed_events' })).toBe(0);
  });
});

describe('outbox_backlog{kind="pending_deliveries"}', () => {
  it('counts deliveries no receiver has accepted yet', async () => {
    const webhook = await createWebhook(ws);
    expect((await ws.api.post(`${WEBHOOKS_PATH}/${webhook.id}/test`)).status).toBe(200);
    const backlog = valueOf((await scrape(app.metricsUrl!)).samples, 'outbox_backlog', { kind: 'pending_deliveries' });
    expect(backlog).toBeGreaterThanOrEqual(1);
    expect(backlog).toBe(await count(`webhook_deliveries WHERE status = 'pending'`));
  });
});

describe('a backlog that cannot be counted', () => {
  it('leaves the backlog out, reports outbox_backlog_up 0 and answers the rest of the scrape', async () => {
    await app.dataSource.query('ALTER TABLE outbox_events RENAME TO outbox_events_away');
    try {
      const result = await scrape(app.metricsUrl!);
      expect(result.status).toBe(200);
      expect(valueOf(result.samples, 'outbox_backlog_up')).toBe(0);
      expect(valueOf(result.samples, 'outbox_backlog', { kind: 'unrelayed_events' })).toBeUndefined();
      expect(valueOf(result.samples, 'outbox_backlog', { kind: 'pending_deliveries' })).toBeUndefined();
      expect(valueOf(result.samples, 'db_pool_max_connections')).toBe(10);
    } finally {
      await app.dataSource.query('ALTER TABLE outbox_events_away RENAME TO outbox_events');
    }
    expect(valueOf((await scrape(app.metricsUrl!)).samples, 'outbox_backlog_up')).toBe(1);
  });

  it('gives up on a count the database holds up (a locked table), and frees its connection', async () => {
    const pool = pgPoolOf(app.dataSource)!;
    const locker: PoolClient = await pool.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE webhook_deliveries IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      const result = await scrape(app.metricsUrl!);
      expect(result.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(valueOf(result.samples, 'outbox_backlog_up')).toBe(0);
      // The partner server goes on answering meanwhile.
      expect((await ws.api.get('/v2/advertiser-accounts')).status).toBe(200);
    } finally {
      await locker.query('ROLLBACK');
      locker.release();
    }
    const recovered = await scrape(app.metricsUrl!);
    expect(valueOf(recovered.samples, 'outbox_backlog_up')).toBe(1);
    expect(valueOf(recovered.samples, 'db_pool_waiting_clients')).toBe(0);
  });

  it('gives up when the pool has no connection to spare, without failing the scrape', async () => {
    const pool = pgPoolOf(app.dataSource)!;
    const held: PoolClient[] = [];
    try {
      while (held.length < 10) held.push(await pool.connect());
      const started = Date.now();
      const result = await scrape(app.metricsUrl!);
      expect(result.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(valueOf(result.samples, 'outbox_backlog_up')).toBe(0);
      expect(valueOf(result.samples, 'db_pool_idle_connections')).toBe(0);
    } finally {
      for (const client of held) client.release();
    }
    // The late count got its connection once one was free, and gave it back: seen in the pool (no
    // one waiting, every connection idle), then the next scrape counts again.
    await eventually(async () => ({ waiting: pool.waitingCount, busy: pool.totalCount - pool.idleCount }), ({ waiting, busy }) => waiting === 0 && busy === 0);
    expect(valueOf((await scrape(app.metricsUrl!)).samples, 'outbox_backlog_up')).toBe(1);
  });
});
