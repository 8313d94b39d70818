import { allRows } from '../support/database-state';
import { INVALID, expectInvalid, expectRestUnauthenticated, fieldLabel, expectNotFound, expectSuccess } from '../support/expectations';
import { createAccount, createCampaign, createContent, createPhases } from '../support/fixtures';
import { type AnyBody, type ApiResponse, type Workspace } from '../support/test-app';
import { EVENT_TYPES_LIBRARY, LIBRARY_NAMES } from '../support/reference-libraries';
import { appForFile } from '../support/file-app';

/**
 * REST /v2 reference libraries (spec §4.10: "a section of global reference libraries"; the
 * operations are ours): `GET /v2/libraries` and `GET /v2/libraries/{name}`, through real HTTP
 * against the real database. The libraries are global: every workspace reads the same, and the
 * ids they list are exactly the ids the writes accept. The 401s and 404s every operation shares
 * (no key, an unknown key, names that name nothing) are in test/http/rest/route-contract.test.ts.
 */

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const BASE = '/v2/libraries';
const NOT_FOUND = 'Library not found';

/** The libraries whose entries are the code's enumerations, as docs/decisions.md and §2.3 give them. */
const ENUMERATIONS: Record<string, { id: number; name: string }[]> = {
  'campaign-statuses': [
    { id: 1, name: 'draft' },
    { id: 2, name: 'active' },
    { id: 3, name: 'paused' },
    { id: 4, name: 'completed' },
    { id: 5, name: 'cancelled' },
  ],
  'content-statuses': [
    { id: 1, name: 'draft' },
    { id: 2, name: 'in review' },
    { id: 3, name: 'changes requested' },
    { id: 4, name: 'approved' },
    { id: 5, name: 'live' },
    { id: 6, name: 'archived' },
  ],
  'distribution-statuses': [
    { id: 1, name: 'planned' },
    { id: 2, name: 'scheduled' },
    { id: 3, name: 'live' },
    { id: 4, name: 'paused' },
    { id: 5, name: 'completed' },
    { id: 6, name: 'cancelled' },
  ],
  'role-types': [
    { id: 1, name: 'Campaign Manager' },
    { id: 2, name: 'Content Editor' },
  ],
};

/** How many entries each stored library holds. */
const STORED_SIZES: Record<string, number> = { 'distribution-types': 10, 'link-types': 5, 'brand-industries': 12, 'brand-sub-industries': 36 };

/** A library record: name, description and entries `{ id, name }` (plus `brand_industry_id` for sub-industries), by id. */
function expectLibraryRecord(library: AnyBody, name: string): void {
  expect(Object.keys(library)).toEqual(['name', 'description', 'entries']);
  expect(library.name).toBe(name);
  expect(typeof library.description).toBe('string');
  expect(library.description).not.toBe('');
  expect(Array.isArray(library.entries)).toBe(true);
  expect(library.entries.length).toBeGreaterThan(0);
  const keys = name === 'brand-sub-industries' ? ['id', 'name', 'brand_industry_id'] : ['id', 'name'];
  for (const entry of library.entries) {
    expect(Object.keys(entry)).toEqual(keys);
    expect(Number.isInteger(entry.id)).toBe(true);
    expect(entry.id).toBeGreaterThan(0);
    expect(typeof entry.name).toBe('string');
    expect(entry.name.trim()).not.toBe('');
  }
  const ids = library.entries.map((entry: AnyBody) => entry.id);
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  expect(new Set(ids).size).toBe(ids.length);
  expect(new Set(library.entries.map((entry: AnyBody) => entry.name)).size).toBe(ids.length);
}

/** A 422 on exactly `path`, its messages naming the field as v2 does (the last segment of the path). */
function expectRefusedOn(response: ApiResponse<AnyBody>, path: string): void {
  expect(response.status).toBe(422);
  expect(response.body).toEqual({ success: false, message: INVALID, code: 'BAD_USER_INPUT', request_id: expect.any(String), errors: { [path]: [expect.stringMatching(new RegExp(`^${fieldLabel(path)} \\S`))] } });
}

async function library(name: string, workspace: Workspace = ws): Promise<AnyBody> {
  const response = await workspace.api.get(`${BASE}/${name}`);
  expect(response.status).toBe(200);
  return response.body.data.library;
}

/** The tables a read could touch by mistake, and the outbox: "nothing changed" compares two of these. */
async function databaseState(): Promise<AnyBody> {
  return { entries: await app.dataSource.query('SELECT * FROM reference_entries ORDER BY library, id'), outbox: await allRows(app, 'outbox_events') };
}

const { app, ws, other } = appForFile({ ws: 'Library reader', other: 'Another library reader' });

// ---------------------------------------------------------------------------------------------
// GET /v2/libraries
// ---------------------------------------------------------------------------------------------

