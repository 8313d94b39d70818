import { getIntrospectionQuery, getNamedType, type GraphQLInputType, type GraphQLScalarType, type GraphQLSchema, isInputObjectType, isScalarType, Kind } from 'graphql';
import { RESOLVERS } from '../../src/app/resolvers';
import { COMPILE_AT, jitExecutor, type JitExecutor } from '../../src/graphql/jit-executor';
import { createSchema } from '../../src/graphql/schema';
import { createCampaignsFixture, createContent, createDistributions, DISTRIBUTION_WITH_LINK_AND_MEDIA } from '../support/fixtures';
import { ExecutorPair, type RawAnswer } from '../support/jit-reference';
import { startTestApp, type TestApp, type Workspace } from '../support/test-app';

/**
 * graphql-jit as the executor of /graphql (src/graphql/jit-executor.ts): a query is compiled at
 * its COMPILE_AT-th sighting, mutations and texts seen fewer times run on graphql-js; its answers
 * are graphql-js's (errors: the same failures, test/support/jit-reference.ts); compiled queries
 * are kept in a bounded LRU; what graphql-jit would get wrong runs on graphql-js. Each request
 * below is sent COMPILE_AT times, so that its answers by both executors are compared. Two servers
 * run the production route
 * (graphql-route.ts) over the same real PostgreSQL: one executing with graphql-jit, one with
 * graphql-js as Apollo does without a gateway, the reference.
 */

const CACHE_SIZE = 2;

let app: TestApp;
let ws: Workspace;
let jit: JitExecutor;
let servers: ExecutorPair;
let jitUrl: string;
let phaseIds: string[];
let schema: GraphQLSchema;

beforeAll(async () => {
  app = await startTestApp();
  ws = await app.workspace();
  const fixture = await createCampaignsFixture(ws, String);
  phaseIds = [fixture.phaseId, fixture.secondPhaseId, fixture.otherCampaignPhaseId];
  for (const [i, phaseId] of phaseIds.entries()) {
    const campaignId = i < 2 ? fixture.campaignId : fixture.otherCampaignId;
    const contentId = await createContent(ws, campaignId, phaseId, `Content ${i}`);
    await createDistributions(ws, contentId, 2, DISTRIBUTION_WITH_LINK_AND_MEDIA);
  }
  schema = await createSchema(RESOLVERS);
  jit = jitExecutor(schema, { cacheSize: CACHE_SIZE });
  servers = await ExecutorPair.start(app.services, schema, jit.gateway, ws.key);
  jitUrl = servers.underTestUrl;
}, 120_000);
afterAll(async () => {
  await servers.close();
  await app.close();
});

const post = (baseUrl: string, body: unknown): Promise<RawAnswer> => servers.post(baseUrl, body);

/** Sends the same body to graphql-js once and to the server under test COMPILE_AT times (the last, for a query, compiled): its last answer; every one must be graphql-js's. */
const sameAsGraphqlJs = (body: unknown): Promise<RawAnswer> => servers.sameAnswers(body, COMPILE_AT);

const NESTED = `{ campaigns(first: 50) { nodes { id campaignTitle phases { id phaseTitle contents { nodes { id contentName distributions { id status primaryLink { originalLink } mediaLibrary { fileUrl } } } } } } } }`;

