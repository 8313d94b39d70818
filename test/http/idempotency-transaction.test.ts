import type { QueryRunner } from 'typeorm';
import { attemptJobStates } from '../support/delivery-work';
import { blockedOrFinished } from '../support/locks';
import { startTestApp, type AnyBody, type ApiResponse, type TestApp, type Workspace } from '../support/test-app';

/**
 * An Idempotency-Key request runs in one transaction with its recorded answer (src/http/idempotency,
 * src/db/request-transaction.ts; docs/decisions.md "Idempotency keys"): the write, its outbox
 * events and the stored answer commit together or not at all. Failures are real ones: triggers this
 * file installs make PostgreSQL refuse the answer (or its COMMIT) for the keys a test names, and a
 * lock a test holds pauses a request where the test needs it paused.
 */

let app: TestApp;
/** The advisory lock a paused answer waits for (test_refuse_answer). */
const PAUSE_LOCK = 424242;
const BASE = '/v2/advertiser-accounts';

beforeAll(async () => {
  app = await startTestApp();
  await app.dataSource.query(`
    CREATE TABLE test_refused_answers (key text PRIMARY KEY, at_commit boolean NOT NULL DEFAULT false);
    CREATE TABLE test_paused_answers (key text PRIMARY KEY);
    CREATE FUNCTION test_refuse_answer() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.state = 'completed' AND EXISTS (SELECT 1 FROM test_refused_answers WHERE key = NEW.key AND at_commit = (TG_WHEN = 'AFTER')) THEN
        RAISE EXCEPTION 'the test refuses the answer of %', NEW.key;
      END IF;
      IF TG_WHEN = 'BEFORE' AND NEW.state = 'completed' AND EXISTS (SELECT 1 FROM test_paused_answers WHERE key = NEW.key) THEN
        PERFORM pg_advisory_xact_lock(${PAUSE_LOCK});
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER test_refuse_answer BEFORE UPDATE ON idempotency_keys FOR EACH ROW EXECUTE FUNCTION test_refuse_answer();
    CREATE CONSTRAINT TRIGGER test_refuse_commit AFTER UPDATE ON idempotency_keys DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION test_refuse_answer();
  `);
});

