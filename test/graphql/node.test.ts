import { isInterfaceType, type GraphQLSchema } from 'graphql';
import { NODE_SOURCES } from '../../src/app/nodes';
import { RESOLVERS } from '../../src/app/resolvers';
import { seedHierarchy } from '../../src/cli/seed-demo';
import { globalId } from '../../src/common/global-id';
import { countStatements, type StatementCounter } from '../../src/db/statement-counter';
import { createSchema } from '../../src/graphql/schema';
import { databaseFingerprint } from '../support/database-fingerprint';
import { contextOf } from '../support/fixtures';
import { createService, createWebhook, pingWebhook } from '../support/webhooks';
import { type AnyBody, startTestApp, type TestApp, type Workspace } from '../support/test-app';

/**
 * `node(id:)` and `nodes(ids:)` over every declared record type (src/app/nodes.ts), and the
 * global ids every argument takes: the rules of the issue of global object identification, run
 * over the declarations themselves.
 */

/** Where each Node type's rows live, to pick one of a workspace's; a Node type missing here fails the suite. */
const TABLES: Record<string, string | ((ws: Workspace) => number)> = {
  Organisation: (ws) => ws.organisationId,
  ApiKey: (ws) => ws.apiKeyId,
  User: 'organisation_users',
  AdvertiserAccount: 'advertiser_accounts',
  Member: 'advertiser_account_members',
  Campaign: 'campaigns',
  Phase: 'phases',
  Content: 'contents',
  Distribution: 'distributions',
  MediaItem: 'distribution_media',
  PrimaryLink: 'distribution_links',
  PublisherProfile: 'publisher_profiles',
  PublisherTitle: 'publisher_titles',
  Webhook: 'webhooks',
  WebhookService: 'webhook_services',
  WebhookDelivery: 'webhook_deliveries',
  Event: 'outbox_events',
};

let app: TestApp;
let schema: GraphQLSchema;
let ws: Workspace;
let other: Workspace;
let counter: StatementCounter;
/** One global id of each Node type in `ws`, and in `other`. */
const ours = new Map<string, string>();
const theirs = new Map<string, string>();

async function oneOfEach(workspace: Workspace, into: Map<string, string>): Promise<void> {
  await seedHierarchy(app.services, contextOf(workspace), 1);
  const service = await createService(workspace);
  const webhook = await createWebhook(workspace, { service_id: service.id });
  await pingWebhook(workspace, webhook.id);
  for (const [typeName, table] of Object.entries(TABLES)) {
    const id =
      typeof table === 'function'
        ? table(workspace)
        : ((await app.dataSource.query(`SELECT id FROM ${table} WHERE organisation_id = $1 ORDER BY id LIMIT 1`, [workspace.organisationId])) as { id: string }[])[0]?.id;
    if (id === undefined) throw new Error(`no ${typeName} in the workspace`);
    into.set(typeName, globalId(typeName, id));
  }
}

const NODE_QUERY = 'query($id: ID!) { node(id: $id) { __typename id ... on Campaign { databaseId campaignTitle } } }';
const NODES_QUERY = 'query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }';

beforeAll(async () => {
  app = await startTestApp();
  schema = await createSchema(RESOLVERS);
  ws = await app.workspace('Nodes');
  other = await app.workspace('Nodes: another workspace');
  await oneOfEach(ws, ours);
  await oneOfEach(other, theirs);
  counter = countStatements(app.dataSource);
});

afterAll(async () => {
  await app.close();
});

describe('the Node types', () => {
  it('are exactly the declared sources, each with a table here', () => {
    const node = schema.getType('Node');
    if (!isInterfaceType(node)) throw new Error('no Node interface');
    const implementing = schema.getPossibleTypes(node).map((type) => type.name).sort();
    expect(NODE_SOURCES.map((source) => source.typeName).sort()).toEqual(implementing);
    expect(Object.keys(TABLES).sort()).toEqual(implementing);
  });
});

