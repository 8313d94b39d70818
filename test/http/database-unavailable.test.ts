import type { Client } from 'pg';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../src/db/database-unavailable';
import { rowCounts } from '../support/database-state';
import { appForFile } from '../support/file-app';
import { type LoggedServer, publicTables, startLoggedServer } from '../support/logged-server';
import type { ApiClient, ApiResponse, AnyBody } from '../support/test-app';
import { withAdminClient } from '../support/test-database';

/**
 * PostgreSQL unreachable for a couple of seconds (connections refused, every session terminated),
 * then back: both faces answer 503 with Retry-After and say nothing internal, write nothing, log a
 * warning rather than a failure, and answer 200 again once the database is back, without restart.
 */
jest.setTimeout(60_000);

const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable; retry shortly';
const OUTAGE_MS = 2_000;

type Answer = ApiResponse<AnyBody>;

const { app, ws, closeFirst } = appForFile();
let tables: string[];
/** A second server over the same services whose log is kept, for what an outage writes there. */
let logged: LoggedServer;

beforeAll(async () => {
  tables = await publicTables(app);
  logged = await startLoggedServer(app, ws);
  closeFirst(() => logged.server.close());
});

function databaseName(): string {
  return new URL(app.databaseUrl).pathname.slice(1);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The database refuses new connections and every session on it is terminated (`keep` excepted),
 * for at least OUTAGE_MS; it accepts connections again afterwards whatever happened.
 */
async function duringOutage(run: () => Promise<void>, keep?: number): Promise<void> {
  const started = Date.now();
  const name = databaseName();
  try {
    await withAdminClient(async (client) => {
      await client.query(`ALTER DATABASE ${client.escapeIdentifier(name)} WITH ALLOW_CONNECTIONS false`);
      await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND pid IS DISTINCT FROM $2', [name, keep ?? null]);
    });
    await run();
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - started)));
  } finally {
    await withAdminClient((client) => client.query(`ALTER DATABASE ${client.escapeIdentifier(name)} WITH ALLOW_CONNECTIONS true`));
  }
}

/** A superuser session on the test's own database holding `tables` locked, so statements on them wait. */
async function holdingLocks<T>(lockTables: string[], run: (holder: Client) => Promise<T>): Promise<T> {
  return withAdminClient(async (holder) => {
    await holder.query('BEGIN');
    await holder.query(`LOCK TABLE ${lockTables.join(', ')} IN ACCESS EXCLUSIVE MODE`);
    try {
      return await run(holder);
    } finally {
      await holder.query('ROLLBACK');
    }
  }, app.databaseUrl);
}

/**
 * Sends the requests while `lockTables` are locked; once each waits for the lock (authenticated,
 * inside its handler or resolver) the database is cut off, which terminates their statements.
 * Every request has settled when this returns, also on failure: one still running would hold its
 * keep-alive connection, and with it the server's close, for over a minute.
 */
async function cutOffMidRequest<K extends string>(lockTables: string[], send: Record<K, () => Promise<Answer>>): Promise<Record<K, Answer>> {
  const names = Object.keys(send) as K[];
  let inFlight: Promise<Answer>[] = [];
  try {
    return await holdingLocks(lockTables, async (holder) => {
      inFlight = names.map((name) => send[name]());
      await waitForBlockedStatements(names.length);
      const { rows } = await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      let answers: Answer[] = [];
      await duringOutage(async () => {
        answers = await Promise.all(inFlight);
      }, rows[0].pid);
      return Object.fromEntries(names.map((name, index) => [name, answers[index]])) as Record<K, Answer>;
    });
  } finally {
    await Promise.allSettled(inFlight);
  }
}

/** Waits until `count` sessions of the API wait for a lock: the requests are inside their handlers. */
async function waitForBlockedStatements(count: number): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    const { rows } = await withAdminClient((client) =>
      client.query<{ waiting: number }>("SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'", [databaseName()]),
    );
    const [{ waiting }] = rows;
    if (waiting >= count) return;
    await sleep(25);
  }
  throw new Error(`fewer than ${count} statements ever waited for the lock`);
}

