import { isDatabaseUnavailable } from '../../src/db/database-unavailable';
import { isStatementTimeout, STATEMENT_TIMEOUT_RETRY_AFTER_SECONDS } from '../../src/db/statement-timed-out';
import { scrape, valueOf } from '../metrics/scrape';
import { rowCounts } from '../support/database-state';
import { gid } from '../support/global-ids';
import { holdingTableLocks } from '../support/locks';
import { appForFile } from '../support/file-app';
import { type LoggedServer, publicTables, startLoggedServer } from '../support/logged-server';
import { type AnyBody, type ApiResponse, startTestApp, TEST_LIMITS } from '../support/test-app';

/**
 * A statement that runs past STATEMENT_TIMEOUT_MS (here: waiting for a lock another session holds)
 * is not a defect of the request: both faces answer 503 STATEMENT_TIMEOUT with Retry-After, say
 * nothing internal, change nothing, count it (db_statement_timeouts_total) and log a warning
 * without a stack. No request waits for a fixed time: each ends when PostgreSQL cancels it.
 */
jest.setTimeout(60_000);

const STATEMENT_TIMEOUT_MS = 400;
const TIMEOUT_MESSAGE = 'The request took too long in the database and was cancelled; retry shortly';
const LOCKED = ['advertiser_accounts'];

type Answer = ApiResponse<AnyBody>;

const limits = { ...TEST_LIMITS, statementTimeoutMs: STATEMENT_TIMEOUT_MS };
const { app, ws, closeFirst } = appForFile({ start: () => startTestApp({ limits, metrics: { port: 0, host: '127.0.0.1' } }) });
let accountId: number;
let tables: string[];
/** A second server over the same services whose log is kept (the suite's apps log nothing). */
let logged: LoggedServer;

beforeAll(async () => {
  const created = await ws.api.post('/v2/advertiser-accounts', { name: 'Before the lock' });
  expect(created.status).toBe(200);
  accountId = created.body.data.advertiser_account.id;
  tables = await publicTables(app);
  logged = await startLoggedServer(app, ws, limits);
  closeFirst(() => logged.server.close());
});

const ACCOUNT_QUERY = 'query Account($id: ID!) { advertiserAccount(id: $id) { name } }';
const UPDATE_ACCOUNT = 'mutation Rename($id: ID!, $input: AdvertiserAccountInput!) { advertiserAccountUpdate(id: $id, input: $input) { advertiserAccount { name } userErrors { code } } }';
const IDEMPOTENCY_KEY = { 'idempotency-key': 'rename-during-the-lock' };

function expectRestTimedOut(response: Answer): void {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe(String(STATEMENT_TIMEOUT_RETRY_AFTER_SECONDS));
  expect(response.body).toEqual({ success: false, message: TIMEOUT_MESSAGE, code: 'STATEMENT_TIMEOUT', request_id: expect.any(String) });
}

/** A resolver's error, in its place in the operation (`field`, a root field), with nothing else said. */
function expectGraphQLTimedOut(response: Answer, field: string): void {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe(String(STATEMENT_TIMEOUT_RETRY_AFTER_SECONDS));
  expect(response.body.errors).toEqual([{ message: TIMEOUT_MESSAGE, locations: expect.any(Array), path: [field], extensions: { code: 'STATEMENT_TIMEOUT' } }]);
}

async function timeoutsCounted(): Promise<number | undefined> {
  return valueOf((await scrape(app.metricsUrl!)).samples, 'db_statement_timeouts_total');
}

