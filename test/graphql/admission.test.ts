import { DEFAULT_COST_LIMITS } from '../../src/graphql/cost';
import { ALL_SCOPES, grants } from '../../src/common/scopes';
import { closeSubscriptions, subscribeWs, wsClient } from '../support/subscriptions';
import { type AnyBody, startTestApp, type TestApp, type Workspace, type WorkspaceKey } from '../support/test-app';

/**
 * The checks before an operation runs are one function (src/graphql/admission.ts), called by
 * POST /graphql and by both subscription transports: null variables, scopes, the cost limits,
 * then the charge. An operation failing several is refused by the first, with the same error on
 * every transport, and nothing runs or is charged.
 */

let app: TestApp;
let ws: Workspace;
/** A key of the workspace that may do everything but read events. */
let withoutEvents: WorkspaceKey;

beforeAll(async () => {
  app = await startTestApp();
  ws = await app.workspace();
  withoutEvents = await app.keyFor(ws, { scopes: ALL_SCOPES.filter((scope) => scope !== '*' && !grants([scope], 'events:read')) });
});
afterEach(() => closeSubscriptions(app));
afterAll(() => app.close());

/** More aliases of `id` than an operation may use. */
const tooManyAliases = Array.from({ length: DEFAULT_COST_LIMITS.maxAliases + 1 }, (_, index) => `a${index}: id`).join(' ');

/** The errors each transport answers `query` with, for `key`: POST /graphql, graphql-ws, graphql-sse. */
async function refusalsEverywhere(key: WorkspaceKey | Workspace, query: string, variables: Record<string, unknown>): Promise<unknown[]> {
  const overHttp = await key.api.graphql(query, variables);
  const overWs = await subscribeWs(wsClient(app, { 'X-API-Key': key.key }), query, variables).waitForEnd();
  if (!('error' in overWs)) throw new Error(`graphql-ws ran ${query}`);
  const overSse = await fetch(`${app.baseUrl}/graphql/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-api-key': key.key },
    body: JSON.stringify({ query, variables }),
  });
  return [overHttp.body.errors, overWs.error, ((await overSse.json()) as AnyBody).errors];
}

const codesOf = (errors: unknown): unknown => (errors as { extensions: { code: string } }[]).map((error) => error.extensions.code);

describe('an operation failing several checks is refused by the first, on every transport', () => {
  it.each([
    ['a null variable before a missing scope', 'subscription S($v: Boolean = true) { events { id @include(if: $v) } }', { v: null }, withoutEventsKey, 'BAD_USER_INPUT'],
    ['a missing scope before the cost limits', `subscription S { events { ${tooManyAliases} } }`, {}, withoutEventsKey, 'FORBIDDEN'],
    ['the cost limits, for a key that may read events', `subscription S { events { ${tooManyAliases} } }`, {}, ownKey, 'TOO_MANY_FIELDS'],
  ])('%s', async (_order, query, variables, keyOf, code) => {
    const [overHttp, overWs, overSse] = await refusalsEverywhere(keyOf(), query, variables);
    // Over HTTP a subscription is refused by admission first; nothing of it runs there either.
    expect(codesOf(overHttp)).toEqual([code]);
    expect(codesOf(overWs)).toEqual([code]);
    expect(overSse).toEqual(overWs);
    expect(app.running.services.eventHub.size).toBe(0);
  });
});

it('charges nothing for a refused query: its cost is not requested and the key keeps every point', async () => {
  const nullVariable = await withoutEvents.api.graphql('query Q($v: Boolean = true) { campaigns @include(if: $v) { totalCount } events { totalCount } }', { v: null });
  const forbidden = await withoutEvents.api.graphql('{ campaigns { totalCount } events { totalCount } }');
  expect([nullVariable, forbidden].map((answer) => codesOf(answer.body.errors))).toEqual([['BAD_USER_INPUT'], ['FORBIDDEN']]);
  for (const answer of [nullVariable, forbidden]) {
    expect(answer.body.extensions.cost).toMatchObject({ requestedQueryCost: null, actualQueryCost: null, throttleStatus: { currentlyAvailable: DEFAULT_COST_LIMITS.bucket.maximumAvailable } });
  }
});

function withoutEventsKey(): WorkspaceKey {
  return withoutEvents;
}
function ownKey(): Workspace {
  return ws;
}