describe('node(id:)', () => {
  it.each(Object.keys(TABLES))('reads a %s by its global id, which its `id` gives back', async (typeName) => {
    const id = ours.get(typeName)!;
    const response = await ws.api.graphql(NODE_QUERY, { id });
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data).toEqual({ node: expect.objectContaining({ __typename: typeName, id }) });
  });

  it.each(Object.keys(TABLES))("answers null for another workspace's %s, exactly as for an id that names nothing", async (typeName) => {
    const foreign = await ws.api.graphql(NODE_QUERY, { id: theirs.get(typeName)! });
    const missing = await ws.api.graphql(NODE_QUERY, { id: globalId(typeName, '2147483000') });
    expect(foreign.status).toBe(200);
    expect(foreign.body.errors).toBeUndefined();
    expect(foreign.body.data).toEqual({ node: null });
    expect(missing.body).toEqual(foreign.body);
  });

  it('gives the database id beside the global id, the one /v2 uses for the same record', async () => {
    const response = await ws.api.graphql(NODE_QUERY, { id: ours.get('Campaign')! });
    const { databaseId, campaignTitle } = response.body.data.node;
    const v2 = await ws.api.get(`/v2/campaigns/${databaseId}`);
    expect(v2.status).toBe(200);
    expect(v2.body.data.campaign.campaign_title).toBe(campaignTitle);
    expect(response.body.data.node.id).toBe(`gid://partner-api/Campaign/${databaseId}`);
  });

  it.each([
    ['not a global id', 'Campaign:1'],
    ['a bare database id (its type is not known)', '1'],
    ['a type with no records', 'gid://partner-api/Nothing/1'],
    ['a zero id', 'gid://partner-api/Campaign/0'],
    ['an empty string', ''],
  ])('refuses %s with BAD_USER_INPUT, reading nothing', async (_case, id) => {
    counter.reset();
    const response = await ws.api.graphql(NODE_QUERY, { id });
    expect(response.body.data).toEqual({ node: null });
    expect(response.body.errors).toEqual([expect.objectContaining({ path: ['node'], extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', fieldErrors: { id: [expect.any(String)] } }) })]);
    // Authentication's statements only: nothing was looked up.
    const authenticationOnly = counter.count;
    counter.reset();
    await ws.api.graphql('{ __typename }');
    expect(authenticationOnly).toBe(counter.count);
  });

  it('needs the scope of the record type, as its own root field does: FORBIDDEN without it, whether or not the record exists', async () => {
    const accountsOnly = await app.keyFor(ws, { scopes: ['accounts:read'] });
    for (const id of [ours.get('Campaign')!, theirs.get('Campaign')!, globalId('Campaign', 2147483000)]) {
      const refused = await accountsOnly.api.graphql(NODE_QUERY, { id });
      expect(refused.body.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'FORBIDDEN' }) })]);
    }
    const campaignsOnly = await app.keyFor(ws, { scopes: ['campaigns:read'] });
    const allowed = await campaignsOnly.api.graphql(NODE_QUERY, { id: ours.get('Campaign')! });
    expect(allowed.body.data.node.__typename).toBe('Campaign');
    const root = await accountsOnly.api.graphql('query($id: ID!) { campaign(id: $id) { id } }', { id: ours.get('Campaign')! });
    expect(root.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it("costs what the record's own root field costs", async () => {
    const cost = async (query: string, variables: Record<string, unknown>): Promise<number> => (await ws.api.graphql(query, variables)).body.extensions.cost.requestedQueryCost;
    const selection = '{ id phases { id contents { nodes { id } } } }';
    const byNode = await cost(`query($id: ID!) { node(id: $id) { ... on Campaign ${selection} } }`, { id: ours.get('Campaign')! });
    const byRoot = await cost(`query($id: ID!) { campaign(id: $id) ${selection} }`, { id: ours.get('Campaign')! });
    expect(byNode).toBe(byRoot);
    const three = await cost(`query($ids: [ID!]!) { nodes(ids: $ids) { ... on Campaign ${selection} } }`, { ids: [ours.get('Campaign')!, ours.get('Campaign')!, ours.get('Campaign')!] });
    expect(three).toBe(3 * byRoot);
  });
});

describe('nodes(ids:)', () => {
  it('reads records of every type in order, with null for what the workspace does not have, one statement per type', async () => {
    const ids = [...Object.keys(TABLES).map((typeName) => ours.get(typeName)!), theirs.get('Campaign')!, ours.get('Phase')!];
    counter.reset();
    const response = await ws.api.graphql(NODES_QUERY, { ids });
    const statements = counter.count;
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.nodes).toEqual([...Object.keys(TABLES).map((typeName) => ({ __typename: typeName, id: ours.get(typeName) })), null, { __typename: 'Phase', id: ours.get('Phase') }]);
    counter.reset();
    await ws.api.graphql('{ __typename }');
    // The workspace and the key are read without a statement of their own (the request knows them).
    expect(statements - counter.count).toBeLessThanOrEqual(Object.keys(TABLES).length);
  });

  it('refuses more than 100 ids, and names the malformed one', async () => {
    const tooMany = await ws.api.graphql(NODES_QUERY, { ids: Array.from({ length: 101 }, () => ours.get('Campaign')!) });
    expect(tooMany.body.errors[0].extensions).toEqual(expect.objectContaining({ code: 'BAD_USER_INPUT', fieldErrors: { ids: [expect.stringContaining('at most 100')] } }));
    const malformed = await ws.api.graphql(NODES_QUERY, { ids: [ours.get('Campaign')!, 'nope'] });
    expect(malformed.body.errors[0].extensions).toEqual(expect.objectContaining({ code: 'BAD_USER_INPUT', fieldErrors: { 'ids.1': [expect.any(String)] } }));
  });
});

