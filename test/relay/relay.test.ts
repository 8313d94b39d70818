import { execFile } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  commitMutation,
  type ConcreteRequest,
  createOperationDescriptor,
  Environment,
  fetchQuery,
  getSelector,
  Network,
  type ReaderFragment,
  RecordSource,
  Store,
  type Variables,
} from 'relay-runtime';
import { seedHierarchy } from '../../src/cli/seed-demo';
import { contextOf } from '../support/fixtures';
import { gid } from '../support/global-ids';
import { type AnyBody, startTestApp, type TestApp, type Workspace } from '../support/test-app';
import { createService, createWebhook, pingWebhook } from '../support/webhooks';

/**
 * Relay as a partner's front end uses it: relay-compiler, with its default configuration, compiles
 * the documents of test/relay/documents against the emitted schema.graphql, and relay-runtime runs
 * what it generates in Node against a real server over HTTP. Relay keys its store by `id` alone
 * (GraphQL Global Object Identification), so this fails on any `id` two records share.
 */

const RELAY_DIR = __dirname;
const GENERATED = join(RELAY_DIR, '__generated__');

let app: TestApp;
let ws: Workspace;
/** What the compiler printed: it must not warn. */
let compilerOutput = '';
/** What Relay logged while the tests ran (its warnings of ids two records share among them). */
const relayWarnings: string[] = [];

/** A generated artifact, by its document's name. */
function artifact<T extends ConcreteRequest | ReaderFragment>(name: string): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(join(GENERATED, `${name}.graphql.ts`)) as { default: T }).default;
}

/** A Relay environment with its own store, and the answers exactly as the server sent them. */
function relayEnvironment(): { environment: Environment; responses: AnyBody[] } {
  const responses: AnyBody[] = [];
  const network = Network.create(async (request, variables) => {
    const response = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': ws.key },
      body: JSON.stringify({ query: request.text, variables }),
    });
    const body = (await response.json()) as AnyBody;
    responses.push(body);
    return body;
  });
  return { environment: new Environment({ network, store: new Store(new RecordSource()) }), responses };
}

/** Runs a query through Relay: the data as Relay reads it back from its store, and the answer the server sent. */
async function query(environment: Environment, responses: AnyBody[], name: string, variables: Variables = {}): Promise<{ fromStore: AnyBody; sent: AnyBody }> {
  const fromStore = await fetchQuery(environment, artifact<ConcreteRequest>(name), variables).toPromise();
  const sent = responses.at(-1);
  expect(sent.errors).toBeUndefined();
  return { fromStore, sent: sent.data };
}

/** A fragment's data as the store holds it now, for the record `ref` points at. */
function readFragment(environment: Environment, name: string, ref: AnyBody): AnyBody {
  const selector = getSelector(artifact<ReaderFragment>(name), ref);
  if (!selector || !('dataID' in selector)) throw new Error(`no selector for ${name}`);
  return environment.lookup(selector).data;
}

/** One global id of each record type, from the server. */
async function oneOfEach(): Promise<Record<string, string>> {
  const answer = await ws.api.graphql(`{
    organisation { id } apiKey { id } users(first: 1) { nodes { id } } members(first: 1) { nodes { id } }
    advertiserAccounts(first: 1) { nodes { id } } publisherProfiles(first: 1) { nodes { id titles { id } } }
    campaigns(first: 1) { nodes { id phases { id } contents(first: 1) { nodes { id distributions { id primaryLink { id } mediaLibrary { id } } } } } }
    webhookServices { id } webhooks { id deliveries(first: 1) { nodes { id event { id } } } }
  }`);
  expect(answer.body.errors).toBeUndefined();
  const data = answer.body.data;
  const campaign = data.campaigns.nodes[0];
  const content = campaign.contents.nodes[0];
  const distribution = content.distributions.find((entry: AnyBody) => entry.primaryLink && entry.mediaLibrary.length > 0);
  const delivery = data.webhooks[0].deliveries.nodes[0];
  return {
    Organisation: data.organisation.id,
    ApiKey: data.apiKey.id,
    User: data.users.nodes[0].id,
    Member: data.members.nodes[0].id,
    AdvertiserAccount: data.advertiserAccounts.nodes[0].id,
    PublisherProfile: data.publisherProfiles.nodes[0].id,
    PublisherTitle: data.publisherProfiles.nodes[0].titles[0].id,
    Campaign: campaign.id,
    Phase: campaign.phases[0].id,
    Content: content.id,
    Distribution: distribution.id,
    PrimaryLink: distribution.primaryLink.id,
    MediaItem: distribution.mediaLibrary[0].id,
    WebhookService: data.webhookServices[0].id,
    Webhook: data.webhooks[0].id,
    WebhookDelivery: delivery.id,
    Event: delivery.event.id,
  };
}

beforeAll(async () => {
  rmSync(GENERATED, { recursive: true, force: true });
  mkdirSync(GENERATED);
  const compiled = await promisify(execFile)(join(RELAY_DIR, '../../node_modules/.bin/relay-compiler'), [], { cwd: RELAY_DIR });
  compilerOutput = `${compiled.stdout}${compiled.stderr}`;
  app = await startTestApp();
  ws = await app.workspace('Relay');
  await seedHierarchy(app.services, contextOf(ws), 5);
  const service = await createService(ws);
  const webhook = await createWebhook(ws, { service_id: service.id });
  await pingWebhook(ws, webhook.id);
  for (const method of ['warn', 'error'] as const) {
    jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      relayWarnings.push(args.map(String).join(' '));
    });
  }
}, 120_000);

