import { countStatements } from '../../src/db/statement-counter';
import { PublisherProfileStatus } from '../../src/publisher-profiles/publisher-profile-status';
import { PublisherProfileInput, PublisherTitleInput } from '../../src/publisher-profiles/publisher-profile.input';
import { rowById, rowCounts } from '../support/database-state';
import { ISO_TIMESTAMP, MISSING_IDS } from '../support/expectations';
import { contextOf, createAccount, createCampaign, createContent, createPhases, createPublisherProfile } from '../support/fixtures';
import { dbId, gid } from '../support/global-ids';
import { USER_ERRORS, craftCursor, expectCoercionError, expectIdRefused } from '../support/graphql';
import { resourceEvents } from '../support/outbox';
import { type AnyBody, type ApiResponse, type Workspace } from '../support/test-app';
import { appForFile } from '../support/file-app';
import { HARBOUR_STREET, HARBOUR_STREET_TITLES } from '../support/publisher-profiles';

/**
 * GraphQL publisher profiles: the `publisherProfiles` connection, `publisherProfile(id)`,
 * `publisherProfileDelete`, `PublisherProfile.titles`, `PublisherTitle.publisherProfile` and
 * `Content.publisherTitle` / `Distribution.publisherTitle`, through real HTTP over a real
 * PostgreSQL. Profiles are set up through the service (partners cannot create them).
 */

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const PROFILE_FIELDS = `
  fragment ProfileFields on PublisherProfile {
    id
    name
    website
    country
    status
    description
    contactEmail
    monthlyUniqueVisitors
    monthlyPageViews
    socialFollowers
    newsletterSubscribers
    createdAt
    updatedAt
    titles { id publisherProfileId name url monthlyUniqueVisitors createdAt updatedAt }
  }
`;

const LIST = `
  query List($first: Int, $after: String, $filter: PublisherProfileFilter, $orderBy: [PublisherProfileOrder!]) {
    publisherProfiles(first: $first, after: $after, filter: $filter, orderBy: $orderBy) {
      edges { cursor node { id name } }
      nodes { id name }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    }
  }
`;

const ONE = `
  query One($id: ID!) { publisherProfile(id: $id) { ...ProfileFields } }
  ${PROFILE_FIELDS}
`;

const DELETE = `
  mutation Delete($id: ID!) { publisherProfileDelete(id: $id) { deletedPublisherProfileId ${USER_ERRORS} } }
`;

const NOT_FOUND_MESSAGE = 'Publisher profile not found';

/** Of the shared missing ids, the digits: taken as a profile's database id (the transition to global ids), naming none. */
const UNMATCHED_IDS = MISSING_IDS.filter((id) => /^\d+$/.test(id));
/** The rest, and more: neither a global id nor digits, refused before any lookup. */
const MALFORMED_IDS = [...MISSING_IDS.filter((id) => !/^\d+$/.test(id)), '', 'gid://partner-api/PublisherProfile/0'];

const { app, ws, other } = appForFile({ ws: 'Publisher GraphQL tests', other: 'Another workspace' });

function gql(query: string, variables: Record<string, unknown> = {}, workspace = ws): Promise<ApiResponse<AnyBody>> {
  return workspace.api.graphql(query, variables);
}

/** Creates a profile through the service; returns its id and its title ids as GraphQL gives them (global ids). */
async function createProfile(
  workspace: Workspace,
  name: string,
  titles: string[] = ['Title A'],
  fields: Partial<PublisherProfileInput> = {},
): Promise<{ id: string; titleIds: string[] }> {
  const { profileId, titleIds } = await createPublisherProfile(app, workspace, name, titles, fields);
  return { id: gid('PublisherProfile', profileId), titleIds: titleIds.map((titleId) => gid('PublisherTitle', titleId)) };
}

async function readProfile(id: string, workspace = ws): Promise<AnyBody> {
  const response = await gql(ONE, { id }, workspace);
  expect(response.body.errors).toBeUndefined();
  return response.body.data.publisherProfile;
}

