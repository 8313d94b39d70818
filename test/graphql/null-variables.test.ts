import { databaseFingerprint } from '../support/database-fingerprint';
import { createCampaignsFixture } from '../support/fixtures';
import { gid } from '../support/global-ids';
import { closeSubscriptions, subscribeWs, wsClient } from '../support/subscriptions';
import { type AnyBody, startTestApp, type TestApp, type Workspace } from '../support/test-app';

/**
 * A nullable variable with a default may stand where the schema requires a value (GraphQL's
 * "allowed variable usage"); a request sending it as null is refused before anything runs, as
 * BAD_USER_INPUT with HTTP 400, naming the variable and the position (src/graphql/null-variables.ts).
 * Left out, the variable takes its default; given a value, it is used.
 */

let app: TestApp;
let ws: Workspace;
/** The global id of a phase of the workspace, as GraphQL names it. */
let phaseId: string;

beforeAll(async () => {
  app = await startTestApp();
  ws = await app.workspace();
  phaseId = gid('Phase', (await createCampaignsFixture(ws, Number)).phaseId);
});
afterEach(() => closeSubscriptions(app));
afterAll(() => app.close());

const USE_ITS_DEFAULT = 'send a value, or leave the variable out to use its default';

/** The refusal of `query` for `$variable`, located at its use (after its definition). */
function refusal(query: string, variable: string, type: string, position: string, wayOut = USE_ITS_DEFAULT): AnyBody {
  return {
    errors: [
      {
        message: `Variable "$${variable}" is null where a value of type ${type} is required (${position}): ${wayOut}`,
        locations: [{ line: 1, column: query.lastIndexOf(`$${variable}`) + 1 }],
        extensions: { code: 'BAD_USER_INPUT' },
      },
    ],
  };
}

describe('a variable sent as null where a value is required', () => {
  it.each([
    ['@include at the root', 'query Q($v: Boolean = true) { campaigns @include(if: $v) { totalCount } }', 'v', 'Boolean!', 'argument "if" of @include'],
    ['@skip inside a fragment', 'query Q($v: Boolean = false) { campaigns { nodes { ...C } } } fragment C on Campaign { id campaignTitle @skip(if: $v) }', 'v', 'Boolean!', 'argument "if" of @skip'],
    ['a non-null field argument', 'query Q($id: ID = "1") { phase(id: $id) { id } }', 'id', 'ID!', 'argument "id" of Query.phase'],
  ])('is refused with BAD_USER_INPUT, 400: %s', async (_name, query, variable, type, position) => {
    const answer = await ws.api.graphql(query, { [variable]: null });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject(refusal(query, variable, type, position));
    expect(answer.body.data).toBeUndefined();
  });

  it('is refused inside an input object whose field has a default, which applies when the variable is left out', async () => {
    const query = 'query Q($d: SortDirection) { campaigns(orderBy: [{ field: ID, direction: $d }]) { totalCount } }';
    const answer = await ws.api.graphql(query, { d: null });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject(refusal(query, 'd', 'SortDirection!', 'argument "orderBy" of Query.campaigns', 'send a value, or leave the variable out to use the default of that position'));
    expect((await ws.api.graphql(query)).body.data).toEqual({ campaigns: { totalCount: 2 } });
  });

  it('is refused when the variable is left out and its own default is null', async () => {
    const query = 'query Q($d: SortDirection = null) { campaigns(orderBy: [{ direction: $d }]) { totalCount } }';
    const answer = await ws.api.graphql(query);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject(refusal(query, 'd', 'SortDirection!', 'argument "orderBy" of Query.campaigns', 'send a value'));
  });

  it('names the first use when a variable is used in several positions', async () => {
    const query = 'query Q($v: Boolean = true) { campaigns @include(if: $v) { totalCount } organisation @skip(if: $v) { id } }';
    const answer = await ws.api.graphql(query, { v: null });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toHaveLength(1);
    expect(answer.body.errors[0].locations).toEqual([{ line: 1, column: query.indexOf('$v)') + 1 }]);
  });

  it('is refused before a mutation runs, changing nothing', async () => {
    const before = await databaseFingerprint(app);
    const mutation = 'mutation M($id: ID = "1", $title: String!) { phaseUpdate(id: $id, input: { phaseTitle: $title }) { phase { id } } }';
    const answer = await ws.api.graphql(mutation, { id: null, title: 'Renamed' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject(refusal(mutation, 'id', 'ID!', 'argument "id" of Mutation.phaseUpdate'));
    expect(await databaseFingerprint(app)).toEqual(before);
  });

  it('is refused on both subscription transports before the subscription starts', async () => {
    const query = 'subscription S($v: Boolean = true) { events { id type @include(if: $v) } }';
    const expected = refusal(query, 'v', 'Boolean!', 'argument "if" of @include').errors;
    const overWs = subscribeWs(wsClient(app, { 'X-API-Key': ws.key }), query, { v: null });
    expect(await overWs.waitForEnd()).toEqual({ error: expected });
    const overSse = await fetch(`${app.baseUrl}/graphql/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-api-key': ws.key },
      body: JSON.stringify({ query, variables: { v: null } }),
    });
    expect(overSse.status).toBe(400);
    expect(((await overSse.json()) as AnyBody).errors).toEqual(expected);
    expect(app.running.services.eventHub.size).toBe(0);
  });
});

describe('the same operations, run as they may be', () => {
  it('use the default when the variable is left out, and the value when one is sent', async () => {
    const include = 'query Q($v: Boolean = true) { campaigns @include(if: $v) { totalCount } }';
    expect((await ws.api.graphql(include)).body).toEqual({ data: { campaigns: { totalCount: 2 } }, extensions: expect.any(Object) });
    expect((await ws.api.graphql(include, { v: false })).body).toEqual({ data: {}, extensions: expect.any(Object) });
    const phase = 'query Q($id: ID = "0") { phase(id: $id) { id } }';
    expect((await ws.api.graphql(phase, { id: phaseId })).body.data).toEqual({ phase: { id: phaseId } });
  });
});
