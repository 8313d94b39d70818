import { rowById, rowCounts } from '../support/database-state';
import { ISO_TIMESTAMP } from '../support/expectations';
import * as fixtures from '../support/fixtures';
import { createAccount } from '../support/fixtures';
import { dbId, gid, notAnIdOf, idOfAnotherType } from '../support/global-ids';
import { USER_ERRORS, expectCoercionError, expectUserErrorsAt, expectIdRefused } from '../support/graphql';
import { resourceEvents, type OutboxRow } from '../support/outbox';
import { type AnyBody, type ApiResponse } from '../support/test-app';
import { appForFile } from '../support/file-app';

/**
 * GraphQL phases: `phase(id)`, `Phase.campaign`, `Phase.contents`, `Campaign.phases` and the
 * mutations `phasesCreate`, `phaseUpdate`, `phaseDelete`, through real HTTP over a real PostgreSQL.
 */

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const PHASE_FIELDS = `
  fragment PhaseFields on Phase {
    id
    databaseId
    campaignId
    phaseNo
    externalId
    phaseTitle
    phaseDescription
    phasePacing
    keyMessage
    earliestPhaseLaunchDate
    latestPhaseLaunchDate
    earliestPhaseEndDate
    latestPhaseEndDate
    gImpressions
    eImpressions
    gVideoViews
    eVideoViews
    gArticleViews
    eArticleViews
    gTrafficToSite
    eTrafficToSite
    noOfPieces
    customFields
    createdAt
    updatedAt
  }
`;

const PHASE = `
  query Phase($id: ID!) { phase(id: $id) { ...PhaseFields } }
  ${PHASE_FIELDS}
`;

const PHASE_CONTENTS = `
  query PhaseContents($id: ID!, $first: Int, $after: String) {
    phase(id: $id) {
      contents(first: $first, after: $after) {
        edges { cursor node { id contentName phaseId } }
        nodes { id }
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      }
    }
  }
`;

const CREATE = `
  mutation Create($campaignId: ID!, $phases: [PhaseInput!]!) {
    phasesCreate(campaignId: $campaignId, phases: $phases) { phases { ...PhaseFields } ${USER_ERRORS} }
  }
  ${PHASE_FIELDS}
`;

const UPDATE = `
  mutation Update($id: ID!, $input: PhaseInput!) {
    phaseUpdate(id: $id, input: $input) { phase { ...PhaseFields } ${USER_ERRORS} }
  }
  ${PHASE_FIELDS}
`;

const DELETE = `
  mutation Delete($id: ID!) {
    phaseDelete(id: $id) { deletedPhaseId ${USER_ERRORS} }
  }
`;

const METRICS = ['gImpressions', 'eImpressions', 'gVideoViews', 'eVideoViews', 'gArticleViews', 'eArticleViews', 'gTrafficToSite', 'eTrafficToSite'];

const { app, ws, other } = appForFile({ ws: 'Phase GraphQL tests', other: 'Another workspace' });
let accountId: number;
let otherAccountId: number;

async function gql(query: string, variables: Record<string, unknown> = {}, workspace = ws): Promise<ApiResponse<AnyBody>> {
  return workspace.api.graphql(query, variables);
}

/** Creates a campaign through REST and returns its GraphQL (global) id. */
async function createCampaign(title = 'A campaign', workspace = ws, account = accountId): Promise<string> {
  return gid('Campaign', await fixtures.createCampaign(workspace, String(account), title));
}

/** The database id (REST's, the tables') of the record of `typeName` GraphQL named by this global id. */
function dbIdOf(typeName: string, id: string): number {
  const databaseId = dbId(id);
  if (id !== gid(typeName, databaseId)) throw new Error(`not the global id of a ${typeName}: ${id}`);
  return databaseId;
}

/** Runs phasesCreate and expects it to succeed; returns the phases in request order. */
async function createPhases(campaignId: string, phases: Record<string, unknown>[], workspace = ws): Promise<AnyBody[]> {
  const response = await gql(CREATE, { campaignId, phases }, workspace);
  expect(response.status).toBe(200);
  expect(response.body.errors).toBeUndefined();
  expect(response.body.data.phasesCreate.userErrors).toEqual([]);
  return response.body.data.phasesCreate.phases;
}

async function createPhase(campaignId: string, fields: Record<string, unknown> = {}, workspace = ws): Promise<AnyBody> {
  const [phase] = await createPhases(campaignId, [{ phaseTitle: 'A phase', ...fields }], workspace);
  return phase;
}

/** Creates a content piece through REST (campaign and phase named by global ids); returns its global id. */
async function createContent(campaignId: string, phaseId: string, name = 'A content piece'): Promise<string> {
  return gid('Content', await fixtures.createContent(ws, dbIdOf('Campaign', campaignId), dbIdOf('Phase', phaseId), name));
}

/** Creates a distribution of a content piece (its global id) through REST; returns its database id. */
async function createDistribution(contentId: string): Promise<number> {
  const [distribution] = await fixtures.createDistributions(ws, dbIdOf('Content', contentId), 1, fixtures.BARE_DISTRIBUTION);
  return distribution.id as number;
}

function rawPhase(id: string): Promise<Record<string, unknown> | undefined> {
  return rowById(app, 'phases', dbIdOf('Phase', id));
}

/** The REST /v2 answer for the phase GraphQL named by this global id. */
function restPhase(id: string): Promise<ApiResponse<AnyBody>> {
  return ws.api.get(`/v2/phases/${dbIdOf('Phase', id)}`);
}

