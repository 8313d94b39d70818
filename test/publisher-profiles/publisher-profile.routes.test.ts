import { PublisherProfileStatus } from '../../src/publisher-profiles/publisher-profile-status';
import { PublisherProfileInput, PublisherTitleInput } from '../../src/publisher-profiles/publisher-profile.input';
import { allRows, rowById } from '../support/database-state';
import { INVALID, ISO_TIMESTAMP, PAGINATION_KEYS, expectInvalid, expectNotFound, expectSuccess } from '../support/expectations';
import { contextOf, createAccount, createCampaign, createContent, createPhases, createPublisherProfile } from '../support/fixtures';
import { resourceEvents, workspaceEvents } from '../support/outbox';
import { type AnyBody, type ApiResponse, type Workspace } from '../support/test-app';
import { appForFile } from '../support/file-app';
import { BARE_PROFILE_RECORD_DEFAULTS, HARBOUR_STREET, HARBOUR_STREET_RECORD_TEXT, HARBOUR_STREET_TITLES, PUBLISHER_PROFILE_RECORD_KEYS, PUBLISHER_TITLE_KEYS } from '../support/publisher-profiles';

/**
 * REST /v2 publisher profiles (spec §2.10, §4.8, §7; docs/decisions.md), through real HTTP against
 * the real database. Partners read and delete profiles; they cannot create them, so the tests set
 * them up through the service, as the admin CLI and the demo seed do. The 401s and 404s every
 * operation shares (no key, unknown ids, another workspace's ids) are in
 * test/http/rest/route-contract.test.ts.
 */

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const BASE = '/v2/publisher-profiles';
const NOT_FOUND = 'Publisher profile not found';
const MAX_INT = 2_147_483_647;

const AUDIENCE_KEYS = ['monthly_unique_visitors', 'monthly_page_views', 'social_followers', 'newsletter_subscribers'];

/** Every field of a live profile record of `ws` has its key, in order, and its JSON type; so does every title. */
function expectProfileRecord(record: AnyBody, ws: Workspace): void {
  expect(Object.keys(record)).toEqual(PUBLISHER_PROFILE_RECORD_KEYS);
  expect(Number.isInteger(record.id)).toBe(true);
  expect(record.id).toBeGreaterThan(0);
  expect(record.organization_code).toBe(ws.organizationCode);
  expect(typeof record.name).toBe('string');
  expect(record.name.trim()).not.toBe('');
  expect(typeof record.website).toBe('string');
  expect(record.country).toMatch(/^([A-Z]{2})?$/);
  expect(['active', 'inactive']).toContain(record.status);
  expect(typeof record.description).toBe('string');
  expect(typeof record.contact_email).toBe('string');
  for (const key of AUDIENCE_KEYS) {
    expect([key, Number.isInteger(record[key])]).toEqual([key, true]);
    expect(record[key]).toBeGreaterThanOrEqual(0);
  }
  expect(record.is_deleted).toBe(0);
  expect(Array.isArray(record.titles)).toBe(true);
  for (const title of record.titles) expectTitleRecord(title, record.id);
  expect(record.titles.map((title: AnyBody) => title.id)).toEqual([...record.titles.map((title: AnyBody) => title.id)].sort((a, b) => a - b));
  expect(record.deleted_at).toBeNull();
  expect(record.created_at).toMatch(ISO_TIMESTAMP);
  expect(record.updated_at).toMatch(ISO_TIMESTAMP);
}

function expectTitleRecord(title: AnyBody, profileId: number): void {
  expect(Object.keys(title)).toEqual(PUBLISHER_TITLE_KEYS);
  expect(Number.isInteger(title.id)).toBe(true);
  expect(title.id).toBeGreaterThan(0);
  expect(title.publisher_profile_id).toBe(profileId);
  expect(typeof title.name).toBe('string');
  expect(typeof title.url).toBe('string');
  expect(Number.isInteger(title.monthly_unique_visitors)).toBe(true);
  expect(title.created_at).toMatch(ISO_TIMESTAMP);
  expect(title.updated_at).toMatch(ISO_TIMESTAMP);
}

interface TitleFields {
  name: string;
  url?: string;
  monthlyUniqueVisitors?: number;
}