describe('a statement past STATEMENT_TIMEOUT_MS, waiting for a lock', () => {
  it('answers 503 STATEMENT_TIMEOUT with Retry-After on REST read and write and GraphQL query and mutation, changes nothing, counts and warns', async () => {
    const before = await rowCounts(app, tables);
    const [account] = await app.dataSource.query('SELECT * FROM advertiser_accounts WHERE id = $1', [accountId]);
    logged.lines.length = 0;
    const id = gid('AdvertiserAccount', accountId);

    const answers = await holdingTableLocks(app.databaseUrl, LOCKED, async () => {
      const [restGet, restPut, graphqlQuery, graphqlMutation, loggedRest, loggedGraphql] = await Promise.all([
        ws.api.get(`/v2/advertiser-accounts/${accountId}`),
        ws.api.put(`/v2/advertiser-accounts/${accountId}`, { name: 'During the lock (REST)' }, IDEMPOTENCY_KEY),
        ws.api.graphql(ACCOUNT_QUERY, { id }),
        ws.api.graphql(UPDATE_ACCOUNT, { id, input: { name: 'During the lock (GraphQL)' } }),
        logged.api.put(`/v2/advertiser-accounts/${accountId}`, { name: 'During the lock (logged)' }),
        logged.api.graphql(ACCOUNT_QUERY, { id }),
      ]);
      return { restGet, restPut, graphqlQuery, graphqlMutation, loggedRest, loggedGraphql };
    });

    for (const response of [answers.restGet, answers.restPut, answers.loggedRest]) expectRestTimedOut(response);
    expectGraphQLTimedOut(answers.graphqlQuery, 'advertiserAccount');
    expectGraphQLTimedOut(answers.loggedGraphql, 'advertiserAccount');
    expectGraphQLTimedOut(answers.graphqlMutation, 'advertiserAccountUpdate');
    expect(JSON.stringify(Object.values(answers).map((answer) => answer.body))).not.toMatch(/57014|cancel(l)?ing statement|statement timeout|advertiser_accounts|select|stack/i);

    // The lock is gone: nothing the refused writes tried stands.
    expect(await rowCounts(app, tables)).toEqual(before);
    expect(await app.dataSource.query('SELECT * FROM advertiser_accounts WHERE id = $1', [accountId])).toEqual([account]);
    // The refusal was not recorded as the Idempotency-Key's answer: the retry it asks for runs.
    const retried = await ws.api.put(`/v2/advertiser-accounts/${accountId}`, { name: 'After the lock' }, IDEMPOTENCY_KEY);
    expect(retried.status).toBe(200);
    expect(retried.body.data.advertiser_account.name).toBe('After the lock');

    // One statement of each request reached the timeout (none had before: the app is this file's).
    expect(await timeoutsCounted()).toBe(6);

    const warnings = logged.lines.filter((line) => line.msg === 'statement timeout');
    expect(warnings).toHaveLength(2);
    expect(warnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ level: 40, status: 503, reqId: answers.loggedRest.headers.get('x-request-id'), method: 'PUT', route: '/v2/advertiser-accounts/:id', statementTimeoutMs: STATEMENT_TIMEOUT_MS }),
        expect.objectContaining({ level: 40, status: 503, reqId: answers.loggedGraphql.headers.get('x-request-id'), route: '/graphql', operation: 'Account', statementTimeoutMs: STATEMENT_TIMEOUT_MS }),
      ]),
    );
    expect(logged.lines.filter((line) => (line.level as number) >= 50)).toEqual([]);
    expect(JSON.stringify(logged.lines)).not.toMatch(/"stack"|\n\s+at /);
  });
});

describe('isStatementTimeout', () => {
  const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'ERROR' });
  const queryFailed = (driverError: unknown) => Object.assign(new Error('query failed'), { query: 'SELECT 1', parameters: [], driverError });

  it('recognises a statement the statement timeout cancelled, from pg or inside TypeORM’s QueryFailedError', () => {
    const timedOut = pgError('57014', 'canceling statement due to statement timeout');
    expect(isStatementTimeout(timedOut)).toBe(true);
    expect(isStatementTimeout(queryFailed(timedOut))).toBe(true);
    // A timeout is not an outage: the two stay apart.
    expect(isDatabaseUnavailable(timedOut)).toBe(false);
  });

  it('leaves cancels someone asked for, other timeouts and everything else alone', () => {
    for (const error of [
      // pg_cancel_backend, or a client's own cancel request: someone meant that statement to stop.
      pgError('57014', 'canceling statement due to user request'),
      queryFailed(pgError('57014', 'canceling statement due to user request')),
      pgError('55P03', 'canceling statement due to lock timeout'),
      pgError('25P03', 'terminating connection due to idle-in-transaction timeout'),
      pgError('57P01', 'terminating connection due to administrator command'),
      new Error('canceling statement due to statement timeout'),
      new Error('Query read timeout'),
      '57014',
      null,
      undefined,
    ]) {
      expect([error, isStatementTimeout(error)]).toEqual([error, false]);
    }
  });
});
