import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ApolloClient, ApolloLink, CombinedGraphQLErrors, gql, HttpLink, InMemoryCache, type TypedDocumentNode } from '@apollo/client';
import { BatchHttpLink } from '@apollo/client/link/batch-http';
import { relayStylePagination } from '@apollo/client/utilities';
import { seedHierarchy } from '../../src/cli/seed-demo';
import { relayStylePaginationWithNodes } from '../support/apollo-pagination';
import { dbId } from '../support/global-ids';
import { partnerClient } from '../support/apollo-subscriptions';
import { subscribersOpen } from '../support/subscriptions';
import { eventually } from '../support/webhook-receiver';
import { type AnyBody, startTestApp, type TestApp, type Workspace } from '../support/test-app';

/**
 * The GraphQL face through Apollo Client 4, as a partner's front end uses it: InMemoryCache
 * normalising by `__typename` and `id`, the pagination field policies docs/graphql.md gives,
 * mutations updating the cache, batching, and refusals read as GraphQL errors. Real HTTP to a real
 * server; each test counts the requests the client really sent.
 */

let app: TestApp;
let ws: Workspace;
let sent: number;

beforeAll(async () => {
  app = await startTestApp();
  ws = await app.workspace('Apollo Client workspace');
  await seedHierarchy(app.services, await app.services.apiKeys.authenticate(ws.key, 'apollo client tests'), 5);
}, 120_000);

afterAll(async () => {
  await app.close();
});

beforeEach(() => {
  sent = 0;
});

const DOCS = readFileSync(path.join(__dirname, '..', '..', 'docs', 'graphql.md'), 'utf8');

/** Whether docs/graphql.md shows, word for word, the code between `// --- docs/graphql.md: <title> ---` and `// --- end ---` of a support file. */
function docsShows(supportFile: string, title: string): boolean {
  const text = readFileSync(path.join(__dirname, '..', 'support', supportFile), 'utf8');
  const start = text.indexOf(`// --- docs/graphql.md: ${title} ---`);
  const end = text.indexOf('// --- end ---');
  const code = start < 0 || end < 0 ? '' : text.slice(text.indexOf('\n', start) + 1, end).trim();
  return code.length > 400 && DOCS.includes(code);
}

/** fetch, counting the requests the client sends. */
const countingFetch: typeof fetch = (input, init) => {
  sent += 1;
  return fetch(input, init);
};

function client(options: { key?: string; cache?: InMemoryCache; batch?: boolean } = {}): ApolloClient {
  const link: ApolloLink = options.batch
    ? new BatchHttpLink({ uri: `${app.baseUrl}/graphql`, headers: { 'x-api-key': options.key ?? ws.key }, fetch: countingFetch, batchMax: 10 })
    : new HttpLink({ uri: `${app.baseUrl}/graphql`, headers: { 'x-api-key': options.key ?? ws.key }, fetch: countingFetch });
  return new ApolloClient({ link, cache: options.cache ?? new InMemoryCache() });
}

const NESTED = gql`
  query Nested {
    campaigns(first: 5) {
      nodes {
        id
        campaignTitle
        primaryAdvertiserAccount { id name }
        phases {
          id
          phaseTitle
          contents(first: 10) {
            nodes {
              id
              contentName
              publisherTitle { id name }
              distributions { id contentTitle primaryLink { id originalLink } mediaLibrary { id fileUrl } }
            }
          }
        }
      }
    }
  }
`;