/** Creates a profile with every field and titles with theirs, through the service; returns the ids. */
async function createFullProfile(ws: Workspace, fields: Partial<PublisherProfileInput>, titles: TitleFields[]): Promise<{ profileId: number; titleIds: number[] }> {
  const input = Object.assign(new PublisherProfileInput(), fields, { titles: titles.map((title) => Object.assign(new PublisherTitleInput(), title)) });
  const { profile, titles: created } = await app.services.publisherProfiles.create(contextOf(ws), input);
  return { profileId: profile.id, titleIds: created.map((title) => title.id) };
}

/** Creates a profile (through the service) and returns its v2 record as the detail route reads it. */
async function profile(ws: Workspace, name: string, titles: string[] = ['Title A'], fields: Partial<PublisherProfileInput> = {}): Promise<AnyBody> {
  const { profileId } = await createPublisherProfile(app, ws, name, titles, fields);
  return read(ws, profileId);
}

async function read(ws: Workspace, id: number): Promise<AnyBody> {
  const response = await ws.api.get(`${BASE}/${id}`);
  expect(response.status).toBe(200);
  return response.body.data.publisher_profile;
}

async function deleteProfile(ws: Workspace, id: number): Promise<void> {
  expect((await ws.api.delete(`${BASE}/${id}`)).status).toBe(200);
}

async function titleRows(profileId: number): Promise<AnyBody[]> {
  return app.dataSource.query('SELECT * FROM publisher_titles WHERE publisher_profile_id = $1 ORDER BY id', [profileId]);
}

/** Every profile and title row (every workspace, deleted ones too) and every outbox event: "nothing changed" compares two of these. */
async function databaseState(): Promise<AnyBody> {
  return {
    profiles: await allRows(app, 'publisher_profiles'),
    titles: await allRows(app, 'publisher_titles'),
    outbox: await allRows(app, 'outbox_events'),
  };
}

function names(response: ApiResponse<AnyBody>): string[] {
  return response.body.data.publisher_profiles.data.map((record: AnyBody) => record.name);
}

const { app } = appForFile({ ws: null });

// ---------------------------------------------------------------------------------------------
// GET /v2/publisher-profiles
// ---------------------------------------------------------------------------------------------