/** A query that must succeed: 200, no errors; returns `data`. */
async function data(query: string, variables: Record<string, unknown> = {}, workspace = ws): Promise<AnyBody> {
  const response = await gql(query, variables, workspace);
  expect(response.status).toBe(200);
  expect(response.body.errors).toBeUndefined();
  return response.body.data;
}

/** What must not move when a request is refused: profile, title and event rows. */
async function databaseState(): Promise<AnyBody> {
  return {
    counts: await rowCounts(app, ['publisher_profiles', 'publisher_titles', 'outbox_events']),
    profiles: await app.dataSource.query('SELECT * FROM publisher_profiles ORDER BY id'),
    titles: await app.dataSource.query('SELECT * FROM publisher_titles ORDER BY id'),
  };
}


/** A query refused before any data: one error with this code, `data` null. */
function expectRefused(response: ApiResponse<AnyBody>, code: string): void {
  expect(response.status).toBe(200);
  expect(response.body.data).toBeNull();
  expect(response.body.errors).toHaveLength(1);
  expect(response.body.errors[0].extensions.code).toBe(code);
}

/** Global ids in the order of their database ids. */
const byId = (values: string[]) => [...values].sort((a, b) => dbId(a) - dbId(b));

// ---------------------------------------------------------------------------------------------
// query publisherProfiles
// ---------------------------------------------------------------------------------------------

