import { allRows, rowCounts } from '../support/database-state';
import { CALENDAR_DATE, INVALID, ISO_TIMESTAMP, MISSING_IDS, PAGINATION_KEYS, escapeRegExp, expectNotFoundBody, fieldLabel, withoutRequestId, notFoundBody, expectInvalidErrors } from '../support/expectations';
import * as fixtures from '../support/fixtures';
import { mediaAddedEvents, resourceEvents, type OutboxRow } from '../support/outbox';
import { type AnyBody, type ApiResponse, type Workspace } from '../support/test-app';
import { appForFile } from '../support/file-app';
import { deletePublisherProfile, titlesToName } from '../support/publisher-profiles';

/**
 * REST /v2 distributions (spec §2.9, §4.7, §6, §7) through real HTTP over a real PostgreSQL.
 * `/v2/distributions/{id}` is one path for two operations: contents and distributions draw their
 * ids from one sequence, so a content id lists its distributions and a distribution id shows it.
 * The 401s and 404s every operation shares (no key, unknown ids, another workspace's ids) are in
 * test/http/rest/route-contract.test.ts.
 */

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** `distributionWire` (src/distributions/distribution.record.ts), in order, spellings kept. */
const RECORD_KEYS = [
  'id',
  'content_id',
  'campaign_id',
  'distribution_type_id',
  'publisher_title_id',
  'status',
  'distiribution_class',
  'count_clicks_as',
  'distribution_live_date',
  'has_destination_link',
  'no_of_feedback_allowed',
  'content_tile',
  'distribution_label',
  'advertiser_review',
  'primary_link',
  'distribution_media_library',
  'deleted_at',
  'created_at',
  'updated_at',
];
const LINK_KEYS = ['id', 'link_type', 'link_label', 'original_link', 'hyperlink_text'];
const MEDIA_KEYS = ['id', 'is_body_media', 'media_label', 'file_url', 'media_notes'];
const INTEGERS = ['id', 'content_id', 'campaign_id', 'distribution_type_id', 'status', 'distiribution_class', 'count_clicks_as', 'no_of_feedback_allowed'];
const FLAGS = ['has_destination_link', 'advertiser_review'];
const STRINGS = ['content_tile', 'distribution_label'];

const DISTRIBUTION_NOT_FOUND = notFoundBody('Distribution not found');
const CONTENT_NOT_FOUND = notFoundBody('Content not found');

/** Every key and JSON type of a distribution record, its link and its media. */
function expectDistributionRecord(record: AnyBody): void {
  expect(Object.keys(record)).toEqual(RECORD_KEYS);
  for (const key of INTEGERS) expect([key, Number.isInteger(record[key])]).toEqual([key, true]);
  for (const key of FLAGS) expect([key, record[key] === 0 || record[key] === 1]).toEqual([key, true]);
  for (const key of STRINGS) expect([key, typeof record[key]]).toEqual([key, 'string']);
  expect(record.publisher_title_id === null || Number.isInteger(record.publisher_title_id)).toBe(true);
  if (record.distribution_live_date !== null) expect(record.distribution_live_date).toMatch(CALENDAR_DATE);
  expect(record.deleted_at === null || ISO_TIMESTAMP.test(record.deleted_at)).toBe(true);
  expect(record.created_at).toMatch(ISO_TIMESTAMP);
  expect(record.updated_at).toMatch(ISO_TIMESTAMP);

  const link = record.primary_link;
  if (link !== null) {
    expect(Object.keys(link)).toEqual(LINK_KEYS);
    expect(Number.isInteger(link.id)).toBe(true);
    expect(Number.isInteger(link.link_type)).toBe(true);
    for (const key of ['link_label', 'original_link', 'hyperlink_text']) expect([key, typeof link[key]]).toEqual([key, 'string']);
  }

  expect(Array.isArray(record.distribution_media_library)).toBe(true);
  const ids: number[] = [];
  for (const media of record.distribution_media_library) {
    expect(Object.keys(media)).toEqual(MEDIA_KEYS);
    expect(Number.isInteger(media.id)).toBe(true);
    expect(media.is_body_media === 0 || media.is_body_media === 1).toBe(true);
    for (const key of ['media_label', 'file_url', 'media_notes']) expect([key, typeof media[key]]).toEqual([key, 'string']);
    ids.push(media.id);
  }
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
}

/** A 422 naming exactly the given fields, each message starting with the field's label. */
function expectInvalid(response: ApiResponse<AnyBody>, ...fields: string[]): void {
  expect(response.status).toBe(422);
  expect(response.body).toEqual({ success: false, message: INVALID, code: 'BAD_USER_INPUT', request_id: expect.any(String), errors: expect.any(Object) });
  expect(Object.keys(response.body.errors).sort()).toEqual([...fields].sort());
  for (const field of fields) {
    const messages: unknown[] = response.body.errors[field];
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect([field, message]).toEqual([field, expect.stringMatching(new RegExp(`^${escapeRegExp(fieldLabel(field))} \\S`))]);
  }
}

/** A 422 for an array field sent as an object: that field alone is named (no nested errors of the object). */
function expectNotAnArray(response: ApiResponse<AnyBody>, field: string): void {
  expectInvalid(response, field);
  expect(response.body.errors[field]).toEqual(expect.arrayContaining([`${fieldLabel(field)} must be an array`]));
}

function expectDistributionNotFound(response: ApiResponse<AnyBody>): void {
  expectNotFoundBody(response, DISTRIBUTION_NOT_FOUND);
}

function expectContentNotFound(response: ApiResponse<AnyBody>): void {
  expectNotFoundBody(response, CONTENT_NOT_FOUND);
}

const { app, ws, other } = appForFile({ ws: 'Distribution REST tests', other: 'Another workspace' });
const accounts = new Map<Workspace, number>();

interface Placement {
  campaignId: number;
  phaseId: number;
  contentId: number;
}

/** A campaign of the workspace's one advertiser account (made by the first call). */
async function createCampaign(workspace: Workspace): Promise<number> {
  let account = accounts.get(workspace);
  if (account === undefined) {
    account = await fixtures.createAccount(workspace, 'Acme Brands');
    accounts.set(workspace, account);
  }
  return fixtures.createCampaign(workspace, String(account));
}

async function createPhase(workspace: Workspace, campaignId: number): Promise<number> {
  const created = await workspace.api.post('/v2/phases', { campaign_id: campaignId, phases: [{ phase_title: 'Launch' }] });
  expect(created.status).toBe(200);
  expect(created.body.data).toBeNull();
  const listed = await workspace.api.get(`/v2/phases?campaign_id=${campaignId}`);
  expect(listed.status).toBe(200);
  return listed.body.data.phases.data.at(-1).id as number;
}

function createContent(workspace: Workspace, campaignId: number, phaseId: number, name = 'A piece'): Promise<number> {
  return fixtures.createContent(workspace, campaignId, phaseId, name);
}

/** A campaign, a phase and a content piece of it. */
async function createPlacement(workspace = ws): Promise<Placement> {
  const campaignId = await createCampaign(workspace);
  const phaseId = await createPhase(workspace, campaignId);
  return { campaignId, phaseId, contentId: await createContent(workspace, campaignId, phaseId) };
}

let home: Placement;

/** A fresh content piece in the home campaign, so each test starts with no distributions. */
async function newContent(name = 'A piece'): Promise<number> {
  return createContent(ws, home.campaignId, home.phaseId, name);
}

function post(contentId: unknown, distributions: unknown, workspace = ws, headers?: Record<string, string>): Promise<ApiResponse<AnyBody>> {
  return workspace.api.post('/v2/distributions', { content_id: contentId, distributions }, headers);
}

function put(contentId: unknown, distributions: unknown, workspace = ws, headers?: Record<string, string>): Promise<ApiResponse<AnyBody>> {
  return workspace.api.put('/v2/distributions', { content_id: contentId, distributions }, headers);
}

/** Creates distributions through the API and returns their records. */
async function createDistributions(contentId: number | string, entries: Record<string, unknown>[], workspace = ws): Promise<AnyBody[]> {
  const response = await post(contentId, entries, workspace);
  expect(response.status).toBe(200);
  return response.body.data.distributions;
}

async function createDistribution(contentId: number, fields: Record<string, unknown> = {}, workspace = ws): Promise<AnyBody> {
  const [record] = await createDistributions(contentId, [{ distribution_type_id: 1, ...fields }], workspace);
  return record;
}

/** Updates through the API and expects success; returns the records. */
async function updateDistributions(contentId: number, entries: Record<string, unknown>[], workspace = ws): Promise<AnyBody[]> {
  const response = await put(contentId, entries, workspace);
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ success: true, message: expect.any(String), data: { distributions: expect.any(Array) } });
  return response.body.data.distributions;
}

