import { rowById, rowCounts } from '../support/database-state';
import { ISO_TIMESTAMP } from '../support/expectations';
import * as fixtures from '../support/fixtures';
import { dbId, gid, notAnIdOf, idOfAnotherType } from '../support/global-ids';
import { USER_ERRORS, craftCursor, expectCoercionError, expectUserErrorsAt, expectIdRefused } from '../support/graphql';
import { resourceEvents, type OutboxRow } from '../support/outbox';
import { type AnyBody, type ApiResponse, type Workspace } from '../support/test-app';
import { appForFile } from '../support/file-app';
import { deleteUser, editorsToName } from '../support/editors';
import { deletePublisherProfile, titlesToName } from '../support/publisher-profiles';

/**
 * GraphQL content pieces: the `contents` connection, `content(id)`, `Content.campaign`, `Content.phase`,
 * `Content.distributions`, the nested `Campaign.contents` and `Phase.contents` connections and the
 * three mutations, through real HTTP over a real PostgreSQL. Fixtures are made through REST /v2.
 */

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const CONTENT_FIELDS = `
  fragment ContentFields on Content {
    id
    databaseId
    campaignId
    phaseId
    publisherProductId
    publisherTitleId
    contentName
    status
    contentDescription
    liveDate
    contentEditorId
    gImpressions
    eImpressions
    gVideoViews
    eVideoViews
    gArticleViews
    eArticleViews
    gTrafficToSite
    eTrafficToSite
    createdAt
    updatedAt
  }
`;

const CONTENTS = `
  query Contents($first: Int, $after: String, $filter: ContentFilter, $orderBy: [ContentOrder!]) {
    contents(first: $first, after: $after, filter: $filter, orderBy: $orderBy) {
      edges { cursor node { id contentName } }
      nodes { id contentName status campaignId phaseId }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    }
  }
`;

const CONTENT = `
  query Content($id: ID!) { content(id: $id) { ...ContentFields } }
  ${CONTENT_FIELDS}
`;

const CREATE = `
  mutation Create($input: ContentInput!) {
    contentCreate(input: $input) { content { ...ContentFields } ${USER_ERRORS} }
  }
  ${CONTENT_FIELDS}
`;

const UPDATE = `
  mutation Update($id: ID!, $input: ContentInput!) {
    contentUpdate(id: $id, input: $input) { content { ...ContentFields } ${USER_ERRORS} }
  }
  ${CONTENT_FIELDS}
`;

const DELETE = `
  mutation Delete($id: ID!) {
    contentDelete(id: $id) { deletedContentId ${USER_ERRORS} }
  }
`;

const STATUSES = ['DRAFT', 'IN_REVIEW', 'CHANGES_REQUESTED', 'APPROVED', 'LIVE', 'ARCHIVED'] as const;
type Status = (typeof STATUSES)[number];
const STATUS_NUMBER: Record<Status, number> = { DRAFT: 1, IN_REVIEW: 2, CHANGES_REQUESTED: 3, APPROVED: 4, LIVE: 5, ARCHIVED: 6 };

const { app, ws, other } = appForFile({ ws: 'Content GraphQL tests', other: 'Another workspace' });

/** A campaign with two phases, plus a second campaign with one phase, in one workspace (ids as GraphQL global ids). */
type Fixture = fixtures.CampaignsFixture<string>;

let fx: Fixture;
let foreign: Fixture;

/**
 * Users and publisher titles a content piece may name (REST database ids): live ones of the workspace, and
 * ones it must not name. Inputs mostly send them bare (`String(editorId)`), which GraphQL still takes as an
 * id of the expected type during the transition; outputs name them by global id (`gid('User', editorId)`).
 */
let editorId: number;
let secondEditorId: number;
let titleId: number;
let secondTitleId: number;
let foreignEditorId: number;
let foreignTitleId: number;
let deletedEditorId: number;
let deletedProfileTitleId: number;

const EDITOR_MESSAGE = 'contentEditorId does not name a user of this workspace';
const TITLE_MESSAGE = 'publisherTitleId does not name a publisher title of this workspace';

/** The editor and publisher title of a piece, as the graph resolves them. */
const REFERENCES = `
  query References($id: ID!) {
    content(id: $id) {
      contentEditorId editor { id email firstName lastName }
      publisherTitleId publisherTitle { id name publisherProfileId }
    }
  }
`;

/** Creates a campaign through REST (of the account with this global id) and returns its global id. */
async function createCampaign(workspace: Workspace, accountId: string, title = 'A campaign'): Promise<string> {
  return gid('Campaign', await fixtures.createCampaign(workspace, dbId(accountId), title));
}

/** Creates phases through REST and reads their global ids back, in phase order. */
async function createPhases(workspace: Workspace, campaignId: string, titles: string[]): Promise<string[]> {
  return (await fixtures.createPhases(workspace, dbId(campaignId), titles)).map((id) => gid('Phase', id));
}

/** The fixture is made through REST (database ids); the tests hold it as the global ids GraphQL writes. */
async function createFixture(workspace: Workspace): Promise<Fixture> {
  const made = await fixtures.createCampaignsFixture(workspace, (id) => id);
  return {
    workspace,
    accountId: gid('AdvertiserAccount', made.accountId),
    campaignId: gid('Campaign', made.campaignId),
    phaseId: gid('Phase', made.phaseId),
    secondPhaseId: gid('Phase', made.secondPhaseId),
    otherCampaignId: gid('Campaign', made.otherCampaignId),
    otherCampaignPhaseId: gid('Phase', made.otherCampaignPhaseId),
  };
}

async function gql(query: string, variables: Record<string, unknown> = {}, workspace = ws): Promise<ApiResponse<AnyBody>> {
  return workspace.api.graphql(query, variables);
}

/** Runs contentCreate and expects it to succeed; returns the content piece. */
async function createContent(input: Record<string, unknown> = {}, fixture = fx): Promise<AnyBody> {
  const response = await gql(CREATE, { input: { campaignId: fixture.campaignId, phaseId: fixture.phaseId, contentName: 'A piece', ...input } }, fixture.workspace);
  expect(response.status).toBe(200);
  expect(response.body.errors).toBeUndefined();
  expect(response.body.data.contentCreate.userErrors).toEqual([]);
  return response.body.data.contentCreate.content;
}

/** The database id (REST's, the tables') of a content piece GraphQL named by this global id. */
function contentDbId(id: string): number {
  if (!id.startsWith(gid('Content', ''))) throw new Error(`not the global id of a Content: ${id}`);
  return dbId(id);
}

/** Creates `count` distributions of a content piece (its global id) through REST; returns their v2 records. */
function createDistributions(contentId: string, count = 1, workspace = ws): Promise<AnyBody[]> {
  return fixtures.createDistributions(workspace, contentDbId(contentId), count, fixtures.DISTRIBUTION_WITH_LINK_AND_MEDIA);
}

function rawContent(id: string): Promise<Record<string, unknown> | undefined> {
  return rowById(app, 'contents', contentDbId(id));
}

async function rawDistributions(contentId: string): Promise<Record<string, unknown>[]> {
  return app.dataSource.query('SELECT * FROM distributions WHERE content_id = $1 ORDER BY id', [contentDbId(contentId)]);
}

/** The content piece's outbox events, oldest first. */
function eventsFor(contentId: string): Promise<OutboxRow[]> {
  return resourceEvents(app, 'content', contentDbId(contentId));
}

/** The REST /v2 record of a content piece GraphQL named by this global id. */
async function restContent(id: string, workspace = ws): Promise<ApiResponse<AnyBody>> {
  return workspace.api.get(`/v2/contents/${contentDbId(id)}`);
}

/** What must not move when a request is refused: the content's row, its distributions and the row counts. */
async function databaseState(contentId?: string): Promise<AnyBody> {
  const counts = await rowCounts(app, ['contents', 'distributions', 'outbox_events']);
  if (contentId === undefined) return { counts, row: null, distributions: null };
  return { counts, row: await rawContent(contentId), distributions: await rawDistributions(contentId) };
}

/** A refused mutation: exactly one userError on the given path, no content. */
function expectUserError(payload: AnyBody, field: string[], code = 'BAD_USER_INPUT'): void {
  expect('content' in payload ? payload.content : payload.deletedContentId).toBeNull();
  expectUserErrorsAt(payload, [field], code);
}

/** Global ids in the order of their database ids. */
const byId = (values: string[]) => [...values].sort((a, b) => dbId(a) - dbId(b));

beforeAll(async () => {
  fx = await createFixture(ws);
  foreign = await createFixture(other);
  ({ editorId, secondEditorId, foreignEditorId, deletedEditorId } = await editorsToName(ws, other));
  ({ titleId, secondTitleId, foreignTitleId, deletedProfileTitleId } = await titlesToName(app, ws, other));
});