describe('GET /v2/publisher-profiles', () => {
  let ws: Workspace;
  let other: Workspace;
  /** The live profiles of `ws`, as the detail route reads them, in creation (id) order. */
  let records: AnyBody[];
  let byName: Record<string, AnyBody>;

  beforeAll(async () => {
    ws = await app.workspace('Publisher list');
    other = await app.workspace('Another publisher list');
    records = [
      await profile(ws, 'Harbour Street Media', ['The Harbour Daily', 'Harbour Weekend'], { country: 'GB' }),
      await profile(ws, 'Pinewood Digital', ['Pinewood Tech', 'Trail & Summit'], { country: 'us', status: PublisherProfileStatus.INACTIVE }),
      await profile(ws, 'harbour lights press', [], { country: 'IE' }),
      await profile(ws, 'Liffey Press', ['Dublin Food Guide', 'The HARBOUR Letter'], { country: 'IE', status: PublisherProfileStatus.INACTIVE }),
      await profile(ws, 'Zed 100% Natural', ['Green_Shoots']),
      await profile(ws, 'Zed 100 Natural', ['Green Shoots']),
    ];
    byName = Object.fromEntries(records.map((record) => [record.name, record]));
    // Noise the list must never show: another workspace's profile, and a deleted one.
    await profile(other, 'Harbour of another workspace', ['Harbour Elsewhere'], { country: 'GB' });
    const doomed = await profile(ws, 'Harbour Doomed', ['Harbour Gone'], { country: 'GB' });
    await deleteProfile(ws, doomed.id);
  });

  it('returns the live profiles of the workspace, with their titles, as a paginated envelope under data.publisher_profiles, by id', async () => {
    const response = await ws.api.get(BASE);

    expectSuccess(response, { dataKeys: ['publisher_profiles'] });
    const page = response.body.data.publisher_profiles;
    expect(Object.keys(page).sort()).toEqual(PAGINATION_KEYS);
    expect(page).toEqual({ current_page: 1, data: records, from: 1, next_page_url: null, per_page: 15, prev_page_url: null, to: 6 });
    for (const record of page.data) expectProfileRecord(record, ws);
  });

  it('shows each profile with its titles, oldest first, and [] for a profile without titles', async () => {
    const page = (await ws.api.get(BASE)).body.data.publisher_profiles.data;

    expect(page.map((record: AnyBody) => [record.name, record.titles.map((title: AnyBody) => title.name)])).toEqual([
      ['Harbour Street Media', ['The Harbour Daily', 'Harbour Weekend']],
      ['Pinewood Digital', ['Pinewood Tech', 'Trail & Summit']],
      ['harbour lights press', []],
      ['Liffey Press', ['Dublin Food Guide', 'The HARBOUR Letter']],
      ['Zed 100% Natural', ['Green_Shoots']],
      ['Zed 100 Natural', ['Green Shoots']],
    ]);
  });

  it('never lists another workspace’s profiles', async () => {
    const mine = await ws.api.get(`${BASE}?search=elsewhere`);
    const theirs = await other.api.get(BASE);

    expect(names(mine)).toEqual([]);
    expect(names(theirs)).toEqual(['Harbour of another workspace']);
    expectProfileRecord(theirs.body.data.publisher_profiles.data[0], other);
    expect(theirs.body.data.publisher_profiles.data[0].organization_code).toBe(other.organizationCode);
  });

  it('does not list deleted profiles, not even through the name of one of their titles', async () => {
    expect(names(await ws.api.get(`${BASE}?search=doomed`))).toEqual([]);
    expect(names(await ws.api.get(`${BASE}?search=gone`))).toEqual([]);
  });

  it('filters by search: case-insensitive, anywhere in the profile name', async () => {
    const response = await ws.api.get(`${BASE}?search=PRESS`);

    expect(response.status).toBe(200);
    expect(names(response)).toEqual(['harbour lights press', 'Liffey Press']);
    expect(response.body.data.publisher_profiles).toMatchObject({ from: 1, to: 2, next_page_url: null });
  });

  it('filters by search on the name of a title too, and then shows all the profile’s titles', async () => {
    const response = await ws.api.get(`${BASE}?search=summit`);

    expect(names(response)).toEqual(['Pinewood Digital']);
    expect(response.body.data.publisher_profiles.data[0]).toEqual(byName['Pinewood Digital']);
  });

  it('lists a profile once when its name and several of its titles match', async () => {
    const response = await ws.api.get(`${BASE}?search=harbour`);

    expect(names(response)).toEqual(['Harbour Street Media', 'harbour lights press', 'Liffey Press']);
    expect(response.body.data.publisher_profiles.to).toBe(3);
  });

  it('treats % and _ in search as literal characters', async () => {
    expect(names(await ws.api.get(`${BASE}?search=${encodeURIComponent('100%')}`))).toEqual(['Zed 100% Natural']);
    expect(names(await ws.api.get(`${BASE}?search=${encodeURIComponent('Green_')}`))).toEqual(['Zed 100% Natural']);
    expect(names(await ws.api.get(`${BASE}?search=${encodeURIComponent('Zed_')}`))).toEqual([]);
  });

  it('filters by country, in any case; profiles without a country never match', async () => {
    const upper = await ws.api.get(`${BASE}?country=IE`);
    const lower = await ws.api.get(`${BASE}?country=ie`);
    const us = await ws.api.get(`${BASE}?country=Us`);

    expect(upper.status).toBe(200);
    expect(names(upper)).toEqual(['harbour lights press', 'Liffey Press']);
    expect(lower.body).toEqual(upper.body);
    expect(names(us)).toEqual(['Pinewood Digital']);
    expect(names(await ws.api.get(`${BASE}?country=FR`))).toEqual([]);
  });

  it('stores and returns the country in upper case, whatever case it was given in', async () => {
    expect(byName['Pinewood Digital'].country).toBe('US');
    expect((await rowById(app, 'publisher_profiles', byName['Pinewood Digital'].id))?.country).toBe('US');
    expect(byName['Zed 100 Natural'].country).toBe('');
  });

  it('filters by status', async () => {
    const inactive = await ws.api.get(`${BASE}?status=inactive`);
    const active = await ws.api.get(`${BASE}?status=active`);

    expect(names(inactive)).toEqual(['Pinewood Digital', 'Liffey Press']);
    expect(names(active)).toEqual(['Harbour Street Media', 'harbour lights press', 'Zed 100% Natural', 'Zed 100 Natural']);
  });

  it('combines the filters', async () => {
    expect(names(await ws.api.get(`${BASE}?search=harbour&country=ie`))).toEqual(['harbour lights press', 'Liffey Press']);
    expect(names(await ws.api.get(`${BASE}?search=harbour&country=ie&status=inactive`))).toEqual(['Liffey Press']);
    expect(names(await ws.api.get(`${BASE}?search=pinewood&status=active`))).toEqual([]);
  });

  it('ignores filters sent empty', async () => {
    const response = await ws.api.get(`${BASE}?search=&country=&status=`);

    expect(response.status).toBe(200);
    expect(response.body.data.publisher_profiles.data).toEqual(records);
  });

  it('counts a repeated parameter once, with its last value', async () => {
    const response = await ws.api.get(`${BASE}?status=active&status=inactive`);

    expect(response.status).toBe(200);
    expect(names(response)).toEqual(['Pinewood Digital', 'Liffey Press']);
  });

  it('returns an empty page with from and to null when nothing matches', async () => {
    const response = await ws.api.get(`${BASE}?search=nothing-matches-this`);

    expect(response.status).toBe(200);
    expect(response.body.data.publisher_profiles).toEqual({ current_page: 1, data: [], from: null, next_page_url: null, per_page: 15, prev_page_url: null, to: null });
  });

  it('pages with page and per_page: absolute next/prev URLs keep the other query parameters and are null at the ends', async () => {
    const first = await ws.api.get(`${BASE}?status=active&per_page=3`);
    const firstPage = first.body.data.publisher_profiles;

    expect(first.status).toBe(200);
    expect(firstPage).toMatchObject({ current_page: 1, from: 1, to: 3, per_page: 3, prev_page_url: null });
    expect(firstPage.data.map((record: AnyBody) => record.name)).toEqual(['Harbour Street Media', 'harbour lights press', 'Zed 100% Natural']);
    const next = new URL(firstPage.next_page_url);
    expect(`${next.protocol}//${next.host}`).toBe(app.baseUrl);
    expect(next.pathname).toBe(BASE);
    expect(Object.fromEntries(next.searchParams)).toEqual({ status: 'active', per_page: '3', page: '2' });

    const second = await ws.api.get(`${next.pathname}${next.search}`);
    const secondPage = second.body.data.publisher_profiles;
    expect(secondPage).toMatchObject({ current_page: 2, from: 4, to: 4, per_page: 3, next_page_url: null });
    expect(secondPage.data).toEqual([byName['Zed 100 Natural']]);
    const prev = new URL(secondPage.prev_page_url);
    expect(prev.pathname).toBe(BASE);
    expect(Object.fromEntries(prev.searchParams)).toEqual({ status: 'active', per_page: '3', page: '1' });
  });

  it('returns an empty page past the last one, with a link back', async () => {
    const response = await ws.api.get(`${BASE}?page=5&per_page=2`);
    const page = response.body.data.publisher_profiles;

    expect(response.status).toBe(200);
    expect(page).toMatchObject({ current_page: 5, data: [], from: null, to: null, per_page: 2, next_page_url: null });
    expect(new URL(page.prev_page_url).searchParams.get('page')).toBe('4');
  });

  it('defaults per_page to 15 and accepts up to 100', async () => {
    const many = await app.workspace('Many publishers');
    for (let i = 1; i <= 16; i += 1) await createPublisherProfile(app, many, `Publisher ${String(i).padStart(2, '0')}`, []);

    const first = await many.api.get(BASE);
    const second = await many.api.get(`${BASE}?page=2`);
    const all = await many.api.get(`${BASE}?per_page=100`);

    expect(first.body.data.publisher_profiles).toMatchObject({ current_page: 1, per_page: 15, from: 1, to: 15 });
    expect(first.body.data.publisher_profiles.data).toHaveLength(15);
    expect(new URL(first.body.data.publisher_profiles.next_page_url).searchParams.get('page')).toBe('2');
    expect(second.body.data.publisher_profiles).toMatchObject({ current_page: 2, per_page: 15, from: 16, to: 16, next_page_url: null });
    expect(names(second)).toEqual(['Publisher 16']);
    expect(all.status).toBe(200);
    expect(all.body.data.publisher_profiles).toMatchObject({ per_page: 100, from: 1, to: 16, next_page_url: null });
  });

  it.each([
    ['per_page=0', 'per_page'],
    ['per_page=101', 'per_page'],
    ['per_page=abc', 'per_page'],
    ['per_page=-5', 'per_page'],
    ['per_page=1.5', 'per_page'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['page=-1', 'page'],
    ['status=archived', 'status'],
    ['status=ACTIVE', 'status'],
    ['status=1', 'status'],
    ['country=XX', 'country'],
    ['country=GBR', 'country'],
    ['country=G', 'country'],
    ['country=12', 'country'],
    ['country=United%20Kingdom', 'country'],
    [`search=${'x'.repeat(256)}`, 'search'],
    ['colour=red', 'colour'],
    ['name=Harbour', 'name'],
    ['organization_code=x', 'organization_code'],
  ])('refuses ?%s with 422 naming %s', async (query, field) => {
    const response = await ws.api.get(`${BASE}?${query}`);

    expectInvalid(response, field);
  });

  it('accepts a search of exactly 255 characters', async () => {
    const response = await ws.api.get(`${BASE}?search=${'x'.repeat(255)}`);

    expect(response.status).toBe(200);
    expect(response.body.data.publisher_profiles.data).toEqual([]);
  });

  it('says which rule was broken', async () => {
    const unknown = await ws.api.get(`${BASE}?colour=red`);
    const country = await ws.api.get(`${BASE}?country=XX`);
    const status = await ws.api.get(`${BASE}?status=archived`);
    const perPage = await ws.api.get(`${BASE}?per_page=101`);

    expect(unknown.body).toEqual({ success: false, message: INVALID, code: 'BAD_USER_INPUT', request_id: expect.any(String), errors: { colour: ['colour is not a query parameter of this list'] } });
    expect(country.body.errors).toEqual({ country: [expect.stringMatching(/^country .*ISO 3166-1 alpha-2/)] });
    expect(status.body.errors).toEqual({ status: [expect.stringMatching(/^status .*active.*inactive/)] });
    expect(perPage.body.errors).toEqual({ per_page: [expect.stringMatching(/^per_page .*100/)] });
  });

  it('reports every broken parameter in one answer', async () => {
    const response = await ws.api.get(`${BASE}?country=XX&status=archived&per_page=0`);

    expect(response.status).toBe(422);
    expect(response.body.message).toBe(INVALID);
    expect(Object.keys(response.body.errors).sort()).toEqual(['country', 'per_page', 'status']);
  });
});

// ---------------------------------------------------------------------------------------------
// GET /v2/publisher-profiles/{id}
// ---------------------------------------------------------------------------------------------

describe('GET /v2/publisher-profiles/{id}', () => {
  let ws: Workspace;
  let full: { profileId: number; titleIds: number[] };

  beforeAll(async () => {
    ws = await app.workspace('Publisher detail');
    full = await createFullProfile(ws, { ...HARBOUR_STREET, newsletterSubscribers: MAX_INT }, HARBOUR_STREET_TITLES);
  });

  it('returns the profile under data.publisher_profile, every field with its type and value, titles oldest first', async () => {
    const response = await ws.api.get(`${BASE}/${full.profileId}`);

    expectSuccess(response, { dataKeys: ['publisher_profile'] });
    const record = response.body.data.publisher_profile;
    expectProfileRecord(record, ws);
    const row = await rowById(app, 'publisher_profiles', full.profileId);
    const titles = await titleRows(full.profileId);
    expect(record).toEqual({
      id: full.profileId,
      organization_code: ws.organizationCode,
      ...HARBOUR_STREET_RECORD_TEXT,
      monthly_unique_visitors: 250_000,
      monthly_page_views: 1_100_000,
      social_followers: 42_000,
      newsletter_subscribers: MAX_INT,
      is_deleted: 0,
      titles: [
        {
          id: full.titleIds[0],
          publisher_profile_id: full.profileId,
          name: 'The Harbour Daily',
          url: 'https://daily.harbourstreet.example',
          monthly_unique_visitors: 80_000,
          created_at: (titles[0].created_at as Date).toISOString(),
          updated_at: (titles[0].updated_at as Date).toISOString(),
        },
        {
          id: full.titleIds[1],
          publisher_profile_id: full.profileId,
          name: 'Harbour Weekend',
          url: '',
          monthly_unique_visitors: 0,
          created_at: (titles[1].created_at as Date).toISOString(),
          updated_at: (titles[1].updated_at as Date).toISOString(),
        },
      ],
      deleted_at: null,
      created_at: (row?.created_at as Date).toISOString(),
      updated_at: (row?.updated_at as Date).toISOString(),
    });
  });

  it('gives the defaults to a profile created with a name only', async () => {
    const { profileId } = await createPublisherProfile(app, ws, 'Bare Publisher', []);

    const record = await read(ws, profileId);

    expectProfileRecord(record, ws);
    expect(record).toMatchObject({ name: 'Bare Publisher', ...BARE_PROFILE_RECORD_DEFAULTS });
  });

  it('is the record the list shows', async () => {
    const detail = await read(ws, full.profileId);
    const listed = (await ws.api.get(`${BASE}?search=${encodeURIComponent('Harbour Street')}`)).body.data.publisher_profiles.data;

    expect(listed).toEqual([detail]);
  });

  it('changes nothing', async () => {
    const before = await databaseState();

    await ws.api.get(`${BASE}/${full.profileId}`);

    expect(await databaseState()).toEqual(before);
  });

  it('answers 404 for a deleted profile', async () => {
    const doomed = await profile(ws, 'Doomed');
    await deleteProfile(ws, doomed.id);

    expectNotFound(await ws.api.get(`${BASE}/${doomed.id}`), NOT_FOUND);
  });
});

// ---------------------------------------------------------------------------------------------
// DELETE /v2/publisher-profiles/{id}
// ---------------------------------------------------------------------------------------------

describe('DELETE /v2/publisher-profiles/{id}', () => {
  let ws: Workspace;

  beforeAll(async () => {
    ws = await app.workspace('Publisher delete');
  });

  it('soft-deletes the profile and its titles: 200 with success and message only', async () => {
    const doomed = await profile(ws, 'Doomed Media', ['Doomed Daily', 'Doomed Weekly']);
    const bystander = await profile(ws, 'Bystander Media', ['Bystander Daily']);

    const response = await ws.api.delete(`${BASE}/${doomed.id}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: expect.any(String) });
    expect(response.body.message).not.toBe('');
    const row = await rowById(app, 'publisher_profiles', doomed.id);
    expect(row).toMatchObject({ id: doomed.id, name: 'Doomed Media', is_deleted: 1, deleted_at: expect.any(Date) });
    const titles = await titleRows(doomed.id);
    expect(titles.map((title) => title.name)).toEqual(['Doomed Daily', 'Doomed Weekly']);
    for (const title of titles) expect(title.deleted_at).toBeInstanceOf(Date);
    expect((await titleRows(bystander.id)).map((title) => title.deleted_at)).toEqual([null]);
    expect(await read(ws, bystander.id)).toEqual(bystander);
  });

  it('makes the profile unreadable, drops it from the list and makes a second delete a 404 that changes nothing', async () => {
    const doomed = await profile(ws, 'Twice Deleted', ['Twice Title']);
    await deleteProfile(ws, doomed.id);

    expectNotFound(await ws.api.get(`${BASE}/${doomed.id}`), NOT_FOUND);
    expect(names(await ws.api.get(`${BASE}?search=twice`))).toEqual([]);
    const before = await databaseState();
    const again = await ws.api.delete(`${BASE}/${doomed.id}`);

    expectNotFound(again, NOT_FOUND);
    expect(await databaseState()).toEqual(before);
  });

  it('writes one publisher_profile_deleted event: the record as deleted, with the titles it had', async () => {
    const doomed = await profile(ws, 'Evented Media', ['Evented Daily', 'Evented Weekly']);
    const before = await workspaceEvents(app, ws);

    await ws.api.delete(`${BASE}/${doomed.id}`, { 'x-request-id': 'req-delete-publisher-1' });

    const after = await workspaceEvents(app, ws);
    expect(after).toHaveLength(before.length + 1);
    const events = await resourceEvents(app, 'publisher_profile', doomed.id);
    expect(events.map((event) => event.event_type)).toEqual(['publisher_profile_created', 'publisher_profile_deleted']);
    const row = await rowById(app, 'publisher_profiles', doomed.id);
    expect(events[1]).toEqual({
      organisation_id: ws.organisationId,
      event_type: 'publisher_profile_deleted',
      resource_type: 'publisher_profile',
      resource_id: doomed.id,
      request_id: 'req-delete-publisher-1',
      payload: {
        publisher_profile: {
          ...doomed,
          is_deleted: 1,
          deleted_at: (row?.deleted_at as Date).toISOString(),
          updated_at: (row?.updated_at as Date).toISOString(),
        },
      },
    });
    expect(Object.keys(events[1].payload.publisher_profile)).toEqual(PUBLISHER_PROFILE_RECORD_KEYS);
  });

  it('leaves the contents and distributions that name its titles as they are; the titles can no longer be named', async () => {
    const { profileId, titleIds } = await createPublisherProfile(app, ws, 'Referenced Media', ['Referenced Daily', 'Referenced Weekly']);
    const campaignId = await createCampaign(ws, await createAccount(ws, 'Referencing account'));
    const [phaseId] = await createPhases(ws, campaignId, ['Phase']);
    const contentId = await createContent(ws, campaignId, phaseId, 'Referencing piece');
    const titled = await ws.api.put(`/v2/contents/${contentId}`, { publisher_title_id: titleIds[0] });
    expect(titled.status).toBe(200);
    const distribution = await ws.api.post('/v2/distributions', { content_id: contentId, distributions: [{ distribution_type_id: 1, publisher_title_id: titleIds[1] }] });
    expect(distribution.status).toBe(200);
    const distributionId = distribution.body.data.distributions[0].id;
    const contentRow = await rowById(app, 'contents', contentId);
    const distributionRow = await rowById(app, 'distributions', distributionId);

    await deleteProfile(ws, profileId);

    expect(await rowById(app, 'contents', contentId)).toEqual(contentRow);
    expect(await rowById(app, 'distributions', distributionId)).toEqual(distributionRow);
    expect((await ws.api.get(`/v2/contents/${contentId}`)).body.data.content).toMatchObject({ publisher_title_id: titleIds[0] });
    expect((await ws.api.get(`/v2/distributions/${distributionId}`)).body.data.distribution).toMatchObject({ publisher_title_id: titleIds[1] });
    // The piece can still be edited in its other fields…
    expect((await ws.api.put(`/v2/contents/${contentId}`, { content_name: 'Renamed piece' })).status).toBe(200);
    // …but a write that names a deleted title is refused.
    const refused = await ws.api.post('/v2/contents', { campaign_id: campaignId, phase_id: phaseId, content_name: 'New piece', publisher_title_id: titleIds[0] });
    expectInvalid(refused, 'publisher_title_id');
  });
});

// ---------------------------------------------------------------------------------------------
// Writes partners do not have
// ---------------------------------------------------------------------------------------------

describe('creating or changing a publisher profile', () => {
  it('has no route: POST and PUT answer 404 and create nothing', async () => {
    const ws = await app.workspace('Publisher writes');
    const existing = await profile(ws, 'Existing Media');
    const before = await databaseState();

    const post = await ws.api.post(BASE, { name: 'Partner-made Media' });
    const put = await ws.api.put(`${BASE}/${existing.id}`, { name: 'Renamed' });
    const postOne = await ws.api.post(`${BASE}/${existing.id}`, { name: 'Renamed' });

    expectNotFound(post, `No route for POST ${BASE}`);
    expectNotFound(put, `No route for PUT ${BASE}/${existing.id}`);
    expectNotFound(postOne, `No route for POST ${BASE}/${existing.id}`);
    expect(await databaseState()).toEqual(before);
    expect(await read(ws, existing.id)).toEqual(existing);
  });
});
