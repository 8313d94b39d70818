import { Client } from 'pg';
import { committedAfter } from '../../../src/events/stream/committed-events';
import { liveRead, liveReadOf, type LiveRow } from '../../../src/events/stream/live-read';
import { OutboxEvent } from '../../../src/outbox/outbox-event.entity';
import { createAccount } from '../../support/fixtures';
import { startTestApp, type TestApp, type Workspace } from '../../support/test-app';

/**
 * The hub reads on its listening session with its own statement (live-read.ts), not through
 * TypeORM: what it builds must be what TypeORM builds from the same rows, and `held` must say
 * what the stream holds back.
 */

let app: TestApp;
let ws: Workspace;
let session: Client;

beforeAll(async () => {
  app = await startTestApp();
  ws = await app.workspace();
  await createAccount(ws, 'First');
  await createAccount(ws, 'Second');
  session = new Client({ connectionString: app.databaseUrl });
  await session.connect();
});
afterAll(async () => {
  await session.end();
  await app.close();
});

async function read(after: { txid: string; id: string }): Promise<ReturnType<typeof liveRead>> {
  const { rows } = await session.query<LiveRow>(liveReadOf(app.dataSource), [after.txid, after.id]);
  return liveRead(rows);
}

const START = { txid: '0', id: '0', createdAt: 0 };

it('builds the events TypeORM builds from the same rows, in stream order', async () => {
  const expected = await committedAfter(app.dataSource.manager.createQueryBuilder(OutboxEvent, 'e'), START, 1_000).getMany();
  expect(expected.length).toBeGreaterThanOrEqual(2);
  const { events, held } = await read(START);
  expect(events).toEqual(expected);
  expect(events.every((event) => event instanceof OutboxEvent)).toBe(true);
  expect(held).toBe(false);
});

it('answers no events and not held past the last one', async () => {
  const all = await committedAfter(app.dataSource.manager.createQueryBuilder(OutboxEvent, 'e'), START, 1_000).getMany();
  const last = all[all.length - 1];
  await expect(read(last)).resolves.toEqual({ events: [], held: false });
});

it('says held, and hands out nothing behind a transaction still running', async () => {
  const all = await committedAfter(app.dataSource.manager.createQueryBuilder(OutboxEvent, 'e'), START, 1_000).getMany();
  const last = all[all.length - 1];
  const older = new Client({ connectionString: app.databaseUrl });
  await older.connect();
  try {
    await older.query('BEGIN');
    await older.query('SELECT pg_current_xact_id()');
    // Committed after the older transaction began, so it sorts after it and waits for it.
    await createAccount(ws, 'Behind');
    await expect(read(last)).resolves.toEqual({ events: [], held: true });
    await older.query('ROLLBACK');
    const { events, held } = await read(last);
    expect(events.map((event) => event.eventType)).toEqual(['advertiser_account_created']);
    expect(held).toBe(false);
  } finally {
    await older.end();
  }
});