describe('the nested query', () => {
  it('normalises cleanly: each record once under its type and id, and read back whole', async () => {
    // The usual cache redirect: `campaign(id:)` is the record `Campaign:<id>`.
    const apollo = client({
      cache: new InMemoryCache({ typePolicies: { Query: { fields: { campaign: { read: (_, { args, toReference }) => toReference({ __typename: 'Campaign', id: args?.id }) } } } } }),
    });
    const { data } = await apollo.query({ query: NESTED });
    const answer = data as AnyBody;

    const rest = (await ws.api.get('/v2/campaigns?per_page=5')).body.data.campaigns.data;
    expect(answer.campaigns.nodes.map((campaign: AnyBody) => campaign.campaignTitle)).toEqual(rest.map((campaign: AnyBody) => campaign.campaign_title));
    const store = apollo.cache.extract() as Record<string, AnyBody>;
    const contents = answer.campaigns.nodes.flatMap((campaign: AnyBody) => campaign.phases.flatMap((phase: AnyBody) => phase.contents.nodes));
    expect(contents.length).toBeGreaterThan(10);
    for (const content of contents) expect(store[`Content:${content.id}`]).toMatchObject({ __typename: 'Content', id: content.id, contentName: content.contentName });
    // Shared records (accounts, publisher titles) are one entry each, however often they appear.
    expect(Object.keys(store).filter((key) => key.startsWith('AdvertiserAccount:')).length).toBeLessThanOrEqual(3);

    // A record the nested query brought is read from the cache: no request.
    const campaign = answer.campaigns.nodes[0];
    const again = await apollo.query({ query: gql`query One($id: ID!) { campaign(id: $id) { id campaignTitle } }`, variables: { id: campaign.id }, fetchPolicy: 'cache-first' });
    expect(sent).toBe(1);
    expect(again.data).toEqual({ campaign: { __typename: 'Campaign', id: campaign.id, campaignTitle: campaign.campaignTitle } });
  });
});

describe('cursor pagination with the field policies of docs/graphql.md', () => {
  const BY_EDGES = gql`
    query ByEdges($after: String) {
      contents(first: 7, after: $after) { edges { cursor node { id contentName } } pageInfo { hasNextPage endCursor } }
    }
  `;
  const BY_NODES = gql`
    query ByNodes($after: String) {
      contents(first: 7, after: $after) { nodes { id contentName } pageInfo { hasNextPage endCursor } }
    }
  `;

  async function allContentIds(): Promise<string[]> {
    const rest = await ws.api.graphql('{ contents(first: 100) { nodes { id } } }');
    return rest.body.data.contents.nodes.map((node: AnyBody) => node.id);
  }

  /** fetchMore until the last page, as an infinite scroll does; the ids the cached list shows. */
  async function scrollToTheEnd(apollo: ApolloClient, query: TypedDocumentNode, ids: (connection: AnyBody) => string[]): Promise<string[]> {
    let { data } = (await apollo.query({ query })) as { data: AnyBody };
    while (data.contents.pageInfo.hasNextPage) {
      await apollo.query({ query, variables: { after: data.contents.pageInfo.endCursor }, fetchPolicy: 'network-only' });
      data = apollo.readQuery({ query }) as AnyBody;
    }
    return ids(data.contents);
  }

  it('shows every page, in order, through edges with relayStylePagination()', async () => {
    const apollo = client({ cache: new InMemoryCache({ typePolicies: { Query: { fields: { contents: relayStylePagination(['filter', 'orderBy']) } } } }) });
    const shown = await scrollToTheEnd(apollo, BY_EDGES, (connection) => connection.edges.map((edge: AnyBody) => edge.node.id));
    expect(shown).toEqual(await allContentIds());
    expect(sent).toBeGreaterThan(5);
  });

  it('shows every page, in order, through nodes with relayStylePaginationWithNodes()', async () => {
    const apollo = client({ cache: new InMemoryCache({ typePolicies: { Query: { fields: { contents: relayStylePaginationWithNodes(['filter', 'orderBy']) } } } }) });
    const shown = await scrollToTheEnd(apollo, BY_NODES, (connection) => connection.nodes.map((node: AnyBody) => node.id));
    expect(shown).toEqual(await allContentIds());
  });

  it('with relayStylePagination() alone, a list read through nodes shows the last page only (why the docs give the other policy)', async () => {
    const apollo = client({ cache: new InMemoryCache({ typePolicies: { Query: { fields: { contents: relayStylePagination(['filter', 'orderBy']) } } } }) });
    const shown = await scrollToTheEnd(apollo, BY_NODES, (connection) => (connection.nodes ?? []).map((node: AnyBody) => node.id));
    expect(shown.length).toBeLessThanOrEqual(7);
  });

  it('is the code docs/graphql.md shows', () => {
    expect(docsShows('apollo-pagination.ts', 'nodes-aware pagination')).toBe(true);
  });
});

