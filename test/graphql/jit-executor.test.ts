import { getIntrospectionQuery } from 'graphql';
import { RESOLVERS } from '../../src/app/resolvers';
import { jitExecutor, type JitExecutor } from '../../src/graphql/jit-executor';
import { createSchema } from '../../src/graphql/schema';
import { createCampaignsFixture, createContent, createDistributions, DISTRIBUTION_WITH_LINK_AND_MEDIA } from '../support/fixtures';
import { ExecutorPair, type RawAnswer } from '../support/jit-reference';
import { startTestApp, type TestApp, type Workspace } from '../support/test-app';

/**
 * graphql-jit as the executor of /graphql (src/graphql/jit-executor.ts): its answers are
 * graphql-js's byte for byte, errors included; compiled operations are kept in a bounded LRU; what
 * graphql-jit would get wrong runs on graphql-js. Two servers run the production route
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
  const schema = await createSchema(RESOLVERS);
  jit = jitExecutor(schema, { cacheSize: CACHE_SIZE });
  servers = await ExecutorPair.start(app.services, schema, jit.gateway, ws.key);
  jitUrl = servers.underTestUrl;
}, 120_000);
afterAll(async () => {
  await servers.close();
  await app.close();
});

const post = (baseUrl: string, body: unknown): Promise<RawAnswer> => servers.post(baseUrl, body);

/** Sends the same body to both servers: graphql-jit's answer, which must be graphql-js's. */
async function sameAsGraphqlJs(body: unknown): Promise<RawAnswer> {
  const { reference, underTest } = await servers.both(body);
  expect(underTest.text).toBe(reference.text);
  expect(underTest.status).toBe(reference.status);
  return underTest;
}

const NESTED = `{ campaigns(first: 50) { nodes { id campaignTitle phases { id phaseTitle contents { nodes { id contentName distributions { id status primaryLink { originalLink } mediaLibrary { fileUrl } } } } } } } }`;

describe('answers', () => {
  it('are graphql-js\'s byte for byte: the nested query', async () => {
    const answer = await sameAsGraphqlJs({ query: NESTED });
    expect(JSON.parse(answer.text).data.campaigns.nodes).toHaveLength(2);
  });

  it('are graphql-js\'s when an error inside a list bubbles null up to the nearest nullable field', async () => {
    // `first: 0` is refused by each phase's contents resolver. `contents` is non-null, and so are
    // the phases in their list: each phase's campaign (nullable) becomes null, once per phase of
    // the list, however many of its phases failed.
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

describe('a variable inside an input object, left out of the request', () => {
  it('leaves the field out, as graphql-js does: an update keeps the value rather than clearing it', async () => {
    const update = 'mutation M($id: ID!, $title: String!, $externalId: String) { phaseUpdate(id: $id, input: { phaseTitle: $title, externalId: $externalId }) { phase { phaseTitle externalId } } }';
    // The title is written again as it is: other tests read it.
    const set = await post(jitUrl, { query: update, variables: { id: phaseIds[2], title: 'Other phase', externalId: 'EXT-1' } });
    expect(JSON.parse(set.text).data.phaseUpdate.phase).toEqual({ phaseTitle: 'Other phase', externalId: 'EXT-1' });
    const before = jit.stats().graphqlJs;
    const omitted = await post(jitUrl, { query: update, variables: { id: phaseIds[2], title: 'Other phase' } });
    expect(JSON.parse(omitted.text).data.phaseUpdate.phase).toEqual({ phaseTitle: 'Other phase', externalId: 'EXT-1' });
    expect(jit.stats().graphqlJs).toBe(before + 1);
  });
});

describe('compiled operations', () => {
  it('are compiled once per document and operation, then reused', async () => {
    const query = 'query Phase($id: ID!) { phase(id: $id) { id phaseTitle } }';
    const before = jit.stats();
    const first = await post(jitUrl, { query, variables: { id: phaseIds[0] } });
    const afterFirst = jit.stats();
    const second = await post(jitUrl, { query, variables: { id: phaseIds[1] } });
    const afterSecond = jit.stats();
    expect(JSON.parse(first.text).data.phase.phaseTitle).toBe('Phase one');
    expect(JSON.parse(second.text).data.phase.phaseTitle).toBe('Phase two');
    expect(afterFirst.compiled).toBe(before.compiled + 1);
    expect(afterSecond.compiled).toBe(afterFirst.compiled);
    expect(afterSecond.reused).toBe(afterFirst.reused + 1);
    expect(afterSecond.graphqlJs).toBe(before.graphqlJs);
  });

  it('are kept at most cacheSize; the least recently used is compiled again', async () => {
    const documents = ['{ a: campaigns { nodes { id } } }', '{ b: campaigns { nodes { id } } }', '{ c: campaigns { nodes { id } } }'];
    const before = jit.stats();
    for (const query of documents) expect((await post(jitUrl, { query })).status).toBe(200);
    const filled = jit.stats();
    expect(filled.compiled).toBe(before.compiled + 3);
    expect(filled.cached).toBe(CACHE_SIZE);
    // The newest is still there; the first was evicted by the third.
    await post(jitUrl, { query: documents[2] });
    expect(jit.stats().reused).toBe(filled.reused + 1);
    await post(jitUrl, { query: documents[0] });
    expect(jit.stats().compiled).toBe(filled.compiled + 1);
    expect(jit.stats().cached).toBe(CACHE_SIZE);
  });

  it('leave a variable inside a custom scalar\'s literal to graphql-js, which keeps its value', async () => {
    const query = 'mutation M($id: ID!, $note: String) { phaseUpdate(id: $id, input: { customFields: { note: $note, fixed: 1 } }) { phase { customFields } userErrors { code } } }';
    const before = jit.stats();
    const answer = await post(jitUrl, { query, variables: { id: phaseIds[2], note: 'from a variable' } });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).data.phaseUpdate).toEqual({ phase: { customFields: { note: 'from a variable', fixed: 1 } }, userErrors: [] });
    // Compiled once (graphql-jit declined it), answered by graphql-js, twice, without a second attempt.
    await post(jitUrl, { query, variables: { id: phaseIds[2], note: 'again' } });
    const after = jit.stats();
    expect(after.compiled).toBe(before.compiled + 1);
    expect(after.graphqlJs).toBe(before.graphqlJs + 2);
    const read = await post(jitUrl, { query: `{ phase(id: "${phaseIds[2]}") { customFields } }` });
    expect(JSON.parse(read.text).data.phase.customFields).toEqual({ note: 'again', fixed: 1 });
  });
});