describe('query publisherProfiles', () => {
  let lister: Workspace;
  let ids: Record<string, string>;

  beforeAll(async () => {
    lister = await app.workspace('Publisher connection');
    const make = async (name: string, titles: string[], fields: Partial<PublisherProfileInput> = {}) => (await createProfile(lister, name, titles, fields)).id;
    ids = {
      harbour: await make('Harbour Street Media', ['The Harbour Daily', 'Harbour Weekend'], { country: 'GB' }),
      pinewood: await make('Pinewood Digital', ['Pinewood Tech', 'Trail & Summit'], { country: 'US', status: PublisherProfileStatus.INACTIVE }),
      lights: await make('harbour lights press', [], { country: 'ie' }),
      liffey: await make('Liffey Press', ['The Harbour Letter'], { country: 'IE', status: PublisherProfileStatus.INACTIVE }),
      // Same name twice: the id breaks the tie in NAME order.
      twinA: await make('Twin Media', ['Twin A']),
      twinB: await make('Twin Media', ['Twin B']),
      apex: await make('apex', ['Apex Weekly']),
    };
    // Touch two profiles so UPDATED_AT order differs from CREATED_AT order.
    await app.dataSource.query(`UPDATE publisher_profiles SET updated_at = now() + interval '1 hour' WHERE id = $1`, [dbId(ids.harbour)]);
    await app.dataSource.query(`UPDATE publisher_profiles SET updated_at = now() + interval '2 hours' WHERE id = $1`, [dbId(ids.pinewood)]);
    // Noise the connection must never show: another workspace's profile and a deleted one.
    await createProfile(other, 'Harbour of another workspace', ['Harbour Elsewhere'], { country: 'GB' });
    const deleted = await make('Harbour Deleted', ['Harbour Gone'], { country: 'GB' });
    expect((await gql(DELETE, { id: deleted }, lister)).body.data.publisherProfileDelete.userErrors).toEqual([]);
  });

  const listIds = async (variables: Record<string, unknown>): Promise<string[]> =>
    (await data(LIST, variables, lister)).publisherProfiles.nodes.map((node: AnyBody) => node.id);

  it("returns the workspace's live profiles as a Relay connection, by id ascending", async () => {
    const connection = (await data(LIST, {}, lister)).publisherProfiles;

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

  it('shows each profile with its fields and titles, as publisherProfile(id) does', async () => {
    const nodes = (await data(`{ publisherProfiles { nodes { ...ProfileFields } } } ${PROFILE_FIELDS}`, {}, lister)).publisherProfiles.nodes;

    for (const node of nodes) expect(node).toEqual(await readProfile(node.id, lister));
    expect(nodes.find((node: AnyBody) => node.id === ids.harbour).titles.map((title: AnyBody) => title.name)).toEqual(['The Harbour Daily', 'Harbour Weekend']);
    expect(nodes.find((node: AnyBody) => node.id === ids.lights).titles).toEqual([]);
  });

  it('returns an empty connection with null cursors when nothing matches', async () => {
    const connection = (await data(LIST, { filter: { search: 'nothing matches this' } }, lister)).publisherProfiles;

    expect(connection).toEqual({ edges: [], nodes: [], pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null } });
  });

  it('never shows another workspace’s profiles', async () => {
    expect(await listIds({ filter: { search: 'elsewhere' } })).toEqual([]);
    const theirs = (await data(LIST, {}, other)).publisherProfiles.nodes;
    expect(theirs.map((node: AnyBody) => node.name)).toEqual(['Harbour of another workspace']);
  });

  it('filters by search, case-insensitively, on the profile name or the name of one of its titles, each profile once', async () => {
    expect(await listIds({ filter: { search: 'HARBOUR' } })).toEqual([ids.harbour, ids.lights, ids.liffey]);
    expect(await listIds({ filter: { search: 'summit' } })).toEqual([ids.pinewood]);
    expect(await listIds({ filter: { search: 'gone' } })).toEqual([]);
  });

  it('filters by country, in any case', async () => {
    expect(await listIds({ filter: { country: 'ie' } })).toEqual([ids.lights, ids.liffey]);
    expect(await listIds({ filter: { country: 'IE' } })).toEqual([ids.lights, ids.liffey]);
    expect(await listIds({ filter: { country: 'fr' } })).toEqual([]);
  });

  it('filters by status (the PublisherProfileStatus enum)', async () => {
    expect(await listIds({ filter: { status: 'INACTIVE' } })).toEqual([ids.pinewood, ids.liffey]);
    const active = (await data(`{ publisherProfiles(filter: { status: ACTIVE }) { nodes { id status } } }`, {}, lister)).publisherProfiles.nodes;
    expect(active.map((node: AnyBody) => node.id)).toEqual([ids.harbour, ids.lights, ids.twinA, ids.twinB, ids.apex]);
    expect(active.every((node: AnyBody) => node.status === 'ACTIVE')).toBe(true);
  });

  it('combines filters', async () => {
    expect(await listIds({ filter: { search: 'harbour', country: 'IE', status: 'ACTIVE' } })).toEqual([ids.lights]);
    expect(await listIds({ filter: { search: 'pinewood', status: 'ACTIVE' } })).toEqual([]);
  });

  it('treats null filter fields as not given', async () => {
    expect(await listIds({ filter: { search: null, country: null, status: null } })).toEqual(byId(Object.values(ids)));
  });

  it('limits the page with first and reports hasNextPage', async () => {
    const connection = (await data(LIST, { first: 2 }, lister)).publisherProfiles;

    expect(connection.nodes.map((node: AnyBody) => node.id)).toEqual(byId(Object.values(ids)).slice(0, 2));
    expect(connection.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
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

  it.each(ORDERS)('paging with after visits every profile exactly once (%s %s)', async (field, direction) => {
    const orderBy = { field, direction };
    const whole = await listIds({ first: 100, orderBy });
    expect(byId(whole)).toEqual(byId(Object.values(ids)));

    const visited: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const connection = (await data(LIST, { first: 2, after, orderBy }, lister)).publisherProfiles;
      visited.push(...connection.nodes.map((node: AnyBody) => node.id));
      expect(connection.pageInfo.hasPreviousPage).toBe(after !== undefined);
      if (!connection.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor;
    }
    expect(visited).toEqual(whole);
  });

  it('orders by name (in the database collation), with the id breaking ties', async () => {
    const rows: { id: number }[] = await app.dataSource.query(
      'SELECT id FROM publisher_profiles WHERE organisation_id = $1 AND deleted_at IS NULL ORDER BY name, id',
      [lister.organisationId],
    );
    const expected = rows.map((row) => gid('PublisherProfile', row.id));

    expect(await listIds({ orderBy: { field: 'NAME', direction: 'ASC' } })).toEqual(expected);
    expect(await listIds({ orderBy: { field: 'NAME', direction: 'DESC' } })).toEqual([...expected].reverse());
    const ascending = await listIds({ orderBy: { field: 'NAME' } });
    expect(ascending.indexOf(ids.twinA) + 1).toBe(ascending.indexOf(ids.twinB));
  });

  it('orders by updatedAt: the touched profiles come last in ascending order', async () => {
    const ascending = await listIds({ orderBy: { field: 'UPDATED_AT', direction: 'ASC' } });

    expect(ascending.slice(-2)).toEqual([ids.harbour, ids.pinewood]);
  });

  it('pages a filtered list the same way', async () => {
    const filter = { search: 'harbour' };
    const visited: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const connection = (await data(LIST, { first: 1, after, filter, orderBy: { field: 'NAME', direction: 'ASC' } }, lister)).publisherProfiles;
      visited.push(...connection.nodes.map((node: AnyBody) => node.id));
      if (!connection.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor;
    }
    expect(byId(visited)).toEqual(byId([ids.harbour, ids.lights, ids.liffey]));
    expect(new Set(visited).size).toBe(visited.length);
  });

  it.each([
    ['not base64 JSON', 'garbage'],
    ['well-formed JSON of the wrong shape', craftCursor({ id: 1 })],
    ['a cursor whose id is not an integer', craftCursor(['id', 1, 'x'])],
  ])('refuses a bad cursor (%s) with BAD_USER_INPUT', async (_name, after) => {
    expectRefused(await gql(LIST, { first: 2, after }, lister), 'BAD_USER_INPUT');
  });

  it('refuses a cursor made for another order with BAD_USER_INPUT', async () => {
    const named = (await data(LIST, { first: 1, orderBy: { field: 'NAME', direction: 'ASC' } }, lister)).publisherProfiles;

    expectRefused(await gql(LIST, { first: 2, after: named.pageInfo.endCursor }, lister), 'BAD_USER_INPUT');
  });

  it.each([0, -1, 101])('refuses first: %i with BAD_USER_INPUT', async (first) => {
    expectRefused(await gql(LIST, { first }, lister), 'BAD_USER_INPUT');
  });

  it.each([
    ['an unknown country code', { country: 'XX' }, 'country'],
    ['a three-letter country code', { country: 'GBR' }, 'country'],
    ['a country name', { country: 'Ireland' }, 'country'],
    ['a search over 255 characters', { search: 'x'.repeat(256) }, 'search'],
  ])('refuses %s with BAD_USER_INPUT naming the filter field', async (_name, filter, field) => {
    const response = await gql(LIST, { filter }, lister);

    expectRefused(response, 'BAD_USER_INPUT');
    expect(Object.keys(response.body.errors[0].extensions.fieldErrors)).toEqual([field]);
  });

  it('refuses a status outside the enum at the GraphQL type level', async () => {
    expectCoercionError(await gql(LIST, { filter: { status: 'active' } }, lister));
    expectCoercionError(await gql(LIST, { filter: { status: 'ARCHIVED' } }, lister));
    expectCoercionError(await gql(LIST, { orderBy: { field: 'COUNTRY', direction: 'ASC' } }, lister));
  });
});

// ---------------------------------------------------------------------------------------------
// query publisherProfile
// ---------------------------------------------------------------------------------------------

describe('query publisherProfile', () => {
  it('returns the profile with every field typed: enum status, upper-case country, ISO timestamps, titles oldest first', async () => {
    const input = Object.assign(new PublisherProfileInput(), HARBOUR_STREET, { titles: HARBOUR_STREET_TITLES.map((title) => Object.assign(new PublisherTitleInput(), title)) });
    const { profile, titles } = await app.services.publisherProfiles.create(contextOf(ws), input);

    const response = await gql(ONE, { id: gid('PublisherProfile', profile.id) });

    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.publisherProfile).toEqual({
      id: gid('PublisherProfile', profile.id),
      // Every field as it was given, but the country upper case and the status as the enum names it.
      ...HARBOUR_STREET,
      country: 'GB',
      status: 'INACTIVE',
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
      updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      titles: [
        {
          id: gid('PublisherTitle', titles[0].id),
          publisherProfileId: gid('PublisherProfile', profile.id),
          name: 'The Harbour Daily',
          url: 'https://daily.harbourstreet.example',
          monthlyUniqueVisitors: 80_000,
          createdAt: expect.stringMatching(ISO_TIMESTAMP),
          updatedAt: expect.stringMatching(ISO_TIMESTAMP),
        },
        {
          id: gid('PublisherTitle', titles[1].id),
          publisherProfileId: gid('PublisherProfile', profile.id),
          name: 'Harbour Weekend',
          url: '',
          monthlyUniqueVisitors: 0,
          createdAt: expect.stringMatching(ISO_TIMESTAMP),
          updatedAt: expect.stringMatching(ISO_TIMESTAMP),
        },
      ],
    });
  });

  it('agrees with the REST record of the same profile', async () => {
    const { id } = await createProfile(ws, 'Both Faces Media', ['Face One', 'Face Two'], { country: 'us', website: 'https://faces.example' });

    const graphql = await readProfile(id);
    const rest = (await ws.api.get(`/v2/publisher-profiles/${dbId(id)}`)).body.data.publisher_profile;

    expect(rest).toMatchObject({
      id: dbId(id),
      name: graphql.name,
      website: graphql.website,
      country: graphql.country,
      status: graphql.status.toLowerCase(),
      description: graphql.description,
      contact_email: graphql.contactEmail,
      monthly_unique_visitors: graphql.monthlyUniqueVisitors,
      monthly_page_views: graphql.monthlyPageViews,
      social_followers: graphql.socialFollowers,
      newsletter_subscribers: graphql.newsletterSubscribers,
      created_at: graphql.createdAt,
      updated_at: graphql.updatedAt,
    });
    expect(rest.titles).toEqual(
      graphql.titles.map((title: AnyBody) => ({
        id: dbId(title.id),
        publisher_profile_id: dbId(title.publisherProfileId),
        name: title.name,
        url: title.url,
        monthly_unique_visitors: title.monthlyUniqueVisitors,
        created_at: title.createdAt,
        updated_at: title.updatedAt,
      })),
    );
  });

  it('leads from a title back to its profile (PublisherTitle.publisherProfile)', async () => {
    const { id, titleIds } = await createProfile(ws, 'Round Trip Media', ['Trip One', 'Trip Two']);

    const profile = (await data(`query ($id: ID!) { publisherProfile(id: $id) { id titles { id publisherProfile { id name titles { id } } } } }`, { id })).publisherProfile;

    expect(profile.titles.map((title: AnyBody) => title.id)).toEqual(titleIds);
    for (const title of profile.titles) expect(title.publisherProfile).toEqual({ id, name: 'Round Trip Media', titles: titleIds.map((titleId) => ({ id: titleId })) });
  });

  it('reads the same profile by its bare database id as by its global id', async () => {
    const { id } = await createProfile(ws, 'Bare Id Media', ['Bare Daily']);

    expect(await readProfile(String(dbId(id)))).toEqual(await readProfile(id));
  });

  it("answers NOT_FOUND for unknown, deleted and another workspace's ids, all alike", async () => {
    const theirs = await createProfile(other, 'Not yours');
    const deleted = await createProfile(ws, 'Deleted');
    expect((await gql(DELETE, { id: deleted.id })).body.data.publisherProfileDelete.userErrors).toEqual([]);

    const unknown = await gql(ONE, { id: '999999' });
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toEqual({ publisherProfile: null });
    expect(unknown.body.errors).toHaveLength(1);
    expect(unknown.body.errors[0]).toMatchObject({ message: NOT_FOUND_MESSAGE, path: ['publisherProfile'], extensions: { code: 'NOT_FOUND' } });

    for (const id of [theirs.id, deleted.id, gid('PublisherProfile', '999999'), ...UNMATCHED_IDS]) {
      const response = await gql(ONE, { id });
      expect([id, response.body]).toEqual([id, unknown.body]);
    }
    expect((await readProfile(theirs.id, other)).name).toBe('Not yours');
  });

  it.each(MALFORMED_IDS)('refuses the malformed id "%s" with a top-level BAD_USER_INPUT on id', async (id) => {
    expectIdRefused(await gql(ONE, { id }), 'publisherProfile', 'id', /PublisherProfile/);
  });

  it('refuses a global id of another type with BAD_USER_INPUT on id, even one whose database id is a profile’s', async () => {
    const { id, titleIds } = await createProfile(ws, 'Typed Media', ['Typed Daily']);

    // A title's global id, and a Campaign's carrying the profile's own database id: never read as a profile.
    for (const wrong of [titleIds[0], gid('Campaign', dbId(id))]) {
      const response = await gql(ONE, { id: wrong });
      expectIdRefused(response, 'publisherProfile', 'id', /PublisherProfile/);
      expect(response.body.errors[0].extensions.fieldErrors.id[0]).toContain(wrong.includes('Campaign') ? 'Campaign' : 'PublisherTitle');
    }
  });

  it('loads the titles of a whole page, and their profiles, in a constant number of statements', async () => {
    const one = await app.workspace('One profile');
    const twenty = await app.workspace('Twenty profiles');
    await createProfile(one, 'Only Media', ['Only A', 'Only B']);
    for (let i = 1; i <= 20; i += 1) await createProfile(twenty, `Media ${i}`, [`Title ${i}a`, `Title ${i}b`]);
    const query = '{ publisherProfiles(first: 50) { nodes { id titles { id publisherProfile { id titles { id } } } } } }';
    // The first request of a key records its use; measure the steady state after it.
    await gql('{ __typename }', {}, one);
    await gql('{ __typename }', {}, twenty);
    const counter = countStatements(app.dataSource);
    try {
      counter.reset();
      const small = await gql(query, {}, one);
      const forOne = counter.count;
      counter.reset();
      const large = await gql(query, {}, twenty);
      const forTwenty = counter.count;

      expect(small.body.data.publisherProfiles.nodes).toHaveLength(1);
      expect(large.body.data.publisherProfiles.nodes).toHaveLength(20);
      expect(large.body.data.publisherProfiles.nodes.every((node: AnyBody) => node.titles.length === 2)).toBe(true);
      expect(forTwenty).toBe(forOne);
    } finally {
      counter.stop();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Content.publisherTitle and Distribution.publisherTitle
// ---------------------------------------------------------------------------------------------

describe('Content.publisherTitle and Distribution.publisherTitle', () => {
  const PIECE = `
    query ($id: ID!) {
      content(id: $id) {
        publisherTitleId
        publisherTitle { id name publisherProfileId publisherProfile { id name } }
        distributions { publisherTitleId publisherTitle { id name } }
      }
    }
  `;

  async function pieceNaming(workspace: Workspace, contentTitleId: number | null, distributionTitleId: number | null): Promise<string> {
    const campaignId = await createCampaign(workspace, await createAccount(workspace, 'Titled account'));
    const [phaseId] = await createPhases(workspace, campaignId, ['Phase']);
    const contentId = await createContent(workspace, campaignId, phaseId, 'Titled piece');
    if (contentTitleId !== null) expect((await workspace.api.put(`/v2/contents/${contentId}`, { publisher_title_id: contentTitleId })).status).toBe(200);
    const created = await workspace.api.post('/v2/distributions', { content_id: contentId, distributions: [{ distribution_type_id: 1, publisher_title_id: distributionTitleId }] });
    expect(created.status).toBe(200);
    return String(contentId);
  }

  it('resolves the title a piece and its distributions name, and the title’s profile', async () => {
    const { id, titleIds } = await createProfile(ws, 'Titled Media', ['Titled Daily', 'Titled Weekly']);
    const contentId = await pieceNaming(ws, dbId(titleIds[0]), dbId(titleIds[1]));

    const content = (await data(PIECE, { id: contentId })).content;

    expect(content).toEqual({
      publisherTitleId: titleIds[0],
      publisherTitle: { id: titleIds[0], name: 'Titled Daily', publisherProfileId: id, publisherProfile: { id, name: 'Titled Media' } },
      distributions: [{ publisherTitleId: titleIds[1], publisherTitle: { id: titleIds[1], name: 'Titled Weekly' } }],
    });
  });

  it('is null when no title is named', async () => {
    const contentId = await pieceNaming(ws, null, null);

    expect((await data(PIECE, { id: contentId })).content).toEqual({ publisherTitleId: null, publisherTitle: null, distributions: [{ publisherTitleId: null, publisherTitle: null }] });
  });

  it('is null once the profile is deleted, while the piece keeps the title id', async () => {
    const { id, titleIds } = await createProfile(ws, 'Vanishing Media', ['Vanishing Daily', 'Vanishing Weekly']);
    const contentId = await pieceNaming(ws, dbId(titleIds[0]), dbId(titleIds[1]));

    expect((await gql(DELETE, { id })).body.data.publisherProfileDelete.userErrors).toEqual([]);

    expect((await data(PIECE, { id: contentId })).content).toEqual({
      publisherTitleId: titleIds[0],
      publisherTitle: null,
      distributions: [{ publisherTitleId: titleIds[1], publisherTitle: null }],
    });
  });

  it('never resolves another workspace’s title, even when a row names one', async () => {
    const theirs = await createProfile(other, 'Foreign Media', ['Foreign Daily']);
    const contentId = await pieceNaming(ws, null, null);
    // Writes refuse a foreign title, so plant one directly: reads must still not cross workspaces.
    await app.dataSource.query('UPDATE contents SET publisher_title_id = $1 WHERE id = $2', [dbId(theirs.titleIds[0]), Number(contentId)]);

    const content = (await data(PIECE, { id: contentId })).content;

    expect(content.publisherTitleId).toBe(theirs.titleIds[0]);
    expect(content.publisherTitle).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// mutation publisherProfileDelete
// ---------------------------------------------------------------------------------------------

describe('mutation publisherProfileDelete', () => {
  it('soft-deletes the profile and its titles: returns deletedPublisherProfileId, then NOT_FOUND; the rows stay', async () => {
    const { id, titleIds } = await createProfile(ws, 'To Be Deleted', ['Deleted Daily', 'Deleted Weekly']);
    const bystander = await createProfile(ws, 'Bystander', ['Bystander Daily']);
    const bystanderBefore = await readProfile(bystander.id);

    const response = await ws.api.graphql(DELETE, { id }, { 'x-request-id': 'gql-delete-publisher-1' });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ extensions: { cost: expect.any(Object) }, data: { publisherProfileDelete: { deletedPublisherProfileId: id, userErrors: [] } } });
    expect((await gql(ONE, { id })).body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await ws.api.get(`/v2/publisher-profiles/${dbId(id)}`)).status).toBe(404);
    expect((await data(LIST, { filter: { search: 'deleted' } })).publisherProfiles.nodes).toEqual([]);

    const row = await rowById(app, 'publisher_profiles', dbId(id));
    expect(row).toMatchObject({ name: 'To Be Deleted', is_deleted: 1, deleted_at: expect.any(Date) });
    for (const titleId of titleIds) expect((await rowById(app, 'publisher_titles', dbId(titleId)))?.deleted_at).toBeInstanceOf(Date);
    expect(await readProfile(bystander.id)).toEqual(bystanderBefore);

    const events = await resourceEvents(app, 'publisher_profile', dbId(id));
    expect(events.map((event) => event.event_type)).toEqual(['publisher_profile_created', 'publisher_profile_deleted']);
    expect(events[1]).toMatchObject({ organisation_id: ws.organisationId, resource_type: 'publisher_profile', resource_id: dbId(id), request_id: 'gql-delete-publisher-1' });
    expect(events[1].payload.publisher_profile).toMatchObject({
      id: dbId(id),
      organization_code: ws.organizationCode,
      is_deleted: 1,
      deleted_at: (row?.deleted_at as Date).toISOString(),
      titles: titleIds.map((titleId) => expect.objectContaining({ id: dbId(titleId) })),
    });
  });

  it('is what the REST delete does: the same rows and the same event', async () => {
    const viaGraphql = await createProfile(ws, 'Same Delete', ['Same Daily']);
    const viaRest = await createProfile(ws, 'Same Delete', ['Same Daily']);

    await gql(DELETE, { id: viaGraphql.id });
    await ws.api.delete(`/v2/publisher-profiles/${dbId(viaRest.id)}`);

    const [graphqlRow, restRow] = [await rowById(app, 'publisher_profiles', dbId(viaGraphql.id)), await rowById(app, 'publisher_profiles', dbId(viaRest.id))];
    expect(graphqlRow).toMatchObject({ is_deleted: restRow?.is_deleted, name: restRow?.name });
    const [graphqlEvent, restEvent] = [
      (await resourceEvents(app, 'publisher_profile', dbId(viaGraphql.id)))[1],
      (await resourceEvents(app, 'publisher_profile', dbId(viaRest.id)))[1],
    ];
    expect(Object.keys(graphqlEvent.payload.publisher_profile)).toEqual(Object.keys(restEvent.payload.publisher_profile));
    expect(graphqlEvent.event_type).toBe(restEvent.event_type);
  });

  it("answers a NOT_FOUND userError on [\"id\"] for a second delete, unknown and another workspace's ids, writing nothing", async () => {
    const theirs = await createProfile(other, 'Theirs', ['Their Daily']);
    const deleted = await createProfile(ws, 'Already Deleted');
    await gql(DELETE, { id: deleted.id });
    const before = await databaseState();

    for (const id of [deleted.id, theirs.id, gid('PublisherProfile', '999999'), ...UNMATCHED_IDS]) {
      const response = await gql(DELETE, { id });
      expect([id, response.status, response.body]).toEqual([
        id,
        200,
        { extensions: { cost: expect.any(Object) }, data: { publisherProfileDelete: { deletedPublisherProfileId: null, userErrors: [{ field: ['id'], message: NOT_FOUND_MESSAGE, code: 'NOT_FOUND' }] } } },
      ]);
    }
    expect(await databaseState()).toEqual(before);
    expect((await readProfile(theirs.id, other)).titles).toHaveLength(1);
  });

  it('refuses malformed ids and global ids of another type with a top-level BAD_USER_INPUT on id, writing nothing', async () => {
    const { id, titleIds } = await createProfile(ws, 'Kept', ['Kept Daily']);
    const before = await databaseState();

    // A title's global id, and a Campaign's carrying the profile's own database id: never read as a profile.
    for (const wrong of [...MALFORMED_IDS, titleIds[0], gid('Campaign', dbId(id))]) {
      const response = await gql(DELETE, { id: wrong });
      expect([wrong, response.body.errors?.[0]?.extensions?.code]).toEqual([wrong, 'BAD_USER_INPUT']);
      expectIdRefused(response, 'publisherProfileDelete', 'id', /PublisherProfile/);
    }
    expect(await databaseState()).toEqual(before);
    expect((await readProfile(id)).titles).toHaveLength(1);
  });

  it('deletes the profile its bare database id names, answering its global id', async () => {
    const { id } = await createProfile(ws, 'Bare Delete');

    const response = await gql(DELETE, { id: String(dbId(id)) });

    expect(response.body.data.publisherProfileDelete).toEqual({ deletedPublisherProfileId: id, userErrors: [] });
    expect((await rowById(app, 'publisher_profiles', dbId(id)))?.is_deleted).toBe(1);
  });
});