async function show(id: number): Promise<AnyBody> {
  const response = await ws.api.get(`/v2/distributions/${id}`);
  expect(response.status).toBe(200);
  return response.body.data.distribution;
}

/** Every field of a distribution as a create request writes it, with a link and two media files. */
const fullEntry = (): Record<string, AnyBody> => ({
  distribution_type_id: 3,
  publisher_title_id: titleId,
  status: 2,
  distiribution_class: 4,
  count_clicks_as: 2,
  distribution_live_date: '2026-04-01',
  has_destination_link: 1,
  no_of_feedback_allowed: 3,
  content_tile: 'Spring tile',
  distribution_label: 'Homepage hero',
  advertiser_review: 1,
  primary_link: { link_type: 2, link_label: 'Shop', original_link: 'https://example.com/shop', hyperlink_text: 'Shop now' },
  distribution_media_library: [
    { is_body_media: 1, media_label: 'Hero', file_url: 'https://cdn.example.com/hero.jpg', media_notes: 'Crop 16:9' },
    { file_url: 'http://cdn.example.com/thumb.png' },
  ],
});

function distributionEvents(distributionId: number): Promise<OutboxRow[]> {
  return resourceEvents(app, 'distribution', distributionId);
}

function mediaEvents(distributionId: number): Promise<OutboxRow[]> {
  return mediaAddedEvents(app, distributionId);
}

/** Everything a refused request must leave alone: every distribution, link and media row, and the event count. */
async function databaseState(): Promise<AnyBody> {
  return {
    counts: await rowCounts(app, ['distributions', 'distribution_links', 'distribution_media', 'outbox_events', 'contents']),
    distributions: await allRows(app, 'distributions'),
    links: await allRows(app, 'distribution_links'),
    media: await allRows(app, 'distribution_media'),
  };
}

let foreign: Placement;
let foreignDistribution: AnyBody;

/** Publisher titles a distribution may name: live ones of the workspace, and ones it must not name. */
let titleId: number;
let secondTitleId: number;
let foreignTitleId: number;
let deletedProfileTitleId: number;

const TYPE_MESSAGE = 'distribution_type_id does not name an entry of the distribution-types library';
const LINK_TYPE_MESSAGE = 'link_type does not name an entry of the link-types library';
const TITLE_MESSAGE = 'publisher_title_id does not name a publisher title of this workspace';

beforeAll(async () => {
  home = await createPlacement(ws);
  foreign = await createPlacement(other);
  foreignDistribution = await createDistribution(foreign.contentId, { distribution_label: 'Theirs' }, other);
  ({ titleId, secondTitleId, foreignTitleId, deletedProfileTitleId } = await titlesToName(app, ws, other));
});

// ---------------------------------------------------------------------------------------------
// GET /v2/distributions/{id}
// ---------------------------------------------------------------------------------------------

describe('GET /v2/distributions/{id} (a content id lists, a distribution id shows)', () => {
  it('lists the distributions of a content piece of the workspace as data.distributions, paginated, by id', async () => {
    const contentId = await newContent();
    const created = await createDistributions(contentId, [{ distribution_type_id: 1 }, fullEntry(), { distribution_type_id: 2, distribution_label: 'Third' }]);
    // A sibling piece's distributions are not listed.
    await createDistribution(await newContent('Sibling'));

    const response = await ws.api.get(`/v2/distributions/${contentId}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: expect.any(String), data: { distributions: expect.any(Object) } });
    const page = response.body.data.distributions;
    expect(Object.keys(page).sort()).toEqual(PAGINATION_KEYS);
    expect(page).toEqual({ current_page: 1, data: created, from: 1, next_page_url: null, per_page: 15, prev_page_url: null, to: 3 });
    for (const record of page.data) expectDistributionRecord(record);
  });

  it('pages with page and per_page, with absolute links that keep per_page', async () => {
    const contentId = await newContent();
    const created = await createDistributions(contentId, [{ distribution_type_id: 1 }, { distribution_type_id: 2 }, { distribution_type_id: 3 }]);

    const first = (await ws.api.get(`/v2/distributions/${contentId}?per_page=2`)).body.data.distributions;
    expect(first).toMatchObject({ current_page: 1, data: created.slice(0, 2), from: 1, per_page: 2, prev_page_url: null, to: 2 });
    const next = new URL(first.next_page_url);
    expect(next.pathname).toBe(`/v2/distributions/${contentId}`);
    expect(Object.fromEntries(next.searchParams)).toEqual({ per_page: '2', page: '2' });

    const second = (await ws.api.get(`${next.pathname}${next.search}`)).body.data.distributions;
    expect(second).toMatchObject({ current_page: 2, data: created.slice(2), from: 3, per_page: 2, next_page_url: null, to: 3 });
    expect(Object.fromEntries(new URL(second.prev_page_url).searchParams)).toEqual({ per_page: '2', page: '1' });

    const beyond = (await ws.api.get(`/v2/distributions/${contentId}?page=3&per_page=2`)).body.data.distributions;
    expect(beyond).toMatchObject({ current_page: 3, data: [], from: null, to: null, next_page_url: null });
  });

  it('lists a content piece without distributions as an empty page', async () => {
    const contentId = await newContent();

    const response = await ws.api.get(`/v2/distributions/${contentId}`);

    expect(response.status).toBe(200);
    expect(response.body.data.distributions).toEqual({ current_page: 1, data: [], from: null, next_page_url: null, per_page: 15, prev_page_url: null, to: null });
  });

  it('leaves deleted distributions out of the list', async () => {
    const contentId = await newContent();
    const [kept, gone] = await createDistributions(contentId, [{ distribution_type_id: 1 }, { distribution_type_id: 2 }]);
    expect((await ws.api.delete(`/v2/distributions/${gone.id}`)).status).toBe(200);

    const page = (await ws.api.get(`/v2/distributions/${contentId}`)).body.data.distributions;
    expect(page.data.map((record: AnyBody) => record.id)).toEqual([kept.id]);
  });

  it('refuses bad paging parameters and unknown query parameters with 422 for a content id', async () => {
    const contentId = await newContent();
    expectInvalid(await ws.api.get(`/v2/distributions/${contentId}?per_page=101`), 'per_page');
    expectInvalid(await ws.api.get(`/v2/distributions/${contentId}?page=0`), 'page');
    expectInvalid(await ws.api.get(`/v2/distributions/${contentId}?search=x`), 'search');
    expectInvalid(await ws.api.get(`/v2/distributions/${contentId}?sort=name`), 'sort');
  });

  it('shows a distribution of the workspace as data.distribution, with its link and media', async () => {
    const contentId = await newContent();
    const [created] = await createDistributions(contentId, [fullEntry()]);

    const response = await ws.api.get(`/v2/distributions/${created.id}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: expect.any(String), data: { distribution: created } });
    expectDistributionRecord(response.body.data.distribution);
  });

  it('answers 404 with one body for unknown and malformed ids', async () => {
    for (const id of MISSING_IDS) {
      const response = await ws.api.get(`/v2/distributions/${id}`);
      expect([id, response.status, response.body]).toEqual([id, 404, DISTRIBUTION_NOT_FOUND]);
    }
  });

  it("answers 404 with the same body for another workspace's content id and distribution id", async () => {
    expectDistributionNotFound(await ws.api.get(`/v2/distributions/${foreign.contentId}`));
    expectDistributionNotFound(await ws.api.get(`/v2/distributions/${foreignDistribution.id}`));
    // They are there for their own workspace.
    expect((await other.api.get(`/v2/distributions/${foreign.contentId}`)).body.data.distributions.data).toEqual([foreignDistribution]);
    expect((await other.api.get(`/v2/distributions/${foreignDistribution.id}`)).body.data.distribution).toEqual(foreignDistribution);
  });

  it('answers 404 for a deleted distribution and for a deleted content piece', async () => {
    const contentId = await newContent();
    const distribution = await createDistribution(contentId);
    expect((await ws.api.delete(`/v2/distributions/${distribution.id}`)).status).toBe(200);
    expectDistributionNotFound(await ws.api.get(`/v2/distributions/${distribution.id}`));

    expect((await ws.api.delete(`/v2/contents/${contentId}`)).status).toBe(200);
    expectDistributionNotFound(await ws.api.get(`/v2/distributions/${contentId}`));
  });
});

// ---------------------------------------------------------------------------------------------
// POST /v2/distributions
// ---------------------------------------------------------------------------------------------