function expectRestUnavailable(response: Answer): void {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  expect(response.body).toEqual({ success: false, message: UNAVAILABLE_MESSAGE, code: 'SERVICE_UNAVAILABLE', request_id: expect.any(String) });
}

function expectGraphQLUnavailable(response: Answer): void {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  expect(response.body.errors).toHaveLength(1);
  expect(response.body.errors[0]).toMatchObject({ message: UNAVAILABLE_MESSAGE, extensions: { code: 'SERVICE_UNAVAILABLE' } });
  expect(JSON.stringify(response.body)).not.toMatch(/terminat|connection|postgres|57P0|55000|stack/i);
}

const CAMPAIGNS_QUERY = '{ campaigns { nodes { id } } }';
const CREATE_ACCOUNT = 'mutation($input: AdvertiserAccountInput!) { advertiserAccountCreate(input: $input) { advertiserAccount { id name } } }';

const requests = {
  restGet: (api: ApiClient) => api.get('/v2/campaigns'),
  restPost: (api: ApiClient) => api.post('/v2/advertiser-accounts', { name: 'During the outage (REST)' }),
  graphqlQuery: (api: ApiClient) => api.graphql(CAMPAIGNS_QUERY),
  graphqlMutation: (api: ApiClient) => api.graphql(CREATE_ACCOUNT, { input: { name: 'During the outage (GraphQL)' } }),
};

async function expectAllAnswered(): Promise<void> {
  const get = await requests.restGet(ws.api);
  expect(get.status).toBe(200);
  expect(get.headers.get('retry-after')).toBeNull();
  expect((await ws.api.post('/v2/advertiser-accounts', { name: 'After the outage (REST)' })).status).toBe(200);
  const query = await requests.graphqlQuery(ws.api);
  expect(query.status).toBe(200);
  expect(query.body.errors).toBeUndefined();
  const mutation = await ws.api.graphql(CREATE_ACCOUNT, { input: { name: 'After the outage (GraphQL)' } });
  expect(mutation.status).toBe(200);
  expect(mutation.body.data.advertiserAccountCreate.advertiserAccount.name).toBe('After the outage (GraphQL)');
}

async function accountNames(): Promise<string[]> {
  const rows: { name: string }[] = await app.dataSource.query('SELECT name FROM advertiser_accounts WHERE organisation_id = $1 ORDER BY id', [ws.organisationId]);
  return rows.map((row) => row.name);
}

afterEach(async () => {
  await app.dataSource.query('DELETE FROM advertiser_accounts WHERE organisation_id = $1', [ws.organisationId]);
});

describe('PostgreSQL refusing connections (the API-key lookup, before any handler or resolver, fails)', () => {
  it('answers 503 with Retry-After on REST GET and POST and GraphQL query and mutation, writes nothing, then 200 again', async () => {
    await expectAllAnswered();
    await app.dataSource.query('DELETE FROM advertiser_accounts WHERE organisation_id = $1', [ws.organisationId]);
    const before = await rowCounts(app, tables);
    logged.lines.length = 0;

    await duringOutage(async () => {
      expectRestUnavailable(await requests.restGet(ws.api));
      expectRestUnavailable(await requests.restPost(ws.api));
      const query = await requests.graphqlQuery(ws.api);
      expectGraphQLUnavailable(query);
      expect(query.body).toEqual({ errors: [{ message: UNAVAILABLE_MESSAGE, extensions: { code: 'SERVICE_UNAVAILABLE' } }] });
      expectGraphQLUnavailable(await requests.graphqlMutation(ws.api));
      // Still refused on a second round: the pool's reconnection attempts fail the same way.
      expectRestUnavailable(await requests.restGet(ws.api));
      expectRestUnavailable(await requests.restGet(logged.api));
      expectGraphQLUnavailable(await requests.graphqlMutation(logged.api));
    });

    expect(await rowCounts(app, tables)).toEqual(before);
    await expectAllAnswered();
    expect(await accountNames()).toEqual(['After the outage (REST)', 'After the outage (GraphQL)']);

    const warnings = logged.lines.filter((line) => line.msg === 'database unavailable');
    expect(warnings).toHaveLength(2);
    for (const warning of warnings) expect(warning).toMatchObject({ level: 40, status: 503, database: expect.objectContaining({ message: expect.any(String) }) });
    expect(logged.lines.filter((line) => (line.level as number) >= 50)).toEqual([]);
    expect(JSON.stringify(logged.lines)).not.toMatch(/"stack"|\n\s+at /);
  });
});

