import { Client } from 'pg';
import { createAccount } from '../../support/fixtures';
import { gid } from '../../support/global-ids';
import { EVENTS_SUBSCRIPTION, subscribeWs, subscribersOpen, wsClient } from '../../support/subscriptions';
import { startTestApp, type AnyBody, type TestApp, type Workspace } from '../../support/test-app';

/**
 * The change stream's one promise, under the schedule that breaks streams ordered by id or by
 * creation time: two transactions write events, and the one holding the later id commits first.
 * A reader that had handed out the later event and moved its cursor past it would never see the
 * earlier one. Here, while the first transaction is still open, the stream hands out neither
 * (the feed already shows the committed one); once it commits, both come, once each, to a pull
 * from the old cursor, to a live subscriber and to a subscriber resuming from that cursor.
 */

let app: TestApp;
let ws: Workspace;
const clients: Client[] = [];

beforeAll(async () => {
  app = await startTestApp();
  ws = await app.workspace();
  await createAccount(ws, 'Template');
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
  await app.close();
});

async function transaction(): Promise<Client> {
  const client = new Client({ connectionString: app.databaseUrl });
  clients.push(client);
  await client.connect();
  await client.query('BEGIN');
  return client;
}

/** Records, in the client's open transaction, a copy of the workspace's first event (a payload the catalogue accepts). */
async function recordEvent(client: Client): Promise<string> {
  const { rows } = await client.query(
    `INSERT INTO outbox_events (organisation_id, event_type, resource_type, resource_id, payload)
     SELECT organisation_id, event_type, resource_type, resource_id, payload FROM outbox_events WHERE organisation_id = $1 ORDER BY id LIMIT 1
     RETURNING id`,
    [ws.organisationId],
  );
  return String(rows[0].id);
}

async function streamAfter(cursor: string): Promise<AnyBody[]> {
  const answer = await ws.api.get(`/v2/events/stream?after=${cursor}`);
  expect(answer.status).toBe(200);
  return answer.body.data.events;
}

async function headCursor(): Promise<string> {
  return (await ws.api.get('/v2/events/stream')).body.data.next_cursor;
}

it.each([
  ['the transaction holding the smaller id', false],
  ['the transaction holding the larger id (ids against transaction order)', true],
])('hands out nothing while an older transaction runs, then both events once each, in transaction order: first to write is %s', async (_title, reversedIds) => {
  const client = wsClient(app, { 'X-API-Key': ws.key });
  const live = subscribeWs(client, EVENTS_SUBSCRIPTION);
  await subscribersOpen(app, 1);
  const before = await headCursor();

  // The first transaction takes its transaction id; with reversedIds it records its event only after the second has.
  const first = await transaction();
  await first.query('SELECT pg_current_xact_id()');
  const second = await transaction();
  let firstId = '';
  if (!reversedIds) firstId = await recordEvent(first);
  const secondId = await recordEvent(second);
  if (reversedIds) firstId = await recordEvent(first);
  expect(BigInt(secondId) > BigInt(firstId)).toBe(!reversedIds);

  await second.query('COMMIT');
  // Committed, so in the feed…
  expect((await ws.api.get(`/v2/events/${secondId}`)).status).toBe(200);
  // …but the stream hands it out only once nothing older can still commit behind it.
  expect(await streamAfter(before)).toEqual([]);
  const resuming = subscribeWs(client, EVENTS_SUBSCRIPTION, { after: before });
  await subscribersOpen(app, 2);

  await first.query('COMMIT');
  const stream = await streamAfter(before);
  expect(stream.map((event) => String(event.id))).toEqual([firstId, secondId]);
  // The subscription names each event by its global id; the feed by the digits inside it.
  const expected = stream.map((event) => ({ id: gid('Event', event.id), cursor: event.cursor }));
  expect((await live.waitForEvents(2)).map(({ id, cursor }) => ({ id, cursor }))).toEqual(expected);
  expect((await resuming.waitForEvents(2)).map(({ id, cursor }) => ({ id, cursor }))).toEqual(expected);

  // Nothing more follows: a later event is the next each receives.
  const later = await createAccount(ws, 'Later');
  const [third] = await streamAfter(stream[1].cursor);
  expect(third.data.advertiser_account.id).toBe(later);
  await live.waitForEvents(3);
  await resuming.waitForEvents(3);
  const all = [firstId, secondId, third.id].map((id) => gid('Event', id));
  expect(live.events.map((event) => event.id)).toEqual(all);
  expect(resuming.events.map((event) => event.id)).toEqual(all);
  live.stop();
  resuming.stop();
  await client.dispose();
  await subscribersOpen(app, 0);
});

it('is not held back by a transaction running in another database of the same PostgreSQL', async () => {
  const elsewhere = new Client({ connectionString: Object.assign(new URL(app.databaseUrl), { pathname: '/postgres' }).toString() });
  clients.push(elsewhere);
  await elsewhere.connect();
  await elsewhere.query('BEGIN');
  // A transaction id taken there before the write here: a bound on the whole cluster would hold the write back.
  await elsewhere.query('SELECT pg_current_xact_id()');
  const before = await headCursor();
  const accountId = await createAccount(ws, 'Not held back');
  const [event] = await streamAfter(before);
  expect(event.data.advertiser_account.id).toBe(accountId);
  await elsewhere.query('ROLLBACK');
});