afterEach(async () => {
  // Every answer is committed or rolled back before it is sent: no request leaves a transaction open.
  const open = await app.dataSource.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`);
  expect(open).toEqual([{ n: 0 }]);
});

afterAll(() => app.close());

let keyCounter = 0;

function freshKey(): string {
  keyCounter += 1;
  return `tx-${Date.now()}-${keyCounter}`;
}

function withKey(key: string): Record<string, string> {
  return { 'idempotency-key': key };
}

function replayed(response: ApiResponse<AnyBody>): string | null {
  return response.headers.get('idempotent-replayed');
}

async function accountNames(ws: Workspace): Promise<string[]> {
  const rows: { name: string }[] = await app.dataSource.query(`SELECT name FROM advertiser_accounts WHERE organisation_id = $1 ORDER BY id`, [ws.organisationId]);
  return rows.map((row) => row.name);
}

async function eventTypes(ws: Workspace): Promise<string[]> {
  const rows: { event_type: string }[] = await app.dataSource.query(`SELECT event_type FROM outbox_events WHERE organisation_id = $1 ORDER BY id`, [ws.organisationId]);
  return rows.map((row) => row.event_type);
}

async function keyRows(ws: Workspace): Promise<{ key: string; state: string; response_status: number | null }[]> {
  return app.dataSource.query(`SELECT key, state, response_status FROM idempotency_keys WHERE organisation_id = $1 ORDER BY key`, [ws.organisationId]);
}

async function refuseAnswer(key: string, atCommit = false): Promise<void> {
  await app.dataSource.query(`INSERT INTO test_refused_answers (key, at_commit) VALUES ($1, $2)`, [key, atCommit]);
}

async function acceptAnswer(key: string): Promise<void> {
  await app.dataSource.query(`DELETE FROM test_refused_answers WHERE key = $1`, [key]);
}

/** A connection of the test's own, for holding locks a request is to wait for. */
async function lockHolder(): Promise<QueryRunner> {
  const holder = app.dataSource.createQueryRunner();
  await holder.connect();
  return holder;
}

const INTERNAL_ENVELOPE = { success: false, message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR', request_id: expect.any(String) };
const INTERNAL_GRAPHQL = { errors: [{ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] };

const CREATE_TWO = `
  mutation Two($first: AdvertiserAccountInput!, $second: AdvertiserAccountInput!) {
    first: advertiserAccountCreate(input: $first) { advertiserAccount { id name } userErrors { code } }
    second: advertiserAccountCreate(input: $second) { advertiserAccount { id name } userErrors { code } }
  }
`;

describe('an answer that cannot be recorded', () => {
  it('rolls the write and its event back, answers 500, and the retry performs the write once', async () => {
    const ws = await app.workspace();
    const key = freshKey();
    await refuseAnswer(key);

    const failed = await ws.api.post(BASE, { name: 'Exactly once' }, withKey(key));
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual(INTERNAL_ENVELOPE);
    expect(await accountNames(ws)).toEqual([]);
    expect(await eventTypes(ws)).toEqual([]);
    // Released: the retry runs the request.
    expect(await keyRows(ws)).toEqual([]);

    await acceptAnswer(key);
    const retry = await ws.api.post(BASE, { name: 'Exactly once' }, withKey(key));
    expect(retry.status).toBe(200);
    expect(replayed(retry)).toBeNull();
    const again = await ws.api.post(BASE, { name: 'Exactly once' }, withKey(key));
    expect(replayed(again)).toBe('true');
    expect(again.body).toEqual(retry.body);

    expect(await accountNames(ws)).toEqual(['Exactly once']);
    expect(await eventTypes(ws)).toEqual(['advertiser_account_created']);
    expect(await keyRows(ws)).toEqual([{ key, state: 'completed', response_status: 200 }]);
  });

  it('when COMMIT itself fails: 500, nothing stands, and the retry performs the write once', async () => {
    const ws = await app.workspace();
    const id = (await ws.api.post(BASE, { name: 'Before' })).body.data.advertiser_account.id;
    const key = freshKey();
    await refuseAnswer(key, true);

    const failed = await ws.api.put(`${BASE}/${id}`, { name: 'After' }, withKey(key));
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual(INTERNAL_ENVELOPE);
    expect(await accountNames(ws)).toEqual(['Before']);
    expect(await eventTypes(ws)).toEqual(['advertiser_account_created']);
    expect(await keyRows(ws)).toEqual([]);

    await acceptAnswer(key);
    const retry = await ws.api.put(`${BASE}/${id}`, { name: 'After' }, withKey(key));
    expect(retry.status).toBe(200);
    expect(replayed(retry)).toBeNull();
    expect(await accountNames(ws)).toEqual(['After']);
    expect(await eventTypes(ws)).toEqual(['advertiser_account_created', 'advertiser_account_updated']);
    expect(await keyRows(ws)).toEqual([{ key, state: 'completed', response_status: 200 }]);
  });

  it('when its connection is lost before COMMIT: 503 with Retry-After, nothing stands, and the retry performs the write once', async () => {
    const ws = await app.workspace();
    const key = freshKey();
    await app.dataSource.query(`INSERT INTO test_paused_answers (key) VALUES ($1)`, [key]);
    const holder = await lockHolder();
    let failed: ApiResponse<AnyBody>;
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [PAUSE_LOCK]);
      const pending = ws.api.post(BASE, { name: 'Cut off' }, withKey(key));
      expect(await blockedOrFinished(app, holder, pending)).toBe('blocked');
      // The request's own session, waiting in its answer, is ended as an administrator (or a failover) would.
      const [{ pid: holderPid }] = await holder.query('SELECT pg_backend_pid() AS pid');
      const [{ pid }] = await app.dataSource.query('SELECT pid FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [holderPid]);
      await app.dataSource.query('SELECT pg_terminate_backend($1)', [pid]);
      failed = await pending;
    } finally {
      await holder.query('SELECT pg_advisory_unlock_all()');
      await holder.release();
    }
    expect(failed.status).toBe(503);
    expect(failed.headers.get('retry-after')).toBe('5');
    expect(failed.body).toEqual({ success: false, message: 'The service is temporarily unavailable; retry shortly', code: 'SERVICE_UNAVAILABLE', request_id: expect.any(String) });
    expect(await accountNames(ws)).toEqual([]);
    expect(await keyRows(ws)).toEqual([]);

    await app.dataSource.query(`DELETE FROM test_paused_answers WHERE key = $1`, [key]);
    const retry = await ws.api.post(BASE, { name: 'Cut off' }, withKey(key));
    expect(retry.status).toBe(200);
    expect(await accountNames(ws)).toEqual(['Cut off']);
    expect(await eventTypes(ws)).toEqual(['advertiser_account_created']);
  });

  it('rolls back every mutation field of a GraphQL operation, in the GraphQL shape', async () => {
    const ws = await app.workspace();
    const key = freshKey();
    const variables = { first: { name: 'Field one' }, second: { name: 'Field two' } };
    await refuseAnswer(key);

    const failed = await ws.api.graphql(CREATE_TWO, variables, withKey(key));
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual(INTERNAL_GRAPHQL);
    expect(await accountNames(ws)).toEqual([]);
    expect(await eventTypes(ws)).toEqual([]);

    await acceptAnswer(key);
    const retry = await ws.api.graphql(CREATE_TWO, variables, withKey(key));
    expect(retry.status).toBe(200);
    // The GraphQL answer's media type, as negotiated for any other answer.
    expect(failed.headers.get('content-type')).toBe(retry.headers.get('content-type'));
    expect([retry.body.data.first.advertiserAccount.name, retry.body.data.second.advertiserAccount.name]).toEqual(['Field one', 'Field two']);
    expect(await accountNames(ws)).toEqual(['Field one', 'Field two']);
    expect(await eventTypes(ws)).toEqual(['advertiser_account_created', 'advertiser_account_created']);
  });

  it('rolls back every operation of a batch', async () => {
    const ws = await app.workspace();
    const key = freshKey();
    const batch = [
      { query: CREATE_TWO, variables: { first: { name: 'Batch 1a' }, second: { name: 'Batch 1b' } } },
      { query: CREATE_TWO, variables: { first: { name: 'Batch 2a' }, second: { name: 'Batch 2b' } } },
    ];
    await refuseAnswer(key);
    const failed = await ws.api.post('/graphql', batch, withKey(key));
    expect(failed.status).toBe(500);
    expect(await accountNames(ws)).toEqual([]);

    await acceptAnswer(key);
    const retry = await ws.api.post('/graphql', batch, withKey(key));
    expect(retry.status).toBe(200);
    expect(retry.body).toHaveLength(2);
    const again = await ws.api.post('/graphql', batch, withKey(key));
    expect(replayed(again)).toBe('true');
    expect(again.body).toEqual(retry.body);
    expect((await accountNames(ws)).sort()).toEqual(['Batch 1a', 'Batch 1b', 'Batch 2a', 'Batch 2b']);
    expect(await eventTypes(ws)).toHaveLength(4);
  });
});

describe('a keyed test ping', () => {
  it('queues its delivery and its attempt job with its answer, or neither', async () => {
    const ws = await app.workspace();
    const created = await ws.api.post('/v2/webhooks', { name: 'Pinged', url: 'http://127.0.0.1:9/hook', events: ['campaign_created'] });
    expect(created.status).toBe(200);
    const path = `/v2/webhooks/${created.body.data.webhook.id}/test`;
    const deliveries = async (): Promise<{ id: string }[]> => app.dataSource.query(`SELECT id FROM webhook_deliveries WHERE organisation_id = $1`, [ws.organisationId]);
    const key = freshKey();
    await refuseAnswer(key);

    expect((await ws.api.post(path, {}, withKey(key))).status).toBe(500);
    expect(await deliveries()).toEqual([]);

    await acceptAnswer(key);
    const ping = await ws.api.post(path, {}, withKey(key));
    expect(ping.status).toBe(200);
    const [{ id }] = await deliveries();
    expect(String(ping.body.data.delivery.id)).toBe(id);
    expect(await attemptJobStates(app, id)).toEqual(['created']);
    const again = await ws.api.post(path, {}, withKey(key));
    expect(replayed(again)).toBe('true');
    expect(await deliveries()).toHaveLength(1);
  });
});

describe('the write and its answer', () => {
  it('commit together: while the answer waits, neither is visible; then both are, in one transaction', async () => {
    const ws = await app.workspace();
    const key = freshKey();
    await app.dataSource.query(`INSERT INTO test_paused_answers (key) VALUES ($1)`, [key]);
    const holder = await lockHolder();
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [PAUSE_LOCK]);
      const pending = ws.api.post(BASE, { name: 'Together' }, withKey(key));
      expect(await blockedOrFinished(app, holder, pending)).toBe('blocked');

      // The write is done and its answer is being recorded, uncommitted: others see neither.
      expect(await accountNames(ws)).toEqual([]);
      expect(await eventTypes(ws)).toEqual([]);
      expect(await keyRows(ws)).toEqual([{ key, state: 'in_progress', response_status: null }]);

      await holder.query('SELECT pg_advisory_unlock($1)', [PAUSE_LOCK]);
      const response = await pending;
      expect(response.status).toBe(200);
    } finally {
      await holder.release();
    }
    expect(await accountNames(ws)).toEqual(['Together']);
    expect(await keyRows(ws)).toEqual([{ key, state: 'completed', response_status: 200 }]);
    // The event's transaction (outbox_txid()) is the one that wrote the answer.
    const [{ same }] = await app.dataSource.query(
      `SELECT (SELECT txid % 4294967296 FROM outbox_events WHERE organisation_id = $1) = (SELECT xmin::text::bigint FROM idempotency_keys WHERE organisation_id = $1) AS same`,
      [ws.organisationId],
    );
    expect(same).toBe(true);
  });

  it('a refusal inside a later field rolls back only that field; the rest commits with the answer', async () => {
    const ws = await app.workspace();
    const key = freshKey();
    const mutation = `
      mutation Mixed($input: AdvertiserAccountInput!) {
        created: advertiserAccountCreate(input: $input) { advertiserAccount { name } userErrors { code } }
        refused: advertiserAccountUpdate(id: "2000000000", input: $input) { advertiserAccount { name } userErrors { code } }
      }
    `;
    const first = await ws.api.graphql(mutation, { input: { name: 'Kept' } }, withKey(key));
    expect(first.status).toBe(200);
    expect(first.body.data.created.advertiserAccount.name).toBe('Kept');
    expect(first.body.data.refused.userErrors).toEqual([{ code: 'NOT_FOUND' }]);
    const again = await ws.api.graphql(mutation, { input: { name: 'Kept' } }, withKey(key));
    expect(replayed(again)).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await accountNames(ws)).toEqual(['Kept']);
  });
});

describe('a second request with the key while the first runs', () => {
  it('is refused with 409 at once, cannot take over the claim however old, and the first then completes', async () => {
    const ws = await app.workspace();
    const id = (await ws.api.post(BASE, { name: 'Locked' })).body.data.advertiser_account.id;
    const key = freshKey();
    const holder = await lockHolder();
    try {
      // The first request waits inside its write for the row the test holds.
      await holder.startTransaction();
      await holder.query('SELECT id FROM advertiser_accounts WHERE id = $1 FOR UPDATE', [id]);
      const pending = ws.api.put(`${BASE}/${id}`, { name: 'Renamed' }, withKey(key));
      expect(await blockedOrFinished(app, holder, pending)).toBe('blocked');

      const second = await ws.api.put(`${BASE}/${id}`, { name: 'Renamed' }, withKey(key));
      expect(second.status).toBe(409);
      expect(second.body.code).toBe('IDEMPOTENCY_KEY_IN_USE');

      // As if the first had been running for two minutes: its claim is stale, but its request is alive.
      const [{ created_at: claimedAt }] = await app.dataSource.query(`SELECT created_at FROM idempotency_keys WHERE organisation_id = $1 AND key = $2`, [ws.organisationId, key]);
      await app.dataSource.query(`UPDATE idempotency_keys SET created_at = created_at - interval '2 minutes' WHERE organisation_id = $1 AND key = $2`, [ws.organisationId, key]);
      const takeover = await ws.api.put(`${BASE}/${id}`, { name: 'Renamed' }, withKey(key));
      expect(takeover.status).toBe(409);
      await app.dataSource.query(`UPDATE idempotency_keys SET created_at = $3 WHERE organisation_id = $1 AND key = $2`, [ws.organisationId, key, claimedAt]);

      // Another key of the workspace is not held up by the first.
      expect((await ws.api.post(BASE, { name: 'Unrelated' }, withKey(freshKey()))).status).toBe(200);

      await holder.commitTransaction();
      const first = await pending;
      expect(first.status).toBe(200);
      expect(replayed(first)).toBeNull();
      const replay = await ws.api.put(`${BASE}/${id}`, { name: 'Renamed' }, withKey(key));
      expect(replay.status).toBe(200);
      expect(replayed(replay)).toBe('true');
      expect(replay.body).toEqual(first.body);
    } finally {
      if (holder.isTransactionActive) await holder.rollbackTransaction();
      await holder.release();
    }
    expect(await accountNames(ws)).toEqual(['Renamed', 'Unrelated']);
    expect((await eventTypes(ws)).filter((type) => type === 'advertiser_account_updated')).toHaveLength(1);
  });
});
