import { allRows, rowCounts } from '../support/database-state';
import { ISO_TIMESTAMP, escapeRegExp, fieldLabel } from '../support/expectations';
import * as fixtures from '../support/fixtures';
import { dbId, gid, notAnIdOf, idOfAnotherType } from '../support/global-ids';
import { USER_ERRORS, expectCoercionError, expectIdRefused } from '../support/graphql';
import { mediaAddedEvents, resourceEvents, type OutboxRow } from '../support/outbox';
import { type AnyBody, type ApiResponse, type Workspace } from '../support/test-app';
import { appForFile } from '../support/file-app';
import { deletePublisherProfile, titlesToName } from '../support/publisher-profiles';

/**
 * GraphQL distributions: `distribution(id)`, its `content`, `primaryLink` and `mediaLibrary`,
 * `Content.distributions`, and the three mutations, through real HTTP over a real PostgreSQL.
 * Fixtures (account, campaign, phase, content) are made through REST, as a partner would.
 */

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const DISTRIBUTION_FIELDS = `
  fragment DistributionFields on Distribution {
    id
    databaseId
    contentId
    campaignId
    distributionTypeId
    publisherTitleId
    status
    distributionClass
    countClicksAs
    distributionLiveDate
    hasDestinationLink
    noOfFeedbackAllowed
    contentTitle
    distributionLabel
    advertiserReview
    primaryLink { id linkType linkLabel originalLink hyperlinkText createdAt updatedAt }
    mediaLibrary { id distributionId isBodyMedia mediaLabel fileUrl mediaNotes createdAt updatedAt }
    createdAt
    updatedAt
  }
`;

const DISTRIBUTION = `
  query Distribution($id: ID!) {
    distribution(id: $id) { ...DistributionFields content { id contentName campaignId } }
  }
  ${DISTRIBUTION_FIELDS}
`;

const CONTENT_DISTRIBUTIONS = `
  query ContentDistributions($id: ID!) {
    content(id: $id) { id distributions { ...DistributionFields } }
  }
  ${DISTRIBUTION_FIELDS}
`;

const CONTENTS_DISTRIBUTIONS = `
  query ContentsDistributions($campaignId: ID!) {
    contents(filter: { campaignId: $campaignId }, first: 100) {
      nodes { id distributions { id contentId primaryLink { originalLink } mediaLibrary { id fileUrl } } }
    }
  }
`;

const CREATE = `
  mutation Create($contentId: ID!, $distributions: [DistributionInput!]!) {
    distributionsCreate(contentId: $contentId, distributions: $distributions) { distributions { ...DistributionFields } ${USER_ERRORS} }
  }
  ${DISTRIBUTION_FIELDS}
`;

const UPDATE = `
  mutation Update($contentId: ID!, $distributions: [DistributionInput!]!) {
    distributionsUpdate(contentId: $contentId, distributions: $distributions) { distributions { ...DistributionFields } ${USER_ERRORS} }
  }
  ${DISTRIBUTION_FIELDS}
`;

const DELETE = `
  mutation Delete($id: ID!) {
    distributionDelete(id: $id) { deletedDistributionId ${USER_ERRORS} }
  }
`;

const STATUSES = ['PLANNED', 'SCHEDULED', 'LIVE', 'PAUSED', 'COMPLETED', 'CANCELLED'] as const;
type Status = (typeof STATUSES)[number];
const STATUS_NUMBERS: Record<Status, number> = { PLANNED: 1, SCHEDULED: 2, LIVE: 3, PAUSED: 4, COMPLETED: 5, CANCELLED: 6 };

const { app, ws, other } = appForFile({ ws: 'Distribution GraphQL tests', other: 'Another workspace' });
const accounts = new Map<Workspace, number>();

interface Placement {
  campaignId: string;
  phaseId: string;
  contentId: string;
}

/** The database id (REST's, the tables') of the record of `typeName` GraphQL named by this global id. */
function dbIdOf(typeName: string, id: string): number {
  const databaseId = dbId(id);
  if (id !== gid(typeName, databaseId)) throw new Error(`not the global id of a ${typeName}: ${id}`);
  return databaseId;
}

/** A campaign of the workspace's one advertiser account (made by the first call); returns its GraphQL (global) id. */
async function createCampaign(workspace: Workspace): Promise<string> {
  let account = accounts.get(workspace);
  if (account === undefined) {
    account = await fixtures.createAccount(workspace, 'Acme Brands');
    accounts.set(workspace, account);
  }
  return gid('Campaign', await fixtures.createCampaign(workspace, String(account)));
}

/** A phase of the campaign (its global id), made through REST; returns its global id. */
async function createPhase(workspace: Workspace, campaignId: string): Promise<string> {
  const campaign = dbIdOf('Campaign', campaignId);
  const created = await workspace.api.post('/v2/phases', { campaign_id: campaign, phases: [{ phase_title: 'Launch' }] });
  expect(created.status).toBe(200);
  const listed = await workspace.api.get(`/v2/phases?campaign_id=${campaign}`);
  return gid('Phase', listed.body.data.phases.data.at(-1).id);
}

/** A content piece made through REST (campaign and phase named by global ids); returns its global id. */
async function createContent(workspace: Workspace, campaignId: string, phaseId: string, name = 'A piece'): Promise<string> {
  return gid('Content', await fixtures.createContent(workspace, dbIdOf('Campaign', campaignId), dbIdOf('Phase', phaseId), name));
}

async function createPlacement(workspace = ws): Promise<Placement> {
  const campaignId = await createCampaign(workspace);
  const phaseId = await createPhase(workspace, campaignId);
  return { campaignId, phaseId, contentId: await createContent(workspace, campaignId, phaseId) };
}

let home: Placement;

async function newContent(name = 'A piece'): Promise<string> {
  return createContent(ws, home.campaignId, home.phaseId, name);
}

async function gql(query: string, variables: Record<string, unknown> = {}, workspace = ws): Promise<ApiResponse<AnyBody>> {
  return workspace.api.graphql(query, variables);
}

async function create(contentId: string, distributions: unknown[], workspace = ws): Promise<AnyBody> {
  const response = await gql(CREATE, { contentId, distributions }, workspace);
  expect(response.status).toBe(200);
  expect(response.body.errors).toBeUndefined();
  return response.body.data.distributionsCreate;
}

async function update(contentId: string, distributions: unknown[], workspace = ws): Promise<AnyBody> {
  const response = await gql(UPDATE, { contentId, distributions }, workspace);
  expect(response.status).toBe(200);
  expect(response.body.errors).toBeUndefined();
  return response.body.data.distributionsUpdate;
}

/** Runs distributionsCreate and expects it to succeed; returns the distributions. */
async function createDistributions(contentId: string, distributions: Record<string, unknown>[], workspace = ws): Promise<AnyBody[]> {
  const payload = await create(contentId, distributions, workspace);
  expect(payload.userErrors).toEqual([]);
  return payload.distributions;
}

async function createDistribution(contentId: string, fields: Record<string, unknown> = {}, workspace = ws): Promise<AnyBody> {
  const [distribution] = await createDistributions(contentId, [{ distributionTypeId: 1, ...fields }], workspace);
  return distribution;
}

async function updateDistributions(contentId: string, distributions: Record<string, unknown>[]): Promise<AnyBody[]> {
  const payload = await update(contentId, distributions);
  expect(payload.userErrors).toEqual([]);
  return payload.distributions;
}

async function fetchDistribution(id: string, workspace = ws): Promise<AnyBody> {
  const response = await gql(DISTRIBUTION, { id }, workspace);
  expect(response.body.errors).toBeUndefined();
  const { content: _content, ...distribution } = response.body.data.distribution;
  return distribution;
}