// ---------------------------------------------------------------------------------------------
// query contents
// ---------------------------------------------------------------------------------------------

describe('query contents', () => {
  let lister: Fixture;
  let ids: Record<string, string>;

  beforeAll(async () => {
    lister = await createFixture(await app.workspace('Connection tests'));
    const make = async (contentName: string, campaignId: string, phaseId: string, status: Status = 'DRAFT') =>
      (await createContent({ contentName, campaignId, phaseId, status }, lister)).id as string;
    ids = {
      banana: await make('Banana', lister.campaignId, lister.phaseId, 'IN_REVIEW'),
      apple: await make('apple', lister.campaignId, lister.secondPhaseId),
      cherry: await make('Cherry', lister.otherCampaignId, lister.otherCampaignPhaseId, 'IN_REVIEW'),
      // Same name twice: the id breaks the tie in NAME order.
      twinA: await make('Twin', lister.campaignId, lister.phaseId),
      twinB: await make('Twin', lister.otherCampaignId, lister.otherCampaignPhaseId),
      date: await make('Date', lister.campaignId, lister.secondPhaseId, 'IN_REVIEW'),
      elder: await make('Elderberry', lister.campaignId, lister.phaseId),
    };
    // Touch two pieces so UPDATED_AT order differs from CREATED_AT order.
    for (const id of [ids.banana, ids.apple]) {
      const payload = (await gql(UPDATE, { id, input: { contentDescription: 'touched' } }, lister.workspace)).body.data.contentUpdate;
      expect(payload.userErrors).toEqual([]);
    }
    // Noise the connection must never show: another workspace's piece and a deleted one.
    await createContent({ contentName: 'Banana elsewhere' }, foreign);
    const deleted = await make('Banana deleted', lister.campaignId, lister.phaseId);
    expect((await gql(DELETE, { id: deleted }, lister.workspace)).body.data.contentDelete.userErrors).toEqual([]);
  });

  const listIds = async (variables: Record<string, unknown>): Promise<string[]> => {
    const response = await gql(CONTENTS, variables, lister.workspace);
    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    return response.body.data.contents.nodes.map((node: AnyBody) => node.id);
  };

  it("returns the workspace's live content pieces as a Relay connection, by id ascending", async () => {
    const response = await gql(CONTENTS, {}, lister.workspace);

    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    const connection = response.body.data.contents;
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
    const response = await gql(CONTENTS, { filter: { status: 'ARCHIVED' } }, lister.workspace);

    expect(response.body.data.contents).toEqual({
      edges: [],
      nodes: [],
      pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
    });
  });

  it('filters by campaignId', async () => {
    expect(await listIds({ filter: { campaignId: lister.otherCampaignId } })).toEqual([ids.cherry, ids.twinB]);
    // The bare database id, as an integer, is still taken as a Campaign's id (the transition).
    expect(await listIds({ filter: { campaignId: dbId(lister.campaignId) } })).toEqual(byId([ids.banana, ids.apple, ids.twinA, ids.date, ids.elder]));
    expect(await listIds({ filter: { campaignId: foreign.campaignId } })).toEqual([]);
  });

  it('filters by phaseId', async () => {
    expect(await listIds({ filter: { phaseId: lister.secondPhaseId } })).toEqual([ids.apple, ids.date]);
    expect(await listIds({ filter: { phaseId: foreign.phaseId } })).toEqual([]);
  });

  it('filters by status (the ContentStatus enum)', async () => {
    expect(await listIds({ filter: { status: 'IN_REVIEW' } })).toEqual([ids.banana, ids.cherry, ids.date]);
    const response = await gql(CONTENTS, { filter: { status: 'DRAFT' } }, lister.workspace);
    expect(response.body.data.contents.nodes.map((node: AnyBody) => node.status)).toEqual(['DRAFT', 'DRAFT', 'DRAFT', 'DRAFT']);
  });

  it('combines filters', async () => {
    expect(await listIds({ filter: { campaignId: lister.campaignId, phaseId: lister.phaseId, status: 'DRAFT' } })).toEqual([ids.twinA, ids.elder]);
    expect(await listIds({ filter: { campaignId: lister.otherCampaignId, phaseId: lister.phaseId } })).toEqual([]);
  });

  it('limits the page with first and reports hasNextPage', async () => {
    const response = await gql(CONTENTS, { first: 2 }, lister.workspace);

    expect(response.body.data.contents.nodes.map((node: AnyBody) => node.id)).toEqual(byId(Object.values(ids)).slice(0, 2));
    expect(response.body.data.contents.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
  });

  const ORDERS: [string, string][] = [
    ['ID', 'ASC'],
    ['ID', 'DESC'],
    ['NAME', 'ASC'],
    ['NAME', 'DESC'],
    ['CREATED_AT', 'ASC'],
    ['CREATED_AT', 'DESC'],
    ['UPDATED_AT', 'ASC'],
    ['UPDATED_AT', 'DESC'],
  ];

  it.each(ORDERS)('paging with after visits every content piece exactly once (%s %s)', async (field, direction) => {
    const orderBy = { field, direction };
    const whole = await listIds({ first: 100, orderBy });
    expect(byId(whole)).toEqual(byId(Object.values(ids)));

    const visited: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const response = await gql(CONTENTS, { first: 2, after, orderBy }, lister.workspace);
      expect(response.body.errors).toBeUndefined();
      const connection = response.body.data.contents;
      visited.push(...connection.nodes.map((node: AnyBody) => node.id));
      expect(connection.pageInfo.hasPreviousPage).toBe(after !== undefined);
      if (!connection.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor;
    }
    expect(visited).toEqual(whole);
  });

  it('pages a filtered list the same way', async () => {
    const filter = { campaignId: lister.campaignId };
    const visited: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const connection = (await gql(CONTENTS, { first: 2, after, filter, orderBy: { field: 'NAME', direction: 'ASC' } }, lister.workspace)).body.data.contents;
      visited.push(...connection.nodes.map((node: AnyBody) => node.id));
      if (!connection.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor;
    }
    expect(byId(visited)).toEqual(byId([ids.banana, ids.apple, ids.twinA, ids.date, ids.elder]));
    expect(new Set(visited).size).toBe(visited.length);
  });

  it('orders by name with the id breaking ties', async () => {
    const nodes: AnyBody[] = (await gql(CONTENTS, { orderBy: { field: 'NAME', direction: 'DESC' } }, lister.workspace)).body.data.contents.nodes;
    const twins = nodes.filter((node) => node.contentName === 'Twin').map((node) => node.id);

    expect(twins).toEqual([ids.twinB, ids.twinA]);
  });

  it('orders by updatedAt: the touched pieces come last in ascending order', async () => {
    const ascending = await listIds({ orderBy: { field: 'UPDATED_AT', direction: 'ASC' } });
    expect(ascending.slice(-2)).toEqual([ids.banana, ids.apple]);
  });

  it.each([
    ['not base64 JSON', 'garbage'],
    ['well-formed JSON of the wrong shape', craftCursor({ id: 1 })],
    ['a cursor whose id is not an integer', craftCursor(['id', 1, 'x'])],
  ])('refuses a bad cursor (%s) with BAD_USER_INPUT', async (_name, after) => {
    const response = await gql(CONTENTS, { first: 2, after }, lister.workspace);

    expect(response.body.data).toBeNull();
    expect(response.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('refuses a cursor made for another order with BAD_USER_INPUT', async () => {
    const named = await gql(CONTENTS, { first: 1, orderBy: { field: 'NAME', direction: 'ASC' } }, lister.workspace);

    const response = await gql(CONTENTS, { first: 2, after: named.body.data.contents.pageInfo.endCursor }, lister.workspace);

    expect(response.body.data).toBeNull();
    expect(response.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it.each([0, -1, 101])('refuses first: %i with BAD_USER_INPUT', async (first) => {
    const response = await gql(CONTENTS, { first }, lister.workspace);

    expect(response.body.data).toBeNull();
    expect(response.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it.each<[string, () => Record<string, unknown>, string, string]>([
    ['campaignId', () => ({ campaignId: 'abc' }), 'filter.campaignId', notAnIdOf('Campaign')],
    ['phaseId', () => ({ phaseId: '-1' }), 'filter.phaseId', notAnIdOf('Phase')],
    // A list names the entry refused.
    ['ids', () => ({ ids: [ids.apple, '1.5'] }), 'filter.ids.1', notAnIdOf('Content')],
  ])('refuses a malformed %s filter with a top-level BAD_USER_INPUT naming it', async (_name, filter, path, message) => {
    expectIdRefused(await gql(CONTENTS, { filter: filter() }, lister.workspace), 'contents', path, message);
  });

  it.each([
    ['campaignId', () => ({ campaignId: lister.phaseId }), idOfAnotherType('Phase', 'Campaign')],
    ['phaseId', () => ({ phaseId: lister.campaignId }), idOfAnotherType('Campaign', 'Phase')],
  ])('refuses a global id of another type as the %s filter with a top-level BAD_USER_INPUT naming it', async (name, filter, message) => {
    expectIdRefused(await gql(CONTENTS, { filter: filter() }, lister.workspace), 'contents', `filter.${name}`, message);
  });

  it('refuses the bare database id 0 as the phaseId filter with BAD_USER_INPUT, as before', async () => {
    const response = await gql(CONTENTS, { filter: { phaseId: '0' } }, lister.workspace);

    expect(response.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('refuses a status filter outside the enum at the GraphQL type level', async () => {
    expectCoercionError(await gql(CONTENTS, { filter: { status: 'PUBLISHED' } }, lister.workspace));
    expectCoercionError(await gql(CONTENTS, { filter: { status: 2 } }, lister.workspace));
  });
});

// ---------------------------------------------------------------------------------------------
// query content
// ---------------------------------------------------------------------------------------------

describe('query content', () => {
  it('returns the content piece with enum status, YYYY-MM-DD date and ISO timestamps', async () => {
    const created = await createContent({
      contentName: 'Detailed',
      status: 'IN_REVIEW',
      liveDate: '2026-03-31',
      contentEditorId: String(editorId),
      publisherProductId: '3',
      gImpressions: 1000,
      contentDescription: 'About it',
    });

    const response = await gql(CONTENT, { id: created.id });

    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    const content = response.body.data.content;
    expect(content).toEqual(created);
    expect(content).toEqual({
      id: expect.stringMatching(/^gid:\/\/partner-api\/Content\/[1-9]\d*$/),
      databaseId: dbId(content.id),
      campaignId: fx.campaignId,
      phaseId: fx.phaseId,
      publisherProductId: '3',
      publisherTitleId: null,
      contentName: 'Detailed',
      status: 'IN_REVIEW',
      contentDescription: 'About it',
      liveDate: '2026-03-31',
      contentEditorId: gid('User', editorId),
      gImpressions: 1000,
      eImpressions: 0,
      gVideoViews: 0,
      eVideoViews: 0,
      gArticleViews: 0,
      eArticleViews: 0,
      gTrafficToSite: 0,
      eTrafficToSite: 0,
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
      updatedAt: expect.stringMatching(ISO_TIMESTAMP),
    });
  });

  it('agrees with the REST record of the same piece', async () => {
    const created = await createContent({ contentName: 'Both faces', status: 'IN_REVIEW', liveDate: '2026-12-31', contentEditorId: String(secondEditorId), publisherTitleId: String(titleId) });

    const rest = (await ws.api.get(`/v2/contents/${created.databaseId}`)).body.data.content;

    expect(rest).toMatchObject({
      content_id: created.databaseId,
      campaign_id: dbId(fx.campaignId),
      phase_id: dbId(fx.phaseId),
      content_name: 'Both faces',
      status: 2,
      live_date: '2026-12-31',
      content_editor: secondEditorId,
      publisher_title_id: titleId,
      created_at: created.createdAt,
      updated_at: created.updatedAt,
    });
  });

  it('resolves editor and publisherTitle: null when unset, the user and title when set', async () => {
    const unset = await createContent({ contentName: 'No references' });
    const set = await createContent({ contentName: 'With references', contentEditorId: String(editorId), publisherTitleId: String(secondTitleId) });

    const none = await gql(REFERENCES, { id: unset.id });
    const both = await gql(REFERENCES, { id: set.id });

    expect(none.body).toEqual({ extensions: { cost: expect.any(Object) }, data: { content: { contentEditorId: null, editor: null, publisherTitleId: null, publisherTitle: null } } });
    expect(both.body.errors).toBeUndefined();
    expect(both.body.data.content).toEqual({
      contentEditorId: gid('User', editorId),
      editor: { id: gid('User', editorId), email: 'editor.one@example.com', firstName: 'Test', lastName: 'User' },
      publisherTitleId: gid('PublisherTitle', secondTitleId),
      publisherTitle: { id: gid('PublisherTitle', secondTitleId), name: 'Planet Weekly', publisherProfileId: expect.stringMatching(/^gid:\/\/partner-api\/PublisherProfile\/[1-9]\d*$/) },
    });
  });

  it('resolves editor and publisherTitle to null once the user and the publisher profile are deleted; the ids stay', async () => {
    const leaving = await fixtures.createUser(ws, 'editor.leaving.gql@example.com');
    const closing = await fixtures.createPublisherProfile(app, ws, 'Closing down', ['Closing title']);
    const created = await createContent({ contentEditorId: String(leaving), publisherTitleId: String(closing.titleIds[0]) });
    expect((await gql(REFERENCES, { id: created.id })).body.data.content).toMatchObject({ editor: { id: gid('User', leaving) }, publisherTitle: { id: gid('PublisherTitle', closing.titleIds[0]) } });

    await deleteUser(ws, leaving);
    await deletePublisherProfile(ws, closing.profileId);

    const response = await gql(REFERENCES, { id: created.id });
    expect(response.body).toEqual({ extensions: { cost: expect.any(Object) }, data: { content: { contentEditorId: gid('User', leaving), editor: null, publisherTitleId: gid('PublisherTitle', closing.titleIds[0]), publisherTitle: null } } });
  });

  it('never resolves another workspace’s user or title, even when a stored id names one', async () => {
    const created = await createContent({ contentName: 'Legacy ids' });
    // Ids stored before the checks existed.
    await app.dataSource.query('UPDATE contents SET content_editor_id = $1, publisher_title_id = $2 WHERE id = $3', [foreignEditorId, foreignTitleId, contentDbId(created.id)]);

    const response = await gql(REFERENCES, { id: created.id });

    expect(response.body).toEqual({ extensions: { cost: expect.any(Object) }, data: { content: { contentEditorId: gid('User', foreignEditorId), editor: null, publisherTitleId: gid('PublisherTitle', foreignTitleId), publisherTitle: null } } });
  });

  it('gives each piece of a list its own editor and title', async () => {
    const lister = await createFixture(await app.workspace('Reference lister'));
    const listerEditor = await fixtures.createUser(lister.workspace, 'lister.editor@example.com');
    const [listerTitle] = (await fixtures.createPublisherProfile(app, lister.workspace, 'Lister press')).titleIds;
    const a = await createContent({ contentName: 'A', contentEditorId: String(listerEditor) }, lister);
    const b = await createContent({ contentName: 'B', publisherTitleId: String(listerTitle) }, lister);

    const response = await gql('{ contents(first: 10) { nodes { id editor { id } publisherTitle { id } } } }', {}, lister.workspace);

    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.contents.nodes).toEqual([
      { id: a.id, editor: { id: gid('User', listerEditor) }, publisherTitle: null },
      { id: b.id, editor: null, publisherTitle: { id: gid('PublisherTitle', listerTitle) } },
    ]);
  });

  it('resolves campaign, phase and distributions with their primaryLink and mediaLibrary', async () => {
    const content = await createContent({ phaseId: fx.secondPhaseId });
    const distributions = await createDistributions(content.id, 2);
    const removed = (await createDistributions(content.id, 1))[0];
    expect((await ws.api.delete(`/v2/distributions/${removed.id}`)).status).toBe(200);

    const response = await gql(
      `query ($id: ID!) {
        content(id: $id) {
          id
          campaign { id campaignTitle }
          phase { id phaseTitle campaignId }
          distributions { id contentId campaignId distributionTypeId primaryLink { id linkType originalLink } mediaLibrary { id fileUrl distributionId } }
        }
      }`,
      { id: content.id },
    );

    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.content).toEqual({
      id: content.id,
      campaign: { id: fx.campaignId, campaignTitle: 'Main campaign' },
      phase: { id: fx.secondPhaseId, phaseTitle: 'Phase two', campaignId: fx.campaignId },
      distributions: distributions.map((d: AnyBody) => ({
        id: gid('Distribution', d.id),
        contentId: content.id,
        campaignId: fx.campaignId,
        distributionTypeId: 1,
        primaryLink: { id: gid('PrimaryLink', d.primary_link.id), linkType: 1, originalLink: 'https://example.com' },
        mediaLibrary: [{ id: gid('MediaItem', d.distribution_media_library[0].id), fileUrl: 'https://example.com/a.jpg', distributionId: gid('Distribution', d.id) }],
      })),
    });
  });

  it('returns the right campaign, phase and distributions for each of many pieces in one query', async () => {
    const workspace = await createFixture(await app.workspace('Many pieces'));
    const expected = new Map<string, { campaignId: string; phaseId: string; distributions: string[] }>();
    const placements = [
      [workspace.campaignId, workspace.phaseId],
      [workspace.campaignId, workspace.secondPhaseId],
      [workspace.otherCampaignId, workspace.otherCampaignPhaseId],
    ];
    for (let i = 0; i < 9; i += 1) {
      const [campaignId, phaseId] = placements[i % placements.length];
      const content = await createContent({ contentName: `Piece ${i}`, campaignId, phaseId }, workspace);
      const distributions = i % 3 === 0 ? [] : await createDistributions(content.id, i % 3, workspace.workspace);
      expected.set(content.id, { campaignId, phaseId, distributions: distributions.map((d: AnyBody) => gid('Distribution', d.id)) });
    }

    const response = await gql(
      '{ contents(first: 20) { nodes { id campaign { id } phase { id campaignId } distributions { id contentId campaignId mediaLibrary { distributionId } } } } }',
      {},
      workspace.workspace,
    );

    expect(response.body.errors).toBeUndefined();
    const nodes: AnyBody[] = response.body.data.contents.nodes;
    expect(nodes).toHaveLength(9);
    for (const node of nodes) {
      const want = expected.get(node.id)!;
      expect(node.campaign).toEqual({ id: want.campaignId });
      expect(node.phase).toEqual({ id: want.phaseId, campaignId: want.campaignId });
      expect(node.distributions.map((d: AnyBody) => d.id)).toEqual(want.distributions);
      for (const distribution of node.distributions) {
        expect(distribution).toMatchObject({ contentId: node.id, campaignId: want.campaignId });
        expect(distribution.mediaLibrary).toEqual([{ distributionId: distribution.id }]);
      }
    }
  });

  it("answers NOT_FOUND for unknown, deleted, distribution and another workspace's ids, all alike", async () => {
    const theirs = await createContent({}, foreign);
    const deleted = await createContent();
    await gql(DELETE, { id: deleted.id });
    const [distribution] = await createDistributions((await createContent()).id);

    const unknown = await gql(CONTENT, { id: gid('Content', 999999) });
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toEqual({ content: null });
    expect(unknown.body.errors).toHaveLength(1);
    expect(unknown.body.errors[0]).toMatchObject({ message: 'Content not found', path: ['content'], extensions: { code: 'NOT_FOUND' } });

    // Bare database ids (the transition) that name no live piece of this workspace answer the same:
    // a distribution's id included, since distributions share the content pieces' id sequence.
    for (const id of [theirs.id, deleted.id, '999999', String(distribution.id), '0', '99999999999']) {
      const response = await gql(CONTENT, { id });
      expect([id, response.body]).toEqual([id, unknown.body]);
    }
  });

  it.each<[string, () => string, string]>([
    ['abc', () => 'abc', notAnIdOf('Content')],
    ['the empty string', () => '', notAnIdOf('Content')],
    ['-1', () => '-1', notAnIdOf('Content')],
    ['1.5', () => '1.5', notAnIdOf('Content')],
    ["a distribution's global id", () => gid('Distribution', 1), idOfAnotherType('Distribution', 'Content')],
    ["a campaign's global id", () => fx.campaignId, idOfAnotherType('Campaign', 'Content')],
  ])('refuses %s as the id with a top-level BAD_USER_INPUT naming the argument', async (_name, id, message) => {
    expectIdRefused(await gql(CONTENT, { id: id() }), 'content', 'id', message);
  });
});

// ---------------------------------------------------------------------------------------------
// Campaign.contents and Phase.contents
// ---------------------------------------------------------------------------------------------

describe('Campaign.contents and Phase.contents', () => {
  let nested: Fixture;
  /** Campaign id → its phases → content ids (ascending). */
  let tree: { campaignId: string; phases: { phaseId: string; contents: string[] }[] }[];

  const campaignContents = (campaign: (typeof tree)[number]) => byId(campaign.phases.flatMap((phase) => phase.contents));

  beforeAll(async () => {
    const workspace = await app.workspace('Nested connections');
    nested = await createFixture(workspace);
    const emptyCampaign = await createCampaign(workspace, nested.accountId, 'Empty campaign');
    const [emptyPhase] = await createPhases(workspace, emptyCampaign, ['Empty phase']);
    tree = [
      // 3 + 0 pieces
      { campaignId: nested.campaignId, phases: [{ phaseId: nested.phaseId, contents: [] }, { phaseId: nested.secondPhaseId, contents: [] }] },
      // 5 pieces
      { campaignId: nested.otherCampaignId, phases: [{ phaseId: nested.otherCampaignPhaseId, contents: [] }] },
      // none
      { campaignId: emptyCampaign, phases: [{ phaseId: emptyPhase, contents: [] }] },
    ];
    // Interleave the creations so each parent's ids are not contiguous.
    const plan: [number, number][] = [
      [1, 0],
      [0, 0],
      [1, 0],
      [0, 0],
      [1, 0],
      [1, 0],
      [0, 0],
      [1, 0],
    ];
    for (const [index, [c, p]] of plan.entries()) {
      const target = tree[c];
      const phase = target.phases[p];
      const content = await createContent({ contentName: `Nested ${index}`, campaignId: target.campaignId, phaseId: phase.phaseId }, nested);
      phase.contents.push(content.id);
    }
    // A deleted piece in the busy campaign: never shown.
    const gone = await createContent({ contentName: 'Gone', campaignId: nested.otherCampaignId, phaseId: nested.otherCampaignPhaseId }, nested);
    expect((await gql(DELETE, { id: gone.id }, workspace)).body.data.contentDelete.userErrors).toEqual([]);
    // Another workspace's piece: never shown.
    await createContent({}, foreign);
  });

  it('gives each campaign its own first page and hasNextPage, in one query', async () => {
    const response = await gql(
      `{ campaigns(first: 10) { nodes { id contents(first: 2) { edges { cursor node { id campaignId } } nodes { id } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } } }`,
      {},
      nested.workspace,
    );

    expect(response.body.errors).toBeUndefined();
    const nodes: AnyBody[] = response.body.data.campaigns.nodes;
    expect(nodes.map((node) => node.id)).toEqual(byId(tree.map((campaign) => campaign.campaignId)));
    for (const campaign of tree) {
      const node = nodes.find((candidate) => candidate.id === campaign.campaignId);
      const all = campaignContents(campaign);
      const connection = node.contents;
      expect([campaign.campaignId, connection.nodes.map((n: AnyBody) => n.id)]).toEqual([campaign.campaignId, all.slice(0, 2)]);
      for (const edge of connection.edges) expect(edge.node.campaignId).toBe(campaign.campaignId);
      expect([campaign.campaignId, connection.pageInfo.hasNextPage]).toEqual([campaign.campaignId, all.length > 2]);
      expect(connection.pageInfo.hasPreviousPage).toBe(false);
      expect(connection.pageInfo.startCursor).toBe(connection.edges[0]?.cursor ?? null);
      expect(connection.pageInfo.endCursor).toBe(connection.edges.at(-1)?.cursor ?? null);
    }
  });

  it('gives each phase its own first page and hasNextPage, in one query', async () => {
    const response = await gql(
      `{ campaigns(first: 10) { nodes { id phases { id contents(first: 2) { nodes { id phaseId } pageInfo { hasNextPage } } } } } }`,
      {},
      nested.workspace,
    );

    expect(response.body.errors).toBeUndefined();
    const phases = new Map<string, AnyBody>(response.body.data.campaigns.nodes.flatMap((node: AnyBody) => node.phases.map((phase: AnyBody) => [phase.id, phase])));
    for (const phase of tree.flatMap((campaign) => campaign.phases)) {
      const connection = phases.get(phase.phaseId).contents;
      expect([phase.phaseId, connection.nodes.map((n: AnyBody) => n.id)]).toEqual([phase.phaseId, phase.contents.slice(0, 2)]);
      for (const node of connection.nodes) expect(node.phaseId).toBe(phase.phaseId);
      expect([phase.phaseId, connection.pageInfo.hasNextPage]).toEqual([phase.phaseId, phase.contents.length > 2]);
    }
  });

  it('pages of different sizes for different parents in one query do not mix', async () => {
    const [busy, small, empty] = [tree[1], tree[0], tree[2]];
    const response = await gql(
      `query ($a: ID!, $b: ID!, $c: ID!) {
        a: campaign(id: $a) { contents(first: 1) { nodes { id } pageInfo { hasNextPage } } }
        b: campaign(id: $b) { contents(first: 3) { nodes { id } pageInfo { hasNextPage } } }
        c: campaign(id: $c) { contents(first: 3) { nodes { id } pageInfo { hasNextPage } } }
        d: campaign(id: $a) { contents(first: 5) { nodes { id } pageInfo { hasNextPage } } }
      }`,
      { a: busy.campaignId, b: small.campaignId, c: empty.campaignId },
      nested.workspace,
    );

    expect(response.body.errors).toBeUndefined();
    const data = response.body.data;
    expect(data.a.contents).toEqual({ nodes: campaignContents(busy).slice(0, 1).map((id) => ({ id })), pageInfo: { hasNextPage: true } });
    expect(data.b.contents).toEqual({ nodes: campaignContents(small).map((id) => ({ id })), pageInfo: { hasNextPage: false } });
    expect(data.c.contents).toEqual({ nodes: [], pageInfo: { hasNextPage: false } });
    expect(data.d.contents).toEqual({ nodes: campaignContents(busy).map((id) => ({ id })), pageInfo: { hasNextPage: false } });
  });

  it.each([
    ['Campaign.contents', 'campaign', () => tree[1].campaignId, () => campaignContents(tree[1])],
    ['Phase.contents', 'phase', () => tree[1].phases[0].phaseId, () => tree[1].phases[0].contents],
    ['Campaign.contents of a smaller campaign', 'campaign', () => tree[0].campaignId, () => campaignContents(tree[0])],
  ])('%s: paging with after visits each piece exactly once', async (_name, root, parentId, expected) => {
    const query = `query ($id: ID!, $after: String) { ${root}(id: $id) { contents(first: 2, after: $after) { nodes { id } pageInfo { hasNextPage hasPreviousPage endCursor } } } }`;
    const visited: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const response = await gql(query, { id: parentId(), after }, nested.workspace);
      expect(response.body.errors).toBeUndefined();
      const connection = response.body.data[root].contents;
      visited.push(...connection.nodes.map((node: AnyBody) => node.id));
      expect(connection.pageInfo.hasPreviousPage).toBe(after !== undefined);
      if (!connection.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor;
    }
    expect(visited).toEqual(expected());
  });

  it('refuses a bad nested cursor and an out-of-range first with BAD_USER_INPUT', async () => {
    const query = `query ($id: ID!, $first: Int, $after: String) { campaign(id: $id) { id contents(first: $first, after: $after) { nodes { id } } } }`;
    for (const variables of [{ after: 'garbage' }, { first: 0 }, { first: 101 }]) {
      const response = await gql(query, { id: tree[1].campaignId, ...variables }, nested.workspace);
      expect(response.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    }
  });
});

// ---------------------------------------------------------------------------------------------
// enum ContentStatus
// ---------------------------------------------------------------------------------------------

describe('enum ContentStatus', () => {
  it('has the six statuses', async () => {
    const response = await gql('{ __type(name: "ContentStatus") { kind enumValues { name } } }');

    expect(response.body.data.__type.kind).toBe('ENUM');
    expect(response.body.data.__type.enumValues.map((value: AnyBody) => value.name).sort()).toEqual([...STATUSES].sort());
  });

  it.each([
    ['DRAFT', 1],
    ['IN_REVIEW', 2],
  ] as const)('%s is the v2 integer %i', async (status, number) => {
    const created = await createContent({ status });
    expect((await restContent(created.id)).body.data.content.status).toBe(number);
    expect((await rawContent(created.id))?.status).toBe(STATUS_NUMBER[status]);
  });
});

// ---------------------------------------------------------------------------------------------
// mutation contentCreate
// ---------------------------------------------------------------------------------------------

describe('mutation contentCreate', () => {
  const create = (input: Record<string, unknown>) => gql(CREATE, { input: { campaignId: fx.campaignId, phaseId: fx.phaseId, contentName: 'Refused', ...input } });

  it('creates a draft by default and returns it with no userErrors', async () => {
    const response = await gql(CREATE, { input: { campaignId: fx.campaignId, phaseId: fx.secondPhaseId, contentName: 'Fresh' } });

    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    const payload = response.body.data.contentCreate;
    expect(payload.userErrors).toEqual([]);
    expect(payload.content).toMatchObject({
      campaignId: fx.campaignId,
      phaseId: fx.secondPhaseId,
      contentName: 'Fresh',
      status: 'DRAFT',
      contentDescription: '',
      liveDate: null,
      contentEditorId: null,
      publisherProductId: null,
      publisherTitleId: null,
      gImpressions: 0,
    });
    expect((await gql(CONTENT, { id: payload.content.id })).body.data.content).toEqual(payload.content);
  });

  it('accepts IN_REVIEW as the initial status and campaign and phase ids given as bare database ids (integers)', async () => {
    // The transition: a bare database id is still taken as an id of the expected type.
    const created = await createContent({ status: 'IN_REVIEW', campaignId: dbId(fx.campaignId), phaseId: dbId(fx.phaseId) });
    expect(created).toMatchObject({ status: 'IN_REVIEW', campaignId: fx.campaignId, phaseId: fx.phaseId });
  });

  it('writes one content_created event whose payload.content is the REST record', async () => {
    const response = await ws.api.graphql(CREATE, { input: { campaignId: fx.campaignId, phaseId: fx.phaseId, contentName: 'Evented', contentEditorId: String(editorId) } }, { 'x-request-id': 'gql-create-1' });
    const content = response.body.data.contentCreate.content;
    const rest = (await restContent(content.id)).body.data.content;

    expect(await eventsFor(content.id)).toEqual([
      { organisation_id: ws.organisationId, event_type: 'content_created', resource_type: 'content', resource_id: contentDbId(content.id), payload: { content: rest }, request_id: 'gql-create-1' },
    ]);
  });

  describe('refuses with a userError and writes nothing', () => {
    const cases: [string, () => Record<string, unknown>, string][] = [
      ['campaignId missing', () => ({ campaignId: undefined }), 'campaignId'],
      ['campaignId null', () => ({ campaignId: null }), 'campaignId'],
      ['campaignId unknown', () => ({ campaignId: '999999' }), 'campaignId'],
      ['campaignId unknown, as a global id', () => ({ campaignId: gid('Campaign', 999999) }), 'campaignId'],
      ["another workspace's campaign", () => ({ campaignId: foreign.campaignId, phaseId: foreign.phaseId }), 'campaignId'],
      ['phaseId missing', () => ({ phaseId: undefined }), 'phaseId'],
      ['phaseId unknown', () => ({ phaseId: '999999' }), 'phaseId'],
      ['phaseId unknown, as a global id', () => ({ phaseId: gid('Phase', 999999) }), 'phaseId'],
      ['a phase of another campaign', () => ({ phaseId: fx.otherCampaignPhaseId }), 'phaseId'],
      ["a phase of another workspace's campaign", () => ({ phaseId: foreign.phaseId }), 'phaseId'],
      ['contentName missing', () => ({ contentName: undefined }), 'contentName'],
      ['contentName empty', () => ({ contentName: '' }), 'contentName'],
      ['contentName blank', () => ({ contentName: '  ' }), 'contentName'],
      ['contentName null', () => ({ contentName: null }), 'contentName'],
      ['contentName longer than 255 characters', () => ({ contentName: 'x'.repeat(256) }), 'contentName'],
      ['status CHANGES_REQUESTED on create', () => ({ status: 'CHANGES_REQUESTED' }), 'status'],
      ['status APPROVED on create', () => ({ status: 'APPROVED' }), 'status'],
      ['status LIVE on create', () => ({ status: 'LIVE' }), 'status'],
      ['status ARCHIVED on create', () => ({ status: 'ARCHIVED' }), 'status'],
      ['status null', () => ({ status: null }), 'status'],
      ['negative metric', () => ({ gImpressions: -1 }), 'gImpressions'],
      ['metric null', () => ({ eVideoViews: null }), 'eVideoViews'],
      ['publisherTitleId 0', () => ({ publisherTitleId: 0 }), 'publisherTitleId'],
      ['publisherProductId negative', () => ({ publisherProductId: -3 }), 'publisherProductId'],
      ['contentEditorId 0', () => ({ contentEditorId: 0 }), 'contentEditorId'],
    ];

    it.each(cases)('%s', async (_name, fields, field) => {
      const before = await databaseState();

      const response = await create(fields());

      expect(response.status).toBe(200);
      expect(response.body.errors).toBeUndefined();
      expectUserError(response.body.data.contentCreate, ['input', field]);
      expect(await databaseState()).toEqual(before);
    });

    it('reports every missing required field together', async () => {
      const before = await databaseState();

      const payload = (await gql(CREATE, { input: {} })).body.data.contentCreate;

      expect(payload.content).toBeNull();
      expect(payload.userErrors).toEqual([
        { field: ['input', 'campaignId'], message: 'campaignId is required', code: 'BAD_USER_INPUT' },
        { field: ['input', 'phaseId'], message: 'phaseId is required', code: 'BAD_USER_INPUT' },
        { field: ['input', 'contentName'], message: 'contentName is required', code: 'BAD_USER_INPUT' },
      ]);
      expect(await databaseState()).toEqual(before);
    });

    it("gives the same userErrors for another workspace's campaign as for a nonexistent one", async () => {
      const theirs = await create({ campaignId: foreign.campaignId, phaseId: foreign.phaseId });
      const missing = await create({ campaignId: gid('Campaign', 999999), phaseId: foreign.phaseId });

      expect(theirs.body).toEqual(missing.body);
    });
  });

  describe('refuses an id that is no id of its type (BAD_USER_INPUT at the top, naming the field) and writes nothing', () => {
    it.each<[string, () => Record<string, unknown>, string, string]>([
      ['campaignId malformed', () => ({ campaignId: 'abc' }), 'campaignId', notAnIdOf('Campaign')],
      ['campaignId empty', () => ({ campaignId: '' }), 'campaignId', notAnIdOf('Campaign')],
      ['phaseId negative', () => ({ phaseId: '-1' }), 'phaseId', notAnIdOf('Phase')],
      ['contentEditorId not an integer', () => ({ contentEditorId: '1.5' }), 'contentEditorId', notAnIdOf('User')],
      ["a phase's global id as campaignId", () => ({ campaignId: fx.phaseId }), 'campaignId', idOfAnotherType('Phase', 'Campaign')],
      ["a campaign's global id as phaseId", () => ({ phaseId: fx.campaignId }), 'phaseId', idOfAnotherType('Campaign', 'Phase')],
      ["a publisher title's global id as contentEditorId", () => ({ contentEditorId: gid('PublisherTitle', titleId) }), 'contentEditorId', idOfAnotherType('PublisherTitle', 'User')],
      ["a user's global id as publisherTitleId", () => ({ publisherTitleId: gid('User', editorId) }), 'publisherTitleId', idOfAnotherType('User', 'PublisherTitle')],
    ])('%s', async (_name, fields, field, message) => {
      const before = await databaseState();

      expectIdRefused(await create(fields()), 'contentCreate', `input.${field}`, message);
      expect(await databaseState()).toEqual(before);
    });
  });

  describe('references: contentEditorId names a live user, publisherTitleId a live title, of this workspace', () => {
    it.each<[string, () => Record<string, unknown>, [string, string][]]>([
      ['an editor id that names nothing', () => ({ contentEditorId: '999999' }), [['contentEditorId', EDITOR_MESSAGE]]],
      ["another workspace's user as editor", () => ({ contentEditorId: String(foreignEditorId) }), [['contentEditorId', EDITOR_MESSAGE]]],
      ['a deleted user as editor', () => ({ contentEditorId: String(deletedEditorId) }), [['contentEditorId', EDITOR_MESSAGE]]],
      ['a title id that names nothing', () => ({ publisherTitleId: '999999' }), [['publisherTitleId', TITLE_MESSAGE]]],
      ["another workspace's title", () => ({ publisherTitleId: String(foreignTitleId) }), [['publisherTitleId', TITLE_MESSAGE]]],
      ['a title of a deleted publisher profile', () => ({ publisherTitleId: String(deletedProfileTitleId) }), [['publisherTitleId', TITLE_MESSAGE]]],
    ])('refuses %s with a BAD_USER_INPUT userError on the field, and writes nothing', async (_name, fields, errors) => {
      const before = await databaseState();

      const response = await create(fields());

      expect(response.body.errors).toBeUndefined();
      expect(response.body.data.contentCreate).toEqual({
        content: null,
        userErrors: errors.map(([field, message]) => ({ field: ['input', field], message, code: 'BAD_USER_INPUT' })),
      });
      expect(await databaseState()).toEqual(before);
    });

    it('accepts a live user and a live title of the workspace, by global id or bare database id', async () => {
      const byGlobalId = await createContent({ contentEditorId: gid('User', secondEditorId), publisherTitleId: gid('PublisherTitle', secondTitleId) });
      const byDatabaseId = await createContent({ contentEditorId: String(secondEditorId), publisherTitleId: String(secondTitleId) });

      for (const created of [byGlobalId, byDatabaseId]) {
        expect(created).toMatchObject({ contentEditorId: gid('User', secondEditorId), publisherTitleId: gid('PublisherTitle', secondTitleId) });
      }
    });
  });

  describe('refuses values GraphQL types cannot hold (BAD_USER_INPUT at the top) and writes nothing', () => {
    it.each([
      ['liveDate 2026-02-30', { liveDate: '2026-02-30' }],
      ['liveDate 2026-13-01', { liveDate: '2026-13-01' }],
      ['liveDate 20260101', { liveDate: '20260101' }],
      ['status as its v2 integer', { status: 2 }],
      ['status outside the enum', { status: 'PUBLISHED' }],
      ['non-integer metric', { eArticleViews: 1.5 }],
      ['metric as a string', { gVideoViews: '3' }],
      ['contentName not a string', { contentName: 42 }],
      ['unknown field', { contentTitle: 'x' }],
    ])('%s', async (_name, fields) => {
      const before = await databaseState();

      expectCoercionError(await create(fields));
      expect(await databaseState()).toEqual(before);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// mutation contentUpdate
// ---------------------------------------------------------------------------------------------

describe('mutation contentUpdate', () => {
  const update = (id: string, input: Record<string, unknown>, workspace = ws) => gql(UPDATE, { id, input }, workspace);

  it('changes only the given fields', async () => {
    const created = await createContent({ contentName: 'Before', contentDescription: 'Old', gImpressions: 5, liveDate: '2026-01-01' });

    const response = await update(created.id, { contentName: 'After', eTrafficToSite: 7, contentEditorId: String(secondEditorId) });

    expect(response.body.errors).toBeUndefined();
    const payload = response.body.data.contentUpdate;
    expect(payload.userErrors).toEqual([]);
    expect(payload.content).toEqual({ ...created, contentName: 'After', eTrafficToSite: 7, contentEditorId: gid('User', secondEditorId), updatedAt: expect.stringMatching(ISO_TIMESTAMP) });
    expect(payload.content.updatedAt > created.updatedAt).toBe(true);
    expect((await gql(CONTENT, { id: created.id })).body.data.content).toEqual(payload.content);
  });

  it('clears nullable fields with null', async () => {
    const created = await createContent({ liveDate: '2026-01-01', contentEditorId: String(editorId), publisherProductId: '4', publisherTitleId: String(titleId) });
    expect(created).toMatchObject({ contentEditorId: gid('User', editorId), publisherTitleId: gid('PublisherTitle', titleId) });

    const payload = (await update(created.id, { liveDate: null, contentEditorId: null, publisherProductId: null, publisherTitleId: null })).body.data.contentUpdate;

    expect(payload.userErrors).toEqual([]);
    expect(payload.content).toMatchObject({ liveDate: null, contentEditorId: null, publisherProductId: null, publisherTitleId: null });
  });

  it('moves a piece to another phase of its campaign', async () => {
    const created = await createContent();

    const payload = (await update(created.id, { phaseId: fx.secondPhaseId })).body.data.contentUpdate;

    expect(payload.userErrors).toEqual([]);
    expect(payload.content).toMatchObject({ campaignId: fx.campaignId, phaseId: fx.secondPhaseId });
  });

  it("moves a piece to another campaign's phase with that campaign, taking its distributions along", async () => {
    const created = await createContent();
    const distributions = await createDistributions(created.id, 2);

    const payload = (await update(created.id, { campaignId: fx.otherCampaignId, phaseId: fx.otherCampaignPhaseId })).body.data.contentUpdate;

    expect(payload.userErrors).toEqual([]);
    expect(payload.content).toMatchObject({ campaignId: fx.otherCampaignId, phaseId: fx.otherCampaignPhaseId });
    expect((await rawDistributions(created.id)).map((row) => [row.id, row.campaign_id])).toEqual(distributions.map((d: AnyBody) => [d.id, dbId(fx.otherCampaignId)]));
    const shown = (await gql('query ($id: ID!) { content(id: $id) { campaign { id } distributions { id campaignId } } }', { id: created.id })).body.data.content;
    expect(shown).toEqual({ campaign: { id: fx.otherCampaignId }, distributions: distributions.map((d: AnyBody) => ({ id: gid('Distribution', d.id), campaignId: fx.otherCampaignId })) });
  });

  it('writes content_updated with changed_fields in v2 names, then post_content_status as status changed', async () => {
    const created = await createContent({ contentName: 'Evented update', contentDescription: 'Same' });

    const response = await ws.api.graphql(
      UPDATE,
      { id: created.id, input: { contentName: 'Renamed', contentDescription: 'Same', contentEditorId: String(editorId), status: 'IN_REVIEW', eImpressions: 4 } },
      { 'x-request-id': 'gql-update-1' },
    );
    expect(response.body.data.contentUpdate.userErrors).toEqual([]);

    const events = await eventsFor(created.id);
    expect(events.map((event) => event.event_type)).toEqual(['content_created', 'content_updated', 'post_content_status']);
    expect(events[1]).toMatchObject({ organisation_id: ws.organisationId, resource_type: 'content', resource_id: contentDbId(created.id), request_id: 'gql-update-1' });
    expect([...events[1].payload.changed_fields].sort()).toEqual(['content_editor_id', 'content_name', 'e_impressions', 'status']);
    expect(events[1].payload.content).toEqual((await restContent(created.id)).body.data.content);
    // The §6 status notification, in the same transaction, right after the update.
    expect(events[2]).toMatchObject({ organisation_id: ws.organisationId, resource_type: 'content', resource_id: contentDbId(created.id), request_id: 'gql-update-1' });
    expect(events[2].payload).toEqual({
      content_id: contentDbId(created.id),
      campaign_id: dbId(fx.campaignId),
      phase_id: dbId(fx.phaseId),
      status: STATUS_NUMBER.IN_REVIEW,
      previous_status: STATUS_NUMBER.DRAFT,
      changed_at: response.body.data.contentUpdate.content.updatedAt,
    });
  });

  it('is a no-op that writes no event when nothing changes, whether the ids are sent as global or bare database ids', async () => {
    const created = await createContent({ contentName: 'Steady', liveDate: '2026-02-01', contentEditorId: String(editorId), publisherTitleId: String(titleId) });
    const before = await databaseState(created.id);

    for (const input of [{}, { contentName: 'Steady', liveDate: '2026-02-01', contentEditorId: String(editorId), publisherTitleId: String(titleId), status: 'DRAFT', campaignId: fx.campaignId, phaseId: dbId(fx.phaseId) }]) {
      const payload = (await update(created.id, input)).body.data.contentUpdate;
      expect(payload).toEqual({ content: created, userErrors: [] });
    }
    expect(await databaseState(created.id)).toEqual(before);
  });

  describe('status transitions', () => {
    const ALLOWED: Record<Status, Status[]> = {
      DRAFT: ['IN_REVIEW', 'ARCHIVED'],
      IN_REVIEW: ['CHANGES_REQUESTED', 'APPROVED', 'ARCHIVED'],
      CHANGES_REQUESTED: ['IN_REVIEW', 'ARCHIVED'],
      APPROVED: ['LIVE', 'CHANGES_REQUESTED', 'ARCHIVED'],
      LIVE: ['ARCHIVED'],
      ARCHIVED: [],
    };
    const ROUTE: Record<Status, Status[]> = {
      DRAFT: ['DRAFT'],
      IN_REVIEW: ['IN_REVIEW'],
      CHANGES_REQUESTED: ['IN_REVIEW', 'CHANGES_REQUESTED'],
      APPROVED: ['IN_REVIEW', 'APPROVED'],
      LIVE: ['IN_REVIEW', 'APPROVED', 'LIVE'],
      ARCHIVED: ['DRAFT', 'ARCHIVED'],
    };

    async function contentWithStatus(status: Status): Promise<AnyBody> {
      const [initial, ...moves] = ROUTE[status];
      let content = await createContent({ contentName: `Status ${status}`, status: initial });
      for (const move of moves) {
        const payload = (await update(content.id, { status: move })).body.data.contentUpdate;
        expect(payload.userErrors).toEqual([]);
        content = payload.content;
      }
      expect(content.status).toBe(status);
      return content;
    }

    const cases = STATUSES.flatMap((from) => STATUSES.map((to): [Status, Status] => [from, to]));

    it.each(cases)('%s → %s', async (from, to) => {
      const content = await contentWithStatus(from);
      const before = await databaseState(content.id);

      const payload = (await update(content.id, { status: to })).body.data.contentUpdate;

      if (from === to) {
        expect(payload).toEqual({ content, userErrors: [] });
        expect(await databaseState(content.id)).toEqual(before);
      } else if (ALLOWED[from].includes(to)) {
        expect(payload.userErrors).toEqual([]);
        expect(payload.content.status).toBe(to);
        expect((await rawContent(content.id))?.status).toBe(STATUS_NUMBER[to]);
        // The update, then the §6 status notification, in the same transaction.
        const [updated, notification] = (await eventsFor(content.id)).slice(-2);
        expect(updated?.event_type).toBe('content_updated');
        expect(updated?.payload.changed_fields).toEqual(['status']);
        expect(notification?.event_type).toBe('post_content_status');
        expect(notification?.payload).toEqual({
          content_id: content.databaseId,
          campaign_id: dbId(content.campaignId),
          phase_id: dbId(content.phaseId),
          status: STATUS_NUMBER[to],
          previous_status: STATUS_NUMBER[from],
          changed_at: payload.content.updatedAt,
        });
      } else {
        expectUserError(payload, ['input', 'status']);
        expect(await databaseState(content.id)).toEqual(before);
      }
    });
  });

  describe('refuses with a userError and changes nothing', () => {
    const cases: [string, () => Record<string, unknown>, string][] = [
      ['contentName empty', () => ({ contentName: '' }), 'contentName'],
      ['contentName null', () => ({ contentName: null }), 'contentName'],
      ['campaignId null', () => ({ campaignId: null }), 'campaignId'],
      ['phaseId null', () => ({ phaseId: null }), 'phaseId'],
      ['campaignId unknown', () => ({ campaignId: '999999' }), 'campaignId'],
      ["another workspace's campaign", () => ({ campaignId: foreign.campaignId, phaseId: foreign.phaseId }), 'campaignId'],
      ['a phase of another campaign without changing campaign', () => ({ phaseId: fx.otherCampaignPhaseId }), 'phaseId'],
      ['another campaign while keeping a phase of the current one', () => ({ campaignId: fx.otherCampaignId }), 'phaseId'],
      ["a phase of another workspace's campaign", () => ({ phaseId: foreign.phaseId }), 'phaseId'],
      ['status null', () => ({ status: null }), 'status'],
      ['status jumping from draft to live', () => ({ status: 'LIVE' }), 'status'],
      ['negative metric', () => ({ eImpressions: -10 }), 'eImpressions'],
      ['contentEditorId 0', () => ({ contentEditorId: 0 }), 'contentEditorId'],
    ];

    it.each(cases)('%s', async (_name, fields, field) => {
      const content = await createContent();
      await createDistributions(content.id);
      const before = await databaseState(content.id);

      const response = await update(content.id, { contentDescription: 'Would be changed', ...fields() });

      expect(response.body.errors).toBeUndefined();
      expectUserError(response.body.data.contentUpdate, ['input', field]);
      expect(await databaseState(content.id)).toEqual(before);
    });

    it.each([
      ['liveDate 2026-02-30', { liveDate: '2026-02-30' }],
      ['status as its v2 integer', { status: 4 }],
      ['status outside the enum', { status: 'PUBLISHED' }],
      ['metric as a string', { gImpressions: '3' }],
    ])('refuses %s at the GraphQL type level', async (_name, fields) => {
      const content = await createContent();
      const before = await databaseState(content.id);

      expectCoercionError(await update(content.id, fields));
      expect(await databaseState(content.id)).toEqual(before);
    });
  });

  describe('references: contentEditorId and publisherTitleId', () => {
    it.each<[string, () => Record<string, unknown>, string, string]>([
      ['an editor id that names nothing', () => ({ contentEditorId: '999999' }), 'contentEditorId', EDITOR_MESSAGE],
      ["another workspace's user as editor", () => ({ contentEditorId: String(foreignEditorId) }), 'contentEditorId', EDITOR_MESSAGE],
      ['a deleted user as editor', () => ({ contentEditorId: String(deletedEditorId) }), 'contentEditorId', EDITOR_MESSAGE],
      ['a title id that names nothing', () => ({ publisherTitleId: '999999' }), 'publisherTitleId', TITLE_MESSAGE],
      ["another workspace's title", () => ({ publisherTitleId: String(foreignTitleId) }), 'publisherTitleId', TITLE_MESSAGE],
      ['a title of a deleted publisher profile', () => ({ publisherTitleId: String(deletedProfileTitleId) }), 'publisherTitleId', TITLE_MESSAGE],
    ])('refuses %s with a BAD_USER_INPUT userError, and changes nothing', async (_name, fields, field, message) => {
      const content = await createContent({ contentEditorId: String(editorId), publisherTitleId: String(titleId) });
      const before = await databaseState(content.id);

      const response = await update(content.id, { contentDescription: 'Would be changed', ...fields() });

      expect(response.body.errors).toBeUndefined();
      expect(response.body.data.contentUpdate).toEqual({ content: null, userErrors: [{ field: ['input', field], message, code: 'BAD_USER_INPUT' }] });
      expect(await databaseState(content.id)).toEqual(before);
    });

    it('does not re-judge an editor and a title deleted since they were set', async () => {
      const leaving = await fixtures.createUser(ws, 'editor.leaving.update@example.com');
      const closing = await fixtures.createPublisherProfile(app, ws, 'Closing soon', ['Closing soon title']);
      const created = await createContent({ contentEditorId: String(leaving), publisherTitleId: String(closing.titleIds[0]) });
      await deleteUser(ws, leaving);
      await deletePublisherProfile(ws, closing.profileId);

      const payload = (await update(created.id, { contentName: 'Renamed', contentEditorId: String(leaving), publisherTitleId: String(closing.titleIds[0]) })).body.data.contentUpdate;

      expect(payload.userErrors).toEqual([]);
      expect(payload.content).toMatchObject({ contentName: 'Renamed', contentEditorId: gid('User', leaving), publisherTitleId: gid('PublisherTitle', closing.titleIds[0]) });
    });
  });

  it("answers a NOT_FOUND userError on [\"id\"] for unknown, deleted, distribution and another workspace's ids", async () => {
    const theirs = await createContent({ contentName: 'Theirs' }, foreign);
    const deleted = await createContent();
    await gql(DELETE, { id: deleted.id });
    const [distribution] = await createDistributions((await createContent()).id);
    const before = await databaseState(theirs.id);

    const unknown = await update(gid('Content', 999999), { contentName: 'Hijacked' });
    expect(unknown.body).toEqual({ extensions: { cost: expect.any(Object) }, data: { contentUpdate: { content: null, userErrors: [{ field: ['id'], message: 'Content not found', code: 'NOT_FOUND' }] } } });
    // Bare database ids (the transition) that name no live piece of this workspace answer the same.
    for (const id of [theirs.id, deleted.id, '999999', String(distribution.id), '0']) {
      const response = await update(id, { contentName: 'Hijacked' });
      expect([id, response.body]).toEqual([id, unknown.body]);
    }
    expect(await databaseState(theirs.id)).toEqual(before);
  });

  it.each<[string, () => string, string]>([
    ['abc', () => 'abc', notAnIdOf('Content')],
    ['-1', () => '-1', notAnIdOf('Content')],
    ["a phase's global id", () => fx.phaseId, idOfAnotherType('Phase', 'Content')],
  ])('refuses %s as the id with a top-level BAD_USER_INPUT naming the argument, and changes nothing', async (_name, id, message) => {
    const content = await createContent();
    const before = await databaseState(content.id);

    expectIdRefused(await update(id(), { contentName: 'Hijacked' }), 'contentUpdate', 'id', message);
    expect(await databaseState(content.id)).toEqual(before);
  });

  it.each<[string, () => Record<string, unknown>, string, string]>([
    ['a malformed campaignId', () => ({ campaignId: 'abc' }), 'campaignId', notAnIdOf('Campaign')],
    ["a phase's global id as campaignId", () => ({ campaignId: fx.secondPhaseId, phaseId: fx.secondPhaseId }), 'campaignId', idOfAnotherType('Phase', 'Campaign')],
    ["a campaign's global id as phaseId", () => ({ phaseId: fx.otherCampaignId }), 'phaseId', idOfAnotherType('Campaign', 'Phase')],
    ["a content piece's global id as contentEditorId", () => ({ contentEditorId: gid('Content', 1) }), 'contentEditorId', idOfAnotherType('Content', 'User')],
  ])('refuses %s in the input with a top-level BAD_USER_INPUT naming it, and changes nothing', async (_name, fields, field, message) => {
    const content = await createContent();
    await createDistributions(content.id);
    const before = await databaseState(content.id);

    expectIdRefused(await update(content.id, { contentDescription: 'Would be changed', ...fields() }), 'contentUpdate', `input.${field}`, message);
    expect(await databaseState(content.id)).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------
// mutation contentDelete
// ---------------------------------------------------------------------------------------------

describe('mutation contentDelete', () => {
  it('soft-deletes with its distributions: returns deletedContentId, then NOT_FOUND; the rows stay with deleted_at set', async () => {
    const content = await createContent({ contentName: 'To be deleted' });
    const distributions = await createDistributions(content.id, 2);

    const response = await ws.api.graphql(DELETE, { id: content.id }, { 'x-request-id': 'gql-delete-1' });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ extensions: { cost: expect.any(Object) }, data: { contentDelete: { deletedContentId: content.id, userErrors: [] } } });
    expect((await gql(CONTENT, { id: content.id })).body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await restContent(content.id)).status).toBe(404);

    const row = await rawContent(content.id);
    expect(row?.deleted_at).toBeInstanceOf(Date);
    expect(row?.content_name).toBe('To be deleted');
    const rows = await rawDistributions(content.id);
    expect(rows).toHaveLength(2);
    for (const distribution of rows) expect(distribution.deleted_at).toBeInstanceOf(Date);

    const events = await eventsFor(content.id);
    expect(events.map((event) => event.event_type)).toEqual(['content_created', 'content_deleted']);
    expect(events[1]).toMatchObject({ organisation_id: ws.organisationId, resource_type: 'content', resource_id: contentDbId(content.id), request_id: 'gql-delete-1' });
    expect(events[1].payload.content).toMatchObject({ content_id: contentDbId(content.id), deleted_at: (row?.deleted_at as Date).toISOString() });
    expect(events[1].payload.deleted).toEqual({ distributions: distributions.map((d: AnyBody) => d.id) });
  });

  it('drops the piece from the connections', async () => {
    const workspace = await createFixture(await app.workspace('Delete connection'));
    const kept = await createContent({}, workspace);
    const gone = await createContent({}, workspace);

    await gql(DELETE, { id: gone.id }, workspace.workspace);

    expect((await gql(CONTENTS, {}, workspace.workspace)).body.data.contents.nodes.map((node: AnyBody) => node.id)).toEqual([kept.id]);
    const nested = await gql('query ($id: ID!) { campaign(id: $id) { contents { nodes { id } } } }', { id: workspace.campaignId }, workspace.workspace);
    expect(nested.body.data.campaign.contents.nodes).toEqual([{ id: kept.id }]);
  });

  it("answers a NOT_FOUND userError on [\"id\"] for a second delete, unknown and another workspace's ids, writing nothing", async () => {
    const theirs = await createContent({}, foreign);
    await createDistributions(theirs.id, 1, other);
    const deleted = await createContent();
    await gql(DELETE, { id: deleted.id });
    const before = await databaseState(theirs.id);
    const deletedRow = await rawContent(deleted.id);

    // Bare database ids (the transition) included: '999999' and the deleted piece's.
    for (const id of [deleted.id, theirs.id, gid('Content', 999999), '999999', String(contentDbId(deleted.id))]) {
      const response = await gql(DELETE, { id });
      expect([id, response.body]).toEqual([
        id,
        { extensions: { cost: expect.any(Object) }, data: { contentDelete: { deletedContentId: null, userErrors: [{ field: ['id'], message: 'Content not found', code: 'NOT_FOUND' }] } } },
      ]);
    }
    expect(await databaseState(theirs.id)).toEqual(before);
    expect(await rawContent(deleted.id)).toEqual(deletedRow);
    expect((await gql(CONTENT, { id: theirs.id }, other)).body.data.content.id).toBe(theirs.id);
  });

  it.each<[string, () => string, string]>([
    ['abc', () => 'abc', notAnIdOf('Content')],
    ['-1', () => '-1', notAnIdOf('Content')],
    ["a campaign's global id", () => fx.campaignId, idOfAnotherType('Campaign', 'Content')],
  ])('refuses %s as the id with a top-level BAD_USER_INPUT naming the argument, deleting nothing', async (_name, id, message) => {
    const content = await createContent();
    await createDistributions(content.id);
    const before = await databaseState(content.id);

    expectIdRefused(await gql(DELETE, { id: id() }), 'contentDelete', 'id', message);
    expect(await databaseState(content.id)).toEqual(before);
  });
});