/** The phase's outbox events, oldest first. */
function eventsFor(phaseId: string): Promise<OutboxRow[]> {
  return resourceEvents(app, 'phase', dbIdOf('Phase', phaseId));
}

/** What must not move when a request is refused: the row counts and, when given, the phase's row. */
async function databaseState(phaseId?: string): Promise<AnyBody> {
  const counts = await rowCounts(app, ['phases', 'contents', 'distributions', 'outbox_events']);
  return { counts, row: phaseId === undefined ? null : await rawPhase(phaseId) };
}

/** A refused mutation: exactly these userErrors (one per field path), each message starting with the field's name. */
function expectUserErrors(payload: AnyBody, resultKey: string, fields: string[][], code = 'BAD_USER_INPUT'): void {
  expect(payload[resultKey]).toBeNull();
  expectUserErrorsAt(payload, fields, code);
}



beforeAll(async () => {
  accountId = await createAccount(ws, 'Acme Brands');
  otherAccountId = await createAccount(other, 'Not yours Ltd');
});

// ---------------------------------------------------------------------------------------------
// query phase
// ---------------------------------------------------------------------------------------------

describe('query phase', () => {
  it('returns the phase with global ids, its databaseId, Int numbers, YYYY-MM-DD dates, a JSONObject and ISO timestamps', async () => {
    const campaignId = await createCampaign();
    const created = await createPhase(campaignId, {
      phaseTitle: 'Detailed',
      externalId: 'EXT-1',
      phasePacing: 2,
      earliestPhaseLaunchDate: '2026-03-01',
      latestPhaseLaunchDate: '2026-03-31',
      gImpressions: 1000,
      noOfPieces: 4,
      customFields: { channel: 'social', nested: { list: [1, 'two', null], flag: false } },
    });

    const response = await gql(PHASE, { id: created.id });

    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    const phase = response.body.data.phase;
    expect(phase).toEqual(created);
    expect(phase).toEqual({
      id: expect.stringMatching(/^gid:\/\/partner-api\/Phase\/[1-9]\d*$/),
      databaseId: expect.any(Number),
      campaignId,
      phaseNo: 1,
      externalId: 'EXT-1',
      phaseTitle: 'Detailed',
      phaseDescription: '',
      phasePacing: 2,
      keyMessage: '',
      earliestPhaseLaunchDate: '2026-03-01',
      latestPhaseLaunchDate: '2026-03-31',
      earliestPhaseEndDate: null,
      latestPhaseEndDate: null,
      ...Object.fromEntries(METRICS.map((metric) => [metric, 0])),
      gImpressions: 1000,
      noOfPieces: 4,
      customFields: { channel: 'social', nested: { list: [1, 'two', null], flag: false } },
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
      updatedAt: expect.stringMatching(ISO_TIMESTAMP),
    });
    // The global id carries the database id.
    expect(phase.id).toBe(gid('Phase', phase.databaseId));
  });

  it('agrees with the REST record of the same phase', async () => {
    const created = await createPhase(await createCampaign(), { phaseTitle: 'Both faces', keyMessage: 'Hello', latestPhaseEndDate: '2026-12-31', customFields: { a: 1 } });

    // REST is addressed, and answers, by the databaseId GraphQL gives.
    const rest = (await ws.api.get(`/v2/phases/${created.databaseId}`)).body.data.phase;

    expect(rest).toMatchObject({
      id: created.databaseId,
      campaign_id: dbIdOf('Campaign', created.campaignId),
      phase_no: created.phaseNo,
      phase_title: 'Both faces',
      key_message: 'Hello',
      latest_phase_end_date: '2026-12-31',
      custom_fields: { a: 1 },
      created_at: created.createdAt,
      updated_at: created.updatedAt,
    });
  });

  it("answers NOT_FOUND for unknown, out-of-range, deleted and another workspace's ids, global or bare, all alike", async () => {
    const foreign = await createPhase(await createCampaign('Theirs', other, otherAccountId), {}, other);
    const deleted = await createPhase(await createCampaign());
    expect((await gql(DELETE, { id: deleted.id })).body.data.phaseDelete.userErrors).toEqual([]);

    const unknown = await gql(PHASE, { id: '999999' });
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toEqual({ phase: null });
    expect(unknown.body.errors).toHaveLength(1);
    expect(unknown.body.errors[0]).toMatchObject({ message: 'Phase not found', path: ['phase'], extensions: { code: 'NOT_FOUND' } });

    const bare = (id: string) => String(dbIdOf('Phase', id));
    for (const id of [gid('Phase', 999999), foreign.id, bare(foreign.id), deleted.id, bare(deleted.id), '0', '99999999999', gid('Phase', '99999999999')]) {
      const response = await gql(PHASE, { id });
      expect([id, response.body]).toEqual([id, unknown.body]);
    }
  });

  it.each<[string, () => Promise<string>, string]>([
    ['a word', async () => 'abc', notAnIdOf('Phase')],
    ['an empty string', async () => '', notAnIdOf('Phase')],
    ['a negative number', async () => '-1', notAnIdOf('Phase')],
    ['a fraction', async () => '1.5', notAnIdOf('Phase')],
    ['a global id of id 0', async () => gid('Phase', 0), notAnIdOf('Phase')],
    ["a campaign's global id", () => createCampaign(), idOfAnotherType('Campaign', 'Phase')],
    // The number of a live phase under another type: refused, never looked up as a phase.
    ["another type's global id with a live phase's number", async () => gid('Content', dbIdOf('Phase', (await createPhase(await createCampaign())).id)), idOfAnotherType('Content', 'Phase')],
  ])('refuses %s as the id with a top-level BAD_USER_INPUT on "id"', async (_name, id, message) => {
    expectIdRefused(await gql(PHASE, { id: await id() }), 'phase', 'id', message);
  });
});

