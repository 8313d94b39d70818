import { rowById, rowCounts } from '../support/database-state';
import { ISO_TIMESTAMP } from '../support/expectations';
import * as fixtures from '../support/fixtures';
import { dbId, gid } from '../support/global-ids';
import { USER_ERRORS, craftCursor, expectCoercionError, expectUserErrorsAt, expectIdRefused } from '../support/graphql';
import { resourceEvents, type OutboxRow } from '../support/outbox';
import { type AnyBody, type ApiResponse, type Workspace } from '../support/test-app';
import { appForFile } from '../support/file-app';

/**
 * GraphQL campaigns: the `campaigns` connection, `campaign(id)`, `Campaign.primaryAdvertiserAccount`
 * and the three mutations, through real HTTP over a real PostgreSQL.
 */

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const CAMPAIGN_FIELDS = `
  fragment CampaignFields on Campaign {
    id
    databaseId
    campaignTitle
    brandPromoting
    campaignStatus
    primaryAdvertiserAccountId
    earliestStartDate
    latestStartDate
    earliestEndDate
    latestEndDate
    actualStartDate
    campaignNetCost
    campaignGrossCost
    isReportingCampaign
    usingUtmTracking
    sourcingImagery
    allowPlatformAmpToSelectSegments
    advertiserAccess
    contentPlan
    workflowBuilder
    forecaster
    skipClientContentApprovals
    additionalCampaignNotes
    noContentPieces
    gImpressions
    eVideoViews
    brandLogoInclusion
    brandIndustryId
    brandSubIndustryId
    createdAt
    updatedAt
  }
`;

const CAMPAIGNS = `
  query Campaigns($first: Int, $after: String, $filter: CampaignFilter, $orderBy: [CampaignOrder!]) {
    campaigns(first: $first, after: $after, filter: $filter, orderBy: $orderBy) {
      edges { cursor node { id campaignTitle } }
      nodes { id campaignTitle campaignStatus }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    }
  }
`;

const CAMPAIGN = `
  query Campaign($id: ID!) { campaign(id: $id) { ...CampaignFields } }
  ${CAMPAIGN_FIELDS}
`;

const CREATE = `
  mutation Create($input: CampaignInput!) {
    campaignCreate(input: $input) { campaign { ...CampaignFields } ${USER_ERRORS} }
  }
  ${CAMPAIGN_FIELDS}
`;

const UPDATE = `
  mutation Update($id: ID!, $input: CampaignInput!) {
    campaignUpdate(id: $id, input: $input) { campaign { ...CampaignFields } ${USER_ERRORS} }
  }
  ${CAMPAIGN_FIELDS}
`;

const DELETE = `
  mutation Delete($id: ID!) {
    campaignDelete(id: $id) { deletedCampaignId ${USER_ERRORS} }
  }
`;

const STATUSES = ['DRAFT', 'ACTIVE', 'PAUSED', 'COMPLETED', 'CANCELLED'] as const;
type Status = (typeof STATUSES)[number];
const STATUS_NUMBER: Record<Status, number> = { DRAFT: 1, ACTIVE: 2, PAUSED: 3, COMPLETED: 4, CANCELLED: 5 };

const { app, ws, other } = appForFile({ ws: 'Campaign GraphQL tests', other: 'Another workspace' });
let accountId: string;
let secondAccountId: string;
let otherAccountId: string;

/** Creates an advertiser account through REST and returns its GraphQL (global) id. */
async function createAccount(workspace: Workspace, name: string): Promise<string> {
  return gid('AdvertiserAccount', await fixtures.createAccount(workspace, name));
}

async function gql(query: string, variables: Record<string, unknown> = {}, workspace = ws): Promise<ApiResponse<AnyBody>> {
  return workspace.api.graphql(query, variables);
}

/** Runs campaignCreate and expects it to succeed; returns the campaign. */
async function createCampaign(input: Record<string, unknown> = {}, workspace = ws, account = accountId): Promise<AnyBody> {
  const response = await gql(CREATE, { input: { campaignTitle: 'A campaign', primaryAdvertiserAccountId: account, ...input } }, workspace);
  expect(response.status).toBe(200);
  expect(response.body.errors).toBeUndefined();
  expect(response.body.data.campaignCreate.userErrors).toEqual([]);
  return response.body.data.campaignCreate.campaign;
}

/** The campaign's row, by the global id GraphQL gave it. */
function rawCampaign(id: string): Promise<Record<string, unknown> | undefined> {
  return rowById(app, 'campaigns', dbId(id));
}

/** The campaign's outbox events (which name it by database id), oldest first. */
function eventsFor(campaignId: string): Promise<OutboxRow[]> {
  return resourceEvents(app, 'campaign', dbId(campaignId));
}

/** The REST /v2 record of the campaign with this global id. */
function restCampaign(id: string, workspace = ws): Promise<ApiResponse<AnyBody>> {
  return workspace.api.get(`/v2/campaigns/${dbId(id)}`);
}

/** What must not move when a request is refused: the campaign's row and the row counts. */
async function databaseState(campaignId?: string): Promise<AnyBody> {
  return { counts: await rowCounts(app, ['campaigns', 'outbox_events']), row: campaignId === undefined ? null : await rawCampaign(campaignId) };
}

/** A refused mutation: one BAD_USER_INPUT userError on the given input path, no campaign. */
function expectUserError(payload: AnyBody, field: string[], code = 'BAD_USER_INPUT'): void {
  expect('campaign' in payload ? payload.campaign : payload.deletedCampaignId).toBeNull();
  expectUserErrorsAt(payload, [field], code);
}


beforeAll(async () => {
  accountId = await createAccount(ws, 'Acme Brands');
  secondAccountId = await createAccount(ws, 'Globex Media');
  otherAccountId = await createAccount(other, 'Not yours Ltd');
});

// ---------------------------------------------------------------------------------------------
// query campaigns
// ---------------------------------------------------------------------------------------------