describe('arguments and input fields that name a record', () => {
  it('take the global id of their type, and refuse one of another type with BAD_USER_INPUT, never reading the other table', async () => {
    const phase = ours.get('Phase')!;
    const campaign = ours.get('Campaign')!;
    const read = await ws.api.graphql('query($id: ID!) { campaign(id: $id) { id } }', { id: campaign });
    expect(read.body.data.campaign.id).toBe(campaign);
    counter.reset();
    const wrongType = await ws.api.graphql('query($id: ID!) { campaign(id: $id) { id } }', { id: phase });
    expect(wrongType.body.errors).toEqual([
      expect.objectContaining({ path: ['campaign'], extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', fieldErrors: { id: [expect.stringContaining('Phase')] } }) }),
    ]);
  });

  it('refuse a record of another type in an input, naming the field, and change nothing', async () => {
    const before = await databaseFingerprint(app);
    const response = await ws.api.graphql('mutation($input: ContentInput!) { contentCreate(input: $input) { content { id } userErrors { field message } } }', {
      input: { campaignId: ours.get('Phase')!, phaseId: ours.get('Phase')!, contentName: 'Wrong parent' },
    });
    expect(response.body.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', fieldErrors: { 'input.campaignId': [expect.any(String)] } }) })]);
    expect(await databaseFingerprint(app)).toEqual(before);
  });

  it('take global ids in list filters, and answer the same records as /v2 for the same database ids', async () => {
    const content = await ws.api.graphql('query($id: ID!) { node(id: $id) { ... on Content { campaignId phaseId databaseId } } }', { id: ours.get('Content')! });
    const { campaignId, phaseId, databaseId } = content.body.data.node;
    expect(campaignId).toMatch(/^gid:\/\/partner-api\/Campaign\/\d+$/);
    expect(phaseId).toMatch(/^gid:\/\/partner-api\/Phase\/\d+$/);
    const listed = await ws.api.graphql('query($f: ContentFilter) { contents(filter: $f, first: 100) { nodes { id databaseId } } }', { f: { campaignId, phaseId, ids: [ours.get('Content')!] } });
    expect(listed.body.data.contents.nodes).toEqual([{ id: ours.get('Content'), databaseId }]);
  });

  it('still take the bare database id of their type, for the transition', async () => {
    const { databaseId } = (await ws.api.graphql(NODE_QUERY, { id: ours.get('Campaign')! })).body.data.node;
    const bare = await ws.api.graphql('query($id: ID!) { campaign(id: $id) { id } }', { id: String(databaseId) });
    expect(bare.body.data.campaign.id).toBe(ours.get('Campaign'));
  });

  it("find events by their record's global id, which names its kind", async () => {
    const campaign = ours.get('Campaign')!;
    const events = await ws.api.graphql('query($id: ID) { events(first: 100, filter: { resourceId: $id }) { nodes { resource { ... on Node { id } } } } }', { id: campaign });
    expect(events.body.data.events.nodes.length).toBeGreaterThan(0);
    for (const event of events.body.data.events.nodes as AnyBody[]) expect(event.resource).toEqual({ id: campaign });
  });
});