describe('POST /v2/distributions (bulk create)', () => {
  it('creates every field, link and media file, and returns the records in request order', async () => {
    const contentId = await newContent();
    const entry = fullEntry();

    const response = await post(contentId, [entry, { distribution_type_id: 9, distribution_label: 'Second' }]);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: expect.any(String), data: { distributions: expect.any(Array) } });
    const [first, second] = response.body.data.distributions;
    expect(response.body.data.distributions).toHaveLength(2);
    for (const record of response.body.data.distributions) expectDistributionRecord(record);
    expect(first.id).toBeLessThan(second.id);

    expect(first).toEqual({
      id: expect.any(Number),
      content_id: contentId,
      campaign_id: home.campaignId,
      ...entry,
      primary_link: { id: expect.any(Number), ...entry.primary_link },
      distribution_media_library: [
        { id: expect.any(Number), ...entry.distribution_media_library[0] },
        { id: expect.any(Number), is_body_media: 0, media_label: '', file_url: 'http://cdn.example.com/thumb.png', media_notes: '' },
      ],
      deleted_at: null,
      created_at: expect.stringMatching(ISO_TIMESTAMP),
      updated_at: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect(await show(first.id)).toEqual(first);
    expect(await show(second.id)).toEqual(second);
  });

  it('fills defaults: planned, zeros, empty strings, null date and title, no link, no media', async () => {
    const contentId = await newContent();

    const record = await createDistribution(contentId, { distribution_type_id: 5 });

    expectDistributionRecord(record);
    expect(record).toMatchObject({
      content_id: contentId,
      campaign_id: home.campaignId,
      distribution_type_id: 5,
      publisher_title_id: null,
      status: 1,
      distiribution_class: 0,
      count_clicks_as: 0,
      distribution_live_date: null,
      has_destination_link: 0,
      no_of_feedback_allowed: 0,
      content_tile: '',
      distribution_label: '',
      advertiser_review: 0,
      primary_link: null,
      distribution_media_library: [],
      deleted_at: null,
    });
  });

  it('gives ids from the sequence contents use: a new content id is never a distribution id', async () => {
    const contentId = await newContent();
    const [a, b] = await createDistributions(contentId, [{ distribution_type_id: 1 }, { distribution_type_id: 1 }]);
    const laterContent = await newContent();

    expect(new Set([contentId, a.id, b.id, laterContent]).size).toBe(4);
    expect(laterContent).toBeGreaterThan(b.id);
  });

  it('accepts content_id as a string of digits', async () => {
    const contentId = await newContent();
    const [record] = await createDistributions(String(contentId), [{ distribution_type_id: 1 }]);
    expect(record.content_id).toBe(contentId);
  });

  it("takes campaign_id from the content, and accepts it when given equal to the content's (integer or string)", async () => {
    const contentId = await newContent();

    const records = await createDistributions(contentId, [
      { distribution_type_id: 1 },
      { distribution_type_id: 1, campaign_id: home.campaignId },
      { distribution_type_id: 1, campaign_id: String(home.campaignId) },
    ]);

    expect(records.map((record) => record.campaign_id)).toEqual([home.campaignId, home.campaignId, home.campaignId]);
  });

  it('accepts the two initial statuses (1 planned, 2 scheduled)', async () => {
    const contentId = await newContent();
    const records = await createDistributions(contentId, [
      { distribution_type_id: 1, status: 1 },
      { distribution_type_id: 1, status: 2 },
    ]);
    expect(records.map((record) => record.status)).toEqual([1, 2]);
  });

  it('accepts 100 entries in one request', async () => {
    const contentId = await newContent();
    const entries = Array.from({ length: 100 }, (_, index) => ({ distribution_type_id: 1, distribution_label: `#${index}` }));

    const records = await createDistributions(contentId, entries);

    expect(records.map((record) => record.distribution_label)).toEqual(entries.map((entry) => entry.distribution_label));
  });

  it('writes distribution_created per distribution (payload.distribution = the record) and campaign_media_added for media', async () => {
    const contentId = await newContent();

    const response = await post(contentId, [fullEntry(), { distribution_type_id: 2 }], ws, { 'x-request-id': 'create-distributions-1' });
    expect(response.status).toBe(200);
    const [withMedia, without] = response.body.data.distributions;

    for (const record of [withMedia, without]) {
      expect(await distributionEvents(record.id)).toEqual([
        {
          organisation_id: ws.organisationId,
          event_type: 'distribution_created',
          resource_type: 'distribution',
          resource_id: record.id,
          payload: { distribution: record },
          request_id: 'create-distributions-1',
        },
      ]);
    }
    expect(await mediaEvents(withMedia.id)).toEqual([
      {
        organisation_id: ws.organisationId,
        event_type: 'campaign_media_added',
        resource_type: 'campaign',
        resource_id: home.campaignId,
        payload: { campaign_id: home.campaignId, content_id: contentId, distribution_id: withMedia.id, media: withMedia.distribution_media_library },
        request_id: 'create-distributions-1',
      },
    ]);
    expect(await mediaEvents(without.id)).toEqual([]);
  });

  describe('refuses with 422 and writes nothing', () => {
    const entry = (fields: Record<string, unknown>): Record<string, unknown> => ({ distribution_type_id: 1, ...fields });
    const cases: [string, () => unknown[], string[]][] = [
      ['distribution_type_id missing', () => [{ distribution_label: 'No type' }], ['distributions.0.distribution_type_id']],
      ['distribution_type_id null', () => [{ distribution_type_id: null }], ['distributions.0.distribution_type_id']],
      ['distribution_type_id 0', () => [entry({ distribution_type_id: 0 })], ['distributions.0.distribution_type_id']],
      ['an entry with an id', () => [entry({ id: 12345 })], ['distributions.0.id']],
      ['initial status 3 (live)', () => [entry({ status: 3 })], ['distributions.0.status']],
      ['initial status 4 (paused)', () => [entry({ status: 4 })], ['distributions.0.status']],
      ['initial status 5 (completed)', () => [entry({ status: 5 })], ['distributions.0.status']],
      ['initial status 6 (cancelled)', () => [entry({ status: 6 })], ['distributions.0.status']],
      ['status 9', () => [entry({ status: 9 })], ['distributions.0.status']],
      ['status as a string', () => [entry({ status: '1' })], ['distributions.0.status']],
      ['has_destination_link 2', () => [entry({ has_destination_link: 2 })], ['distributions.0.has_destination_link']],
      ['advertiser_review true', () => [entry({ advertiser_review: true })], ['distributions.0.advertiser_review']],
      ['distiribution_class negative', () => [entry({ distiribution_class: -1 })], ['distributions.0.distiribution_class']],
      ['count_clicks_as fractional', () => [entry({ count_clicks_as: 1.5 })], ['distributions.0.count_clicks_as']],
      ['content_tile too long', () => [entry({ content_tile: 'x'.repeat(256) })], ['distributions.0.content_tile']],
      ['distribution_label a number', () => [entry({ distribution_label: 5 })], ['distributions.0.distribution_label']],
      ['distribution_live_date 2026-02-30', () => [entry({ distribution_live_date: '2026-02-30' })], ['distributions.0.distribution_live_date']],
      ['publisher_title_id a string', () => [entry({ publisher_title_id: 'x' })], ['distributions.0.publisher_title_id']],
      ['campaign_id of another campaign', () => [entry({}), entry({ campaign_id: otherCampaignId })], ['distributions.1.campaign_id']],
      ['campaign_id malformed', () => [entry({ campaign_id: 'abc' })], ['distributions.0.campaign_id']],
      ['primary_link without link_type', () => [entry({ primary_link: { original_link: 'https://example.com' } })], ['distributions.0.primary_link.link_type']],
      ['primary_link without original_link', () => [entry({ primary_link: { link_type: 1 } })], ['distributions.0.primary_link.original_link']],
      ['primary_link empty', () => [entry({ primary_link: {} })], ['distributions.0.primary_link.link_type', 'distributions.0.primary_link.original_link']],
      ['original_link not a URL', () => [entry({ primary_link: { link_type: 1, original_link: 'example.com/x' } })], ['distributions.0.primary_link.original_link']],
      ['original_link ftp', () => [entry({ primary_link: { link_type: 1, original_link: 'ftp://example.com/x' } })], ['distributions.0.primary_link.original_link']],
      ['primary_link with an id (a new distribution has no link yet)', () => [entry({ primary_link: { id: 424242, link_type: 1, original_link: 'https://example.com' } })], ['distributions.0.primary_link.id']],
      ['primary_link a string', () => [entry({ primary_link: 'https://example.com' })], ['distributions.0.primary_link']],
      ['primary_link with an unknown field', () => [entry({ primary_link: { link_type: 1, original_link: 'https://example.com', foo: 1 } })], ['distributions.0.primary_link.foo']],
      ['media without file_url', () => [entry({ distribution_media_library: [{ file_url: 'https://example.com/a.png' }, { media_label: 'No file' }] })], ['distributions.0.distribution_media_library.1.file_url']],
      ['media file_url not a URL', () => [entry({ distribution_media_library: [{ file_url: 'not a url' }] })], ['distributions.0.distribution_media_library.0.file_url']],
      ['media file_url javascript:', () => [entry({ distribution_media_library: [{ file_url: 'javascript:alert(1)' }] })], ['distributions.0.distribution_media_library.0.file_url']],
      ['media with an id', () => [entry({ distribution_media_library: [{ id: 1, file_url: 'https://example.com/a.png' }] })], ['distributions.0.distribution_media_library.0.id']],
      ['media is_body_media 2', () => [entry({ distribution_media_library: [{ file_url: 'https://example.com/a.png', is_body_media: 2 }] })], ['distributions.0.distribution_media_library.0.is_body_media']],
      [
        'media with an unknown field',
        () => [entry({ distribution_media_library: [{ file_url: 'https://example.com/a.png' }, { file_url: 'https://example.com/b.png', bar: 'x' }] })],
        ['distributions.0.distribution_media_library.1.bar'],
      ],
      ['media entry not an object', () => [entry({ distribution_media_library: ['https://example.com/a.png'] })], ['distributions.0.distribution_media_library.0']],
      ['51 media files', () => [entry({ distribution_media_library: Array.from({ length: 51 }, () => ({ file_url: 'https://example.com/a.png' })) })], ['distributions.0.distribution_media_library']],
      ['an unknown field on an entry', () => [entry({}), entry({ colour: 'red' })], ['distributions.1.colour']],
      ['an entry that is not an object', () => [entry({}), 7], ['distributions.1']],
      ['a NUL character', () => [entry({ distribution_label: 'a\u0000b' })], ['distributions.0.distribution_label']],
      ['no entries', () => [], ['distributions']],
      ['101 entries', () => Array.from({ length: 101 }, () => entry({})), ['distributions']],
    ];
    let otherCampaignId: number;

    beforeAll(async () => {
      otherCampaignId = await createCampaign(ws);
    });

    it.each(cases)('%s', async (_name, entries, fields) => {
      const contentId = await newContent();
      const before = await databaseState();

      expectInvalid(await post(contentId, entries()), ...fields);
      expect(await databaseState()).toEqual(before);
    });

    it('several bad entries at once: every failing field is named', async () => {
      const contentId = await newContent();
      const before = await databaseState();

      const response = await post(contentId, [
        { distribution_type_id: 1, status: 5 },
        { distribution_type_id: 1 },
        { primary_link: { link_type: 1, original_link: 'nope' } },
      ]);

      expectInvalid(response, 'distributions.0.status', 'distributions.2.distribution_type_id', 'distributions.2.primary_link.original_link');
      expect(await databaseState()).toEqual(before);
    });

    it('all or nothing: valid entries are not written when one is refused', async () => {
      const contentId = await newContent();
      const before = await databaseState();

      const response = await post(contentId, [fullEntry(), fullEntry(), { ...fullEntry(), primary_link: { link_type: 1, original_link: 'https://ok.example.com', foo: 1 } }]);

      expectInvalid(response, 'distributions.2.primary_link.foo');
      expect(await databaseState()).toEqual(before);
      expect((await ws.api.get(`/v2/distributions/${contentId}`)).body.data.distributions.data).toEqual([]);
    });

    it.each([
      ['content_id missing', () => ({ distributions: [{ distribution_type_id: 1 }] }), ['content_id']],
      ['content_id malformed', () => ({ content_id: 'abc', distributions: [{ distribution_type_id: 1 }] }), ['content_id']],
      ['content_id 0', () => ({ content_id: 0, distributions: [{ distribution_type_id: 1 }] }), ['content_id']],
      ['distributions missing', () => ({ content_id: home.contentId }), ['distributions']],
      ['an unknown top-level field', () => ({ content_id: home.contentId, distributions: [{ distribution_type_id: 1 }], campaign_id: home.campaignId }), ['campaign_id']],
    ])('%s', async (_name, body, fields) => {
      const before = await databaseState();
      expectInvalid(await ws.api.post('/v2/distributions', body()), ...fields);
      expect(await databaseState()).toEqual(before);
    });

    it('distributions given as an object instead of an array', async () => {
      const before = await databaseState();
      expectNotAnArray(await ws.api.post('/v2/distributions', { content_id: home.contentId, distributions: { distribution_type_id: 1 } }), 'distributions');
      expect(await databaseState()).toEqual(before);
    });

    it('distribution_media_library given as an object instead of an array (was a 500)', async () => {
      const contentId = await newContent();
      const before = await databaseState();
      expectNotAnArray(await post(contentId, [{ distribution_type_id: 1, distribution_media_library: { file_url: 'https://example.com/a.png' } }]), 'distributions.0.distribution_media_library');
      expect(await databaseState()).toEqual(before);
    });

    it.each([
      ['an array', '[]'],
      ['a string', '"x"'],
      ['a number', '1'],
      ['null', 'null'],
    ])('body that is %s', async (_name, raw) => {
      const before = await databaseState();
      expectInvalid(await ws.api.post('/v2/distributions', raw), 'body');
      expect(await databaseState()).toEqual(before);
    });
  });

  describe('references: distribution_type_id and link_type name library entries, publisher_title_id a live title of this workspace', () => {
    it('accepts the first and last entries of the libraries and any live title of the workspace', async () => {
      const contentId = await newContent();

      const records = await createDistributions(contentId, [
        { distribution_type_id: 1, primary_link: { link_type: 1, original_link: 'https://example.com/1' }, publisher_title_id: titleId },
        { distribution_type_id: 10, primary_link: { link_type: 5, original_link: 'https://example.com/5' }, publisher_title_id: secondTitleId },
      ]);

      expect(records.map((record) => [record.distribution_type_id, record.primary_link.link_type, record.publisher_title_id])).toEqual([
        [1, 1, titleId],
        [10, 5, secondTitleId],
      ]);
    });

    const entry = (fields: Record<string, unknown>): Record<string, unknown> => ({ distribution_type_id: 1, ...fields });
    const cases: [string, () => unknown[], Record<string, string[]>][] = [
      ['distribution_type_id 11 (beyond the library)', () => [entry({ distribution_type_id: 11 })], { 'distributions.0.distribution_type_id': [TYPE_MESSAGE] }],
      ['distribution_type_id the largest integer', () => [entry({ distribution_type_id: 2_147_483_647 })], { 'distributions.0.distribution_type_id': [TYPE_MESSAGE] }],
      ['link_type 6 (beyond the library)', () => [entry({ primary_link: { link_type: 6, original_link: 'https://example.com' } })], { 'distributions.0.primary_link.link_type': [LINK_TYPE_MESSAGE] }],
      ['a publisher title id that names nothing', () => [entry({ publisher_title_id: 999999 })], { 'distributions.0.publisher_title_id': [TITLE_MESSAGE] }],
      ["another workspace's publisher title", () => [entry({ publisher_title_id: foreignTitleId })], { 'distributions.0.publisher_title_id': [TITLE_MESSAGE] }],
      ['a title of a deleted publisher profile', () => [entry({ publisher_title_id: deletedProfileTitleId })], { 'distributions.0.publisher_title_id': [TITLE_MESSAGE] }],
      [
        'bad references in several entries, each at its own index',
        () => [fullEntry(), entry({ distribution_type_id: 12 }), entry({ publisher_title_id: foreignTitleId, primary_link: { link_type: 9, original_link: 'https://example.com' } })],
        {
          'distributions.1.distribution_type_id': [TYPE_MESSAGE],
          'distributions.2.publisher_title_id': [TITLE_MESSAGE],
          'distributions.2.primary_link.link_type': [LINK_TYPE_MESSAGE],
        },
      ],
    ];

    it.each(cases)('refuses %s with 422 on the field, and writes nothing', async (_name, entries, errors) => {
      const contentId = await newContent();
      const before = await databaseState();

      expectInvalidErrors(await post(contentId, entries()), errors);
      expect(await databaseState()).toEqual(before);
    });

    it("gives another workspace's title the same refusal as a title that does not exist", async () => {
      const contentId = await newContent();

      const theirs = await post(contentId, [{ distribution_type_id: 1, publisher_title_id: foreignTitleId }]);
      const missing = await post(contentId, [{ distribution_type_id: 1, publisher_title_id: 999999 }]);

      expect(theirs.status).toBe(422);
      expect(withoutRequestId(theirs.body)).toEqual(withoutRequestId(missing.body));
    });

    it('reports bad references together with other broken rules of the body', async () => {
      const contentId = await newContent();
      const before = await databaseState();

      const response = await post(contentId, [{ distribution_type_id: 11, publisher_title_id: deletedProfileTitleId, campaign_id: foreign.campaignId }]);

      expect(response.status).toBe(422);
      expect(Object.keys(response.body.errors).sort()).toEqual(['distributions.0.campaign_id', 'distributions.0.distribution_type_id', 'distributions.0.publisher_title_id']);
      expect(await databaseState()).toEqual(before);
    });
  });

  it("answers 404 for an unknown, deleted or another workspace's content, or a distribution id as content_id, writing nothing", async () => {
    const deleted = await newContent();
    expect((await ws.api.delete(`/v2/contents/${deleted}`)).status).toBe(200);
    const distribution = await createDistribution(await newContent());
    const before = await databaseState();

    const unknown = await post(999999, [{ distribution_type_id: 1 }]);
    expectContentNotFound(unknown);
    for (const contentId of [foreign.contentId, deleted, distribution.id]) {
      const response = await post(contentId, [{ distribution_type_id: 1 }]);
      expect([contentId, response.status, withoutRequestId(response.body)]).toEqual([contentId, 404, withoutRequestId(unknown.body)]);
    }
    expect(await databaseState()).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------
// PUT /v2/distributions
// ---------------------------------------------------------------------------------------------

describe('PUT /v2/distributions (bulk update, spec §4.7)', () => {
  it('changes only the fields given; the rest, the link and the media stay', async () => {
    const contentId = await newContent();
    const [created] = await createDistributions(contentId, [fullEntry()]);

    const [updated] = await updateDistributions(contentId, [{ id: created.id, distribution_label: 'Renamed', distiribution_class: 7, content_tile: 'New tile', distribution_live_date: null }]);

    expectDistributionRecord(updated);
    expect(updated).toEqual({
      ...created,
      distribution_label: 'Renamed',
      distiribution_class: 7,
      content_tile: 'New tile',
      distribution_live_date: null,
      updated_at: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect(await show(created.id)).toEqual(updated);
  });

  it('updates entries with an id and creates entries without, answering in request order', async () => {
    const contentId = await newContent();
    const [a, b] = await createDistributions(contentId, [{ distribution_type_id: 1, distribution_label: 'A' }, { distribution_type_id: 1, distribution_label: 'B' }]);

    const records = await updateDistributions(contentId, [
      { id: b.id, distribution_label: 'B2' },
      { distribution_type_id: 4, distribution_label: 'New', status: 2, primary_link: { link_type: 1, original_link: 'https://example.com/new' } },
      { id: a.id, distribution_label: 'A2' },
    ]);

    expect(records.map((record) => record.distribution_label)).toEqual(['B2', 'New', 'A2']);
    expect(records[0].id).toBe(b.id);
    expect(records[2].id).toBe(a.id);
    const created = records[1];
    expect(created.id).toBeGreaterThan(b.id);
    expect(created).toMatchObject({ content_id: contentId, campaign_id: home.campaignId, distribution_type_id: 4, status: 2 });
    expect(created.primary_link).toEqual({ id: expect.any(Number), link_type: 1, link_label: '', original_link: 'https://example.com/new', hyperlink_text: '' });
    expect((await distributionEvents(created.id)).map((event) => event.event_type)).toEqual(['distribution_created']);
    const listed = (await ws.api.get(`/v2/distributions/${contentId}`)).body.data.distributions.data;
    expect(listed.map((record: AnyBody) => record.id)).toEqual([a.id, b.id, created.id]);
  });

  it('keeps the distributions the request leaves out', async () => {
    const contentId = await newContent();
    const [a, b] = await createDistributions(contentId, [fullEntry(), fullEntry()]);

    await updateDistributions(contentId, [{ id: a.id, distribution_label: 'Only A' }]);

    expect(await show(b.id)).toEqual(b);
    expect((await ws.api.get(`/v2/distributions/${contentId}`)).body.data.distributions.data).toHaveLength(2);
  });

  describe('references: distribution_type_id, primary_link.link_type and publisher_title_id', () => {
    it('changes the type, the link type and the title to other known ones', async () => {
      const contentId = await newContent();
      const [created] = await createDistributions(contentId, [fullEntry()]);

      const [updated] = await updateDistributions(contentId, [{ id: created.id, distribution_type_id: 10, publisher_title_id: secondTitleId, primary_link: { link_type: 5 } }]);

      expect(updated).toEqual({
        ...created,
        distribution_type_id: 10,
        publisher_title_id: secondTitleId,
        primary_link: { ...created.primary_link, link_type: 5 },
        updated_at: expect.stringMatching(ISO_TIMESTAMP),
      });
      expect(await show(created.id)).toEqual(updated);
    });

    const cases: [string, (created: AnyBody) => unknown[], Record<string, string[]>][] = [
      ['the type to one beyond the library', (created) => [{ id: created.id, distribution_type_id: 11 }], { 'distributions.0.distribution_type_id': [TYPE_MESSAGE] }],
      ['the link type of the existing link to one beyond the library', (created) => [{ id: created.id, primary_link: { link_type: 6 } }], { 'distributions.0.primary_link.link_type': [LINK_TYPE_MESSAGE] }],
      ['the title to one that names nothing', (created) => [{ id: created.id, publisher_title_id: 999999 }], { 'distributions.0.publisher_title_id': [TITLE_MESSAGE] }],
      ["the title to another workspace's", (created) => [{ id: created.id, publisher_title_id: foreignTitleId }], { 'distributions.0.publisher_title_id': [TITLE_MESSAGE] }],
      ['the title to one of a deleted publisher profile', (created) => [{ id: created.id, publisher_title_id: deletedProfileTitleId }], { 'distributions.0.publisher_title_id': [TITLE_MESSAGE] }],
      [
        'a good update and a new entry with bad references',
        (created) => [{ id: created.id, distribution_label: 'Fine' }, { distribution_type_id: 99, publisher_title_id: foreignTitleId, primary_link: { link_type: 7, original_link: 'https://example.com' } }],
        {
          'distributions.1.distribution_type_id': [TYPE_MESSAGE],
          'distributions.1.publisher_title_id': [TITLE_MESSAGE],
          'distributions.1.primary_link.link_type': [LINK_TYPE_MESSAGE],
        },
      ],
    ];

    it.each(cases)('refuses changing %s with 422 on the field, and changes nothing', async (_name, entries, errors) => {
      const contentId = await newContent();
      const [created] = await createDistributions(contentId, [fullEntry()]);
      const before = await databaseState();

      expectInvalidErrors(await put(contentId, entries(created)), errors);
      expect(await databaseState()).toEqual(before);
      expect(await show(created.id)).toEqual(created);
    });

    it('refuses a new link with a link type beyond the library on a distribution without one', async () => {
      const contentId = await newContent();
      const created = await createDistribution(contentId);
      const before = await databaseState();

      expectInvalidErrors(await put(contentId, [{ id: created.id, primary_link: { link_type: 6, original_link: 'https://example.com' } }]), {
        'distributions.0.primary_link.link_type': [LINK_TYPE_MESSAGE],
      });
      expect(await databaseState()).toEqual(before);
    });

    it('does not re-judge a title deleted since it was set, nor type ids stored before the checks: other fields still change', async () => {
      const contentId = await newContent();
      const closing = await fixtures.createPublisherProfile(app, ws, 'Closing down', ['Closing title']);
      const [created] = await createDistributions(contentId, [{ ...fullEntry(), publisher_title_id: closing.titleIds[0] }]);
      await deletePublisherProfile(ws, closing.profileId);
      // Library ids the libraries do not hold, as rows written before the checks may carry.
      await app.dataSource.query('UPDATE distributions SET distribution_type_id = 77 WHERE id = $1', [created.id]);
      await app.dataSource.query('UPDATE distribution_links SET link_type = 88 WHERE distribution_id = $1', [created.id]);
      const stale = await show(created.id);
      expect(stale).toMatchObject({ distribution_type_id: 77, publisher_title_id: closing.titleIds[0], primary_link: { link_type: 88 } });

      const [renamed] = await updateDistributions(contentId, [{ id: created.id, distribution_label: 'Renamed' }]);
      const [echoed] = await updateDistributions(contentId, [{ ...stale, content_tile: 'Echoed' }]);

      expect(renamed).toEqual({ ...stale, distribution_label: 'Renamed', updated_at: expect.stringMatching(ISO_TIMESTAMP) });
      expect(echoed).toMatchObject({ content_tile: 'Echoed', distribution_type_id: 77, publisher_title_id: closing.titleIds[0], primary_link: { link_type: 88 } });
      // A change of any of them is judged.
      expectInvalidErrors(await put(contentId, [{ id: created.id, publisher_title_id: deletedProfileTitleId, distribution_type_id: 78, primary_link: { link_type: 89 } }]), {
        'distributions.0.distribution_type_id': [TYPE_MESSAGE],
        'distributions.0.publisher_title_id': [TITLE_MESSAGE],
        'distributions.0.primary_link.link_type': [LINK_TYPE_MESSAGE],
      });
    });
  });

  describe('primary_link', () => {
    it('creates a link for a distribution without one', async () => {
      const contentId = await newContent();
      const created = await createDistribution(contentId);

      const [updated] = await updateDistributions(contentId, [{ id: created.id, primary_link: { link_type: 3, original_link: 'https://example.com/a', link_label: 'L' } }]);

      expect(updated.primary_link).toEqual({ id: expect.any(Number), link_type: 3, link_label: 'L', original_link: 'https://example.com/a', hyperlink_text: '' });
    });

    it.each([
      ['without link_type', { original_link: 'https://example.com/a' }, ['distributions.0.primary_link.link_type']],
      ['without original_link', { link_type: 1 }, ['distributions.0.primary_link.original_link']],
      ['with an id (there is no link yet)', { id: 1, link_type: 1, original_link: 'https://example.com/a' }, ['distributions.0.primary_link.id']],
    ])('refuses a new link %s', async (_name, link, fields) => {
      const contentId = await newContent();
      const created = await createDistribution(contentId);
      const before = await databaseState();

      expectInvalid(await put(contentId, [{ id: created.id, primary_link: link }]), ...fields);
      expect(await databaseState()).toEqual(before);
    });

    it('updates the existing link partially, with or without its id', async () => {
      const contentId = await newContent();
      const [created] = await createDistributions(contentId, [fullEntry()]);
      const linkId = created.primary_link.id;

      const [withoutId] = await updateDistributions(contentId, [{ id: created.id, primary_link: { link_label: 'Relabelled' } }]);
      expect(withoutId.primary_link).toEqual({ ...created.primary_link, link_label: 'Relabelled' });

      const [withId] = await updateDistributions(contentId, [{ id: created.id, primary_link: { id: linkId, original_link: 'https://example.com/moved' } }]);
      expect(withId.primary_link).toEqual({ ...created.primary_link, link_label: 'Relabelled', original_link: 'https://example.com/moved' });
      expect(withId.distribution_media_library).toEqual(created.distribution_media_library);
    });

    it("refuses a link id that is not this distribution's link", async () => {
      const contentId = await newContent();
      const [mine, theirs] = await createDistributions(contentId, [fullEntry(), fullEntry()]);
      const before = await databaseState();

      expectInvalid(await put(contentId, [{ id: mine.id, primary_link: { id: theirs.primary_link.id, link_label: 'Stolen' } }]), 'distributions.0.primary_link.id');
      expectInvalid(await put(contentId, [{ id: mine.id, primary_link: { id: 'abc', link_label: 'x' } }]), 'distributions.0.primary_link.id');
      expect(await databaseState()).toEqual(before);
    });

    it.each([
      ['original_link not a URL', { original_link: 'nope' }, 'distributions.0.primary_link.original_link'],
      ['original_link null', { original_link: null }, 'distributions.0.primary_link.original_link'],
      ['link_type 0', { link_type: 0 }, 'distributions.0.primary_link.link_type'],
      ['an unknown field', { colour: 'red' }, 'distributions.0.primary_link.colour'],
    ])('refuses an update of the link with %s', async (_name, link, field) => {
      const contentId = await newContent();
      const [created] = await createDistributions(contentId, [fullEntry()]);
      const before = await databaseState();

      expectInvalid(await put(contentId, [{ id: created.id, primary_link: link }]), field);
      expect(await databaseState()).toEqual(before);
    });

    it('concurrent requests adding a link to the same distribution all succeed: one creates it, the others update it (was a 500)', async () => {
      const contentId = await newContent();
      for (let round = 0; round < 3; round += 1) {
        const created = await createDistribution(contentId);
        const urls = Array.from({ length: 5 }, (_, index) => `https://example.com/race/${round}/${index}`);

        const responses = await Promise.all(urls.map((url) => put(contentId, [{ id: created.id, primary_link: { link_type: 1, original_link: url } }])));

        expect(responses.map((response) => response.status)).toEqual(urls.map(() => 200));
        const links: { original_link: string }[] = await app.dataSource.query('SELECT original_link FROM distribution_links WHERE distribution_id = $1', [created.id]);
        expect(links).toHaveLength(1);
        expect(urls).toContain(links[0].original_link);
        expect((await show(created.id)).primary_link.original_link).toBe(links[0].original_link);
      }
    });

    it('removes the link with primary_link: null, and a later request can add a new one', async () => {
      const contentId = await newContent();
      const [created] = await createDistributions(contentId, [fullEntry()]);

      const [removed] = await updateDistributions(contentId, [{ id: created.id, primary_link: null }]);
      expect(removed.primary_link).toBeNull();
      expect(removed.distribution_media_library).toEqual(created.distribution_media_library);
      expect((await show(created.id)).primary_link).toBeNull();
      expect((await distributionEvents(created.id)).at(-1)?.payload.changed_fields).toEqual(['primary_link']);

      // Removing again is a no-op.
      const eventsBefore = (await distributionEvents(created.id)).length;
      expect((await updateDistributions(contentId, [{ id: created.id, primary_link: null }]))[0]).toEqual(removed);
      expect(await distributionEvents(created.id)).toHaveLength(eventsBefore);

      const [readded] = await updateDistributions(contentId, [{ id: created.id, primary_link: { link_type: 5, original_link: 'https://example.com/again' } }]);
      expect(readded.primary_link).toEqual({ id: expect.any(Number), link_type: 5, link_label: '', original_link: 'https://example.com/again', hyperlink_text: '' });
      expect(readded.primary_link.id).not.toBe(created.primary_link.id);
      expect(await show(created.id)).toEqual(readded);
    });
  });

  describe('distribution_media_library', () => {
    it('updates entries with an id, adds entries without, and keeps the files left out', async () => {
      const contentId = await newContent();
      const [created] = await createDistributions(contentId, [fullEntry()]);
      const [hero, thumb] = created.distribution_media_library;

      const [updated] = await updateDistributions(contentId, [
        {
          id: created.id,
          distribution_media_library: [
            { id: thumb.id, media_label: 'Thumbnail', is_body_media: 1 },
            { file_url: 'https://cdn.example.com/extra.gif', media_notes: 'Animated' },
          ],
        },
      ]);

      expect(updated.distribution_media_library).toEqual([
        hero,
        { ...thumb, media_label: 'Thumbnail', is_body_media: 1 },
        { id: expect.any(Number), is_body_media: 0, media_label: '', file_url: 'https://cdn.example.com/extra.gif', media_notes: 'Animated' },
      ]);
      expect(updated.primary_link).toEqual(created.primary_link);
      expectDistributionRecord(updated);
    });

    it('writes campaign_media_added for the added files only', async () => {
      const contentId = await newContent();
      const [created] = await createDistributions(contentId, [fullEntry()]);
      const [hero] = created.distribution_media_library;

      const response = await put(contentId, [{ id: created.id, distribution_media_library: [{ id: hero.id, media_notes: 'Edited' }, { file_url: 'https://cdn.example.com/new.jpg' }] }], ws, {
        'x-request-id': 'media-added-1',
      });
      expect(response.status).toBe(200);
      const [updated] = response.body.data.distributions;
      const added = updated.distribution_media_library.at(-1);

      const events = await mediaEvents(created.id);
      expect(events).toHaveLength(2);
      expect(events[1]).toEqual({
        organisation_id: ws.organisationId,
        event_type: 'campaign_media_added',
        resource_type: 'campaign',
        resource_id: home.campaignId,
        payload: { campaign_id: home.campaignId, content_id: contentId, distribution_id: created.id, media: [added] },
        request_id: 'media-added-1',
      });

      // Editing without adding writes no campaign_media_added.
      await updateDistributions(contentId, [{ id: created.id, distribution_media_library: [{ id: hero.id, media_notes: 'Edited again' }] }]);
      expect(await mediaEvents(created.id)).toHaveLength(2);
    });

    it('adds media to a distribution created without any', async () => {
      const contentId = await newContent();
      const created = await createDistribution(contentId);
      expect(await mediaEvents(created.id)).toEqual([]);

      const [updated] = await updateDistributions(contentId, [{ id: created.id, distribution_media_library: [{ file_url: 'https://cdn.example.com/first.jpg' }] }]);

      expect(updated.distribution_media_library).toEqual([{ id: expect.any(Number), is_body_media: 0, media_label: '', file_url: 'https://cdn.example.com/first.jpg', media_notes: '' }]);
      expect((await mediaEvents(created.id)).map((event) => event.payload.media)).toEqual([updated.distribution_media_library]);
    });

    it('refuses distribution_media_library given as an object instead of an array (was a 500)', async () => {
      const contentId = await newContent();
      const created = await createDistribution(contentId);
      const before = await databaseState();

      expectNotAnArray(await put(contentId, [{ id: created.id, distribution_media_library: { file_url: 'https://example.com/a.png' } }]), 'distributions.0.distribution_media_library');
      expect(await databaseState()).toEqual(before);
    });

    it.each([
      ["another distribution's media id", 'theirs', ['distributions.0.distribution_media_library.0.id']],
      ['an unknown media id', 999999, ['distributions.0.distribution_media_library.0.id']],
      ['a malformed media id', 'abc', ['distributions.0.distribution_media_library.0.id']],
    ])('refuses %s', async (_name, mediaId, fields) => {
      const contentId = await newContent();
      const [mine, theirs] = await createDistributions(contentId, [fullEntry(), fullEntry()]);
      const before = await databaseState();

      const id = mediaId === 'theirs' ? theirs.distribution_media_library[0].id : mediaId;
      expectInvalid(await put(contentId, [{ id: mine.id, distribution_media_library: [{ id, media_label: 'Stolen' }] }]), ...fields);
      expect(await databaseState()).toEqual(before);
    });

    it.each([
      ['a new file without file_url', [{ media_label: 'x' }], 'distributions.0.distribution_media_library.0.file_url'],
      ['a file_url that is not http(s)', [{ file_url: 'file:///etc/passwd' }], 'distributions.0.distribution_media_library.0.file_url'],
      ['is_body_media 3', [{ file_url: 'https://example.com/a.png', is_body_media: 3 }], 'distributions.0.distribution_media_library.0.is_body_media'],
      ['an unknown field', [{ file_url: 'https://example.com/a.png' }, { file_url: 'https://example.com/b.png', bar: 1 }], 'distributions.0.distribution_media_library.1.bar'],
    ])('refuses %s', async (_name, media, field) => {
      const contentId = await newContent();
      const created = await createDistribution(contentId);
      const before = await databaseState();

      expectInvalid(await put(contentId, [{ id: created.id, distribution_media_library: media }]), field);
      expect(await databaseState()).toEqual(before);
    });
  });

  describe('events', () => {
    it('writes distribution_updated with the record and changed_fields in v2 names', async () => {
      const contentId = await newContent();
      const [created] = await createDistributions(contentId, [fullEntry()]);

      const response = await put(
        contentId,
        [
          {
            id: created.id,
            distribution_label: 'Changed',
            distiribution_class: 9,
            content_tile: 'Changed tile',
            count_clicks_as: created.count_clicks_as,
            primary_link: { hyperlink_text: 'Click' },
            distribution_media_library: [{ file_url: 'https://cdn.example.com/z.png' }],
          },
        ],
        ws,
        { 'x-request-id': 'update-distributions-1' },
      );
      expect(response.status).toBe(200);
      const [updated] = response.body.data.distributions;

      const events = await distributionEvents(created.id);
      expect(events.map((event) => event.event_type)).toEqual(['distribution_created', 'distribution_updated']);
      expect(events[1]).toMatchObject({ organisation_id: ws.organisationId, resource_type: 'distribution', resource_id: created.id, request_id: 'update-distributions-1' });
      expect(Object.keys(events[1].payload).sort()).toEqual(['changed_fields', 'distribution']);
      expect(events[1].payload.distribution).toEqual(updated);
      expect([...events[1].payload.changed_fields].sort()).toEqual(['content_tile', 'distiribution_class', 'distribution_label', 'distribution_media_library', 'primary_link']);
    });

    it('names status alone when only the status moves', async () => {
      const contentId = await newContent();
      const created = await createDistribution(contentId);

      await updateDistributions(contentId, [{ id: created.id, status: 3 }]);

      expect((await distributionEvents(created.id)).at(-1)?.payload.changed_fields).toEqual(['status']);
    });

    it('is a no-op that writes nothing when nothing changes, including its own record echoed back', async () => {
      const contentId = await newContent();
      const [created] = await createDistributions(contentId, [fullEntry()]);
      const [hero] = created.distribution_media_library;
      const before = await databaseState();

      const cases: Record<string, unknown>[] = [
        { id: created.id },
        { id: created.id, distribution_label: created.distribution_label, status: created.status, campaign_id: home.campaignId },
        { id: created.id, primary_link: { link_label: created.primary_link.link_label } },
        { id: created.id, distribution_media_library: [{ id: hero.id, media_label: hero.media_label }] },
        { ...created },
      ];
      for (const entry of cases) {
        const [same] = await updateDistributions(contentId, [entry]);
        expect(same).toEqual(created);
      }
      expect(await databaseState()).toEqual(before);
    });
  });

  describe('status transitions', () => {
    const NAMES: Record<number, string> = { 1: 'planned', 2: 'scheduled', 3: 'live', 4: 'paused', 5: 'completed', 6: 'cancelled' };
    const ALLOWED: Record<number, number[]> = { 1: [2, 3, 6], 2: [1, 3, 6], 3: [4, 5], 4: [3, 5, 6], 5: [], 6: [] };
    /** How to reach each status from creation. */
    const ROUTE: Record<number, number[]> = { 1: [1], 2: [2], 3: [1, 3], 4: [1, 3, 4], 5: [1, 3, 5], 6: [1, 6] };
    const STATUSES = [1, 2, 3, 4, 5, 6];

    async function distributionWithStatus(contentId: number, status: number): Promise<AnyBody> {
      const [initial, ...moves] = ROUTE[status];
      let record = await createDistribution(contentId, { status: initial });
      for (const move of moves) [record] = await updateDistributions(contentId, [{ id: record.id, status: move }]);
      expect(record.status).toBe(status);
      return record;
    }

    const cases = STATUSES.flatMap((from) => STATUSES.map((to): [string, string, number, number] => [NAMES[from], NAMES[to], from, to]));

    it.each(cases)('%s → %s', async (_fromName, _toName, from, to) => {
      const contentId = await newContent();
      const distribution = await distributionWithStatus(contentId, from);
      const before = await databaseState();

      const response = await put(contentId, [{ id: distribution.id, status: to }]);

      if (from === to) {
        expect(response.status).toBe(200);
        expect(response.body.data.distributions).toEqual([distribution]);
        expect(await databaseState()).toEqual(before);
      } else if (ALLOWED[from].includes(to)) {
        expect(response.status).toBe(200);
        expect(response.body.data.distributions[0]).toEqual({ ...distribution, status: to, updated_at: expect.stringMatching(ISO_TIMESTAMP) });
        expect((await distributionEvents(distribution.id)).at(-1)?.payload.changed_fields).toEqual(['status']);
      } else {
        expectInvalid(response, 'distributions.0.status');
        expect(await databaseState()).toEqual(before);
      }
    });

    it('refuses status 0 and 7 with 422', async () => {
      const contentId = await newContent();
      const distribution = await createDistribution(contentId);
      const before = await databaseState();
      expectInvalid(await put(contentId, [{ id: distribution.id, status: 0 }]), 'distributions.0.status');
      expectInvalid(await put(contentId, [{ id: distribution.id, status: 7 }]), 'distributions.0.status');
      expect(await databaseState()).toEqual(before);
    });

    it('a new entry in a bulk update may only start planned or scheduled', async () => {
      const contentId = await newContent();
      const before = await databaseState();
      expectInvalid(await put(contentId, [{ distribution_type_id: 1, status: 3 }]), 'distributions.0.status');
      expect(await databaseState()).toEqual(before);
    });
  });

  describe('refuses with 422 and changes nothing', () => {
    let contentId: number;
    let mine: AnyBody;
    let sibling: AnyBody;
    let deleted: AnyBody;

    beforeAll(async () => {
      contentId = await newContent();
      [mine] = await createDistributions(contentId, [fullEntry()]);
      sibling = await createDistribution(await newContent('Sibling'));
      deleted = await createDistribution(contentId);
      expect((await ws.api.delete(`/v2/distributions/${deleted.id}`)).status).toBe(200);
    });

    const cases: [string, () => unknown[], string[]][] = [
      ["another content's distribution id", () => [{ id: sibling.id, distribution_label: 'x' }], ['distributions.0.id']],
      ["another workspace's distribution id", () => [{ id: foreignDistribution.id, distribution_label: 'x' }], ['distributions.0.id']],
      ['an unknown distribution id', () => [{ id: 999999, distribution_label: 'x' }], ['distributions.0.id']],
      ['a deleted distribution id', () => [{ id: deleted.id, distribution_label: 'x' }], ['distributions.0.id']],
      ['a malformed distribution id', () => [{ id: 'abc', distribution_label: 'x' }], ['distributions.0.id']],
      ['the content id as a distribution id', () => [{ id: contentId, distribution_label: 'x' }], ['distributions.0.id']],
      ['the same id twice', () => [{ id: mine.id, distribution_label: 'x' }, { id: mine.id, distribution_label: 'y' }], ['distributions']],
      ['the same id twice, once as a string', () => [{ id: mine.id }, { id: String(mine.id) }], ['distributions']],
      ['a good entry and a bad one', () => [{ id: mine.id, distribution_label: 'Would change' }, { id: 999999 }], ['distributions.1.id']],
      ['a good update and a bad new entry', () => [{ id: mine.id, distribution_label: 'Would change' }, { distribution_label: 'No type' }], ['distributions.1.distribution_type_id']],
      ['a campaign_id that is not the content campaign', () => [{ id: mine.id, campaign_id: foreign.campaignId }], ['distributions.0.campaign_id']],
      ['distribution_type_id null', () => [{ id: mine.id, distribution_type_id: null }], ['distributions.0.distribution_type_id']],
      ['advertiser_review 2', () => [{ id: mine.id, advertiser_review: 2 }], ['distributions.0.advertiser_review']],
      ['distribution_live_date not a date', () => [{ id: mine.id, distribution_live_date: '01/04/2026' }], ['distributions.0.distribution_live_date']],
      ['an unknown field', () => [{ id: mine.id, publisher: 'x' }], ['distributions.0.publisher']],
      ['the link of a new entry with an id', () => [{ distribution_type_id: 1, primary_link: { id: mine.primary_link.id, link_type: 1, original_link: 'https://example.com/x' } }], ['distributions.0.primary_link.id']],
      ['media of a new entry with an id', () => [{ distribution_type_id: 1, distribution_media_library: [{ id: mine.distribution_media_library[0].id, file_url: 'https://example.com/x' }] }], ['distributions.0.distribution_media_library.0.id']],
      ['no entries', () => [], ['distributions']],
      ['101 entries', () => Array.from({ length: 101 }, () => ({ id: mine.id })), ['distributions']],
    ];

    it.each(cases)('%s', async (_name, entries, fields) => {
      const before = await databaseState();
      expectInvalid(await put(contentId, entries()), ...fields);
      expect(await databaseState()).toEqual(before);
      expect(await show(mine.id)).toEqual(mine);
    });

    it('body with an unknown top-level field', async () => {
      const before = await databaseState();
      expectInvalid(await ws.api.put('/v2/distributions', { content_id: contentId, distributions: [{ id: mine.id }], extra: 1 }), 'extra');
      expect(await databaseState()).toEqual(before);
    });
  });

  it("answers 404 for an unknown, deleted or another workspace's content, writing nothing", async () => {
    const deletedContent = await newContent();
    const onDeleted = await createDistribution(deletedContent);
    expect((await ws.api.delete(`/v2/contents/${deletedContent}`)).status).toBe(200);
    const before = await databaseState();

    expectContentNotFound(await put(999999, [{ distribution_type_id: 1 }]));
    expectContentNotFound(await put(foreign.contentId, [{ id: foreignDistribution.id, distribution_label: 'Hijacked' }]));
    expectContentNotFound(await put(deletedContent, [{ id: onDeleted.id, distribution_label: 'Back' }]));
    expectContentNotFound(await put(foreignDistribution.id, [{ distribution_type_id: 1 }]));
    expect(await databaseState()).toEqual(before);
    expect((await other.api.get(`/v2/distributions/${foreignDistribution.id}`)).body.data.distribution).toEqual(foreignDistribution);
  });
});

// ---------------------------------------------------------------------------------------------
// DELETE /v2/distributions/{distribution_id}
// ---------------------------------------------------------------------------------------------

describe('DELETE /v2/distributions/{distribution_id}', () => {
  it('soft-deletes: 200 {success, message}, then 404 on GET, DELETE and PUT; the row stays with deleted_at set', async () => {
    const contentId = await newContent();
    const [distribution] = await createDistributions(contentId, [fullEntry()]);

    const response = await ws.api.delete(`/v2/distributions/${distribution.id}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: expect.any(String) });
    expectDistributionNotFound(await ws.api.get(`/v2/distributions/${distribution.id}`));
    expectDistributionNotFound(await ws.api.delete(`/v2/distributions/${distribution.id}`));
    expectInvalid(await put(contentId, [{ id: distribution.id, distribution_label: 'Back' }]), 'distributions.0.id');

    const [row] = await app.dataSource.query('SELECT * FROM distributions WHERE id = $1', [distribution.id]);
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect(row.distribution_label).toBe('Homepage hero');
    // The content piece is untouched.
    expect((await ws.api.get(`/v2/contents/${contentId}`)).status).toBe(200);
  });

  it('writes one distribution_deleted event whose record carries deleted_at', async () => {
    const contentId = await newContent();
    const [distribution] = await createDistributions(contentId, [fullEntry()]);

    await ws.api.delete(`/v2/distributions/${distribution.id}`, { 'x-request-id': 'delete-distribution-1' });

    const events = await distributionEvents(distribution.id);
    expect(events.map((event) => event.event_type)).toEqual(['distribution_created', 'distribution_deleted']);
    const [row] = await app.dataSource.query('SELECT deleted_at FROM distributions WHERE id = $1', [distribution.id]);
    expect(events[1]).toEqual({
      organisation_id: ws.organisationId,
      event_type: 'distribution_deleted',
      resource_type: 'distribution',
      resource_id: distribution.id,
      payload: { distribution: { ...distribution, deleted_at: (row.deleted_at as Date).toISOString(), updated_at: expect.stringMatching(ISO_TIMESTAMP) } },
      request_id: 'delete-distribution-1',
    });
  });

  it('answers 404 for a content id, unknown and malformed ids, changing nothing', async () => {
    const contentId = await newContent();
    await createDistribution(contentId);
    const before = await databaseState();

    expectDistributionNotFound(await ws.api.delete(`/v2/distributions/${contentId}`));
    for (const id of MISSING_IDS) {
      const response = await ws.api.delete(`/v2/distributions/${id}`);
      expect([id, response.status, response.body]).toEqual([id, 404, DISTRIBUTION_NOT_FOUND]);
    }
    expect(await databaseState()).toEqual(before);
    expect((await ws.api.get(`/v2/contents/${contentId}`)).status).toBe(200);
    expect((await ws.api.get(`/v2/distributions/${contentId}`)).body.data.distributions.data).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------
// Distributions under their content piece
// ---------------------------------------------------------------------------------------------

describe('distributions follow their content piece', () => {
  it('DELETE /v2/contents/{id} takes its distributions with it: both ids answer 404 afterwards', async () => {
    const contentId = await newContent();
    const [a, b] = await createDistributions(contentId, [fullEntry(), { distribution_type_id: 1 }]);
    const sibling = await createDistribution(await newContent('Sibling'));

    expect((await ws.api.delete(`/v2/contents/${contentId}`)).status).toBe(200);

    expectDistributionNotFound(await ws.api.get(`/v2/distributions/${contentId}`));
    expectDistributionNotFound(await ws.api.get(`/v2/distributions/${a.id}`));
    expectDistributionNotFound(await ws.api.get(`/v2/distributions/${b.id}`));
    expectDistributionNotFound(await ws.api.delete(`/v2/distributions/${a.id}`));
    expect(await show(sibling.id)).toEqual(sibling);
    const rows: { id: number; deleted_at: Date | null }[] = await app.dataSource.query('SELECT id, deleted_at FROM distributions WHERE content_id = $1 ORDER BY id', [contentId]);
    expect(rows.map((row) => [row.id, row.deleted_at instanceof Date])).toEqual([
      [a.id, true],
      [b.id, true],
    ]);
  });

  it("moving the content piece to another campaign moves its distributions' campaign_id", async () => {
    const contentId = await newContent();
    const distribution = await createDistribution(contentId);
    const campaignId = await createCampaign(ws);
    const phaseId = await createPhase(ws, campaignId);

    const moved = await ws.api.put(`/v2/contents/${contentId}`, { campaign_id: campaignId, phase_id: phaseId });
    expect(moved.status).toBe(200);

    const shown = await show(distribution.id);
    expect(shown.campaign_id).toBe(campaignId);
    const last = (await distributionEvents(distribution.id)).at(-1);
    expect(last?.event_type).toBe('distribution_updated');
    expect(last?.payload).toEqual({ distribution: shown, changed_fields: ['campaign_id'] });
    const [created] = await createDistributions(contentId, [{ distribution_type_id: 1 }]);
    expect(created.campaign_id).toBe(campaignId);
    expectInvalid(await put(contentId, [{ id: distribution.id, campaign_id: home.campaignId }]), 'distributions.0.campaign_id');
  });
});