describe('a mutation', () => {
  it('updates the cached record, so every query showing it shows the change without a request', async () => {
    const apollo = client();
    const list = gql`{ campaigns(first: 2) { nodes { id campaignTitle } } }`;
    const before = ((await apollo.query({ query: list })).data as AnyBody).campaigns.nodes[0];

    await apollo.mutate({
      mutation: gql`mutation Rename($id: ID!, $title: String!) { campaignUpdate(id: $id, input: { campaignTitle: $title }) { campaign { id campaignTitle } userErrors { message } } }`,
      variables: { id: before.id, title: 'Renamed through Apollo' },
    });

    const shown = apollo.readQuery({ query: list }) as AnyBody;
    expect(shown.campaigns.nodes[0]).toEqual({ __typename: 'Campaign', id: before.id, campaignTitle: 'Renamed through Apollo' });
    expect(sent).toBe(2);
  });
});

describe('referenceLibraries', () => {
  it('is read back from the cache whole: no entry of one library takes the place of another\'s', async () => {
    const apollo = client();
    const query = gql`{ referenceLibraries { name entries { code name parentCode } } }`;
    await apollo.query({ query });

    const cached = apollo.readQuery({ query }) as AnyBody;
    for (const library of cached.referenceLibraries) {
      const rest = (await ws.api.get(`/v2/libraries/${library.name}`)).body.data.library;
      expect({ library: library.name, names: library.entries.map((entry: AnyBody) => [entry.code, entry.name]) }).toEqual({
        library: library.name,
        names: rest.entries.map((entry: AnyBody) => [entry.id, entry.name]),
      });
    }
    expect(cached.referenceLibraries.find((library: AnyBody) => library.name === 'link-types').entries[0].name).not.toBe(
      cached.referenceLibraries.find((library: AnyBody) => library.name === 'distribution-types').entries[0].name,
    );
  });
});

describe('refusals and batching', () => {
  it('reads a 401 as a GraphQL error with its code, not a bare transport error', async () => {
    const apollo = client({ key: 'cpk_neverIssued' });
    const outcome = await apollo.query({ query: gql`{ organisation { id } }`, errorPolicy: 'all' });

    expect(CombinedGraphQLErrors.is(outcome.error)).toBe(true);
    expect((outcome.error as CombinedGraphQLErrors).errors.map((error) => [error.message, error.extensions?.code])).toEqual([['API key is invalid', 'UNAUTHENTICATED']]);
  });

  it('sends queries made together in one request with BatchHttpLink, each answered as if alone', async () => {
    const apollo = client({ batch: true });
    const [organisation, accounts, libraries] = await Promise.all([
      apollo.query({ query: gql`{ organisation { id name } }` }),
      apollo.query({ query: gql`{ advertiserAccounts(first: 2) { nodes { id name } } }` }),
      apollo.query({ query: gql`{ referenceLibraries(names: ["role-types"]) { name } }` }),
    ]);

    expect(sent).toBe(1);
    expect((organisation.data as AnyBody).organisation.name).toBe('Apollo Client workspace');
    expect((accounts.data as AnyBody).advertiserAccounts.nodes).toHaveLength(2);
    expect((libraries.data as AnyBody).referenceLibraries).toEqual([{ __typename: 'ReferenceLibrary', name: 'role-types' }]);
  });
});

describe('a subscription', () => {
  it('goes over the WebSocket of a split link while queries stay on HTTP: the client docs/graphql.md shows', async () => {
    expect(docsShows('apollo-subscriptions.ts', 'Apollo Client with subscriptions')).toBe(true);
    const apollo = partnerClient(app.baseUrl, ws.key);
    const received: AnyBody[] = [];
    const subscription = apollo.subscribe({ query: gql`subscription { events { id type data } }` }).subscribe({ next: ({ data }) => received.push((data as AnyBody)?.events) });
    await subscribersOpen(app, 1);
    const created = await apollo.mutate({
      mutation: gql`mutation { advertiserAccountCreate(input: { name: "Seen live" }) { advertiserAccount { id name } userErrors { message } } }`,
    });
    const account = (created.data as AnyBody).advertiserAccountCreate.advertiserAccount;
    await eventually(async () => received.length, (length) => length >= 1);
    // The event is named by its global id; its data is the /v2 record, whose id is the integer inside the account's.
    expect(received).toEqual([
      { __typename: 'Event', id: expect.stringMatching(/^gid:\/\/partner-api\/Event\/\d+$/), type: 'advertiser_account_created', data: { advertiser_account: expect.objectContaining({ id: dbId(account.id), name: 'Seen live' }) } },
    ]);
    subscription.unsubscribe();
    await subscribersOpen(app, 0);
    apollo.stop();
  });
});