/** Every field as a create writes it, with a link and two media files (the title by its global id, as GraphQL writes it back). */
const fullInput = (): Record<string, AnyBody> => ({
  distributionTypeId: 3,
  publisherTitleId: gid('PublisherTitle', titleId),
  status: 'SCHEDULED',
  distributionClass: 4,
  countClicksAs: 2,
  distributionLiveDate: '2026-04-01',
  hasDestinationLink: 1,
  noOfFeedbackAllowed: 3,
  contentTitle: 'Spring tile',
  distributionLabel: 'Homepage hero',
  advertiserReview: 1,
  primaryLink: { linkType: 2, linkLabel: 'Shop', originalLink: 'https://example.com/shop', hyperlinkText: 'Shop now' },
  mediaLibrary: [
    { isBodyMedia: 1, mediaLabel: 'Hero', fileUrl: 'https://cdn.example.com/hero.jpg', mediaNotes: 'Crop 16:9' },
    { fileUrl: 'http://cdn.example.com/thumb.png' },
  ],
});

function distributionEvents(distributionId: string): Promise<OutboxRow[]> {
  return resourceEvents(app, 'distribution', dbIdOf('Distribution', distributionId));
}

function mediaEvents(distributionId: string): Promise<OutboxRow[]> {
  return mediaAddedEvents(app, dbIdOf('Distribution', distributionId));
}

/** The REST /v2 answer for the distribution GraphQL named by this global id. */
function restDistribution(id: string): Promise<ApiResponse<AnyBody>> {
  return ws.api.get(`/v2/distributions/${dbIdOf('Distribution', id)}`);
}

/** The bare database id of a record GraphQL named by this global id: what a client holding REST ids sends during the transition. */
function bare(typeName: string, id: string): string {
  return String(dbIdOf(typeName, id));
}

/** Everything a refused mutation must leave alone. */
async function databaseState(): Promise<AnyBody> {
  return {
    counts: await rowCounts(app, ['distributions', 'distribution_links', 'distribution_media', 'outbox_events']),
    distributions: await allRows(app, 'distributions'),
    links: await allRows(app, 'distribution_links'),
    media: await allRows(app, 'distribution_media'),
  };
}

/** A refused bulk mutation: no distributions, and exactly these BAD_USER_INPUT argument paths. */
function expectUserErrors(payload: AnyBody, ...fields: string[][]): void {
  expect(payload.distributions).toBeNull();
  const sorted = (paths: string[][]) => paths.map((path) => path.join('/')).sort();
  expect(sorted(payload.userErrors.map((error: AnyBody) => error.field))).toEqual([...new Set(sorted(fields))]);
  for (const error of payload.userErrors) {
    expect(error.code).toBe('BAD_USER_INPUT');
    expect(error.message).toMatch(new RegExp(`^${escapeRegExp(fieldLabel(error.field.join('.')))} \\S`));
  }
}

function expectContentNotFound(payload: AnyBody): void {
  expect(payload).toEqual({ distributions: null, userErrors: [{ field: ['contentId'], message: 'Content not found', code: 'NOT_FOUND' }] });
}

let foreign: Placement;
let foreignDistribution: AnyBody;

/**
 * Publisher titles (REST database ids) a distribution may name, and ones it must not. Inputs send
 * them by global id (`fullInput`) or, mostly, bare (`String(titleId)`), which GraphQL still takes
 * as an id of a PublisherTitle during the transition; outputs name them by global id.
 */
let titleId: number;
let secondTitleId: number;
let foreignTitleId: number;
let deletedProfileTitleId: number;

const TYPE_MESSAGE = 'distributionTypeId does not name an entry of the distribution-types library';
const LINK_TYPE_MESSAGE = 'linkType does not name an entry of the link-types library';
const TITLE_MESSAGE = 'publisherTitleId does not name a publisher title of this workspace';

const PUBLISHER_TITLE = `
  query PublisherTitle($id: ID!) {
    distribution(id: $id) { id publisherTitleId publisherTitle { id name publisherProfileId publisherProfile { id name } } }
  }
`;

/** A refused bulk mutation with exactly these userErrors (argument path → message), in any order. */
function expectReferenceErrors(payload: AnyBody, errors: [string[], string][]): void {
  expect(payload.distributions).toBeNull();
  const key = (error: AnyBody) => error.field.join('/');
  expect([...payload.userErrors].sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
    errors.map(([field, message]) => ({ field, message, code: 'BAD_USER_INPUT' })).sort((a, b) => key(a).localeCompare(key(b))),
  );
}

beforeAll(async () => {
  home = await createPlacement(ws);
  foreign = await createPlacement(other);
  foreignDistribution = await createDistribution(foreign.contentId, { distributionLabel: 'Theirs' }, other);
  ({ titleId, secondTitleId, foreignTitleId, deletedProfileTitleId } = await titlesToName(app, ws, other));
});

// ---------------------------------------------------------------------------------------------
// query distribution
// ---------------------------------------------------------------------------------------------

describe('query distribution', () => {
  it('returns every field with global ids, the enum status, its content, its link and its media by id', async () => {
    const contentId = await newContent('Owner piece');
    const [created] = await createDistributions(contentId, [fullInput()]);

    const response = await gql(DISTRIBUTION, { id: created.id });

    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    const distribution = response.body.data.distribution;
    expect(distribution).toEqual({ ...created, content: { id: contentId, contentName: 'Owner piece', campaignId: home.campaignId } });
    expect(distribution).toMatchObject({
      id: expect.stringMatching(/^gid:\/\/partner-api\/Distribution\/[1-9]\d*$/),
      databaseId: expect.any(Number),
      contentId,
      campaignId: home.campaignId,
      distributionTypeId: 3,
      publisherTitleId: gid('PublisherTitle', titleId),
      status: 'SCHEDULED',
      distributionClass: 4,
      countClicksAs: 2,
      distributionLiveDate: '2026-04-01',
      hasDestinationLink: 1,
      noOfFeedbackAllowed: 3,
      contentTitle: 'Spring tile',
      distributionLabel: 'Homepage hero',
      advertiserReview: 1,
      primaryLink: { id: expect.stringMatching(/^gid:\/\/partner-api\/PrimaryLink\/[1-9]\d*$/), linkType: 2, linkLabel: 'Shop', originalLink: 'https://example.com/shop', hyperlinkText: 'Shop now' },
    });
    // The global id carries the database id.
    expect(distribution.id).toBe(gid('Distribution', distribution.databaseId));
    expect(distribution.mediaLibrary).toEqual([
      expect.objectContaining({ distributionId: created.id, isBodyMedia: 1, mediaLabel: 'Hero', fileUrl: 'https://cdn.example.com/hero.jpg', mediaNotes: 'Crop 16:9' }),
      expect.objectContaining({ distributionId: created.id, isBodyMedia: 0, mediaLabel: '', fileUrl: 'http://cdn.example.com/thumb.png', mediaNotes: '' }),
    ]);
    const mediaIds = distribution.mediaLibrary.map((media: AnyBody) => dbIdOf('MediaItem', media.id));
    expect(mediaIds).toEqual([...mediaIds].sort((a, b) => a - b));
    for (const stamp of [distribution.createdAt, distribution.updatedAt, distribution.primaryLink.createdAt, distribution.mediaLibrary[0].updatedAt]) expect(stamp).toMatch(ISO_TIMESTAMP);
  });

  it('returns null link, empty media and defaults for a minimal distribution', async () => {
    const created = await createDistribution(await newContent());

    expect(await fetchDistribution(created.id)).toMatchObject({
      status: 'PLANNED',
      publisherTitleId: null,
      distributionLiveDate: null,
      distributionClass: 0,
      hasDestinationLink: 0,
      contentTitle: '',
      primaryLink: null,
      mediaLibrary: [],
    });
  });

  it('agrees with the REST record of the same distribution', async () => {
    const [created] = await createDistributions(await newContent(), [fullInput()]);

    // REST is addressed, and answers, by the databaseId GraphQL gives.
    const rest = (await ws.api.get(`/v2/distributions/${created.databaseId}`)).body.data.distribution;

    expect(rest).toMatchObject({
      id: created.databaseId,
      content_id: dbIdOf('Content', created.contentId),
      campaign_id: dbIdOf('Campaign', created.campaignId),
      publisher_title_id: titleId,
      status: 2,
      distiribution_class: 4,
      content_tile: 'Spring tile',
      primary_link: { id: dbIdOf('PrimaryLink', created.primaryLink.id), link_type: 2, original_link: 'https://example.com/shop' },
      created_at: created.createdAt,
      updated_at: created.updatedAt,
    });
    expect(rest.distribution_media_library.map((media: AnyBody) => gid('MediaItem', media.id))).toEqual(created.mediaLibrary.map((media: AnyBody) => media.id));
  });

  it("answers NOT_FOUND alike for unknown, out-of-range, deleted and another workspace's ids, global or bare, and content pieces' bare ids", async () => {
    const contentId = await newContent();
    const deleted = await createDistribution(contentId);
    expect((await gql(DELETE, { id: deleted.id })).body.data.distributionDelete.userErrors).toEqual([]);

    const unknown = await gql(DISTRIBUTION, { id: '999999' });
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toEqual({ distribution: null });
    expect(unknown.body.errors).toHaveLength(1);
    expect(unknown.body.errors[0]).toMatchObject({ message: 'Distribution not found', path: ['distribution'], extensions: { code: 'NOT_FOUND' } });

    // A content piece's bare id is taken as a distribution's, and names none (the two share one id sequence).
    const ids = [
      gid('Distribution', 999999),
      foreignDistribution.id,
      bare('Distribution', foreignDistribution.id),
      bare('Content', foreign.contentId),
      deleted.id,
      bare('Distribution', deleted.id),
      bare('Content', contentId),
      '0',
      '99999999999',
    ];
    for (const id of ids) {
      const response = await gql(DISTRIBUTION, { id });
      expect([id, response.body]).toEqual([id, unknown.body]);
    }
    expect((await fetchDistribution(foreignDistribution.id, other)).distributionLabel).toBe('Theirs');
  });

  it.each<[string, () => Promise<string>, string]>([
    ['a word', async () => 'abc', notAnIdOf('Distribution')],
    ['an empty string', async () => '', notAnIdOf('Distribution')],
    ['a negative number', async () => '-1', notAnIdOf('Distribution')],
    ['a fraction', async () => '1.5', notAnIdOf('Distribution')],
    ["a content piece's global id", () => newContent(), idOfAnotherType('Content', 'Distribution')],
    ["another workspace's content piece's global id", async () => foreign.contentId, idOfAnotherType('Content', 'Distribution')],
    // The number of a live distribution under another type: refused, never looked up as a distribution.
    ["another type's global id with a live distribution's number", async () => gid('MediaItem', dbIdOf('Distribution', (await createDistribution(await newContent())).id)), idOfAnotherType('MediaItem', 'Distribution')],
  ])('refuses %s as the id with a top-level BAD_USER_INPUT on "id"', async (_name, id, message) => {
    expectIdRefused(await gql(DISTRIBUTION, { id: await id() }), 'distribution', 'id', message);
  });
});