describe('GET /v2/libraries', () => {
  it('lists every library by name and description under data.libraries, in catalogue order, then event-types', async () => {
    const response = await ws.api.get(BASE);

    expectSuccess(response, { dataKeys: ['libraries'] });
    const libraries = response.body.data.libraries;
    expect(Array.isArray(libraries)).toBe(true);
    expect(libraries.map((entry: AnyBody) => entry.name)).toEqual([...LIBRARY_NAMES, EVENT_TYPES_LIBRARY.name]);
    expect(libraries.at(-1)).toEqual(EVENT_TYPES_LIBRARY);
    for (const entry of libraries) {
      expect(Object.keys(entry)).toEqual(['name', 'description']);
      expect(typeof entry.description).toBe('string');
      expect(entry.description).not.toBe('');
    }
  });

  it('names only libraries that can be read, each with the description it is read with', async () => {
    const libraries = (await ws.api.get(BASE)).body.data.libraries;

    for (const { name, description } of libraries) expect((await library(name)).description).toBe(description);
  });

  it('is the same for every workspace', async () => {
    const mine = await ws.api.get(BASE);
    const theirs = await other.api.get(BASE);

    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual(mine.body);
  });

  it('refuses an unknown query parameter with 422, as every list does', async () => {
    expectInvalid(await ws.api.get(`${BASE}?name=link-types`), 'name');
  });

  it('changes nothing', async () => {
    const before = await databaseState();

    await ws.api.get(BASE);

    expect(await databaseState()).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------
// GET /v2/libraries/{name}
// ---------------------------------------------------------------------------------------------

describe('GET /v2/libraries/{name}', () => {
  it.each(LIBRARY_NAMES)('returns %s under data.library: name, description and its entries by id', async (name) => {
    const response = await ws.api.get(`${BASE}/${name}`);

    expectSuccess(response, { dataKeys: ['library'] });
    expectLibraryRecord(response.body.data.library, name);
  });

  it.each(Object.entries(STORED_SIZES))('%s holds %i entries, numbered from 1 without gaps', async (name, size) => {
    const entries = (await library(name)).entries;

    expect(entries.map((entry: AnyBody) => entry.id)).toEqual(Array.from({ length: size }, (_, index) => index + 1));
  });

  it('lists the distribution types', async () => {
    expect((await library('distribution-types')).entries).toEqual(
      [
        'Article',
        'Newsletter',
        'Social media post',
        'Video',
        'Display banner',
        'Podcast',
        'Native advertising',
        'Homepage feature',
        'Push notification',
        'Event',
      ].map((name, index) => ({ id: index + 1, name })),
    );
  });

  it('lists the link types', async () => {
    expect((await library('link-types')).entries).toEqual(
      ['Website', 'Product page', 'Landing page', 'App store', 'Social profile'].map((name, index) => ({ id: index + 1, name })),
    );
  });

  it('gives each brand sub-industry the brand industry it belongs to: three for each industry', async () => {
    const industries = (await library('brand-industries')).entries;
    const subIndustries = (await library('brand-sub-industries')).entries;

    const industryIds = industries.map((entry: AnyBody) => entry.id);
    for (const entry of subIndustries) expect(industryIds).toContain(entry.brand_industry_id);
    for (const id of industryIds) expect(subIndustries.filter((entry: AnyBody) => entry.brand_industry_id === id)).toHaveLength(3);
    expect(subIndustries.slice(0, 3)).toEqual([
      { id: 1, name: 'Car manufacturers', brand_industry_id: 1 },
      { id: 2, name: 'Dealerships', brand_industry_id: 1 },
      { id: 3, name: 'Parts and accessories', brand_industry_id: 1 },
    ]);
    expect(industries[0]).toEqual({ id: 1, name: 'Automotive' });
  });

  it.each(Object.entries(ENUMERATIONS))('lists the %s the code enforces', async (name, entries) => {
    expect((await library(name)).entries).toEqual(entries);
  });

  it('is the same for every workspace', async () => {
    for (const name of LIBRARY_NAMES) {
      const theirs = await other.api.get(`${BASE}/${name}`);
      expect([name, theirs.body]).toEqual([name, (await ws.api.get(`${BASE}/${name}`)).body]);
    }
  });

  it.each([
    ['an unknown name', 'publisher-titles'],
    ['a name in another case', 'Link-Types'],
    ['a singular name', 'link-type'],
    ['a name with an underscore', 'link_types'],
    ['a name with a trailing space', 'link-types%20'],
    ['a number', '1'],
  ])('answers 404 for %s', async (_label, name) => {
    expectNotFound(await ws.api.get(`${BASE}/${name}`), NOT_FOUND);
  });

  it('has no write routes: POST, PUT and DELETE answer 404 and change nothing', async () => {
    const before = await databaseState();

    for (const response of [
      await ws.api.post(BASE, { name: 'new-library' }),
      await ws.api.post(`${BASE}/link-types`, { id: 6, name: 'Podcast feed' }),
      await ws.api.put(`${BASE}/link-types`, { entries: [] }),
      await ws.api.delete(`${BASE}/link-types`),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, message: expect.stringMatching(/^No route for (POST|PUT|DELETE) \/v2\/libraries/), code: 'NOT_FOUND', request_id: expect.any(String) });
    }
    expect(await databaseState()).toEqual(before);
  });

  it('answers 401 without an API key and with an unknown one, before looking the name up', async () => {
    await expectRestUnauthenticated(app, (client) => client.get(`${BASE}/link-types`), databaseState);
    await expectRestUnauthenticated(app, (client) => client.get(`${BASE}/no-such-library`), databaseState);
  });
});

// ---------------------------------------------------------------------------------------------
// The libraries name exactly what the writes accept
// ---------------------------------------------------------------------------------------------

describe('the ids the libraries list', () => {
  let campaignId: number;
  let contentId: number;
  let accountId: number;

  beforeAll(async () => {
    accountId = await createAccount(ws, 'Library account');
    campaignId = await createCampaign(ws, accountId, 'Library campaign');
    const [phaseId] = await createPhases(ws, campaignId, ['Library phase']);
    contentId = await createContent(ws, campaignId, phaseId, 'Library piece');
  });

  it('are the distribution_type_id values a distribution accepts; the next id is refused', async () => {
    const ids: number[] = (await library('distribution-types')).entries.map((entry: AnyBody) => entry.id);

    const accepted = await ws.api.post('/v2/distributions', { content_id: contentId, distributions: ids.map((id) => ({ distribution_type_id: id })) });
    const refused = await ws.api.post('/v2/distributions', { content_id: contentId, distributions: [{ distribution_type_id: Math.max(...ids) + 1 }] });

    expect(accepted.status).toBe(200);
    expect(accepted.body.data.distributions.map((record: AnyBody) => record.distribution_type_id)).toEqual(ids);
    expectRefusedOn(refused, 'distributions.0.distribution_type_id');
  });

  it('are the primary_link.link_type values a distribution accepts; the next id is refused', async () => {
    const ids: number[] = (await library('link-types')).entries.map((entry: AnyBody) => entry.id);
    const entry = (linkType: number) => ({ distribution_type_id: 1, primary_link: { link_type: linkType, original_link: 'https://example.com' } });

    const accepted = await ws.api.post('/v2/distributions', { content_id: contentId, distributions: ids.map(entry) });
    const refused = await ws.api.post('/v2/distributions', { content_id: contentId, distributions: [entry(Math.max(...ids) + 1)] });

    expect(accepted.status).toBe(200);
    expect(accepted.body.data.distributions.map((record: AnyBody) => record.primary_link.link_type)).toEqual(ids);
    expectRefusedOn(refused, 'distributions.0.primary_link.link_type');
  });

  it('are the brand_industry_id / brand_sub_industry_id pairs a campaign accepts; a sub-industry of another industry is refused', async () => {
    const industries: number[] = (await library('brand-industries')).entries.map((entry: AnyBody) => entry.id);
    const subIndustries: AnyBody[] = (await library('brand-sub-industries')).entries;

    for (const { id, brand_industry_id } of subIndustries) {
      const response = await ws.api.post(`/v2/campaigns/${campaignId}`, { brand_industry_id, brand_sub_industry_id: id });
      expect([id, response.status]).toEqual([id, 200]);
      expect(response.body.data.campaign).toMatchObject({ brand_industry_id, brand_sub_industry_id: id });
    }
    const mismatched = subIndustries.find((entry) => entry.brand_industry_id !== industries[0]);
    expectInvalid(await ws.api.post(`/v2/campaigns/${campaignId}`, { brand_industry_id: industries[0], brand_sub_industry_id: mismatched.id }), 'brand_sub_industry_id');
    expectInvalid(await ws.api.post(`/v2/campaigns/${campaignId}`, { brand_industry_id: Math.max(...industries) + 1, brand_sub_industry_id: null }), 'brand_industry_id');
  });

  it('are the campaign_status values a campaign accepts', async () => {
    const ids: number[] = (await library('campaign-statuses')).entries.map((entry: AnyBody) => entry.id);

    expectInvalid(await ws.api.post('/v2/campaigns', { campaign_title: 'Beyond', primary_advertiser_account_id: accountId, campaign_status: Math.max(...ids) + 1 }), 'campaign_status');
    const created = await ws.api.post('/v2/campaigns', { campaign_title: 'First status', primary_advertiser_account_id: accountId, campaign_status: ids[0] });
    expect(created.status).toBe(200);
    expect(created.body.data.campaign.campaign_status).toBe(ids[0]);
  });

  it('are the role_type values a user accepts', async () => {
    const ids: number[] = (await library('role-types')).entries.map((entry: AnyBody) => entry.id);
    const body = (roleTypes: number[], email: string) => ({ user_email: email, user_first_name: 'Role', user_last_name: 'Holder', roles: roleTypes.map((role_type) => ({ role_type })) });

    const accepted = await ws.api.post('/v2/organisation-users', body(ids, 'roles@example.com'));
    const refused = await ws.api.post('/v2/organisation-users', body([Math.max(...ids) + 1], 'no-role@example.com'));

    expect(accepted.status).toBe(200);
    expect(accepted.body.data.roles).toEqual((await library('role-types')).entries.map((entry: AnyBody) => ({ name: entry.name, role_type: entry.id })));
    expectRefusedOn(refused, 'roles.0.role_type');
  });
});