describe('PostgreSQL going away while a handler or resolver runs', () => {
  it('answers 503 with Retry-After on both faces, writes nothing, then 200 again', async () => {
    const before = await rowCounts(app, tables);
    logged.lines.length = 0;

    const answers = await cutOffMidRequest(['campaigns', 'advertiser_accounts'], {
      restGet: () => requests.restGet(ws.api),
      restPost: () => requests.restPost(ws.api),
      graphqlQuery: () => requests.graphqlQuery(ws.api),
      graphqlMutation: () => requests.graphqlMutation(ws.api),
      loggedRest: () => requests.restPost(logged.api),
      loggedGraphql: () => requests.graphqlQuery(logged.api),
    });

    expectRestUnavailable(answers.restGet);
    expectRestUnavailable(answers.restPost);
    expectRestUnavailable(answers.loggedRest);
    for (const response of [answers.graphqlQuery, answers.graphqlMutation, answers.loggedGraphql]) {
      expectGraphQLUnavailable(response);
      // A resolver's error keeps its place in the operation; no root field produced a value.
      expect(response.body.errors[0].path).toHaveLength(1);
      expect(response.body.data).toBeNull();
    }
    expect(await rowCounts(app, tables)).toEqual(before);
    await expectAllAnswered();

    const warnings = logged.lines.filter((line) => line.msg === 'database unavailable');
    expect(warnings).toHaveLength(2);
    for (const warning of warnings) expect(warning).toMatchObject({ level: 40, status: 503, database: { code: '57P01' } });
    expect(logged.lines.filter((line) => (line.level as number) >= 50)).toEqual([]);
    expect(JSON.stringify(logged.lines)).not.toMatch(/"stack"|\n\s+at /);
  });
});

describe('isDatabaseUnavailable', () => {
  const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });
  const queryFailed = (driverError: unknown) => Object.assign(new Error('query failed'), { query: 'SELECT 1', parameters: [], driverError });

  it('recognises a server that cannot be reached or will not serve the connection now', () => {
    for (const error of [
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P02', 'terminating connection because of crash of another server process'),
      pgError('57P03', 'the database system is starting up'),
      pgError('53300', 'sorry, too many clients already'),
      pgError('08006', 'connection failure'),
      pgError('08001', 'could not establish connection'),
      pgError('55000', 'database "cpa" is not currently accepting connections'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', syscall: 'connect' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' }),
      new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' }), Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })]),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      queryFailed(pgError('57P01', 'terminating connection due to administrator command')),
      queryFailed(new Error('Connection terminated unexpectedly')),
      Object.assign(new Error('Query runner already released. Cannot run queries anymore.'), { name: 'QueryRunnerAlreadyReleasedError' }),
    ]) {
      expect([error.message, isDatabaseUnavailable(error)]).toEqual([error.message, true]);
    }
  });

  it('leaves every other failure alone', () => {
    for (const error of [
      pgError('42P01', 'relation "campaigns" does not exist'),
      pgError('23505', 'duplicate key value violates unique constraint'),
      pgError('57014', 'canceling statement due to statement timeout'),
      pgError('08P01', 'bind message supplies 1 parameters, but prepared statement "" requires 2'),
      pgError('55000', 'cannot execute nextval() in a read-only transaction'),
      pgError('55P03', 'could not obtain lock on row in relation "campaigns"'),
      pgError('57P04', 'database dropped'),
      pgError('28P01', 'password authentication failed for user "app"'),
      pgError('3D000', 'database "nope" does not exist'),
      queryFailed(pgError('42703', 'column "x" does not exist')),
      // An outbound HTTP call failing the same way is not the database.
      Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) }),
      new Error('Connection terminated'),
      new Error('Client was closed and is not queryable'),
      new RangeError('Maximum call stack size exceeded'),
      new AggregateError([]),
      'ECONNREFUSED',
      null,
      undefined,
    ]) {
      expect([error, isDatabaseUnavailable(error)]).toEqual([error, false]);
    }
  });
});