describe('answers', () => {
  it('are graphql-js\'s byte for byte: the nested query, on graphql-js and then compiled', async () => {
    const before = jit.stats();
    const answer = await sameAsGraphqlJs({ query: NESTED });
    expect(JSON.parse(answer.text).data.campaigns.nodes).toHaveLength(2);
    expect(jit.stats().compiled).toBe(before.compiled + 1);
    expect(jit.stats().graphqlJs).toBe(before.graphqlJs + COMPILE_AT - 1);
  });

  it('are graphql-js\'s when an error inside a list bubbles null up to the nearest nullable field', async () => {
    // `first: 0` is refused by each phase's contents resolver. `contents` is non-null, and so are
    // the phases in their list: each phase's campaign (nullable) becomes null. graphql-js reports
    // the first failure under each such campaign, graphql-jit every one.
    const query = '{ campaigns { nodes { id phases { id campaign { id phases { id contents(first: 0) { nodes { id } } } } } } } }';
    const answer = await sameAsGraphqlJs({ query });
    const body = JSON.parse(answer.text);
    expect(body.data.campaigns.nodes[0].phases[0]).toEqual({ id: expect.any(String), campaign: null });
    expect(body.errors.length).toBeGreaterThan(1);
    expect(body.errors[0]).toMatchObject({ path: ['campaigns', 'nodes', expect.any(Number), 'phases', expect.any(Number), 'campaign', 'phases', expect.any(Number), 'contents'], extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('are graphql-js\'s when an error inside a list bubbles null up to the root', async () => {
    const answer = await sameAsGraphqlJs({ query: '{ campaigns { nodes { id phases { id contents(first: 0) { nodes { id } } } } } }' });
    expect(JSON.parse(answer.text)).toMatchObject({ data: null, errors: [{ path: ['campaigns', 'nodes', 0, 'phases', 0, 'contents'] }] });
  });

  it.each([
    ['a validation error', { query: '{ campaigns { nodes { id nope } } }' }],
    ['a variable graphql-js refuses', { query: 'query Q($first: Int) { campaigns(first: $first) { nodes { id } } }', variables: { first: 'ten' } }],
    ['a missing non-null variable', { query: 'query Q($id: ID!) { phase(id: $id) { id } }', variables: {} }],
    ['an unknown operation name', { query: 'query A { __typename } query B { __typename }', operationName: 'C' }],
    ['a record of another workspace', { query: 'query Q($id: ID!) { phase(id: $id) { id phaseTitle } }', variables: { id: '999999999' } }],
    ['a refused mutation', { query: 'mutation M($id: ID!) { phaseUpdate(id: $id, input: { phaseTitle: "x" }) { phase { id } userErrors { field message code } } }', variables: { id: '999999999' } }],
    ['the union of an event resource and __typename', { query: '{ events(first: 20) { nodes { __typename type resource { __typename ... on Campaign { id campaignTitle } ... on Phase { id phaseNo } ... on Content { id } } } } }' }],
    ['@skip and @include, on fields and fragments', {
      query: 'query Q($yes: Boolean!, $no: Boolean!) { campaigns { nodes { id campaignTitle @skip(if: $yes) ...P @include(if: $no) ... on Campaign @include(if: $yes) { phases { id } } } } } fragment P on Campaign { phases { phaseTitle } }',
      variables: { yes: true, no: false },
    }],
    ['a connection\'s totalCount and pageInfo flags, read lazily (function-valued properties)', {
      query: '{ contents(first: 1) { totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { id } } } }',
    }],
    ['a connection paged backward', { query: '{ contents(last: 1) { totalCount pageInfo { hasNextPage hasPreviousPage endCursor } nodes { id } } }' }],
    ['a variable inside an input object, left out: the field\'s default applies', { query: 'query Q($d: SortDirection) { campaigns(orderBy: [{ field: ID, direction: $d }]) { nodes { id } } }' }],
    ['a variable inside an input object, given', { query: 'query Q($d: SortDirection) { campaigns(orderBy: [{ field: ID, direction: $d }]) { nodes { id } } }', variables: { d: 'DESC' } }],
    ['a variable left out whose default holds a custom scalar (DateTime) inside an input object', { query: 'query Q($f: CampaignFilter = { updatedAt: { gte: "2026-01-01T00:00:00.000Z" } }) { campaigns(filter: $f) { totalCount } }' }],
    ['introspection', { query: getIntrospectionQuery() }],
    ['a batch', [{ query: '{ campaigns { nodes { id } } }' }, { query: '{ nope }' }, { query: 'query Q($id: ID!) { phase(id: $id) { phaseTitle } }', variables: { id: '1' } }]],
  ])('are graphql-js\'s for %s', async (_name, body) => {
    await sameAsGraphqlJs(body);
  });
});

describe('mutations', () => {
  it('run on graphql-js however often their text comes: an update leaving out a variable keeps the value rather than clearing it', async () => {
    const update = 'mutation M($id: ID!, $title: String!, $externalId: String) { phaseUpdate(id: $id, input: { phaseTitle: $title, externalId: $externalId }) { phase { phaseTitle externalId } } }';
    // The title is written again as it is: other tests read it.
    const set = await post(jitUrl, { query: update, variables: { id: phaseIds[2], title: 'Other phase', externalId: 'EXT-1' } });
    expect(JSON.parse(set.text).data.phaseUpdate.phase).toEqual({ phaseTitle: 'Other phase', externalId: 'EXT-1' });
    const before = jit.stats();
    for (let i = 0; i < COMPILE_AT; i += 1) {
      const omitted = await post(jitUrl, { query: update, variables: { id: phaseIds[2], title: 'Other phase' } });
      expect(JSON.parse(omitted.text).data.phaseUpdate.phase).toEqual({ phaseTitle: 'Other phase', externalId: 'EXT-1' });
    }
    expect(jit.stats()).toMatchObject({ compiled: before.compiled, reused: before.reused, graphqlJs: before.graphqlJs + COMPILE_AT });
  });

  it('keep a variable inside a custom scalar\'s literal, which graphql-jit would drop', async () => {
    const query = 'mutation M($id: ID!, $note: String) { phaseUpdate(id: $id, input: { customFields: { note: $note, fixed: 1 } }) { phase { customFields } userErrors { code } } }';
    for (const note of ['from a variable', 'again', 'and again']) {
      const answer = await sameAsGraphqlJs({ query, variables: { id: phaseIds[2], note } });
      expect(JSON.parse(answer.text).data.phaseUpdate).toEqual({ phase: { customFields: { note, fixed: 1 } }, userErrors: [] });
    }
  });

  it('alone can hold a variable inside a custom scalar\'s literal: no query argument takes a scalar that reads object or list literals', () => {
    // src/graphql/jit-variables.ts relies on it: compiled queries cannot hold such a variable.
    const readsLiterals = (scalar: GraphQLScalarType): boolean =>
      [{ kind: Kind.OBJECT, fields: [] }, { kind: Kind.LIST, values: [] }].some((literal) => {
        try {
          return scalar.parseLiteral(literal as Parameters<GraphQLScalarType['parseLiteral']>[0], undefined) !== undefined;
        } catch {
          return false;
        }
      });
    const found = new Set<string>();
    const seen = new Set<string>();
    const walk = (type: GraphQLInputType): void => {
      const named = getNamedType(type);
      if (seen.has(named.name)) return;
      seen.add(named.name);
      if (isScalarType(named) && readsLiterals(named)) found.add(named.name);
      if (isInputObjectType(named)) for (const field of Object.values(named.getFields())) walk(field.type);
    };
    for (const field of Object.values(schema.getQueryType()!.getFields())) for (const arg of field.args) walk(arg.type);
    expect([...found]).toEqual([]);
  });
});

describe('compiled queries', () => {
  it('are compiled at the COMPILE_AT-th sighting of their text, then reused', async () => {
    const query = 'query Phase($id: ID!) { phase(id: $id) { id phaseTitle } }';
    const before = jit.stats();
    const titles: string[] = [];
    for (let i = 0; i <= COMPILE_AT; i += 1) titles.push(JSON.parse((await post(jitUrl, { query, variables: { id: phaseIds[i % 2] } })).text).data.phase.phaseTitle);
    expect(titles).toEqual(Array.from({ length: COMPILE_AT + 1 }, (_, i) => (i % 2 === 0 ? 'Phase one' : 'Phase two')));
    expect(jit.stats()).toMatchObject({ compiled: before.compiled + 1, reused: before.reused + 1, graphqlJs: before.graphqlJs + COMPILE_AT - 1 });
  });

  it('are never compiled for a text seen fewer times: ever new texts (values written inline) run on graphql-js', async () => {
    const before = jit.stats();
    for (let i = 0; i < 5; i += 1) expect(JSON.parse((await post(jitUrl, { query: `{ campaigns(first: ${i + 1}) { nodes { id } } }` })).text).data.campaigns.nodes.length).toBeGreaterThan(0);
    expect(jit.stats()).toMatchObject({ compiled: before.compiled, reused: before.reused, graphqlJs: before.graphqlJs + 5 });
  });

  it('are kept at most cacheSize; the least recently used is compiled again, when seen COMPILE_AT times again', async () => {
    const documents = ['{ a: campaigns { nodes { id } } }', '{ b: campaigns { nodes { id } } }', '{ c: campaigns { nodes { id } } }'];
    const sendEach = async (query: string, times: number): Promise<void> => {
      for (let i = 0; i < times; i += 1) expect((await post(jitUrl, { query })).status).toBe(200);
    };
    const before = jit.stats();
    for (const query of documents) await sendEach(query, COMPILE_AT);
    const filled = jit.stats();
    expect(filled.compiled).toBe(before.compiled + 3);
    expect(filled.cached).toBe(CACHE_SIZE);
    expect(filled.cachedBytes).toBeGreaterThan(0);
    // The newest is still there; the first was evicted by the third.
    await sendEach(documents[2], 1);
    expect(jit.stats().reused).toBe(filled.reused + 1);
    await sendEach(documents[0], COMPILE_AT);
    expect(jit.stats().compiled).toBe(filled.compiled + 1);
    expect(jit.stats().cached).toBe(CACHE_SIZE);
  });
});