// ---------------------------------------------------------------------------------------------
// Content.distributions
// ---------------------------------------------------------------------------------------------

describe('Content.distributions', () => {
  it("lists the piece's live distributions by id, with link and media", async () => {
    const contentId = await newContent();
    const [a, b, c] = await createDistributions(contentId, [fullInput(), { distributionTypeId: 1 }, fullInput()]);
    expect((await gql(DELETE, { id: b.id })).body.data.distributionDelete.userErrors).toEqual([]);
    await createDistribution(await newContent('Sibling'));

    const response = await gql(CONTENT_DISTRIBUTIONS, { id: contentId });

    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.content).toEqual({ id: contentId, distributions: [a, c] });
  });

  it('is an empty list for a piece without distributions', async () => {
    const contentId = await newContent();
    expect((await gql(CONTENT_DISTRIBUTIONS, { id: contentId })).body.data.content).toEqual({ id: contentId, distributions: [] });
  });

  it('gives each piece its own distributions when many pieces are listed at once', async () => {
    const campaignId = await createCampaign(ws);
    const phaseId = await createPhase(ws, campaignId);
    const first = await createContent(ws, campaignId, phaseId, 'First');
    const second = await createContent(ws, campaignId, phaseId, 'Second');
    const third = await createContent(ws, campaignId, phaseId, 'Third');
    const [one] = await createDistributions(first, [fullInput()]);
    const [two, three] = await createDistributions(second, [{ distributionTypeId: 1 }, { distributionTypeId: 1, mediaLibrary: [{ fileUrl: 'https://cdn.example.com/2.png' }] }]);

    const response = await gql(CONTENTS_DISTRIBUTIONS, { campaignId });

    expect(response.body.errors).toBeUndefined();
    const shape = (distribution: AnyBody) => ({
      id: distribution.id,
      contentId: distribution.contentId,
      primaryLink: distribution.primaryLink ? { originalLink: distribution.primaryLink.originalLink } : null,
      mediaLibrary: distribution.mediaLibrary.map((media: AnyBody) => ({ id: media.id, fileUrl: media.fileUrl })),
    });
    expect(response.body.data.contents.nodes).toEqual([
      { id: first, distributions: [shape(one)] },
      { id: second, distributions: [shape(two), shape(three)] },
      { id: third, distributions: [] },
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// mutation distributionsCreate
describe('Distribution.publisherTitle', () => {
  it('is null when no title is set, and the title (with its profile) when one is', async () => {
    const contentId = await newContent();
    const [none, titled] = await createDistributions(contentId, [{ distributionTypeId: 1 }, { distributionTypeId: 1, publisherTitleId: String(secondTitleId) }]);

    const unset = await gql(PUBLISHER_TITLE, { id: none.id });
    const set = await gql(PUBLISHER_TITLE, { id: titled.id });

    expect(unset.body).toEqual({ extensions: { cost: expect.any(Object) }, data: { distribution: { id: none.id, publisherTitleId: null, publisherTitle: null } } });
    expect(set.body.errors).toBeUndefined();
    const profileGid = expect.stringMatching(/^gid:\/\/partner-api\/PublisherProfile\/[1-9]\d*$/);
    expect(set.body.data.distribution).toEqual({
      id: titled.id,
      publisherTitleId: gid('PublisherTitle', secondTitleId),
      publisherTitle: { id: gid('PublisherTitle', secondTitleId), name: 'Planet Weekly', publisherProfileId: profileGid, publisherProfile: { id: profileGid, name: 'Daily Planet' } },
    });
    expect(set.body.data.distribution.publisherTitle.publisherProfile.id).toBe(set.body.data.distribution.publisherTitle.publisherProfileId);
  });

  it('is null once the publisher profile is deleted, while publisherTitleId keeps the id', async () => {
    const closing = await fixtures.createPublisherProfile(app, ws, 'Closing down', ['Closing title']);
    const created = await createDistribution(await newContent(), { publisherTitleId: String(closing.titleIds[0]) });
    expect((await gql(PUBLISHER_TITLE, { id: created.id })).body.data.distribution.publisherTitle).toMatchObject({ id: gid('PublisherTitle', closing.titleIds[0]) });

    await deletePublisherProfile(ws, closing.profileId);

    const response = await gql(PUBLISHER_TITLE, { id: created.id });
    expect(response.body).toEqual({ extensions: { cost: expect.any(Object) }, data: { distribution: { id: created.id, publisherTitleId: gid('PublisherTitle', closing.titleIds[0]), publisherTitle: null } } });
  });

  it('never resolves another workspace’s title, even when a stored id names one', async () => {
    const created = await createDistribution(await newContent());
    // An id stored before the check existed.
    await app.dataSource.query('UPDATE distributions SET publisher_title_id = $1 WHERE id = $2', [foreignTitleId, dbIdOf('Distribution', created.id)]);

    const response = await gql(PUBLISHER_TITLE, { id: created.id });

    expect(response.body).toEqual({ extensions: { cost: expect.any(Object) }, data: { distribution: { id: created.id, publisherTitleId: gid('PublisherTitle', foreignTitleId), publisherTitle: null } } });
  });

  it('gives each distribution of a content piece its own title', async () => {
    const contentId = await newContent();
    const records = await createDistributions(contentId, [
      { distributionTypeId: 1, publisherTitleId: String(titleId) },
      { distributionTypeId: 1 },
      { distributionTypeId: 1, publisherTitleId: String(secondTitleId) },
    ]);

    const response = await gql('query ($id: ID!) { content(id: $id) { distributions { id publisherTitle { id } } } }', { id: contentId });

    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.content.distributions).toEqual([
      { id: records[0].id, publisherTitle: { id: gid('PublisherTitle', titleId) } },
      { id: records[1].id, publisherTitle: null },
      { id: records[2].id, publisherTitle: { id: gid('PublisherTitle', secondTitleId) } },
    ]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('mutation distributionsCreate', () => {
  it('creates every field, link and media file, returning the distributions in request order', async () => {
    const contentId = await newContent();

    const payload = await create(contentId, [fullInput(), { distributionTypeId: 9, distributionLabel: 'Second', status: 'PLANNED' }]);

    expect(payload.userErrors).toEqual([]);
    const [first, second] = payload.distributions;
    expect(payload.distributions).toHaveLength(2);
    expect(first.databaseId).toBeLessThan(second.databaseId);
    const input = fullInput();
    expect(first).toEqual({
      id: gid('Distribution', first.databaseId),
      databaseId: expect.any(Number),
      contentId,
      campaignId: home.campaignId,
      ...input,
      primaryLink: { id: expect.any(String), ...input.primaryLink, createdAt: expect.stringMatching(ISO_TIMESTAMP), updatedAt: expect.stringMatching(ISO_TIMESTAMP) },
      mediaLibrary: [
        { id: expect.any(String), distributionId: first.id, ...input.mediaLibrary[0], createdAt: expect.any(String), updatedAt: expect.any(String) },
        { id: expect.any(String), distributionId: first.id, isBodyMedia: 0, mediaLabel: '', fileUrl: 'http://cdn.example.com/thumb.png', mediaNotes: '', createdAt: expect.any(String), updatedAt: expect.any(String) },
      ],
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
      updatedAt: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect(second).toMatchObject({ distributionTypeId: 9, distributionLabel: 'Second', status: 'PLANNED', primaryLink: null, mediaLibrary: [] });
    expect(await fetchDistribution(first.id)).toEqual(first);
  });

  it("takes campaignId from the content, and accepts it when equal to the content's", async () => {
    const contentId = await newContent();
    const records = await createDistributions(contentId, [{ distributionTypeId: 1 }, { distributionTypeId: 1, campaignId: home.campaignId }]);
    expect(records.map((record) => record.campaignId)).toEqual([home.campaignId, home.campaignId]);
  });

  it('writes distribution_created (payload = the REST record) and campaign_media_added when media came with it', async () => {
    const contentId = await newContent();

    const response = await ws.api.graphql(CREATE, { contentId, distributions: [fullInput(), { distributionTypeId: 1 }] }, { 'x-request-id': 'gql-create-distributions-1' });
    const [withMedia, without] = response.body.data.distributionsCreate.distributions;

    for (const distribution of [withMedia, without]) {
      const rest = (await restDistribution(distribution.id)).body.data.distribution;
      expect(await distributionEvents(distribution.id)).toEqual([
        {
          organisation_id: ws.organisationId,
          event_type: 'distribution_created',
          resource_type: 'distribution',
          resource_id: dbIdOf('Distribution', distribution.id),
          payload: { distribution: rest },
          request_id: 'gql-create-distributions-1',
        },
      ]);
    }
    const rest = (await restDistribution(withMedia.id)).body.data.distribution;
    expect(await mediaEvents(withMedia.id)).toEqual([
      {
        organisation_id: ws.organisationId,
        event_type: 'campaign_media_added',
        resource_type: 'campaign',
        resource_id: dbIdOf('Campaign', home.campaignId),
        payload: {
          campaign_id: dbIdOf('Campaign', home.campaignId),
          content_id: dbIdOf('Content', contentId),
          distribution_id: dbIdOf('Distribution', withMedia.id),
          media: rest.distribution_media_library,
        },
        request_id: 'gql-create-distributions-1',
      },
    ]);
    expect(await mediaEvents(without.id)).toEqual([]);
  });

  describe('references: distributionTypeId and linkType name library entries, publisherTitleId a live title of this workspace', () => {
    const input = (fields: Record<string, unknown>): Record<string, unknown> => ({ distributionTypeId: 1, ...fields });
    const cases: [string, () => unknown[], [string[], string][]][] = [
      ['distributionTypeId beyond the library', () => [input({ distributionTypeId: 11 })], [[['distributions', '0', 'distributionTypeId'], TYPE_MESSAGE]]],
      ['linkType beyond the library', () => [input({ primaryLink: { linkType: 6, originalLink: 'https://example.com' } })], [[['distributions', '0', 'primaryLink', 'linkType'], LINK_TYPE_MESSAGE]]],
      ['a title id that names nothing', () => [input({ publisherTitleId: '999999' })], [[['distributions', '0', 'publisherTitleId'], TITLE_MESSAGE]]],
      ['a title global id that names nothing', () => [input({ publisherTitleId: gid('PublisherTitle', 999999) })], [[['distributions', '0', 'publisherTitleId'], TITLE_MESSAGE]]],
      ["another workspace's title", () => [input({ publisherTitleId: String(foreignTitleId) })], [[['distributions', '0', 'publisherTitleId'], TITLE_MESSAGE]]],
      ["another workspace's title by global id", () => [input({ publisherTitleId: gid('PublisherTitle', foreignTitleId) })], [[['distributions', '0', 'publisherTitleId'], TITLE_MESSAGE]]],
      ['a title of a deleted publisher profile', () => [input({ publisherTitleId: String(deletedProfileTitleId) })], [[['distributions', '0', 'publisherTitleId'], TITLE_MESSAGE]]],
      [
        'bad references in a second entry',
        () => [fullInput(), input({ distributionTypeId: 12, publisherTitleId: String(foreignTitleId) })],
        [
          [['distributions', '1', 'distributionTypeId'], TYPE_MESSAGE],
          [['distributions', '1', 'publisherTitleId'], TITLE_MESSAGE],
        ],
      ],
    ];

    it.each(cases)('refuses %s with BAD_USER_INPUT userErrors on the field, and writes nothing', async (_name, distributions, errors) => {
      const contentId = await newContent();
      const before = await databaseState();

      expectReferenceErrors(await create(contentId, distributions()), errors);
      expect(await databaseState()).toEqual(before);
    });

    it('accepts the last entries of the libraries', async () => {
      const [created] = await createDistributions(await newContent(), [{ distributionTypeId: 10, primaryLink: { linkType: 5, originalLink: 'https://example.com' } }]);

      expect(created).toMatchObject({ distributionTypeId: 10, primaryLink: { linkType: 5 } });
    });
  });

  describe('refuses with userErrors and writes nothing', () => {
    const input = (fields: Record<string, unknown>): Record<string, unknown> => ({ distributionTypeId: 1, ...fields });
    const link = { linkType: 1, originalLink: 'https://example.com' };
    const cases: [string, () => unknown[], string[][]][] = [
      ['distributionTypeId missing', () => [input({}), { distributionLabel: 'No type' }], [['distributions', '1', 'distributionTypeId']]],
      ['distributionTypeId null', () => [{ distributionTypeId: null }], [['distributions', '0', 'distributionTypeId']]],
      ['distributionTypeId 0', () => [input({ distributionTypeId: 0 })], [['distributions', '0', 'distributionTypeId']]],
      ['an id', () => [input({ id: '12345' })], [['distributions', '0', 'id']]],
      ['initial status LIVE', () => [input({ status: 'LIVE' })], [['distributions', '0', 'status']]],
      ['initial status PAUSED', () => [input({ status: 'PAUSED' })], [['distributions', '0', 'status']]],
      ['initial status COMPLETED', () => [input({ status: 'COMPLETED' })], [['distributions', '0', 'status']]],
      ['initial status CANCELLED', () => [input({ status: 'CANCELLED' })], [['distributions', '0', 'status']]],
      ['status null', () => [input({ status: null })], [['distributions', '0', 'status']]],
      ['hasDestinationLink 2', () => [input({ hasDestinationLink: 2 })], [['distributions', '0', 'hasDestinationLink']]],
      ['advertiserReview -1', () => [input({ advertiserReview: -1 })], [['distributions', '0', 'advertiserReview']]],
      ['contentTitle too long', () => [input({ contentTitle: 'x'.repeat(256) })], [['distributions', '0', 'contentTitle']]],
      ['contentTitle null', () => [input({ contentTitle: null })], [['distributions', '0', 'contentTitle']]],
      ['campaignId of another campaign', () => [input({ campaignId: foreign.campaignId })], [['distributions', '0', 'campaignId']]],
      ['primaryLink without linkType', () => [input({ primaryLink: { originalLink: 'https://example.com' } })], [['distributions', '0', 'primaryLink', 'linkType']]],
      ['primaryLink without originalLink', () => [input({ primaryLink: { linkType: 1 } })], [['distributions', '0', 'primaryLink', 'originalLink']]],
      ['originalLink not a URL', () => [input({ primaryLink: { ...link, originalLink: 'example.com' } })], [['distributions', '0', 'primaryLink', 'originalLink']]],
      ['originalLink mailto:', () => [input({ primaryLink: { ...link, originalLink: 'mailto:a@example.com' } })], [['distributions', '0', 'primaryLink', 'originalLink']]],
      ['a link with an id', () => [input({ primaryLink: { ...link, id: '424242' } })], [['distributions', '0', 'primaryLink', 'id']]],
      ['media without fileUrl', () => [input({ mediaLibrary: [{ fileUrl: 'https://example.com/a.png' }, { mediaLabel: 'x' }] })], [['distributions', '0', 'mediaLibrary', '1', 'fileUrl']]],
      ['media fileUrl not a URL', () => [input({ mediaLibrary: [{ fileUrl: 'a.png' }] })], [['distributions', '0', 'mediaLibrary', '0', 'fileUrl']]],
      ['media with an id', () => [input({ mediaLibrary: [{ id: '1', fileUrl: 'https://example.com/a.png' }] })], [['distributions', '0', 'mediaLibrary', '0', 'id']]],
      ['media isBodyMedia 2', () => [input({ mediaLibrary: [{ fileUrl: 'https://example.com/a.png', isBodyMedia: 2 }] })], [['distributions', '0', 'mediaLibrary', '0', 'isBodyMedia']]],
      ['no entries', () => [], [['distributions']]],
      ['101 entries', () => Array.from({ length: 101 }, () => input({})), [['distributions']]],
      [
        'several problems at once',
        () => [input({ status: 'COMPLETED' }), input({}), { primaryLink: { linkType: 1, originalLink: 'nope' } }],
        [
          ['distributions', '0', 'status'],
          ['distributions', '2', 'distributionTypeId'],
          ['distributions', '2', 'primaryLink', 'originalLink'],
        ],
      ],
      ['good entries and one bad (all or nothing)', () => [fullInput(), fullInput(), input({ mediaLibrary: [{ fileUrl: 'nope' }] })], [['distributions', '2', 'mediaLibrary', '0', 'fileUrl']]],
    ];

    it.each(cases)('%s', async (_name, distributions, fields) => {
      const contentId = await newContent();
      const before = await databaseState();

      expectUserErrors(await create(contentId, distributions()), ...fields);
      expect(await databaseState()).toEqual(before);
    });

    it.each([
      ['an unknown status', { distributionTypeId: 1, status: 'RUNNING' }],
      ['status as its v2 integer', { distributionTypeId: 1, status: 2 }],
      ['distributionTypeId as a string', { distributionTypeId: '1' }],
      ['an unknown field', { distributionTypeId: 1, colour: 'red' }],
      ['an unknown link field', { distributionTypeId: 1, primaryLink: { linkType: 1, originalLink: 'https://example.com', foo: 1 } }],
      ['an unknown media field', { distributionTypeId: 1, mediaLibrary: [{ fileUrl: 'https://example.com/a.png', bar: 1 }] }],
      ['a v2 spelling', { distributionTypeId: 1, content_tile: 'x' }],
      ['a date of another form', { distributionTypeId: 1, distributionLiveDate: '01/04/2026' }],
    ])('refuses %s at the GraphQL type level', async (_name, entry) => {
      const contentId = await newContent();
      const before = await databaseState();

      expectCoercionError(await gql(CREATE, { contentId, distributions: [entry] }));
      expect(await databaseState()).toEqual(before);
    });
  });

  it.each<[string, () => Promise<[string, unknown[]]>, string, string]>([
    ['a malformed contentId', async () => ['abc', [{ distributionTypeId: 1 }]], 'contentId', notAnIdOf('Content')],
    ['a negative contentId', async () => ['-1', [{ distributionTypeId: 1 }]], 'contentId', notAnIdOf('Content')],
    ["a distribution's global id as contentId", async () => [(await createDistribution(await newContent())).id, [{ distributionTypeId: 1 }]], 'contentId', idOfAnotherType('Distribution', 'Content')],
    ['a malformed publisherTitleId', async () => [await newContent(), [{ distributionTypeId: 1 }, { distributionTypeId: 1, publisherTitleId: 'abc' }]], 'distributions.1.publisherTitleId', notAnIdOf('PublisherTitle')],
    ["a phase's global id as campaignId", async () => [await newContent(), [{ distributionTypeId: 1, campaignId: home.phaseId }]], 'distributions.0.campaignId', idOfAnotherType('Phase', 'Campaign')],
    ['a malformed media id', async () => [await newContent(), [{ distributionTypeId: 1, mediaLibrary: [{ id: 'x', fileUrl: 'https://example.com/a.png' }] }]], 'distributions.0.mediaLibrary.0.id', notAnIdOf('MediaItem')],
  ])('refuses %s with a top-level BAD_USER_INPUT naming it, and writes nothing', async (_name, request, path, message) => {
    const [contentId, distributions] = await request();
    const before = await databaseState();

    expectIdRefused(await gql(CREATE, { contentId, distributions }), 'distributionsCreate', path, message);
    expect(await databaseState()).toEqual(before);
  });

  it("answers a NOT_FOUND userError on [\"contentId\"] for unknown, deleted and another workspace's content, global or bare, and for a distribution's bare id", async () => {
    const deleted = await newContent();
    expect((await ws.api.delete(`/v2/contents/${dbIdOf('Content', deleted)}`)).status).toBe(200);
    const distribution = await createDistribution(await newContent());
    const before = await databaseState();

    // A distribution's bare id is taken as a content piece's, and names none (the two share one id sequence).
    const contentIds = ['999999', gid('Content', 999999), foreign.contentId, bare('Content', foreign.contentId), deleted, bare('Content', deleted), bare('Distribution', distribution.id)];
    for (const contentId of contentIds) expectContentNotFound(await create(contentId, [{ distributionTypeId: 1 }]));
    expect(await databaseState()).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------
// mutation distributionsUpdate
// ---------------------------------------------------------------------------------------------

describe('mutation distributionsUpdate', () => {
  it('changes only the fields given; link, media and the rest stay', async () => {
    const contentId = await newContent();
    const [created] = await createDistributions(contentId, [fullInput()]);

    const [updated] = await updateDistributions(contentId, [{ id: created.id, distributionLabel: 'Renamed', distributionClass: 8, distributionLiveDate: null, publisherTitleId: null }]);

    expect(updated).toEqual({ ...created, distributionLabel: 'Renamed', distributionClass: 8, distributionLiveDate: null, publisherTitleId: null, updatedAt: expect.stringMatching(ISO_TIMESTAMP) });
    expect(await fetchDistribution(created.id)).toEqual(updated);
  });

  it('updates entries with an id, creates entries without, answers in request order and keeps distributions left out', async () => {
    const contentId = await newContent();
    const [a, b, c] = await createDistributions(contentId, [
      { distributionTypeId: 1, distributionLabel: 'A' },
      { distributionTypeId: 1, distributionLabel: 'B' },
      { distributionTypeId: 1, distributionLabel: 'C' },
    ]);

    const records = await updateDistributions(contentId, [{ id: b.id, distributionLabel: 'B2' }, { distributionTypeId: 2, distributionLabel: 'New', status: 'SCHEDULED' }, { id: a.id, distributionLabel: 'A2' }]);

    expect(records.map((record) => [record.id === a.id || record.id === b.id ? record.id : 'new', record.distributionLabel])).toEqual([
      [b.id, 'B2'],
      ['new', 'New'],
      [a.id, 'A2'],
    ]);
    expect(records[1]).toMatchObject({ contentId, campaignId: home.campaignId, distributionTypeId: 2, status: 'SCHEDULED' });
    expect((await distributionEvents(records[1].id)).map((event) => event.event_type)).toEqual(['distribution_created']);
    expect(await fetchDistribution(c.id)).toEqual(c);
    const listed = (await gql(CONTENT_DISTRIBUTIONS, { id: contentId })).body.data.content.distributions;
    expect(listed.map((distribution: AnyBody) => distribution.distributionLabel)).toEqual(['A2', 'B2', 'C', 'New']);
  });

  describe('references: distributionTypeId, primaryLink.linkType and publisherTitleId', () => {
    it('changes the title to another live one of the workspace', async () => {
      const contentId = await newContent();
      const [created] = await createDistributions(contentId, [fullInput()]);

      const [updated] = await updateDistributions(contentId, [{ id: created.id, publisherTitleId: String(secondTitleId) }]);

      expect(updated).toEqual({ ...created, publisherTitleId: gid('PublisherTitle', secondTitleId), updatedAt: expect.stringMatching(ISO_TIMESTAMP) });
    });

    it.each<[string, (created: AnyBody) => unknown[], [string[], string][]]>([
      ['the type to one beyond the library', (created) => [{ id: created.id, distributionTypeId: 11 }], [[['distributions', '0', 'distributionTypeId'], TYPE_MESSAGE]]],
      ['the link type to one beyond the library', (created) => [{ id: created.id, primaryLink: { linkType: 6 } }], [[['distributions', '0', 'primaryLink', 'linkType'], LINK_TYPE_MESSAGE]]],
      ["the title to another workspace's", (created) => [{ id: created.id, publisherTitleId: String(foreignTitleId) }], [[['distributions', '0', 'publisherTitleId'], TITLE_MESSAGE]]],
      ['the title to one of a deleted publisher profile', (created) => [{ id: created.id, publisherTitleId: String(deletedProfileTitleId) }], [[['distributions', '0', 'publisherTitleId'], TITLE_MESSAGE]]],
      ['a new entry with an unknown title', (created) => [{ id: created.id, distributionLabel: 'Fine' }, { distributionTypeId: 1, publisherTitleId: '999999' }], [[['distributions', '1', 'publisherTitleId'], TITLE_MESSAGE]]],
    ])('refuses changing %s with a BAD_USER_INPUT userError, and changes nothing', async (_name, distributions, errors) => {
      const contentId = await newContent();
      const [created] = await createDistributions(contentId, [fullInput()]);
      const before = await databaseState();

      expectReferenceErrors(await update(contentId, distributions(created)), errors);
      expect(await databaseState()).toEqual(before);
      expect(await fetchDistribution(created.id)).toEqual(created);
    });

    it('does not re-judge a title deleted since it was set: other fields still change', async () => {
      const contentId = await newContent();
      const closing = await fixtures.createPublisherProfile(app, ws, 'Closing soon', ['Closing soon title']);
      const [created] = await createDistributions(contentId, [{ ...fullInput(), publisherTitleId: String(closing.titleIds[0]) }]);
      await deletePublisherProfile(ws, closing.profileId);

      const [updated] = await updateDistributions(contentId, [{ id: created.id, distributionLabel: 'Renamed', publisherTitleId: String(closing.titleIds[0]), distributionTypeId: 3 }]);

      expect(updated).toEqual({ ...created, distributionLabel: 'Renamed', updatedAt: expect.stringMatching(ISO_TIMESTAMP) });
    });
  });

  describe('primaryLink', () => {
    it('creates, updates (with or without its id), removes with null, and adds again', async () => {
      const contentId = await newContent();
      const created = await createDistribution(contentId);

      const [linked] = await updateDistributions(contentId, [{ id: created.id, primaryLink: { linkType: 3, originalLink: 'https://example.com/a' } }]);
      expect(linked.primaryLink).toMatchObject({ linkType: 3, linkLabel: '', originalLink: 'https://example.com/a', hyperlinkText: '' });
      const linkId = linked.primaryLink.id;

      const [relabelled] = await updateDistributions(contentId, [{ id: created.id, primaryLink: { linkLabel: 'Label' } }]);
      expect(relabelled.primaryLink).toMatchObject({ id: linkId, linkType: 3, linkLabel: 'Label', originalLink: 'https://example.com/a' });

      const [moved] = await updateDistributions(contentId, [{ id: created.id, primaryLink: { id: linkId, originalLink: 'https://example.com/b' } }]);
      expect(moved.primaryLink).toMatchObject({ id: linkId, linkLabel: 'Label', originalLink: 'https://example.com/b' });

      const [removed] = await updateDistributions(contentId, [{ id: created.id, primaryLink: null }]);
      expect(removed.primaryLink).toBeNull();
      expect((await fetchDistribution(created.id)).primaryLink).toBeNull();

      const [again] = await updateDistributions(contentId, [{ id: created.id, primaryLink: { linkType: 4, originalLink: 'https://example.com/c' } }]);
      expect(again.primaryLink).toMatchObject({ linkType: 4, linkLabel: '', originalLink: 'https://example.com/c' });
      expect(again.primaryLink.id).not.toBe(linkId);

      const changes = (await distributionEvents(created.id)).slice(1).map((event) => event.payload.changed_fields);
      expect(changes).toEqual([['primary_link'], ['primary_link'], ['primary_link'], ['primary_link'], ['primary_link']]);
    });

    it.each<[string, boolean, Record<string, unknown>, string[]]>([
      ['a new link without linkType', false, { originalLink: 'https://example.com' }, ['primaryLink', 'linkType']],
      ['a new link without originalLink', false, { linkType: 1 }, ['primaryLink', 'originalLink']],
      ['a link id when there is no link', false, { id: '1', linkType: 1, originalLink: 'https://example.com' }, ['primaryLink', 'id']],
      ["another distribution's link id", true, { id: 'theirs', linkLabel: 'Stolen' }, ['primaryLink', 'id']],
      ['an originalLink that is not http(s)', true, { originalLink: 'ftp://example.com' }, ['primaryLink', 'originalLink']],
    ])('refuses %s', async (_name, withLink, link, path) => {
      const contentId = await newContent();
      const [mine, theirs] = await createDistributions(contentId, withLink ? [fullInput(), fullInput()] : [{ distributionTypeId: 1 }, fullInput()]);
      const before = await databaseState();

      const primaryLink = link.id === 'theirs' ? { ...link, id: theirs.primaryLink.id } : link;
      expectUserErrors(await update(contentId, [{ id: mine.id, primaryLink }]), ['distributions', '0', ...path]);
      expect(await databaseState()).toEqual(before);
    });
  });

  describe('mediaLibrary', () => {
    it('updates files with an id, adds files without, keeps the rest, and reports the added ones in campaign_media_added', async () => {
      const contentId = await newContent();
      const [created] = await createDistributions(contentId, [fullInput()]);
      const [hero, thumb] = created.mediaLibrary;

      const [updated] = await updateDistributions(contentId, [
        { id: created.id, mediaLibrary: [{ id: thumb.id, mediaLabel: 'Thumbnail' }, { fileUrl: 'https://cdn.example.com/extra.gif', isBodyMedia: 1 }] },
      ]);

      expect(updated.mediaLibrary).toEqual([
        hero,
        { ...thumb, mediaLabel: 'Thumbnail', updatedAt: expect.stringMatching(ISO_TIMESTAMP) },
        { id: expect.any(String), distributionId: created.id, isBodyMedia: 1, mediaLabel: '', fileUrl: 'https://cdn.example.com/extra.gif', mediaNotes: '', createdAt: expect.any(String), updatedAt: expect.any(String) },
      ]);
      const events = await mediaEvents(created.id);
      expect(events).toHaveLength(2);
      expect(events[1].payload).toEqual({
        campaign_id: dbIdOf('Campaign', home.campaignId),
        content_id: dbIdOf('Content', contentId),
        distribution_id: dbIdOf('Distribution', created.id),
        media: [{ id: dbIdOf('MediaItem', updated.mediaLibrary[2].id), is_body_media: 1, media_label: '', file_url: 'https://cdn.example.com/extra.gif', media_notes: '' }],
      });
      expect((await distributionEvents(created.id)).at(-1)?.payload.changed_fields).toEqual(['distribution_media_library']);
    });

    it.each([
      ["another distribution's media id", 'theirs', ['mediaLibrary', '0', 'id']],
      ['an unknown media id', '999999', ['mediaLibrary', '0', 'id']],
      ['a new file without fileUrl', undefined, ['mediaLibrary', '0', 'fileUrl']],
    ])('refuses %s', async (_name, mediaId, path) => {
      const contentId = await newContent();
      const [mine, theirs] = await createDistributions(contentId, [fullInput(), fullInput()]);
      const before = await databaseState();

      const id = mediaId === 'theirs' ? theirs.mediaLibrary[0].id : mediaId;
      expectUserErrors(await update(contentId, [{ id: mine.id, mediaLibrary: [{ id, mediaLabel: 'x' }] }]), ['distributions', '0', ...path]);
      expect(await databaseState()).toEqual(before);
    });
  });

  it('writes distribution_updated with the REST record and changed_fields in v2 names', async () => {
    const contentId = await newContent();
    const [created] = await createDistributions(contentId, [fullInput()]);

    const response = await ws.api.graphql(
      UPDATE,
      { contentId, distributions: [{ id: created.id, contentTitle: 'New tile', distributionClass: 11, advertiserReview: 1, primaryLink: { hyperlinkText: 'Go' } }] },
      { 'x-request-id': 'gql-update-distributions-1' },
    );
    expect(response.body.data.distributionsUpdate.userErrors).toEqual([]);

    const events = await distributionEvents(created.id);
    expect(events.map((event) => event.event_type)).toEqual(['distribution_created', 'distribution_updated']);
    expect(events[1]).toMatchObject({ organisation_id: ws.organisationId, resource_type: 'distribution', resource_id: dbIdOf('Distribution', created.id), request_id: 'gql-update-distributions-1' });
    expect([...events[1].payload.changed_fields].sort()).toEqual(['content_tile', 'distiribution_class', 'primary_link']);
    expect(events[1].payload.distribution).toEqual((await restDistribution(created.id)).body.data.distribution);
  });

  it('is a no-op that writes nothing when nothing changes', async () => {
    const contentId = await newContent();
    const [created] = await createDistributions(contentId, [fullInput()]);
    const before = await databaseState();

    const input = fullInput();
    for (const entry of [
      { id: created.id },
      { id: created.id, ...input, primaryLink: { id: created.primaryLink.id, ...input.primaryLink }, mediaLibrary: [] },
      { id: created.id, mediaLibrary: [{ id: created.mediaLibrary[0].id, ...input.mediaLibrary[0] }] },
    ]) {
      const payload = await update(contentId, [entry]);
      expect(payload).toEqual({ distributions: [created], userErrors: [] });
    }
    expect(await databaseState()).toEqual(before);
  });

  describe('status transitions', () => {
    const ALLOWED: Record<Status, Status[]> = {
      PLANNED: ['SCHEDULED', 'LIVE', 'CANCELLED'],
      SCHEDULED: ['PLANNED', 'LIVE', 'CANCELLED'],
      LIVE: ['PAUSED', 'COMPLETED'],
      PAUSED: ['LIVE', 'COMPLETED', 'CANCELLED'],
      COMPLETED: [],
      CANCELLED: [],
    };
    const ROUTE: Record<Status, Status[]> = {
      PLANNED: ['PLANNED'],
      SCHEDULED: ['SCHEDULED'],
      LIVE: ['PLANNED', 'LIVE'],
      PAUSED: ['PLANNED', 'LIVE', 'PAUSED'],
      COMPLETED: ['PLANNED', 'LIVE', 'COMPLETED'],
      CANCELLED: ['SCHEDULED', 'CANCELLED'],
    };

    async function distributionWithStatus(contentId: string, status: Status): Promise<AnyBody> {
      const [initial, ...moves] = ROUTE[status];
      let distribution = await createDistribution(contentId, { status: initial });
      for (const move of moves) [distribution] = await updateDistributions(contentId, [{ id: distribution.id, status: move }]);
      expect(distribution.status).toBe(status);
      return distribution;
    }

    const cases = STATUSES.flatMap((from) => STATUSES.map((to): [Status, Status] => [from, to]));

    it.each(cases)('%s → %s', async (from, to) => {
      const contentId = await newContent();
      const distribution = await distributionWithStatus(contentId, from);
      const before = await databaseState();

      const payload = await update(contentId, [{ id: distribution.id, status: to }]);

      if (from === to) {
        expect(payload).toEqual({ distributions: [distribution], userErrors: [] });
        expect(await databaseState()).toEqual(before);
      } else if (ALLOWED[from].includes(to)) {
        expect(payload.userErrors).toEqual([]);
        expect(payload.distributions[0].status).toBe(to);
        const rest = (await restDistribution(distribution.id)).body.data.distribution;
        expect(rest.status).toBe(STATUS_NUMBERS[to]);
        expect((await distributionEvents(distribution.id)).at(-1)?.payload.changed_fields).toEqual(['status']);
      } else {
        expectUserErrors(payload, ['distributions', '0', 'status']);
        expect(await databaseState()).toEqual(before);
      }
    });
  });

  describe('refuses with userErrors and changes nothing', () => {
    let contentId: string;
    let mine: AnyBody;
    let sibling: AnyBody;

    beforeAll(async () => {
      contentId = await newContent();
      [mine] = await createDistributions(contentId, [fullInput()]);
      sibling = await createDistribution(await newContent('Sibling'));
    });

    const cases: [string, () => unknown[], string[][]][] = [
      ["another content's distribution", () => [{ id: sibling.id, distributionLabel: 'x' }], [['distributions', '0', 'id']]],
      ["another workspace's distribution", () => [{ id: foreignDistribution.id, distributionLabel: 'x' }], [['distributions', '0', 'id']]],
      ['an unknown distribution', () => [{ id: '999999', distributionLabel: 'x' }], [['distributions', '0', 'id']]],
      // Taken as a distribution's id (bare ids are, for the transition): the content's own number names none of its distributions.
      ["the content's bare id as a distribution id", () => [{ id: bare('Content', contentId), distributionLabel: 'x' }], [['distributions', '0', 'id']]],
      ['the same distribution twice', () => [{ id: mine.id, distributionLabel: 'x' }, { id: mine.id, distributionLabel: 'y' }], [['distributions']]],
      ['a good update and a bad one', () => [{ id: mine.id, distributionLabel: 'Would change' }, { id: sibling.id }], [['distributions', '1', 'id']]],
      ['a good update and a new entry without distributionTypeId', () => [{ id: mine.id, distributionLabel: 'Would change' }, { distributionLabel: 'x' }], [['distributions', '1', 'distributionTypeId']]],
      ['a new entry starting LIVE', () => [{ distributionTypeId: 1, status: 'LIVE' }], [['distributions', '0', 'status']]],
      ['a campaignId that is not the content campaign', () => [{ id: mine.id, campaignId: foreign.campaignId }], [['distributions', '0', 'campaignId']]],
      ['distributionTypeId null', () => [{ id: mine.id, distributionTypeId: null }], [['distributions', '0', 'distributionTypeId']]],
      ['a flag 2', () => [{ id: mine.id, hasDestinationLink: 2 }], [['distributions', '0', 'hasDestinationLink']]],
      ['no entries', () => [], [['distributions']]],
    ];

    it.each(cases)('%s', async (_name, distributions, fields) => {
      const before = await databaseState();
      expectUserErrors(await update(contentId, distributions()), ...fields);
      expect(await databaseState()).toEqual(before);
      expect(await fetchDistribution(mine.id)).toEqual(mine);
    });

    it.each<[string, () => [string, unknown[]], string, string]>([
      ['a malformed distribution id', () => [contentId, [{ id: 'abc', distributionLabel: 'x' }]], 'distributions.0.id', notAnIdOf('Distribution')],
      ["the content's global id as a distribution id", () => [contentId, [{ id: contentId, distributionLabel: 'x' }]], 'distributions.0.id', idOfAnotherType('Content', 'Distribution')],
      ['a good update and a malformed id', () => [contentId, [{ id: mine.id, distributionLabel: 'Would change' }, { id: '-1' }]], 'distributions.1.id', notAnIdOf('Distribution')],
      ['a malformed campaignId', () => [contentId, [{ id: mine.id, campaignId: 'abc' }]], 'distributions.0.campaignId', notAnIdOf('Campaign')],
      ["a phase's global id as publisherTitleId", () => [contentId, [{ id: mine.id, publisherTitleId: home.phaseId }]], 'distributions.0.publisherTitleId', idOfAnotherType('Phase', 'PublisherTitle')],
      ['a malformed link id', () => [contentId, [{ id: mine.id, primaryLink: { id: 'link', linkLabel: 'x' } }]], 'distributions.0.primaryLink.id', notAnIdOf('PrimaryLink')],
      ["a distribution's global id as a media id", () => [contentId, [{ id: mine.id, mediaLibrary: [{ id: mine.id, mediaLabel: 'x' }] }]], 'distributions.0.mediaLibrary.0.id', idOfAnotherType('Distribution', 'MediaItem')],
      ['a malformed contentId', () => ['abc', [{ id: mine.id, distributionLabel: 'x' }]], 'contentId', notAnIdOf('Content')],
      ["a distribution's global id as contentId", () => [mine.id, [{ distributionTypeId: 1 }]], 'contentId', idOfAnotherType('Distribution', 'Content')],
    ])('refuses %s with a top-level BAD_USER_INPUT naming it', async (_name, request, path, message) => {
      const [target, distributions] = request();
      const before = await databaseState();

      expectIdRefused(await gql(UPDATE, { contentId: target, distributions }), 'distributionsUpdate', path, message);
      expect(await databaseState()).toEqual(before);
      expect(await fetchDistribution(mine.id)).toEqual(mine);
    });

    it("answers a NOT_FOUND userError on [\"contentId\"] for unknown and another workspace's content, and a distribution's bare id", async () => {
      const before = await databaseState();
      expectContentNotFound(await update('999999', [{ id: mine.id, distributionLabel: 'x' }]));
      expectContentNotFound(await update(gid('Content', 999999), [{ id: mine.id, distributionLabel: 'x' }]));
      expectContentNotFound(await update(foreign.contentId, [{ id: foreignDistribution.id, distributionLabel: 'Hijacked' }]));
      expectContentNotFound(await update(bare('Content', foreign.contentId), [{ id: foreignDistribution.id, distributionLabel: 'Hijacked' }]));
      // Taken as a content piece's id (bare ids are, for the transition), and naming none: the two share one id sequence.
      expectContentNotFound(await update(bare('Distribution', mine.id), [{ distributionTypeId: 1 }]));
      expect(await databaseState()).toEqual(before);
      expect((await fetchDistribution(foreignDistribution.id, other)).distributionLabel).toBe('Theirs');
    });
  });
});

// ---------------------------------------------------------------------------------------------
// mutation distributionDelete
// ---------------------------------------------------------------------------------------------

describe('mutation distributionDelete', () => {
  it('soft-deletes: returns deletedDistributionId, then NOT_FOUND; the row stays with deleted_at set', async () => {
    const contentId = await newContent();
    const [distribution] = await createDistributions(contentId, [fullInput()]);

    const response = await ws.api.graphql(DELETE, { id: distribution.id }, { 'x-request-id': 'gql-delete-distribution-1' });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ extensions: { cost: expect.any(Object) }, data: { distributionDelete: { deletedDistributionId: distribution.id, userErrors: [] } } });
    expect((await gql(DISTRIBUTION, { id: distribution.id })).body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await restDistribution(distribution.id)).status).toBe(404);
    expect((await gql(CONTENT_DISTRIBUTIONS, { id: contentId })).body.data.content.distributions).toEqual([]);

    const [row] = await app.dataSource.query('SELECT deleted_at, distribution_label FROM distributions WHERE id = $1', [dbIdOf('Distribution', distribution.id)]);
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect(row.distribution_label).toBe('Homepage hero');

    const events = await distributionEvents(distribution.id);
    expect(events.map((event) => event.event_type)).toEqual(['distribution_created', 'distribution_deleted']);
    expect(events[1]).toMatchObject({ organisation_id: ws.organisationId, resource_type: 'distribution', resource_id: dbIdOf('Distribution', distribution.id), request_id: 'gql-delete-distribution-1' });
    expect(events[1].payload.distribution).toMatchObject({ id: dbIdOf('Distribution', distribution.id), deleted_at: (row.deleted_at as Date).toISOString() });
  });

  it("answers a NOT_FOUND userError on [\"id\"] for a second delete, a content's bare id, unknown and another workspace's ids, global or bare, writing nothing", async () => {
    const contentId = await newContent();
    const deleted = await createDistribution(contentId);
    await gql(DELETE, { id: deleted.id });
    const before = await databaseState();

    const ids = [deleted.id, bare('Distribution', deleted.id), bare('Content', contentId), foreignDistribution.id, bare('Distribution', foreignDistribution.id), '999999', gid('Distribution', 999999)];
    for (const id of ids) {
      const response = await gql(DELETE, { id });
      expect([id, response.body]).toEqual([
        id,
        { extensions: { cost: expect.any(Object) }, data: { distributionDelete: { deletedDistributionId: null, userErrors: [{ field: ['id'], message: 'Distribution not found', code: 'NOT_FOUND' }] } } },
      ]);
    }
    expect(await databaseState()).toEqual(before);
    expect((await gql(CONTENT_DISTRIBUTIONS, { id: contentId })).body.data.content).toEqual({ id: contentId, distributions: [] });
    expect((await fetchDistribution(foreignDistribution.id, other)).id).toBe(foreignDistribution.id);
  });

  it.each<[string, (distribution: AnyBody) => string, string]>([
    ['a malformed id', () => 'abc', notAnIdOf('Distribution')],
    ['a negative id', () => '-1', notAnIdOf('Distribution')],
    ["its content piece's global id", (distribution) => distribution.contentId, idOfAnotherType('Content', 'Distribution')],
    // The distribution's own number under another type: refused, never looked up (nor deleted) as a distribution.
    ["its number as another type's global id", (distribution) => gid('MediaItem', distribution.databaseId), idOfAnotherType('MediaItem', 'Distribution')],
  ])('refuses %s with a top-level BAD_USER_INPUT on "id", writing nothing', async (_name, id, message) => {
    const distribution = await createDistribution(await newContent());
    const before = await databaseState();

    expectIdRefused(await gql(DELETE, { id: id(distribution) }), 'distributionDelete', 'id', message);
    expect(await databaseState()).toEqual(before);
    expect(await fetchDistribution(distribution.id)).toEqual(distribution);
  });

  it('contentDelete takes the distributions of the piece with it', async () => {
    const contentId = await newContent();
    const [a, b] = await createDistributions(contentId, [fullInput(), { distributionTypeId: 1 }]);

    const response = await gql(`mutation($id: ID!) { contentDelete(id: $id) { deletedContentId ${USER_ERRORS} } }`, { id: contentId });
    expect(response.body.data.contentDelete).toEqual({ deletedContentId: contentId, userErrors: [] });

    for (const id of [a.id, b.id]) expect((await gql(DISTRIBUTION, { id })).body.errors[0].extensions.code).toBe('NOT_FOUND');
    expectContentNotFound(await update(contentId, [{ id: a.id, distributionLabel: 'Back' }]));
  });
});