// ---------------------------------------------------------------------------------------------
// Phase.campaign
// ---------------------------------------------------------------------------------------------

describe('Phase.campaign', () => {
  it('resolves to the campaign object', async () => {
    const campaignId = await createCampaign('Parent campaign');
    const phase = await createPhase(campaignId);

    const response = await gql(`query ($id: ID!) { phase(id: $id) { campaignId campaign { id campaignTitle } } }`, { id: phase.id });

    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.phase).toEqual({ campaignId, campaign: { id: campaignId, campaignTitle: 'Parent campaign' } });
  });

  it('gives each phase its own campaign when many are resolved in one query', async () => {
    const workspace = await app.workspace('Phase campaigns');
    const account = await createAccount(workspace, 'Acc');
    const titles = ['North', 'South', 'East'];
    for (const title of titles) await createPhases(await createCampaign(title, workspace, account), [{ phaseTitle: `${title} 1` }, { phaseTitle: `${title} 2` }], workspace);

    const response = await gql(`{ campaigns(first: 10) { nodes { id campaignTitle phases { phaseTitle campaign { id campaignTitle } } } } }`, {}, workspace);

    expect(response.body.errors).toBeUndefined();
    const nodes: AnyBody[] = response.body.data.campaigns.nodes;
    expect(nodes.map((node) => node.campaignTitle)).toEqual(titles);
    for (const node of nodes) {
      expect(node.phases).toEqual([
        { phaseTitle: `${node.campaignTitle} 1`, campaign: { id: node.id, campaignTitle: node.campaignTitle } },
        { phaseTitle: `${node.campaignTitle} 2`, campaign: { id: node.id, campaignTitle: node.campaignTitle } },
      ]);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Phase.contents
// ---------------------------------------------------------------------------------------------

describe('Phase.contents', () => {
  let campaignId: string;
  let phaseId: string;
  let emptyPhaseId: string;
  let contentIds: string[];
  let neighbourContentIds: string[];

  beforeAll(async () => {
    campaignId = await createCampaign('Contents campaign');
    const [phase, neighbour, empty] = await createPhases(campaignId, [{ phaseTitle: 'Full' }, { phaseTitle: 'Neighbour' }, { phaseTitle: 'Empty' }]);
    phaseId = phase.id;
    emptyPhaseId = empty.id;
    contentIds = [];
    neighbourContentIds = [];
    for (let n = 0; n < 5; n += 1) {
      contentIds.push(await createContent(campaignId, phaseId, `Piece ${n}`));
      // Interleaved, so the neighbour's ids fall between this phase's.
      if (n < 2) neighbourContentIds.push(await createContent(campaignId, neighbour.id, `Neighbour ${n}`));
    }
    const deleted = await createContent(campaignId, phaseId, 'Deleted piece');
    expect((await ws.api.delete(`/v2/contents/${dbIdOf('Content', deleted)}`)).status).toBe(200);
  });

  const contentsOf = async (variables: Record<string, unknown>): Promise<AnyBody> => {
    const response = await gql(PHASE_CONTENTS, variables);
    expect(response.body.errors).toBeUndefined();
    return response.body.data.phase.contents;
  };

  it("returns the phase's live contents by id, as a connection", async () => {
    const connection = await contentsOf({ id: phaseId });

    expect(connection.nodes.map((node: AnyBody) => node.id)).toEqual(contentIds);
    expect(connection.edges.map((edge: AnyBody) => edge.node)).toEqual(contentIds.map((id, n) => ({ id, contentName: `Piece ${n}`, phaseId })));
    expect(connection.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: false, startCursor: connection.edges[0].cursor, endCursor: connection.edges.at(-1).cursor });
  });

  it('pages with first and after, visiting each content once, with hasNextPage until the last page', async () => {
    const visited: string[] = [];
    const flags: [boolean, boolean][] = [];
    let after: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const connection = await contentsOf({ id: phaseId, first: 2, after });
      visited.push(...connection.nodes.map((node: AnyBody) => node.id));
      flags.push([connection.pageInfo.hasNextPage, connection.pageInfo.hasPreviousPage]);
      if (!connection.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor;
    }

    expect(visited).toEqual(contentIds);
    expect(flags).toEqual([
      [true, false],
      [true, true],
      [false, true],
    ]);
  });

  it('says hasNextPage false when the page ends exactly at the last content', async () => {
    const connection = await contentsOf({ id: phaseId, first: 5 });

    expect(connection.nodes).toHaveLength(5);
    expect(connection.pageInfo.hasNextPage).toBe(false);
  });

  it('returns an empty connection for a phase without contents', async () => {
    expect(await contentsOf({ id: emptyPhaseId })).toEqual({
      edges: [],
      nodes: [],
      pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
    });
  });

  it("gives each phase its own contents when many are resolved in one query", async () => {
    const response = await gql(`query ($id: ID!) { campaign(id: $id) { phases { id contents(first: 2) { nodes { id } pageInfo { hasNextPage } } } } }`, { id: campaignId });

    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.campaign.phases).toEqual([
      { id: phaseId, contents: { nodes: contentIds.slice(0, 2).map((id) => ({ id })), pageInfo: { hasNextPage: true } } },
      { id: expect.any(String), contents: { nodes: neighbourContentIds.map((id) => ({ id })), pageInfo: { hasNextPage: false } } },
      { id: emptyPhaseId, contents: { nodes: [], pageInfo: { hasNextPage: false } } },
    ]);
  });

  it.each([
    ['first: 0', { first: 0 }],
    ['first: 101', { first: 101 }],
    ['a cursor that is not one', { after: 'garbage' }],
  ])('refuses %s with BAD_USER_INPUT', async (_name, args) => {
    const response = await gql(PHASE_CONTENTS, { id: phaseId, ...args });

    expect(response.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});

// ---------------------------------------------------------------------------------------------
// Campaign.phases
// ---------------------------------------------------------------------------------------------

describe('Campaign.phases', () => {
  const CAMPAIGN_PHASES = `query ($id: ID!) { campaign(id: $id) { phases { id phaseNo phaseTitle } } }`;

  it('lists the live phases in phase order, whatever order they were made in', async () => {
    const campaignId = await createCampaign();
    const made = await createPhases(campaignId, [
      { phaseTitle: 'Third', phaseNo: 3 },
      { phaseTitle: 'First', phaseNo: 1 },
      { phaseTitle: 'Tenth', phaseNo: 10 },
      { phaseTitle: 'Second', phaseNo: 2 },
    ]);
    const deleted = made.find((phase) => phase.phaseTitle === 'Second');
    expect((await gql(DELETE, { id: deleted.id })).body.data.phaseDelete.userErrors).toEqual([]);

    const response = await gql(CAMPAIGN_PHASES, { id: campaignId });

    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.campaign.phases.map((phase: AnyBody) => [phase.phaseTitle, phase.phaseNo])).toEqual([
      ['First', 1],
      ['Third', 3],
      ['Tenth', 10],
    ]);
  });

  it('is an empty list for a campaign without phases', async () => {
    const response = await gql(CAMPAIGN_PHASES, { id: await createCampaign() });

    expect(response.body.data.campaign.phases).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// mutation phasesCreate
// ---------------------------------------------------------------------------------------------

describe('mutation phasesCreate', () => {
  const create = (campaignId: string, phases: unknown) => gql(CREATE, { campaignId, phases });

  it('creates the phases and returns them in request order, numbered after the highest live number', async () => {
    const campaignId = await createCampaign();
    await createPhases(campaignId, [{ phaseTitle: 'Existing', phaseNo: 2 }]);

    const response = await create(campaignId, [{ phaseTitle: 'A' }, { phaseTitle: 'B', phaseNo: 3 }, { phaseTitle: 'C', customFields: { k: ['v'] } }]);

    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    const payload = response.body.data.phasesCreate;
    expect(payload.userErrors).toEqual([]);
    expect(payload.phases.map((phase: AnyBody) => [phase.phaseTitle, phase.phaseNo, phase.campaignId])).toEqual([
      ['A', 4],
      ['B', 3],
      ['C', 5],
    ].map(([title, no]) => [title, no, campaignId]));
    expect(payload.phases[2].customFields).toEqual({ k: ['v'] });
    for (const phase of payload.phases) expect((await gql(PHASE, { id: phase.id })).body.data.phase).toEqual(phase);
  });

  it('accepts campaignId given as an integer', async () => {
    const campaignId = await createCampaign();

    // GraphQL's ID takes an integer as its digits: the bare database id, still taken during the transition.
    const [phase] = await createPhases(dbIdOf('Campaign', campaignId) as unknown as string, [{ phaseTitle: 'Integer id' }]);

    expect(phase.campaignId).toBe(campaignId);
  });

  it('accepts campaignId given as the bare database id, for the transition', async () => {
    const campaignId = await createCampaign();

    const [phase] = await createPhases(String(dbIdOf('Campaign', campaignId)), [{ phaseTitle: 'Bare id' }]);

    expect(phase.campaignId).toBe(campaignId);
  });

  it('writes one phase_created event per phase whose payload.phase is the REST record', async () => {
    const campaignId = await createCampaign();
    const response = await ws.api.graphql(CREATE, { campaignId, phases: [{ phaseTitle: 'One' }, { phaseTitle: 'Two' }] }, { 'x-request-id': 'gql-phases-create-1' });
    const phases: AnyBody[] = response.body.data.phasesCreate.phases;
    expect(phases).toHaveLength(2);

    for (const phase of phases) {
      const rest = (await restPhase(phase.id)).body.data.phase;
      expect(await eventsFor(phase.id)).toEqual([
        {
          organisation_id: ws.organisationId,
          event_type: 'phase_created',
          resource_type: 'phase',
          resource_id: dbIdOf('Phase', phase.id),
          payload: { phase: rest },
          request_id: 'gql-phases-create-1',
        },
      ]);
    }
  });

  describe('refuses with userErrors on argument paths and writes nothing', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['phaseTitle missing', { phaseTitle: undefined }, 'phaseTitle'],
      ['phaseTitle empty', { phaseTitle: '' }, 'phaseTitle'],
      ['phaseTitle blank', { phaseTitle: '  ' }, 'phaseTitle'],
      ['phaseTitle null', { phaseTitle: null }, 'phaseTitle'],
      ['phaseTitle longer than 255 characters', { phaseTitle: 'x'.repeat(256) }, 'phaseTitle'],
      ['externalId longer than 255 characters', { externalId: 'x'.repeat(256) }, 'externalId'],
      ['phaseNo 0', { phaseNo: 0 }, 'phaseNo'],
      ['phaseNo null', { phaseNo: null }, 'phaseNo'],
      ['phasePacing negative', { phasePacing: -1 }, 'phasePacing'],
      ['noOfPieces negative', { noOfPieces: -1 }, 'noOfPieces'],
      ['metric negative', { eTrafficToSite: -5 }, 'eTrafficToSite'],
      ['metric null', { gVideoViews: null }, 'gVideoViews'],
      ['earliest launch after latest launch', { earliestPhaseLaunchDate: '2026-03-02', latestPhaseLaunchDate: '2026-03-01' }, 'earliestPhaseLaunchDate'],
      ['earliest end after latest end', { earliestPhaseEndDate: '2026-05-01', latestPhaseEndDate: '2026-04-30' }, 'earliestPhaseEndDate'],
      ['customFields over 16 KB', { customFields: { k: 'x'.repeat(16 * 1024) } }, 'customFields'],
    ];

    it.each(cases)('%s', async (_name, fields, field) => {
      const campaignId = await createCampaign();
      const before = await databaseState();

      const response = await create(campaignId, [{ phaseTitle: 'Good' }, { phaseTitle: 'Refused', ...fields }]);

      expect(response.status).toBe(200);
      expect(response.body.errors).toBeUndefined();
      expectUserErrors(response.body.data.phasesCreate, 'phases', [['phases', '1', field]]);
      expect(await databaseState()).toEqual(before);
    });

    it('says "phaseTitle is required" for a missing title', async () => {
      const response = await create(await createCampaign(), [{ phasePacing: 1 }]);

      expect(response.body.data.phasesCreate).toEqual({
        phases: null,
        userErrors: [{ field: ['phases', '0', 'phaseTitle'], message: 'phaseTitle is required', code: 'BAD_USER_INPUT' }],
      });
    });

    it('reports a number a live phase already has, and one given twice, on the offending elements', async () => {
      const campaignId = await createCampaign();
      await createPhases(campaignId, [{ phaseTitle: 'Taken', phaseNo: 1 }]);
      const before = await databaseState();

      const response = await create(campaignId, [{ phaseTitle: 'Clash', phaseNo: 1 }, { phaseTitle: 'A', phaseNo: 4 }, { phaseTitle: 'B', phaseNo: 4 }]);

      expectUserErrors(response.body.data.phasesCreate, 'phases', [
        ['phases', '0', 'phaseNo'],
        ['phases', '2', 'phaseNo'],
      ]);
      expect(await databaseState()).toEqual(before);
    });

    it('reports every broken element at once', async () => {
      const campaignId = await createCampaign();
      const before = await databaseState();

      const response = await create(campaignId, [{ phaseTitle: '' }, { phaseTitle: 'Fine' }, { phaseTitle: 'x', gImpressions: -1 }]);

      expectUserErrors(response.body.data.phasesCreate, 'phases', [
        ['phases', '0', 'phaseTitle'],
        ['phases', '2', 'gImpressions'],
      ]);
      expect(await databaseState()).toEqual(before);
    });

    it.each([
      ['an empty list', []],
      ['more than 100 phases', Array.from({ length: 101 }, (_, n) => ({ phaseTitle: `P${n}` }))],
    ])('phases that is %s', async (_name, phases) => {
      const campaignId = await createCampaign();
      const before = await databaseState();

      expectUserErrors((await create(campaignId, phases)).body.data.phasesCreate, 'phases', [['phases']]);
      expect(await databaseState()).toEqual(before);
    });

    it("an unknown, deleted or another workspace's campaign: NOT_FOUND on [\"campaignId\"], all alike", async () => {
      const foreign = await createCampaign('Theirs', other, otherAccountId);
      const deleted = await createCampaign('Gone');
      expect((await ws.api.delete(`/v2/campaigns/${dbIdOf('Campaign', deleted)}`)).status).toBe(200);
      const before = await databaseState();

      const unknown = await create('999999', [{ phaseTitle: 'Nowhere' }]);
      expect(unknown.status).toBe(200);
      expect(unknown.body).toEqual({
        extensions: { cost: expect.any(Object) },
        data: { phasesCreate: { phases: null, userErrors: [{ field: ['campaignId'], message: 'Campaign not found', code: 'NOT_FOUND' }] } },
      });
      for (const id of [gid('Campaign', 999999), foreign, deleted, String(dbIdOf('Campaign', deleted))]) {
        const response = await create(id, [{ phaseTitle: 'Nowhere' }]);
        expect([id, response.body]).toEqual([id, unknown.body]);
      }
      expect(await databaseState()).toEqual(before);
    });
  });

  it.each<[string, () => Promise<string>, string]>([
    ['a malformed campaignId', async () => 'abc', notAnIdOf('Campaign')],
    ['a negative campaignId', async () => '-1', notAnIdOf('Campaign')],
    ["a phase's global id as campaignId", async () => (await createPhase(await createCampaign())).id, idOfAnotherType('Phase', 'Campaign')],
    // A live campaign's number under another type: refused, never looked up as a campaign.
    ["another type's global id with a live campaign's number", async () => gid('Content', dbIdOf('Campaign', await createCampaign())), idOfAnotherType('Content', 'Campaign')],
  ])('refuses %s with a top-level BAD_USER_INPUT on "campaignId" and writes nothing', async (_name, campaignId, message) => {
    const id = await campaignId();
    const before = await databaseState();

    expectIdRefused(await create(id, [{ phaseTitle: 'x' }]), 'phasesCreate', 'campaignId', message);
    expect(await databaseState()).toEqual(before);
  });

  describe('refuses values GraphQL types cannot hold (BAD_USER_INPUT at the top) and writes nothing', () => {
    it.each([
      ['customFields an array', { customFields: [1, 2] }],
      ['customFields a string', { customFields: '{"a":1}' }],
      ['customFields a number', { customFields: 3 }],
      ['2026-02-30', { earliestPhaseLaunchDate: '2026-02-30' }],
      ['20260101', { latestPhaseEndDate: '20260101' }],
      ['phaseNo fractional', { phaseNo: 1.5 }],
      ['metric as a string', { gImpressions: '3' }],
      ['unknown field', { phaseName: 'x' }],
      ['v2 spelling of a field', { phase_title: 'x' }],
      ['campaignId inside an element', { campaignId: '1' }],
    ])('%s', async (_name, fields) => {
      const campaignId = await createCampaign();
      const before = await databaseState();

      expectCoercionError(await create(campaignId, [{ phaseTitle: 'Refused', ...fields }]));
      expect(await databaseState()).toEqual(before);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// mutation phaseUpdate
// ---------------------------------------------------------------------------------------------

describe('mutation phaseUpdate', () => {
  const update = (id: string, input: Record<string, unknown>, workspace = ws) => gql(UPDATE, { id, input }, workspace);

  const datedPhase = async (fields: Record<string, unknown> = {}) =>
    createPhase(await createCampaign(), {
      phaseTitle: 'Dated',
      earliestPhaseLaunchDate: '2026-03-01',
      latestPhaseLaunchDate: '2026-03-15',
      earliestPhaseEndDate: '2026-04-01',
      latestPhaseEndDate: '2026-04-30',
      ...fields,
    });

  it('changes only the given fields', async () => {
    const created = await createPhase(await createCampaign(), { phaseTitle: 'Before', keyMessage: 'Keep', gImpressions: 5 });

    const response = await update(created.id, { phaseTitle: 'After', phasePacing: 4, latestPhaseEndDate: '2026-10-10' });

    expect(response.body.errors).toBeUndefined();
    const payload = response.body.data.phaseUpdate;
    expect(payload.userErrors).toEqual([]);
    expect(payload.phase).toEqual({ ...created, phaseTitle: 'After', phasePacing: 4, latestPhaseEndDate: '2026-10-10', updatedAt: expect.stringMatching(ISO_TIMESTAMP) });
    expect(payload.phase.updatedAt > created.updatedAt).toBe(true);
    expect((await gql(PHASE, { id: created.id })).body.data.phase).toEqual(payload.phase);
  });

  it('merges customFields: keys added or replaced, null removes a key', async () => {
    const created = await createPhase(await createCampaign(), { customFields: { keep: true, replace: 1, drop: 'x' } });

    const payload = (await update(created.id, { customFields: { replace: { now: 'an object' }, drop: null, added: [1] } })).body.data.phaseUpdate;

    expect(payload.userErrors).toEqual([]);
    expect(payload.phase.customFields).toEqual({ keep: true, replace: { now: 'an object' }, added: [1] });
  });

  it('clears a date with null and moves to a free phaseNo', async () => {
    const created = await datedPhase();

    const payload = (await update(created.id, { earliestPhaseLaunchDate: null, phaseNo: 7 })).body.data.phaseUpdate;

    expect(payload.userErrors).toEqual([]);
    expect(payload.phase).toMatchObject({ earliestPhaseLaunchDate: null, latestPhaseLaunchDate: '2026-03-15', phaseNo: 7 });
  });

  it('writes phase_updated with changed_fields in v2 names', async () => {
    const created = await createPhase(await createCampaign(), { phaseTitle: 'Evented', keyMessage: 'Same' });

    const response = await ws.api.graphql(
      UPDATE,
      { id: created.id, input: { phaseTitle: 'Renamed', keyMessage: 'Same', eArticleViews: 4, customFields: { a: 1 } } },
      { 'x-request-id': 'gql-phase-update-1' },
    );
    expect(response.body.data.phaseUpdate.userErrors).toEqual([]);

    const events = await eventsFor(created.id);
    expect(events.map((event) => event.event_type)).toEqual(['phase_created', 'phase_updated']);
    expect(events[1]).toMatchObject({ organisation_id: ws.organisationId, resource_type: 'phase', resource_id: dbIdOf('Phase', created.id), request_id: 'gql-phase-update-1' });
    expect([...events[1].payload.changed_fields].sort()).toEqual(['custom_fields', 'e_article_views', 'phase_title']);
    expect(events[1].payload.phase).toEqual((await restPhase(created.id)).body.data.phase);
  });

  it('is a no-op that writes no event when nothing changes', async () => {
    const created = await createPhase(await createCampaign(), { phaseTitle: 'Steady', phaseNo: 3, earliestPhaseEndDate: '2026-02-01', customFields: { a: { y: 1, xx: 2 } } });
    const before = await databaseState(created.id);

    for (const input of [
      {},
      { phaseTitle: 'Steady', phaseNo: 3, earliestPhaseEndDate: '2026-02-01' },
      { customFields: null },
      { customFields: {} },
      { customFields: { a: { xx: 2, y: 1 } } },
    ]) {
      const payload = (await update(created.id, input)).body.data.phaseUpdate;
      expect([input, payload]).toEqual([input, { phase: created, userErrors: [] }]);
    }
    expect(await databaseState(created.id)).toEqual(before);
  });

  describe('refuses with a userError on ["input", field] and changes nothing', () => {
    const cases: [string, () => Promise<Record<string, unknown>>, string][] = [
      ['phaseTitle empty', async () => ({ phaseTitle: '' }), 'phaseTitle'],
      ['phaseTitle null', async () => ({ phaseTitle: null }), 'phaseTitle'],
      ['phaseNo null', async () => ({ phaseNo: null }), 'phaseNo'],
      ['phaseNo negative', async () => ({ phaseNo: -2 }), 'phaseNo'],
      ['negative metric', async () => ({ gArticleViews: -1 }), 'gArticleViews'],
      ['customFields over 16 KB', async () => ({ customFields: { k: 'x'.repeat(16 * 1024) } }), 'customFields'],
      ['earliestPhaseLaunchDate moved after the stored latest', async () => ({ earliestPhaseLaunchDate: '2026-03-16' }), 'earliestPhaseLaunchDate'],
      ['latestPhaseLaunchDate moved before the stored earliest', async () => ({ latestPhaseLaunchDate: '2026-02-28' }), 'earliestPhaseLaunchDate'],
      ['earliestPhaseEndDate moved after the stored latest', async () => ({ earliestPhaseEndDate: '2026-05-01' }), 'earliestPhaseEndDate'],
      ['latestPhaseEndDate moved before the stored earliest', async () => ({ latestPhaseEndDate: '2026-03-31' }), 'earliestPhaseEndDate'],
    ];

    it.each(cases)('%s', async (_name, fields, field) => {
      const phase = await datedPhase();
      const before = await databaseState(phase.id);

      const response = await update(phase.id, { phaseTitle: 'Would be renamed', ...(await fields()) });

      expect(response.body.errors).toBeUndefined();
      expectUserErrors(response.body.data.phaseUpdate, 'phase', [['input', field]]);
      expect(await databaseState(phase.id)).toEqual(before);
    });

    it('a phaseNo another live phase of the campaign has', async () => {
      const [one, two] = await createPhases(await createCampaign(), [{ phaseTitle: 'One' }, { phaseTitle: 'Two' }]);
      const before = await databaseState(one.id);

      const payload = (await update(one.id, { phaseNo: two.phaseNo, phaseTitle: 'Would be renamed' })).body.data.phaseUpdate;

      expectUserErrors(payload, 'phase', [['input', 'phaseNo']]);
      expect(await databaseState(one.id)).toEqual(before);
    });

    it.each([
      ['customFields an array', { customFields: ['a'] }],
      ['2026-02-30', { earliestPhaseEndDate: '2026-02-30' }],
      ['phasePacing as a string', { phasePacing: '1' }],
      ['campaignId (not a field of PhaseInput)', { campaignId: '1' }],
    ])('refuses %s at the GraphQL type level', async (_name, fields) => {
      const phase = await datedPhase();
      const before = await databaseState(phase.id);

      expectCoercionError(await update(phase.id, fields));
      expect(await databaseState(phase.id)).toEqual(before);
    });
  });

  it("answers a NOT_FOUND userError on [\"id\"] for unknown, deleted and another workspace's ids, global or bare", async () => {
    const foreign = await createPhase(await createCampaign('Theirs', other, otherAccountId), { phaseTitle: 'Theirs' }, other);
    const deleted = await createPhase(await createCampaign());
    await gql(DELETE, { id: deleted.id });
    const before = await databaseState(foreign.id);

    const unknown = await update('999999', { phaseTitle: 'Hijacked' });
    expect(unknown.body).toEqual({ extensions: { cost: expect.any(Object) }, data: { phaseUpdate: { phase: null, userErrors: [{ field: ['id'], message: 'Phase not found', code: 'NOT_FOUND' }] } } });
    for (const id of [gid('Phase', 999999), foreign.id, String(dbIdOf('Phase', foreign.id)), deleted.id, '0']) {
      const response = await update(id, { phaseTitle: 'Hijacked' });
      expect([id, response.body]).toEqual([id, unknown.body]);
    }
    expect(await databaseState(foreign.id)).toEqual(before);
  });

  it.each<[string, (phase: AnyBody) => string, string]>([
    ['a malformed id', () => 'abc', notAnIdOf('Phase')],
    ['a negative id', () => '-1', notAnIdOf('Phase')],
    ["the phase's campaign's global id", (phase) => phase.campaignId, idOfAnotherType('Campaign', 'Phase')],
    // The phase's own number under another type: refused, never looked up as a phase.
    ["the phase's number as another type's global id", (phase) => gid('Campaign', phase.databaseId), idOfAnotherType('Campaign', 'Phase')],
  ])('refuses %s with a top-level BAD_USER_INPUT on "id" and changes nothing', async (_name, id, message) => {
    const phase = await createPhase(await createCampaign(), { phaseTitle: 'Stays' });
    const before = await databaseState(phase.id);

    expectIdRefused(await update(id(phase), { phaseTitle: 'Hijacked' }), 'phaseUpdate', 'id', message);
    expect(await databaseState(phase.id)).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------
// mutation phaseDelete
// ---------------------------------------------------------------------------------------------

describe('mutation phaseDelete', () => {
  it('soft-deletes with its contents and their distributions: deletedPhaseId, then NOT_FOUND', async () => {
    const campaignId = await createCampaign();
    const [phase, neighbour] = await createPhases(campaignId, [{ phaseTitle: 'To be deleted' }, { phaseTitle: 'Neighbour' }]);
    const content = await createContent(campaignId, phase.id);
    const distribution = await createDistribution(content);
    const neighbourContent = await createContent(campaignId, neighbour.id);

    const response = await ws.api.graphql(DELETE, { id: phase.id }, { 'x-request-id': 'gql-phase-delete-1' });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ extensions: { cost: expect.any(Object) }, data: { phaseDelete: { deletedPhaseId: phase.id, userErrors: [] } } });
    expect((await gql(PHASE, { id: phase.id })).body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await restPhase(phase.id)).status).toBe(404);
    expect((await ws.api.get(`/v2/contents/${dbIdOf('Content', content)}`)).status).toBe(404);
    expect((await ws.api.get(`/v2/contents/${dbIdOf('Content', neighbourContent)}`)).status).toBe(200);

    const row = await rawPhase(phase.id);
    expect(row?.deleted_at).toBeInstanceOf(Date);
    expect(row?.phase_title).toBe('To be deleted');
    const [stamps] = await app.dataSource.query(
      'SELECT (SELECT deleted_at FROM contents WHERE id = $1) AS content, (SELECT deleted_at FROM distributions WHERE id = $2) AS distribution',
      [dbIdOf('Content', content), distribution],
    );
    expect(stamps.content).toBeInstanceOf(Date);
    expect(stamps.distribution).toBeInstanceOf(Date);

    const events = await eventsFor(phase.id);
    expect(events.map((event) => event.event_type)).toEqual(['phase_created', 'phase_deleted']);
    expect(events[1]).toMatchObject({ organisation_id: ws.organisationId, resource_type: 'phase', resource_id: dbIdOf('Phase', phase.id), request_id: 'gql-phase-delete-1' });
    expect(events[1].payload.phase).toMatchObject({ id: dbIdOf('Phase', phase.id), deleted_at: (row?.deleted_at as Date).toISOString() });
    expect(events[1].payload.deleted).toEqual({ contents: [dbIdOf('Content', content)], distributions: [distribution] });
  });

  it('drops the phase from Campaign.phases and frees its phaseNo', async () => {
    const campaignId = await createCampaign();
    const [kept, gone] = await createPhases(campaignId, [{ phaseTitle: 'Kept' }, { phaseTitle: 'Gone' }]);

    await gql(DELETE, { id: gone.id });

    const phases = (await gql(`query ($id: ID!) { campaign(id: $id) { phases { id } } }`, { id: campaignId })).body.data.campaign.phases;
    expect(phases).toEqual([{ id: kept.id }]);
    expect((await createPhase(campaignId, { phaseNo: gone.phaseNo })).phaseNo).toBe(gone.phaseNo);
  });

  it("answers a NOT_FOUND userError on [\"id\"] for a second delete, unknown and another workspace's ids, global or bare, writing nothing", async () => {
    const foreign = await createPhase(await createCampaign('Theirs', other, otherAccountId), {}, other);
    const deleted = await createPhase(await createCampaign());
    await gql(DELETE, { id: deleted.id });
    const before = await databaseState(foreign.id);
    const deletedRow = await rawPhase(deleted.id);

    for (const id of [deleted.id, String(dbIdOf('Phase', deleted.id)), foreign.id, String(dbIdOf('Phase', foreign.id)), '999999', gid('Phase', 999999)]) {
      const response = await gql(DELETE, { id });
      expect([id, response.body]).toEqual([
        id,
        { extensions: { cost: expect.any(Object) }, data: { phaseDelete: { deletedPhaseId: null, userErrors: [{ field: ['id'], message: 'Phase not found', code: 'NOT_FOUND' }] } } },
      ]);
    }
    expect(await databaseState(foreign.id)).toEqual(before);
    expect(await rawPhase(deleted.id)).toEqual(deletedRow);
    expect((await gql(PHASE, { id: foreign.id }, other)).body.data.phase.id).toBe(foreign.id);
  });

  it.each<[string, (phase: AnyBody) => string, string]>([
    ['a malformed id', () => 'abc', notAnIdOf('Phase')],
    ['a negative id', () => '-1', notAnIdOf('Phase')],
    ["the phase's campaign's global id", (phase) => phase.campaignId, idOfAnotherType('Campaign', 'Phase')],
    // The phase's own number under another type: refused, never looked up (nor deleted) as a phase.
    ["the phase's number as another type's global id", (phase) => gid('Content', phase.databaseId), idOfAnotherType('Content', 'Phase')],
  ])('refuses %s with a top-level BAD_USER_INPUT on "id", writing nothing', async (_name, id, message) => {
    const phase = await createPhase(await createCampaign(), { phaseTitle: 'Stays' });
    const before = await databaseState(phase.id);

    expectIdRefused(await gql(DELETE, { id: id(phase) }), 'phaseDelete', 'id', message);
    expect(await databaseState(phase.id)).toEqual(before);
    expect((await gql(PHASE, { id: phase.id })).body.data.phase).toEqual(phase);
  });
});
