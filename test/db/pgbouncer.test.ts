import { Writable } from 'node:stream';
import { ChannelListener, listenersReceiving } from '../../src/db/channel-listener';
import { openDatabase } from '../../src/db/database';
import { createLogger } from '../../src/logging/logger';
import { STATEMENT_TIMEOUT_RETRY_AFTER_SECONDS } from '../../src/db/statement-timed-out';
import { OUTBOX_CHANNEL } from '../../src/outbox/outbox';
import { holdingTableLocks } from '../support/locks';
import { startPgBouncer, type PgBouncer } from '../support/pgbouncer';
import { subscribersOpen, subscribeWs, wsClient, closeSubscriptions } from '../support/subscriptions';
import { freshDatabase } from '../support/test-database';
import { startTestApp, TEST_LIMITS, type TestApp, type Workspace } from '../support/test-app';
import { eventually } from '../support/webhook-receiver';

/**
 * Through PgBouncer in transaction pooling (a real one on loopback): DATABASE_URL is the pooler,
 * DATABASE_DIRECT_URL PostgreSQL itself. Nothing is lost: the statement timeout holds on pooled
 * connections, and LISTEN (live updates, the relay) runs on direct sessions.
 */
const STATEMENT_TIMEOUT_MS = 700;

function capturedLogger(): { logger: ReturnType<typeof createLogger>; lines: () => string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger('info', stream), lines: () => lines };
}

describe('through PgBouncer in transaction pooling', () => {
  let pgbouncer: PgBouncer;
  let app: TestApp;
  let workspace: Workspace;

  beforeAll(async () => {
    const upstream = process.env.CPA_TEST_ADMIN_URL!;
    pgbouncer = await startPgBouncer(upstream);
    app = await startTestApp((databaseUrl) => ({
      databaseUrl: pgbouncer.pooled(databaseUrl),
      databaseDirectUrl: databaseUrl,
      limits: { ...TEST_LIMITS, statementTimeoutMs: STATEMENT_TIMEOUT_MS },
    }));
    workspace = await app.workspace();
  });

  afterAll(async () => {
    await closeSubscriptions(app);
    await app?.close();
    await pgbouncer?.stop();
  });

  it('serves both faces through the pooler', async () => {
    expect(app.running.database.throughPooler).toBe(true);
    const created = await workspace.api.post('/v2/advertiser-accounts', { name: 'Pooled' });
    expect(created.status).toBe(200);
    const read = await workspace.api.post('/graphql', { query: '{ advertiserAccounts { totalCount } }' });
    expect(read.body.data.advertiserAccounts.totalCount).toBe(1);
    expect(await pgbouncer.serverConnections()).toBeGreaterThan(0);
  });

  it('keeps the statement timeout on pooled connections: the role’s default in the database, not a startup parameter', async () => {
    const [{ setting }] = await app.dataSource.query(`SELECT current_setting('statement_timeout') AS setting`);
    expect(setting).toBe(`${STATEMENT_TIMEOUT_MS}ms`);
    await expect(app.dataSource.query('SELECT pg_sleep(5)')).rejects.toMatchObject({ code: '57014' });
  });

  it('delivers live updates: the event hub listens on a direct session', async () => {
    const client = wsClient(app, { 'X-API-Key': workspace.key });
    const received = subscribeWs(client, 'subscription { events { type } }');
    await subscribersOpen(app, 1);
    await eventually(async () => listenersReceiving.get('event hub'), (receiving) => receiving === true);
    await workspace.api.post('/v2/advertiser-accounts', { name: 'Live through the pooler' });
    const [event] = await received.waitForEvents(1);
    expect(event.type).toBe('advertiser_account_created');
  });

  it('says so, in the log and the metric, when a LISTEN session cannot receive (a listener given the pooler)', async () => {
    const database = await freshDatabase();
    const { logger, lines } = capturedLogger();
    const listener = new ChannelListener({ url: pgbouncer.pooled(database.url), channel: OUTBOX_CHANNEL, applicationName: 'test/pooled-listener', logger, label: 'pooled test listener' });
    try {
      await listener.listen();
      await eventually(async () => listenersReceiving.get('pooled test listener'), (receiving) => receiving === false);
      expect(lines().join('\n')).toMatch(/pooled test listener listener receives no notifications \(is DATABASE_DIRECT_URL a transaction pooler\?\)/);
    } finally {
      await listener.close();
      await database.drop();
    }
  });

  it('answers a write and a read that wait past the statement timeout for a lock 503 STATEMENT_TIMEOUT, not 500', async () => {
    const created = await workspace.api.post('/v2/advertiser-accounts', { name: 'Behind a lock' });
    const id: number = created.body.data.advertiser_account.id;
    const [write, read] = await holdingTableLocks(app.databaseUrl, ['advertiser_accounts'], () =>
      Promise.all([workspace.api.put(`/v2/advertiser-accounts/${id}`, { name: 'Renamed behind a lock' }), workspace.api.get(`/v2/advertiser-accounts/${id}`)]),
    );
    for (const answer of [write, read]) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe(String(STATEMENT_TIMEOUT_RETRY_AFTER_SECONDS));
      expect(answer.body).toMatchObject({ success: false, code: 'STATEMENT_TIMEOUT' });
    }
    expect((await workspace.api.get(`/v2/advertiser-accounts/${id}`)).body.data.advertiser_account.name).toBe('Behind a lock');
  });

  it('refuses to start with the pooler as the only URL, saying to set DATABASE_DIRECT_URL', async () => {
    const database = await freshDatabase();
    try {
      await expect(openDatabase({ databaseUrl: pgbouncer.pooled(database.url), dataDir: '/nonexistent' }, createLogger('silent'))).rejects.toThrow(
        /unsupported startup parameter: statement_timeout: DATABASE_URL looks like a transaction pooler: set DATABASE_DIRECT_URL/,
      );
    } finally {
      await database.drop();
    }
  });
});