afterAll(async () => {
  jest.restoreAllMocks();
  await app?.close();
});

afterEach(() => {
  expect(relayWarnings).toEqual([]);
});

describe('relay-compiler with its default configuration', () => {
  it('compiles every document against schema.graphql without a warning: @refetchable fragments on every record type, @connection on a root and a nested list', () => {
    expect(compilerOutput).toContain('Compilation completed');
    expect(compilerOutput).not.toMatch(/WARN|ERROR/);
  });
});

describe('relay-runtime against the server', () => {
  it('reads a nested answer back from its store unchanged, value for value: no two records share an id', async () => {
    const { environment, responses } = relayEnvironment();
    const { fromStore, sent } = await query(environment, responses, 'relayOverviewQuery');
    expect(sent.campaigns.nodes).toHaveLength(5);
    expect(sent.advertiserAccounts.nodes.length).toBeGreaterThan(1);
    expect(sent.users.nodes.length).toBeGreaterThan(3);
    expect(fromStore).toEqual(sent);
  });

  it('refetches one record of every type by its id, through its @refetchable fragment and `node`', async () => {
    const ids = await oneOfEach();
    expect(Object.keys(ids)).toHaveLength(17);
    const { environment, responses } = relayEnvironment();
    for (const [typeName, id] of Object.entries(ids)) {
      const { fromStore, sent } = await query(environment, responses, `relay${typeName}CardRefetchQuery`, { id });
      expect(sent.node).toEqual(expect.objectContaining({ __typename: typeName, id }));
      expect(readFragment(environment, `relay${typeName}Card_record`, fromStore.node)).toEqual({ id, databaseId: sent.node.databaseId, ...withoutRelayKeys(sent.node) });
    }
  });

  it('pages Query.campaigns with @connection: the second page is appended to the connection in the store', async () => {
    const { environment, responses } = relayEnvironment();
    const first = await query(environment, responses, 'relayCampaignListQuery');
    const firstPage = readFragment(environment, 'relayCampaignList_query', first.fromStore);
    expect(firstPage.campaigns.edges).toHaveLength(2);
    await query(environment, responses, 'relayCampaignListPaginationQuery', { count: 2, cursor: responses.at(-1).data.campaigns.pageInfo.endCursor });
    const both = readFragment(environment, 'relayCampaignList_query', first.fromStore);
    const titles = both.campaigns.edges.map((edge: AnyBody) => edge.node.campaignTitle);
    expect(titles).toHaveLength(4);
    const all = await ws.api.graphql('{ campaigns(first: 4) { nodes { campaignTitle } } }');
    expect(titles).toEqual(all.body.data.campaigns.nodes.map((node: AnyBody) => node.campaignTitle));
  });

  it('pages a nested connection, Campaign.contents, as usePaginationFragment does: the refetch goes through `node`', async () => {
    const { environment, responses } = relayEnvironment();
    const campaignId = (await oneOfEach()).Campaign;
    const first = await query(environment, responses, 'relayCampaignContentsQuery', { id: campaignId });
    expect(readFragment(environment, 'relayCampaignContents_campaign', first.fromStore.campaign).contents.edges).toHaveLength(2);
    const endCursor = responses.at(-1).data.campaign.contents.pageInfo.endCursor;
    const next = await query(environment, responses, 'relayCampaignContentsPaginationQuery', { id: campaignId, count: 2, cursor: endCursor });
    expect(next.sent.node.id).toBe(campaignId);
    const contents = readFragment(environment, 'relayCampaignContents_campaign', first.fromStore.campaign).contents.edges.map((edge: AnyBody) => withoutRelayKeys(edge.node));
    const all = await ws.api.graphql('query($id: ID!) { campaign(id: $id) { contents(first: 4) { nodes { id contentName campaignId } } } }', { id: campaignId });
    expect(contents).toEqual(all.body.data.campaign.contents.nodes);
    for (const content of contents) expect(content.campaignId).toBe(campaignId);
  });

  it("updates the record in the store from a mutation's payload, by its id", async () => {
    const { environment, responses } = relayEnvironment();
    const overview = await query(environment, responses, 'relayOverviewQuery');
    const campaign = overview.sent.campaigns.nodes[0];
    const renamed = await new Promise<AnyBody>((resolve, reject) => {
      commitMutation(environment, {
        mutation: artifact<ConcreteRequest>('relayRenameCampaignMutation'),
        variables: { id: campaign.id, title: 'Renamed through Relay' },
        onCompleted: resolve,
        onError: reject,
      });
    });
    expect(renamed.campaignUpdate.userErrors).toEqual([]);
    const operation = createOperationDescriptor(artifact<ConcreteRequest>('relayOverviewQuery'), {});
    const fromStore = environment.lookup(operation.fragment).data as AnyBody;
    expect(fromStore.campaigns.nodes[0]).toEqual({ ...campaign, campaignTitle: 'Renamed through Relay', updatedAt: renamed.campaignUpdate.campaign.updatedAt });
    expect(fromStore.campaigns.nodes.slice(1)).toEqual(overview.sent.campaigns.nodes.slice(1));
    expect(campaign.id).toBe(gid('Campaign', (await ws.api.graphql('query($id: ID!) { campaign(id: $id) { databaseId } }', { id: campaign.id })).body.data.campaign.databaseId));
  });
});

/** A record as the server sent it, less the keys Relay adds to what it reads (`__typename`, fragment references). */
function withoutRelayKeys(record: AnyBody): AnyBody {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !key.startsWith('__')));
}