describe('query campaigns', () => {
  let lister: Workspace;
  let acme: string;
  let globex: string;
  let ids: Record<string, string>;

  beforeAll(async () => {
    lister = await app.workspace('Connection tests');
    acme = await createAccount(lister, 'Acme');
    globex = await createAccount(lister, 'Globex');
    const make = async (campaignTitle: string, brandPromoting: string, account: string, campaignStatus: Status = 'DRAFT') =>
      (await createCampaign({ campaignTitle, brandPromoting, campaignStatus }, lister, account)).id as string;
    ids = {
      summer: await make('Summer Sale', 'Acme Cola', acme, 'ACTIVE'),
      winter: await make('Winter Warmers', 'Globex Soup', globex),
      anniversary: await make('ACME anniversary', 'Initech', globex, 'ACTIVE'),
      percent: await make('Save 50% now', 'Hooli', acme),
      // Same title twice: the id breaks the tie in TITLE order.
      twinA: await make('Twin', 'Hooli', acme),
      twinB: await make('Twin', 'Hooli', globex),
      lower: await make('apple pie', 'Bakery', acme),
    };
    await createCampaign({ campaignTitle: 'Summer Sale elsewhere', brandPromoting: 'Acme' }, other, otherAccountId);
    const deleted = await createCampaign({ campaignTitle: 'Summer deleted', brandPromoting: 'Acme' }, lister, acme);
    expect((await gql(DELETE, { id: deleted.id }, lister)).body.data.campaignDelete.userErrors).toEqual([]);
  });

  const listIds = async (variables: Record<string, unknown>): Promise<string[]> => {
    const response = await gql(CAMPAIGNS, variables, lister);
    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    return response.body.data.campaigns.nodes.map((node: AnyBody) => node.id);
  };

  /** Global ids in database-id order, the connection's default order. */
  const byId = (values: string[]) => [...values].sort((a, b) => dbId(a) - dbId(b));

  it("returns the workspace's live campaigns as a Relay connection, by id ascending", async () => {
    const response = await gql(CAMPAIGNS, {}, lister);

    expect(response.status).toBe(200);
    const connection = response.body.data.campaigns;
    const all = byId(Object.values(ids));
    expect(connection.nodes.map((node: AnyBody) => node.id)).toEqual(all);
    expect(connection.edges.map((edge: AnyBody) => edge.node.id)).toEqual(all);
    for (const edge of connection.edges) expect(typeof edge.cursor).toBe('string');
    expect(connection.pageInfo).toEqual({
      hasNextPage: false,
      hasPreviousPage: false,
      startCursor: connection.edges[0].cursor,
      endCursor: connection.edges.at(-1).cursor,
    });
  });

  it('returns an empty connection with null cursors when nothing matches', async () => {
    const response = await gql(CAMPAIGNS, { filter: { search: 'nothing-matches' } }, lister);

    expect(response.body.data.campaigns).toEqual({
      edges: [],
      nodes: [],
      pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
    });
  });

  it('filters by campaignStatus', async () => {
    expect(await listIds({ filter: { campaignStatus: 'ACTIVE' } })).toEqual([ids.summer, ids.anniversary]);
    expect(await listIds({ filter: { campaignStatus: 'CANCELLED' } })).toEqual([]);
  });

  it('searches title or brand, case-insensitively, with % literal', async () => {
    expect(await listIds({ filter: { search: 'acme' } })).toEqual([ids.summer, ids.anniversary]);
    expect(await listIds({ filter: { search: 'SOUP' } })).toEqual([ids.winter]);
    expect(await listIds({ filter: { search: '%' } })).toEqual([ids.percent]);
  });

  it('filters by advertiserAccountId; another workspace’s account matches nothing', async () => {
    expect(await listIds({ filter: { advertiserAccountId: globex } })).toEqual([ids.winter, ids.anniversary, ids.twinB]);
    expect(await listIds({ filter: { advertiserAccountId: otherAccountId } })).toEqual([]);
  });

  it('takes the bare database id of the account in advertiserAccountId as well (the transition)', async () => {
    expect(await listIds({ filter: { advertiserAccountId: String(dbId(globex)) } })).toEqual([ids.winter, ids.anniversary, ids.twinB]);
    expect(await listIds({ filter: { advertiserAccountId: String(dbId(otherAccountId)) } })).toEqual([]);
  });

  it('combines filters', async () => {
    expect(await listIds({ filter: { advertiserAccountId: globex, campaignStatus: 'ACTIVE', search: 'acme' } })).toEqual([ids.anniversary]);
  });

  it('limits the page with first and reports hasNextPage', async () => {
    const response = await gql(CAMPAIGNS, { first: 2 }, lister);

    expect(response.body.data.campaigns.nodes.map((node: AnyBody) => node.id)).toEqual(byId(Object.values(ids)).slice(0, 2));
    expect(response.body.data.campaigns.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
  });

  const ORDERS: [string, string][] = [
    ['ID', 'ASC'],
    ['ID', 'DESC'],
    ['TITLE', 'DESC'],
    ['TITLE', 'ASC'],
    ['CREATED_AT', 'ASC'],
    ['CREATED_AT', 'DESC'],
    ['UPDATED_AT', 'DESC'],
  ];

  it.each(ORDERS)('paging with after visits every campaign exactly once (%s %s)', async (field, direction) => {
    const orderBy = { field, direction };
    const whole = (await gql(CAMPAIGNS, { first: 100, orderBy }, lister)).body.data.campaigns.nodes.map((node: AnyBody) => node.id);
    expect(byId(whole)).toEqual(byId(Object.values(ids)));

    const visited: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const response = await gql(CAMPAIGNS, { first: 2, after, orderBy }, lister);
      expect(response.body.errors).toBeUndefined();
      const connection = response.body.data.campaigns;
      visited.push(...connection.nodes.map((node: AnyBody) => node.id));
      expect(connection.pageInfo.hasPreviousPage).toBe(after !== undefined);
      if (!connection.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor;
    }
    expect(visited).toEqual(whole);
  });

  it('orders by title with the id breaking ties', async () => {
    const titlesDesc = (await gql(CAMPAIGNS, { orderBy: { field: 'TITLE', direction: 'DESC' } }, lister)).body.data.campaigns.nodes;
    const twins = titlesDesc.filter((node: AnyBody) => node.campaignTitle === 'Twin').map((node: AnyBody) => node.id);

    expect(twins).toEqual([ids.twinB, ids.twinA]);
  });

  it.each([
    ['not base64 JSON', 'garbage'],
    ['well-formed JSON of the wrong shape', craftCursor({ id: 1 })],
    ['a cursor whose id is not an integer', craftCursor(['id', 1, 'x'])],
  ])('refuses a bad cursor (%s) with BAD_USER_INPUT', async (_name, after) => {
    const response = await gql(CAMPAIGNS, { first: 2, after }, lister);

    expect(response.body.data).toBeNull();
    expect(response.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('refuses a cursor made for another order with BAD_USER_INPUT', async () => {
    const titled = await gql(CAMPAIGNS, { first: 1, orderBy: { field: 'TITLE', direction: 'ASC' } }, lister);

    const response = await gql(CAMPAIGNS, { first: 2, after: titled.body.data.campaigns.pageInfo.endCursor }, lister);

    expect(response.body.data).toBeNull();
    expect(response.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it.each([0, -1, 101])('refuses first: %i with BAD_USER_INPUT', async (first) => {
    const response = await gql(CAMPAIGNS, { first }, lister);

    expect(response.body.data).toBeNull();
    expect(response.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it.each([
    ['malformed', () => 'abc'],
    ['a global id of another type (a campaign)', () => ids.summer],
  ])('refuses an advertiserAccountId filter that is %s with BAD_USER_INPUT on filter.advertiserAccountId', async (_name, advertiserAccountId) => {
    const response = await gql(CAMPAIGNS, { filter: { advertiserAccountId: advertiserAccountId() } }, lister);

    expectIdRefused(response, 'campaigns', 'filter.advertiserAccountId', /AdvertiserAccount/, null);
  });
});

// ---------------------------------------------------------------------------------------------
// query campaign
// ---------------------------------------------------------------------------------------------

describe('query campaign', () => {
  it('returns the campaign with a global id and its database id, enum status, YYYY-MM-DD dates, float costs and ISO timestamps', async () => {
    const created = await createCampaign({
      campaignTitle: 'Detailed',
      campaignStatus: 'ACTIVE',
      earliestStartDate: '2026-03-01',
      latestStartDate: '2026-03-31',
      campaignNetCost: 1234.5,
      advertiserAccess: true,
      isReportingCampaign: 1,
      additionalCampaignNotes: 'notes',
    });

    const response = await gql(CAMPAIGN, { id: created.id });

    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    const campaign = response.body.data.campaign;
    expect(campaign).toEqual(created);
    expect(campaign).toMatchObject({
      id: gid('Campaign', campaign.databaseId),
      databaseId: expect.any(Number),
      campaignTitle: 'Detailed',
      campaignStatus: 'ACTIVE',
      primaryAdvertiserAccountId: accountId,
      earliestStartDate: '2026-03-01',
      latestStartDate: '2026-03-31',
      earliestEndDate: null,
      campaignNetCost: 1234.5,
      campaignGrossCost: 0,
      advertiserAccess: true,
      forecaster: false,
      isReportingCampaign: 1,
      usingUtmTracking: 0,
      additionalCampaignNotes: 'notes',
      brandLogoInclusion: null,
    });
    expect(campaign.createdAt).toMatch(ISO_TIMESTAMP);
    expect(campaign.updatedAt).toMatch(ISO_TIMESTAMP);
  });

  it('agrees with the REST record of the same campaign', async () => {
    const created = await createCampaign({ campaignTitle: 'Both faces', campaignGrossCost: 10.25, latestEndDate: '2026-12-31' });

    const rest = (await ws.api.get(`/v2/campaigns/${created.databaseId}`)).body.data.campaign;

    expect(created.id).toBe(gid('Campaign', rest.id));
    expect(rest).toMatchObject({
      id: created.databaseId,
      campaign_title: 'Both faces',
      // REST /v2 writes this reference as digits in a string, as it always has.
      primary_advertiser_account_id: String(dbId(created.primaryAdvertiserAccountId)),
      campaign_gross_cost: 10.25,
      latest_end_date: '2026-12-31',
      created_at: created.createdAt,
      updated_at: created.updatedAt,
    });
  });

  it("answers NOT_FOUND for unknown, out-of-range, deleted and another workspace's ids, all alike, as global or bare database ids", async () => {
    const foreign = await createCampaign({}, other, otherAccountId);
    const deleted = await createCampaign();
    await gql(DELETE, { id: deleted.id });

    const unknown = await gql(CAMPAIGN, { id: '999999' });
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toEqual({ campaign: null });
    expect(unknown.body.errors).toHaveLength(1);
    expect(unknown.body.errors[0]).toMatchObject({ message: 'Campaign not found', path: ['campaign'], extensions: { code: 'NOT_FOUND' } });

    const ids = [
      gid('Campaign', 999999),
      foreign.id,
      String(foreign.databaseId),
      deleted.id,
      String(deleted.databaseId),
      '0',
      '99999999999',
      gid('Campaign', '99999999999'),
    ];
    for (const id of ids) {
      const response = await gql(CAMPAIGN, { id });
      expect([id, response.body]).toEqual([id, unknown.body]);
    }
  });

  it('refuses an id that is malformed or a global id of another type with BAD_USER_INPUT on id, never reading another table', async () => {
    const campaign = await createCampaign({ campaignTitle: 'Has a phase' });
    const [phaseId] = await fixtures.createPhases(ws, campaign.databaseId, ['Only phase']);

    const ids = [
      'abc',
      '',
      '1.5',
      '-1',
      `Campaign:${campaign.databaseId}`,
      gid('Phase', phaseId),
      // The number of a live campaign does not make another type's id one of a campaign.
      gid('Phase', campaign.databaseId),
      accountId,
    ];
    for (const id of ids) {
      const response = await gql(CAMPAIGN, { id });
      expectIdRefused(response, 'campaign', 'id', /Campaign/, { campaign: null });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Campaign.primaryAdvertiserAccount
// ---------------------------------------------------------------------------------------------

describe('Campaign.primaryAdvertiserAccount', () => {
  it('resolves to the advertiser account object', async () => {
    const created = await createCampaign({}, ws, secondAccountId);

    const response = await gql(`query ($id: ID!) { campaign(id: $id) { primaryAdvertiserAccountId primaryAdvertiserAccount { id name status } } }`, { id: created.id });

    expect(response.body.data.campaign).toEqual({
      primaryAdvertiserAccountId: secondAccountId,
      primaryAdvertiserAccount: { id: secondAccountId, name: 'Globex Media', status: 'ACTIVE' },
    });
  });

  it('returns the right account for each of 20 campaigns in one query', async () => {
    const workspace = await app.workspace('Twenty campaigns');
    const accounts: { id: string; name: string }[] = [];
    for (const name of ['North', 'South', 'East', 'West']) accounts.push({ id: await createAccount(workspace, name), name });
    const expected = new Map<string, { id: string; name: string }>();
    for (let i = 0; i < 20; i += 1) {
      const account = accounts[(i * 7) % accounts.length];
      const campaign = await createCampaign({ campaignTitle: `Campaign ${i}` }, workspace, account.id);
      expected.set(campaign.id, account);
    }

    const response = await gql(`{ campaigns(first: 20) { nodes { id primaryAdvertiserAccountId primaryAdvertiserAccount { id name } } } }`, {}, workspace);

    expect(response.body.errors).toBeUndefined();
    const nodes: AnyBody[] = response.body.data.campaigns.nodes;
    expect(nodes).toHaveLength(20);
    for (const node of nodes) {
      expect(node.primaryAdvertiserAccount).toEqual(expected.get(node.id));
      expect(node.primaryAdvertiserAccountId).toBe(expected.get(node.id)?.id);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// mutation campaignCreate
// ---------------------------------------------------------------------------------------------

describe('mutation campaignCreate', () => {
  const create = (input: Record<string, unknown>) => gql(CREATE, { input: { campaignTitle: 'Refused', primaryAdvertiserAccountId: accountId, ...input } });

  it('creates a draft by default and returns it with no userErrors', async () => {
    const response = await gql(CREATE, { input: { campaignTitle: 'Fresh', primaryAdvertiserAccountId: accountId } });

    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    const payload = response.body.data.campaignCreate;
    expect(payload.userErrors).toEqual([]);
    expect(payload.campaign).toMatchObject({ campaignTitle: 'Fresh', campaignStatus: 'DRAFT', primaryAdvertiserAccountId: accountId, campaignNetCost: 0 });
    expect((await gql(CAMPAIGN, { id: payload.campaign.id })).body.data.campaign).toEqual(payload.campaign);
  });

  it('accepts ACTIVE as the initial status', async () => {
    expect((await createCampaign({ campaignStatus: 'ACTIVE' })).campaignStatus).toBe('ACTIVE');
  });

  it('accepts primaryAdvertiserAccountId given as the bare database id, an integer or a digit string (the transition), and answers the global id', async () => {
    expect((await createCampaign({ primaryAdvertiserAccountId: dbId(accountId) })).primaryAdvertiserAccountId).toBe(accountId);
    expect((await createCampaign({ primaryAdvertiserAccountId: String(dbId(accountId)) })).primaryAdvertiserAccountId).toBe(accountId);
  });

  it('writes one campaign_created event whose payload.campaign is the REST record', async () => {
    const response = await ws.api.graphql(CREATE, { input: { campaignTitle: 'Evented', primaryAdvertiserAccountId: accountId } }, { 'x-request-id': 'gql-create-1' });
    const campaign = response.body.data.campaignCreate.campaign;
    const rest = (await restCampaign(campaign.id)).body.data.campaign;

    expect(await eventsFor(campaign.id)).toEqual([
      {
        organisation_id: ws.organisationId,
        event_type: 'campaign_created',
        resource_type: 'campaign',
        resource_id: dbId(campaign.id),
        payload: { campaign: rest },
        request_id: 'gql-create-1',
      },
    ]);
  });

  describe('refuses with a userError and writes nothing', () => {
    const cases: [string, () => Record<string, unknown>, string][] = [
      ['campaignTitle missing', () => ({ campaignTitle: undefined }), 'campaignTitle'],
      ['campaignTitle empty', () => ({ campaignTitle: '' }), 'campaignTitle'],
      ['campaignTitle null', () => ({ campaignTitle: null }), 'campaignTitle'],
      ['primaryAdvertiserAccountId missing', () => ({ primaryAdvertiserAccountId: undefined }), 'primaryAdvertiserAccountId'],
      ['primaryAdvertiserAccountId unknown', () => ({ primaryAdvertiserAccountId: '999999' }), 'primaryAdvertiserAccountId'],
      ['primaryAdvertiserAccountId an unknown global id', () => ({ primaryAdvertiserAccountId: gid('AdvertiserAccount', 999999) }), 'primaryAdvertiserAccountId'],
      ["another workspace's account", () => ({ primaryAdvertiserAccountId: otherAccountId }), 'primaryAdvertiserAccountId'],
      ['earliest start after latest start', () => ({ earliestStartDate: '2026-03-02', latestStartDate: '2026-03-01' }), 'earliestStartDate'],
      ['earliest end after latest end', () => ({ earliestEndDate: '2026-05-01', latestEndDate: '2026-04-30' }), 'earliestEndDate'],
      ['negative cost', () => ({ campaignNetCost: -1 }), 'campaignNetCost'],
      ['cost with 3 decimals', () => ({ campaignGrossCost: 12.345 }), 'campaignGrossCost'],
      ['negative metric', () => ({ gImpressions: -1 }), 'gImpressions'],
      ['flag 2', () => ({ isReportingCampaign: 2 }), 'isReportingCampaign'],
      ['flag -1', () => ({ sourcingImagery: -1 }), 'sourcingImagery'],
      ['boolean null', () => ({ forecaster: null }), 'forecaster'],
      ['status PAUSED on create', () => ({ campaignStatus: 'PAUSED' }), 'campaignStatus'],
      ['status COMPLETED on create', () => ({ campaignStatus: 'COMPLETED' }), 'campaignStatus'],
      ['status CANCELLED on create', () => ({ campaignStatus: 'CANCELLED' }), 'campaignStatus'],
      ['status null', () => ({ campaignStatus: null }), 'campaignStatus'],
    ];

    it.each(cases)('%s', async (_name, fields, field) => {
      const before = await databaseState();

      const response = await create(fields());

      expect(response.status).toBe(200);
      expect(response.body.errors).toBeUndefined();
      expectUserError(response.body.data.campaignCreate, ['input', field]);
      expect(await databaseState()).toEqual(before);
    });

    it("gives the same userErrors for another workspace's account as for a nonexistent one", async () => {
      const foreign = await create({ primaryAdvertiserAccountId: otherAccountId });
      const missing = await create({ primaryAdvertiserAccountId: '999999' });

      expect(foreign.body).toEqual(missing.body);
    });
  });

  describe('refuses a primaryAdvertiserAccountId that is no advertiser account id with BAD_USER_INPUT at the top, and writes nothing', () => {
    it.each([
      ['malformed', () => 'abc'],
      ['empty', () => ''],
      ['negative', () => '-1'],
      ['a global id of another type (a campaign)', async () => (await createCampaign({ campaignTitle: 'Not an account' })).id as string],
    ])('%s', async (_name, primaryAdvertiserAccountId) => {
      const id = await primaryAdvertiserAccountId();
      const before = await databaseState();

      const response = await create({ primaryAdvertiserAccountId: id });

      expectIdRefused(response, 'campaignCreate', 'input.primaryAdvertiserAccountId', /AdvertiserAccount/, null);
      expect(await databaseState()).toEqual(before);
    });
  });

  describe('references: brand industry and sub-industry (global libraries)', () => {
    it('accepts a sub-industry of the industry, and returns both', async () => {
      const campaign = await createCampaign({ brandIndustryId: 3, brandSubIndustryId: 9 });

      expect(campaign).toMatchObject({ brandIndustryId: 3, brandSubIndustryId: 9 });
      expect((await restCampaign(campaign.id)).body.data.campaign).toMatchObject({ brand_industry_id: 3, brand_sub_industry_id: 9 });
    });

    it.each([
      ['an unknown brand industry', { brandIndustryId: 13 }, ['input', 'brandIndustryId'], 'brandIndustryId does not name an entry of the brand-industries library'],
      ['an unknown brand sub-industry', { brandSubIndustryId: 37 }, ['input', 'brandSubIndustryId'], 'brandSubIndustryId does not name an entry of the brand-sub-industries library'],
      ['a sub-industry of another industry', { brandIndustryId: 3, brandSubIndustryId: 12 }, ['input', 'brandSubIndustryId'], 'brandSubIndustryId does not belong to brand industry 3'],
      ['a deleted account', { primaryAdvertiserAccountId: 'deleted' }, ['input', 'primaryAdvertiserAccountId'], 'primaryAdvertiserAccountId does not name an advertiser account of this workspace'],
    ])('refuses %s with a BAD_USER_INPUT userError on the field, and writes nothing', async (_name, fields, field, message) => {
      const input: Record<string, unknown> = { ...fields };
      if (input.primaryAdvertiserAccountId === 'deleted') {
        input.primaryAdvertiserAccountId = await createAccount(ws, 'Deleted before the campaign');
        expect((await ws.api.delete(`/v2/advertiser-accounts/${dbId(input.primaryAdvertiserAccountId)}`)).status).toBe(200);
      }
      const before = await databaseState();

      const response = await create(input);

      expect(response.body.errors).toBeUndefined();
      expect(response.body.data.campaignCreate).toEqual({ campaign: null, userErrors: [{ field, message, code: 'BAD_USER_INPUT' }] });
      expect(await databaseState()).toEqual(before);
    });
  });

  describe('refuses values GraphQL types cannot hold (BAD_USER_INPUT at the top) and writes nothing', () => {
    it.each([
      ['2026-02-30', { earliestStartDate: '2026-02-30' }],
      ['2026-13-01', { latestEndDate: '2026-13-01' }],
      ['20260101', { actualStartDate: '20260101' }],
      ['cost as a string', { campaignNetCost: '12' }],
      ['non-integer metric', { eArticleViews: 1.5 }],
      ['boolean given as 1', { advertiserAccess: 1 }],
      ['status 9', { campaignStatus: 9 }],
      ['unknown field', { campaignName: 'x' }],
    ])('%s', async (_name, fields) => {
      const before = await databaseState();

      expectCoercionError(await create(fields));
      expect(await databaseState()).toEqual(before);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// mutation campaignUpdate
// ---------------------------------------------------------------------------------------------

describe('mutation campaignUpdate', () => {
  const update = (id: string, input: Record<string, unknown>, workspace = ws) => gql(UPDATE, { id, input }, workspace);

  const datedCampaign = () =>
    createCampaign({ campaignTitle: 'Dated', earliestStartDate: '2026-03-01', latestStartDate: '2026-03-15', earliestEndDate: '2026-04-01', latestEndDate: '2026-04-30' });

  it('changes only the given fields', async () => {
    const created = await createCampaign({ campaignTitle: 'Before', brandPromoting: 'Brand', campaignNetCost: 10, gImpressions: 5, forecaster: true });

    const response = await update(created.id, { campaignTitle: 'After', campaignNetCost: 20.5 });

    expect(response.body.errors).toBeUndefined();
    const payload = response.body.data.campaignUpdate;
    expect(payload.userErrors).toEqual([]);
    expect(payload.campaign).toEqual({ ...created, campaignTitle: 'After', campaignNetCost: 20.5, updatedAt: expect.stringMatching(ISO_TIMESTAMP) });
    expect(payload.campaign.updatedAt > created.updatedAt).toBe(true);
    expect((await gql(CAMPAIGN, { id: created.id })).body.data.campaign).toEqual(payload.campaign);
  });

  it('clears nullable fields with null and moves the campaign to another account of the workspace', async () => {
    const created = await createCampaign({ earliestStartDate: '2026-01-01', brandLogoInclusion: 'Top left' });

    const payload = (await update(created.id, { earliestStartDate: null, brandLogoInclusion: null, primaryAdvertiserAccountId: secondAccountId })).body.data.campaignUpdate;

    expect(payload.userErrors).toEqual([]);
    expect(payload.campaign).toMatchObject({ earliestStartDate: null, brandLogoInclusion: null, primaryAdvertiserAccountId: secondAccountId });
  });

  it('writes campaign_updated with changed_fields in v2 names', async () => {
    const created = await createCampaign({ campaignTitle: 'Evented update', brandPromoting: 'Same' });

    const response = await ws.api.graphql(
      UPDATE,
      { id: created.id, input: { campaignTitle: 'Renamed', brandPromoting: 'Same', additionalCampaignNotes: 'n', eVideoViews: 4 } },
      { 'x-request-id': 'gql-update-1' },
    );
    expect(response.body.data.campaignUpdate.userErrors).toEqual([]);

    const events = await eventsFor(created.id);
    expect(events.map((event) => event.event_type)).toEqual(['campaign_created', 'campaign_updated']);
    expect(events[1]).toMatchObject({ organisation_id: ws.organisationId, resource_type: 'campaign', resource_id: dbId(created.id), request_id: 'gql-update-1' });
    expect([...events[1].payload.changed_fields].sort()).toEqual(['additonal_campaign_notes', 'campaign_title', 'e_video_views']);
    expect(events[1].payload.campaign).toEqual((await restCampaign(created.id)).body.data.campaign);
  });

  it('is a no-op that writes no event when nothing changes', async () => {
    const created = await createCampaign({ campaignTitle: 'Steady', campaignNetCost: 12.5, earliestStartDate: '2026-02-01' });
    const before = await databaseState(created.id);

    for (const input of [{}, { campaignTitle: 'Steady', campaignNetCost: 12.5, earliestStartDate: '2026-02-01', campaignStatus: 'DRAFT', primaryAdvertiserAccountId: accountId }]) {
      const payload = (await update(created.id, input)).body.data.campaignUpdate;
      expect(payload).toEqual({ campaign: created, userErrors: [] });
    }
    expect(await databaseState(created.id)).toEqual(before);
  });

  describe('references: brand industry and sub-industry', () => {
    it('changes the industry and sub-industry together to a matching pair', async () => {
      const created = await createCampaign({ brandIndustryId: 3, brandSubIndustryId: 9 });

      const payload = (await update(created.id, { brandIndustryId: 4, brandSubIndustryId: 12 })).body.data.campaignUpdate;

      expect(payload).toEqual({ campaign: { ...created, brandIndustryId: 4, brandSubIndustryId: 12, updatedAt: expect.stringMatching(ISO_TIMESTAMP) }, userErrors: [] });
    });

    it.each([
      ['only the industry, when the stored sub-industry belongs to another', { brandIndustryId: 5 }, ['input', 'brandSubIndustryId'], 'brandSubIndustryId does not belong to brand industry 5'],
      ['only the sub-industry, to one of another industry', { brandSubIndustryId: 12 }, ['input', 'brandSubIndustryId'], 'brandSubIndustryId does not belong to brand industry 3'],
      ['the industry to an unknown one', { brandIndustryId: 13, brandSubIndustryId: null }, ['input', 'brandIndustryId'], 'brandIndustryId does not name an entry of the brand-industries library'],
    ])('refuses changing %s with a userError, and changes nothing', async (_name, input, field, message) => {
      const campaign = await createCampaign({ brandIndustryId: 3, brandSubIndustryId: 9 });
      const before = await databaseState(campaign.id);

      const response = await update(campaign.id, { campaignTitle: 'Would be renamed', ...input });

      expect(response.body.errors).toBeUndefined();
      expect(response.body.data.campaignUpdate).toEqual({ campaign: null, userErrors: [{ field, message, code: 'BAD_USER_INPUT' }] });
      expect(await databaseState(campaign.id)).toEqual(before);
    });

    it('accepts unchanged ids that no longer name anything (rows from before the checks) when other fields change', async () => {
      const campaign = await createCampaign({ brandIndustryId: 3, brandSubIndustryId: 9 });
      await app.dataSource.query('UPDATE campaigns SET brand_industry_id = 77, brand_sub_industry_id = 88 WHERE id = $1', [dbId(campaign.id)]);

      const payload = (await update(campaign.id, { campaignTitle: 'Legacy, renamed', brandIndustryId: 77, brandSubIndustryId: 88 })).body.data.campaignUpdate;

      expect(payload.userErrors).toEqual([]);
      expect(payload.campaign).toMatchObject({ campaignTitle: 'Legacy, renamed', brandIndustryId: 77, brandSubIndustryId: 88 });
    });
  });

  describe('campaignStatus transitions', () => {
    const ALLOWED: Record<Status, Status[]> = {
      DRAFT: ['ACTIVE', 'CANCELLED'],
      ACTIVE: ['PAUSED', 'COMPLETED', 'CANCELLED'],
      PAUSED: ['ACTIVE', 'COMPLETED', 'CANCELLED'],
      COMPLETED: [],
      CANCELLED: [],
    };
    const ROUTE: Record<Status, Status[]> = { DRAFT: ['DRAFT'], ACTIVE: ['ACTIVE'], PAUSED: ['ACTIVE', 'PAUSED'], COMPLETED: ['ACTIVE', 'COMPLETED'], CANCELLED: ['DRAFT', 'CANCELLED'] };

    async function campaignWithStatus(status: Status): Promise<AnyBody> {
      const [initial, ...moves] = ROUTE[status];
      let campaign = await createCampaign({ campaignTitle: `Status ${status}`, campaignStatus: initial });
      for (const move of moves) {
        const payload = (await update(campaign.id, { campaignStatus: move })).body.data.campaignUpdate;
        expect(payload.userErrors).toEqual([]);
        campaign = payload.campaign;
      }
      expect(campaign.campaignStatus).toBe(status);
      return campaign;
    }

    const cases = STATUSES.flatMap((from) => STATUSES.map((to): [Status, Status] => [from, to]));

    it.each(cases)('%s → %s', async (from, to) => {
      const campaign = await campaignWithStatus(from);
      const before = await databaseState(campaign.id);

      const payload = (await update(campaign.id, { campaignStatus: to })).body.data.campaignUpdate;

      if (from === to) {
        expect(payload).toEqual({ campaign, userErrors: [] });
        expect(await databaseState(campaign.id)).toEqual(before);
      } else if (ALLOWED[from].includes(to)) {
        expect(payload.userErrors).toEqual([]);
        expect(payload.campaign.campaignStatus).toBe(to);
        expect((await rawCampaign(campaign.id))?.campaign_status).toBe(STATUS_NUMBER[to]);
        // The update, then the §6 status notification, in the same transaction.
        const [updated, notification] = (await eventsFor(campaign.id)).slice(-2);
        expect(updated?.event_type).toBe('campaign_updated');
        expect(updated?.payload.changed_fields).toEqual(['campaign_status']);
        expect(notification?.event_type).toBe('post_campaign_status');
        expect(notification?.payload).toEqual({
          campaign_id: dbId(campaign.id),
          campaign_status: STATUS_NUMBER[to],
          previous_campaign_status: STATUS_NUMBER[from],
          changed_at: payload.campaign.updatedAt,
        });
      } else {
        expectUserError(payload, ['input', 'campaignStatus']);
        expect(await databaseState(campaign.id)).toEqual(before);
      }
    });
  });

  describe('refuses with a userError and changes nothing', () => {
    const cases: [string, () => Record<string, unknown>, string][] = [
      ['campaignTitle empty', () => ({ campaignTitle: '' }), 'campaignTitle'],
      ['campaignTitle null', () => ({ campaignTitle: null }), 'campaignTitle'],
      ['primaryAdvertiserAccountId null', () => ({ primaryAdvertiserAccountId: null }), 'primaryAdvertiserAccountId'],
      ['primaryAdvertiserAccountId unknown', () => ({ primaryAdvertiserAccountId: '999999' }), 'primaryAdvertiserAccountId'],
      ["another workspace's account", () => ({ primaryAdvertiserAccountId: otherAccountId }), 'primaryAdvertiserAccountId'],
      ['earliestStartDate moved after the stored latestStartDate', () => ({ earliestStartDate: '2026-03-16' }), 'earliestStartDate'],
      ['latestStartDate moved before the stored earliestStartDate', () => ({ latestStartDate: '2026-02-28' }), 'earliestStartDate'],
      ['earliestEndDate moved after the stored latestEndDate', () => ({ earliestEndDate: '2026-05-01' }), 'earliestEndDate'],
      ['latestEndDate moved before the stored earliestEndDate', () => ({ latestEndDate: '2026-03-31' }), 'earliestEndDate'],
      ['negative cost', () => ({ campaignGrossCost: -0.01 }), 'campaignGrossCost'],
      ['cost with 3 decimals', () => ({ campaignNetCost: 1.005 }), 'campaignNetCost'],
      ['negative metric', () => ({ eImpressions: -10 }), 'eImpressions'],
      ['flag 2', () => ({ usingUtmTracking: 2 }), 'usingUtmTracking'],
      ['status null', () => ({ campaignStatus: null }), 'campaignStatus'],
    ];

    it.each(cases)('%s', async (_name, fields, field) => {
      const campaign = await datedCampaign();
      const before = await databaseState(campaign.id);

      const response = await update(campaign.id, { campaignTitle: 'Would be renamed', ...fields() });

      expect(response.body.errors).toBeUndefined();
      expectUserError(response.body.data.campaignUpdate, ['input', field]);
      expect(await databaseState(campaign.id)).toEqual(before);
    });

    it.each([
      ['2026-02-30', { earliestStartDate: '2026-02-30' }],
      ['20260101', { latestStartDate: '20260101' }],
      ['cost as a string', { campaignNetCost: '12' }],
      ['boolean given as 1', { contentPlan: 1 }],
      ['status 9', { campaignStatus: 9 }],
    ])('refuses %s at the GraphQL type level', async (_name, fields) => {
      const campaign = await datedCampaign();
      const before = await databaseState(campaign.id);

      expectCoercionError(await update(campaign.id, fields));
      expect(await databaseState(campaign.id)).toEqual(before);
    });
  });

  it("answers a NOT_FOUND userError on [\"id\"] for unknown, deleted and another workspace's ids, global or bare", async () => {
    const foreign = await createCampaign({ campaignTitle: 'Theirs' }, other, otherAccountId);
    const deleted = await createCampaign();
    await gql(DELETE, { id: deleted.id });
    const before = await databaseState(foreign.id);

    const unknown = await update('999999', { campaignTitle: 'Hijacked' });
    expect(unknown.body).toEqual({
      extensions: { cost: expect.any(Object) },
      data: { campaignUpdate: { campaign: null, userErrors: [{ field: ['id'], message: 'Campaign not found', code: 'NOT_FOUND' }] } },
    });
    for (const id of [gid('Campaign', 999999), foreign.id, String(foreign.databaseId), deleted.id, String(deleted.databaseId), '0']) {
      const response = await update(id, { campaignTitle: 'Hijacked' });
      expect([id, response.body]).toEqual([id, unknown.body]);
    }
    expect(await databaseState(foreign.id)).toEqual(before);
  });

  it('refuses an id that is malformed or a global id of another type with BAD_USER_INPUT on id, and changes nothing', async () => {
    const campaign = await createCampaign({ campaignTitle: 'Not to be renamed' });
    const [phaseId] = await fixtures.createPhases(ws, campaign.databaseId, ['Only phase']);
    const before = await databaseState(campaign.id);

    for (const id of ['abc', '', '-1', '1.5', gid('Phase', phaseId), gid('Phase', campaign.databaseId), accountId]) {
      const response = await update(id, { campaignTitle: 'Hijacked' });
      expectIdRefused(response, 'campaignUpdate', 'id', /Campaign/, null);
    }
    expect(await databaseState(campaign.id)).toEqual(before);
  });

  it.each<[string, (campaign: AnyBody) => string]>([
    ['malformed', () => 'abc'],
    ['a global id of another type (the campaign itself)', (campaign) => campaign.id],
  ])('refuses an input.primaryAdvertiserAccountId that is %s with BAD_USER_INPUT at the top, and changes nothing', async (_name, account) => {
    const campaign = await createCampaign({ campaignTitle: 'Stays with its account' });
    const before = await databaseState(campaign.id);
    const primaryAdvertiserAccountId = account(campaign);

    const response = await update(campaign.id, { campaignTitle: 'Would be renamed', primaryAdvertiserAccountId });

    expectIdRefused(response, 'campaignUpdate', 'input.primaryAdvertiserAccountId', /AdvertiserAccount/, null);
    expect(await databaseState(campaign.id)).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------
// mutation campaignDelete
// ---------------------------------------------------------------------------------------------

describe('mutation campaignDelete', () => {
  it('soft-deletes: returns deletedCampaignId (the global id), then NOT_FOUND; the row stays with deleted_at set', async () => {
    const campaign = await createCampaign({ campaignTitle: 'To be deleted' });

    const response = await ws.api.graphql(DELETE, { id: campaign.id }, { 'x-request-id': 'gql-delete-1' });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ extensions: { cost: expect.any(Object) }, data: { campaignDelete: { deletedCampaignId: campaign.id, userErrors: [] } } });
    expect((await gql(CAMPAIGN, { id: campaign.id })).body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await restCampaign(campaign.id)).status).toBe(404);

    const row = await rawCampaign(campaign.id);
    expect(row?.deleted_at).toBeInstanceOf(Date);
    expect(row?.campaign_title).toBe('To be deleted');

    const events = await eventsFor(campaign.id);
    expect(events.map((event) => event.event_type)).toEqual(['campaign_created', 'campaign_deleted']);
    expect(events[1]).toMatchObject({ organisation_id: ws.organisationId, resource_type: 'campaign', resource_id: dbId(campaign.id), request_id: 'gql-delete-1' });
    expect(events[1].payload.campaign).toMatchObject({ id: dbId(campaign.id), deleted_at: (row?.deleted_at as Date).toISOString() });
  });

  it('drops the campaign from the connection', async () => {
    const workspace = await app.workspace('Delete connection');
    const account = await createAccount(workspace, 'Acc');
    const kept = await createCampaign({}, workspace, account);
    const gone = await createCampaign({}, workspace, account);

    await gql(DELETE, { id: gone.id }, workspace);

    const nodes = (await gql(CAMPAIGNS, {}, workspace)).body.data.campaigns.nodes;
    expect(nodes.map((node: AnyBody) => node.id)).toEqual([kept.id]);
  });

  it("answers a NOT_FOUND userError on [\"id\"] for a second delete, unknown and another workspace's ids, global or bare, writing nothing", async () => {
    const foreign = await createCampaign({}, other, otherAccountId);
    const deleted = await createCampaign();
    await gql(DELETE, { id: deleted.id });
    const before = await databaseState(foreign.id);
    const deletedRow = await rawCampaign(deleted.id);

    for (const id of [deleted.id, String(deleted.databaseId), foreign.id, String(foreign.databaseId), '999999', gid('Campaign', 999999)]) {
      const response = await gql(DELETE, { id });
      expect([id, response.body]).toEqual([
        id,
        { extensions: { cost: expect.any(Object) }, data: { campaignDelete: { deletedCampaignId: null, userErrors: [{ field: ['id'], message: 'Campaign not found', code: 'NOT_FOUND' }] } } },
      ]);
    }
    expect(await databaseState(foreign.id)).toEqual(before);
    expect(await rawCampaign(deleted.id)).toEqual(deletedRow);
    expect((await gql(CAMPAIGN, { id: foreign.id }, other)).body.data.campaign.id).toBe(foreign.id);
  });

  it('refuses an id that is malformed or a global id of another type with BAD_USER_INPUT on id, deleting nothing', async () => {
    const campaign = await createCampaign({ campaignTitle: 'Survives' });
    const [phaseId] = await fixtures.createPhases(ws, campaign.databaseId, ['Survives too']);
    const before = { campaign: await databaseState(campaign.id), phase: await rowById(app, 'phases', phaseId) };

    for (const id of ['abc', '', '-1', '1.5', gid('Phase', phaseId), gid('Phase', campaign.databaseId), accountId]) {
      const response = await gql(DELETE, { id });
      expectIdRefused(response, 'campaignDelete', 'id', /Campaign/, null);
    }
    expect({ campaign: await databaseState(campaign.id), phase: await rowById(app, 'phases', phaseId) }).toEqual(before);
    expect((await gql(CAMPAIGN, { id: campaign.id })).body.data.campaign).toEqual(campaign);
  });
});
