import { rowById, rowCounts } from '../support/database-state';
import { CALENDAR_DATE, INVALID, ISO_TIMESTAMP, PAGINATION_KEYS, expectInvalid, withoutRequestId, expectNotFound, expectInvalidErrors } from '../support/expectations';
import * as fixtures from '../support/fixtures';
import { createCampaign, createCampaignsFixture, createPhases, type CampaignsFixture } from '../support/fixtures';
import { blockedOrFinished } from '../support/locks';
import { timedResourceEvents, type TimedOutboxRow } from '../support/outbox';
import { type AnyBody, type ApiResponse, type Workspace } from '../support/test-app';
import { appForFile } from '../support/file-app';
import { deleteUser, editorsToName } from '../support/editors';
import { deletePublisherProfile, titlesToName } from '../support/publisher-profiles';

/**
 * REST /v2 contents (spec §2.1, §2.8, §3, §4.6, §7) through real HTTP over a real PostgreSQL.
 * Update is a PUT whose response carries the record under `content`, not `data`. The 401s and
 * 404s every operation shares (no key, unknown ids, another workspace's ids) are in
 * test/http/rest/route-contract.test.ts.
 */

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** The record's keys in spec §2.8 order (src/contents/content.record.ts), without the write-only `content_editor_id`. */
const RECORD_KEYS = [
  'content_id',
  'campaign_id',
  'phase_id',
  'publisher_product_id',
  'publisher_title_id',
  'content_name',
  'status',
  'content_description',
  'live_date',
  'content_editor',
  'g_impressions',
  'e_impressions',
  'g_video_views',
  'e_video_views',
  'g_article_views',
  'e_article_views',
  'g_traffic_to_site',
  'e_traffic_to_site',
  'deleted_at',
  'created_at',
  'updated_at',
];

const METRICS = ['g_impressions', 'e_impressions', 'g_video_views', 'e_video_views', 'g_article_views', 'e_article_views', 'g_traffic_to_site', 'e_traffic_to_site'];
const NULLABLE_INTEGERS = ['publisher_product_id', 'publisher_title_id', 'content_editor'];
const MAX_INT = 2_147_483_647;

const NOT_FOUND = 'Content not found';

/** Every field's key and JSON type as spec §2.8 gives them. */
function expectContentRecord(record: AnyBody): void {
  expect(Object.keys(record)).toEqual(RECORD_KEYS);
  for (const key of ['content_id', 'campaign_id', 'phase_id', 'status']) expect([key, Number.isInteger(record[key])]).toEqual([key, true]);
  for (const key of NULLABLE_INTEGERS) expect([key, record[key] === null || Number.isInteger(record[key])]).toEqual([key, true]);
  for (const key of METRICS) expect([key, Number.isInteger(record[key])]).toEqual([key, true]);
  expect(typeof record.content_name).toBe('string');
  expect(typeof record.content_description).toBe('string');
  if (record.live_date !== null) expect(record.live_date).toMatch(CALENDAR_DATE);
  expect(record.deleted_at).toBeNull();
  expect(record.created_at).toMatch(ISO_TIMESTAMP);
  expect(record.updated_at).toMatch(ISO_TIMESTAMP);
}

const { app, ws, other } = appForFile({ ws: 'Content REST tests', other: 'Another workspace' });

/** A campaign with two phases, plus a second campaign with one phase, in one workspace. */
type Fixture = CampaignsFixture<number>;

let fx: Fixture;
let foreign: Fixture;

/** Users and publisher titles a content piece may name: live ones of the workspace, and ones it must not name. */
let editorId: number;
let secondEditorId: number;
let titleId: number;
let secondTitleId: number;
let foreignEditorId: number;
let foreignTitleId: number;
let deletedEditorId: number;
let deletedProfileTitleId: number;

const EDITOR_MESSAGE = 'content_editor_id does not name a user of this workspace';
const TITLE_MESSAGE = 'publisher_title_id does not name a publisher title of this workspace';

function createFixture(workspace: Workspace): Promise<Fixture> {
  return createCampaignsFixture(workspace, Number);
}

/** Creates a content piece through the API and returns its v2 record. */
async function createContent(fields: Record<string, unknown> = {}, fixture = fx): Promise<AnyBody> {
  const response = await fixture.workspace.api.post('/v2/contents', { campaign_id: fixture.campaignId, phase_id: fixture.phaseId, content_name: 'A piece', ...fields });
  expect(response.status).toBe(200);
  return response.body.data.content;
}

/** Creates `count` distributions of a content piece; returns their v2 records. */
function createDistributions(contentId: number, count = 1, workspace = ws): Promise<AnyBody[]> {
  return fixtures.createDistributions(workspace, contentId, count, fixtures.DISTRIBUTION_WITH_LINK_AND_MEDIA);
}

function rawContent(id: number): Promise<Record<string, unknown> | undefined> {
  return rowById(app, 'contents', id);
}

async function rawDistributions(contentId: number): Promise<Record<string, unknown>[]> {
  return app.dataSource.query('SELECT * FROM distributions WHERE content_id = $1 ORDER BY id', [contentId]);
}

/** The content piece's outbox events, oldest first, with their times. */
function eventsFor(contentId: number): Promise<TimedOutboxRow[]> {
  return timedResourceEvents(app, 'content', contentId);
}

/** What must not move when a request is refused: the content's row, its distributions and the row counts. */
async function databaseState(contentId?: number): Promise<AnyBody> {
  const counts = await rowCounts(app, ['contents', 'distributions', 'outbox_events']);
  if (contentId === undefined) return { counts, row: null, distributions: null };
  return { counts, row: await rawContent(contentId), distributions: await rawDistributions(contentId) };
}

/**
 * Replays a campaign or phase delete in a transaction of our own (lock the row FOR UPDATE, soft-delete
 * its live contents, then the row itself) and sends `request` between the lock and the commit: the
 * interleaving in which a content piece could land under a parent that is being deleted.
 */
async function whileParentIsBeingDeleted(table: 'campaigns' | 'phases', id: number, request: () => Promise<ApiResponse<AnyBody>>): Promise<ApiResponse<AnyBody>> {
  const column = table === 'campaigns' ? 'campaign_id' : 'phase_id';
  const runner = app.dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction();
    await runner.query(`SELECT id FROM ${table} WHERE id = $1 FOR UPDATE`, [id]);
    const pending = request();
    // The delete commits only once the request has finished (it did not wait for the parent) or
    // is seen waiting for the lock held here: either way it has gone as far as it can first.
    await blockedOrFinished(app, runner, pending);
    await runner.query(`UPDATE contents SET deleted_at = now() WHERE ${column} = $1 AND deleted_at IS NULL`, [id]);
    await runner.query(`UPDATE ${table} SET deleted_at = now() WHERE id = $1`, [id]);
    await runner.commitTransaction();
    return await pending;
  } finally {
    if (runner.isTransactionActive) await runner.rollbackTransaction();
    await runner.release();
  }
}

/**
 * Plays a distribution writer that got to the content piece first: holds the piece FOR SHARE (as
 * DistributionService does), sends `request` (which must wait for the piece), then adds a
 * distribution under the piece's current campaign and commits. Returns the response and the new id.
 */
async function whileDistributionIsBeingAdded(content: AnyBody, request: () => Promise<ApiResponse<AnyBody>>): Promise<{ response: ApiResponse<AnyBody>; distributionId: number }> {
  const runner = app.dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction();
    await runner.query('SELECT id FROM contents WHERE id = $1 FOR SHARE', [content.content_id]);
    const pending = request();
    // The request must wait for the piece: seen in PostgreSQL waiting for the lock held here, not finished.
    expect(await blockedOrFinished(app, runner, pending)).toBe('blocked');
    const [{ id }] = await runner.query(
      'INSERT INTO distributions (organisation_id, content_id, campaign_id, distribution_type_id) SELECT organisation_id, id, campaign_id, 1 FROM contents WHERE id = $1 RETURNING id',
      [content.content_id],
    );
    await runner.commitTransaction();
    return { response: await pending, distributionId: id as number };
  } finally {
    if (runner.isTransactionActive) await runner.rollbackTransaction();
    await runner.release();
  }
}

/** Live content pieces whose campaign or phase is deleted: there must never be any. */
async function orphanedContents(): Promise<number> {
  const [{ orphans }] = await app.dataSource.query(
    `SELECT count(*)::int AS orphans FROM contents c
       JOIN campaigns k ON k.id = c.campaign_id JOIN phases p ON p.id = c.phase_id
      WHERE c.deleted_at IS NULL AND (k.deleted_at IS NOT NULL OR p.deleted_at IS NOT NULL)`,
  );
  return orphans;
}

beforeAll(async () => {
  fx = await createFixture(ws);
  foreign = await createFixture(other);
  ({ editorId, secondEditorId, foreignEditorId, deletedEditorId } = await editorsToName(ws, other));
  ({ titleId, secondTitleId, foreignTitleId, deletedProfileTitleId } = await titlesToName(app, ws, other));
});

// ---------------------------------------------------------------------------------------------
// POST /v2/contents
// ---------------------------------------------------------------------------------------------

describe('POST /v2/contents (create)', () => {
  const fullBody = () => ({
    campaign_id: fx.campaignId,
    phase_id: fx.secondPhaseId,
    publisher_product_id: 11,
    publisher_title_id: titleId,
    content_name: 'Spring article',
    status: 2,
    content_description: 'A long read about spring',
    live_date: '2026-04-15',
    content_editor_id: editorId,
    g_impressions: 100000,
    e_impressions: 90000,
    g_video_views: 1000,
    e_video_views: 800,
    g_article_views: 5000,
    e_article_views: 4500,
    g_traffic_to_site: 300,
    e_traffic_to_site: 250,
  });

  it('creates a content piece from every writable field and returns it as data.content', async () => {
    const { content_editor_id: editor, ...rest } = fullBody();
    const response = await ws.api.post('/v2/contents', fullBody());

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: expect.any(String), data: { content: expect.any(Object) } });
    const record = response.body.data.content;
    expectContentRecord(record);
    expect(record).toEqual({
      content_id: expect.any(Number),
      ...rest,
      content_editor: editor,
      deleted_at: null,
      created_at: expect.stringMatching(ISO_TIMESTAMP),
      updated_at: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect(Object.keys(record)[0]).toBe('content_id');
    expect(record).not.toHaveProperty('content_editor_id');

    const fetched = await ws.api.get(`/v2/contents/${record.content_id}`);
    expect(fetched.body.data.content).toEqual(record);
  });

  it('fills defaults for omitted fields: status 1 (draft), empty description, null date/ids, zero metrics', async () => {
    const record = await createContent({ content_name: 'Minimal' });

    expectContentRecord(record);
    expect(record).toEqual({
      content_id: expect.any(Number),
      campaign_id: fx.campaignId,
      phase_id: fx.phaseId,
      publisher_product_id: null,
      publisher_title_id: null,
      content_name: 'Minimal',
      status: 1,
      content_description: '',
      live_date: null,
      content_editor: null,
      g_impressions: 0,
      e_impressions: 0,
      g_video_views: 0,
      e_video_views: 0,
      g_article_views: 0,
      e_article_views: 0,
      g_traffic_to_site: 0,
      e_traffic_to_site: 0,
      deleted_at: null,
      created_at: expect.stringMatching(ISO_TIMESTAMP),
      updated_at: expect.stringMatching(ISO_TIMESTAMP),
    });
  });

  it.each([
    ['1 (draft)', 1, 1],
    ['2 (in review)', 2, 2],
    ['"1" as a string of digits', '1', 1],
    ['"2" as a string of digits', '2', 2],
  ])('accepts initial status %s and always returns an integer', async (_name, status, expected) => {
    const record = await createContent({ status });
    expect(record.status).toBe(expected);
    expect(typeof record.status).toBe('number');
  });

  it('accepts campaign_id and phase_id as strings of digits', async () => {
    const record = await createContent({ campaign_id: String(fx.campaignId), phase_id: String(fx.secondPhaseId) });
    expect(record).toMatchObject({ campaign_id: fx.campaignId, phase_id: fx.secondPhaseId });
  });

  it('accepts explicit nulls for the nullable fields, a leap day and the metric bounds', async () => {
    const record = await createContent({
      live_date: '2024-02-29',
      publisher_product_id: null,
      publisher_title_id: null,
      content_editor_id: null,
      g_impressions: 0,
      e_impressions: MAX_INT,
    });
    expect(record).toMatchObject({ live_date: '2024-02-29', publisher_product_id: null, publisher_title_id: null, content_editor: null, g_impressions: 0, e_impressions: MAX_INT });

    expect((await createContent({ live_date: null })).live_date).toBeNull();
  });

  it('accepts a 255-character name and a 20,000-character description', async () => {
    const record = await createContent({ content_name: 'n'.repeat(255), content_description: 'd'.repeat(20_000) });
    expect(record.content_name).toHaveLength(255);
    expect(record.content_description).toHaveLength(20_000);
  });

  it('ignores read-only record fields sent back (content_id, content_editor, timestamps)', async () => {
    const record = await createContent({ content_id: 1, content_editor: 77, deleted_at: '2020-01-01T00:00:00.000Z', created_at: 'x', updated_at: 'y' });

    expect(record.content_id).not.toBe(1);
    expect(record.content_editor).toBeNull();
    expect(record.deleted_at).toBeNull();
    expect(record.created_at).toMatch(ISO_TIMESTAMP);
  });

  it('writes one content_created outbox event whose payload.content is the returned record', async () => {
    const response = await ws.api.post(
      '/v2/contents',
      { campaign_id: fx.campaignId, phase_id: fx.phaseId, content_name: 'Evented', content_editor_id: editorId },
      { 'x-request-id': 'create-content-req-1' },
    );
    expect(response.status).toBe(200);
    const record = response.body.data.content;

    expect(await eventsFor(record.content_id)).toEqual([
      {
        organisation_id: ws.organisationId,
        event_type: 'content_created',
        resource_type: 'content',
        resource_id: record.content_id,
        payload: { content: record },
        request_id: 'create-content-req-1',
        created_at: expect.any(Date),
      },
    ]);
  });

  describe('refuses with 422 and writes nothing', () => {
    const cases: [string, () => Record<string, unknown>, string][] = [
      ['campaign_id missing', () => ({ campaign_id: undefined }), 'campaign_id'],
      ['campaign_id null', () => ({ campaign_id: null }), 'campaign_id'],
      ['campaign_id not an id', () => ({ campaign_id: 'abc' }), 'campaign_id'],
      ['campaign_id 0', () => ({ campaign_id: 0 }), 'campaign_id'],
      ['campaign_id unknown', () => ({ campaign_id: 999999 }), 'campaign_id'],
      ["another workspace's campaign (integer)", () => ({ campaign_id: foreign.campaignId }), 'campaign_id'],
      ["another workspace's campaign (string)", () => ({ campaign_id: String(foreign.campaignId) }), 'campaign_id'],
      ["another workspace's campaign with its own phase", () => ({ campaign_id: foreign.campaignId, phase_id: foreign.phaseId }), 'campaign_id'],
      ['phase_id missing', () => ({ phase_id: undefined }), 'phase_id'],
      ['phase_id null', () => ({ phase_id: null }), 'phase_id'],
      ['phase_id not an id', () => ({ phase_id: 'x1' }), 'phase_id'],
      ['phase_id unknown', () => ({ phase_id: 999999 }), 'phase_id'],
      ['a phase of another campaign', () => ({ phase_id: fx.otherCampaignPhaseId }), 'phase_id'],
      ["a phase of another workspace's campaign", () => ({ phase_id: foreign.phaseId }), 'phase_id'],
      ['content_name missing', () => ({ content_name: undefined }), 'content_name'],
      ['content_name empty', () => ({ content_name: '' }), 'content_name'],
      ['content_name blank', () => ({ content_name: '   ' }), 'content_name'],
      ['content_name null', () => ({ content_name: null }), 'content_name'],
      ['content_name not a string', () => ({ content_name: 42 }), 'content_name'],
      ['content_name longer than 255 characters', () => ({ content_name: 'x'.repeat(256) }), 'content_name'],
      ['status 3 (changes requested) on create', () => ({ status: 3 }), 'status'],
      ['status 4 (approved) on create', () => ({ status: 4 }), 'status'],
      ['status 5 (live) on create', () => ({ status: 5 }), 'status'],
      ['status 6 (archived) on create', () => ({ status: 6 }), 'status'],
      ['status "5" as a string on create', () => ({ status: '5' }), 'status'],
      ['status 0', () => ({ status: 0 }), 'status'],
      ['status 7', () => ({ status: 7 }), 'status'],
      ['status null', () => ({ status: null }), 'status'],
      ['status as a word', () => ({ status: 'draft' }), 'status'],
      ['status as its GraphQL enum name', () => ({ status: 'IN_REVIEW' }), 'status'],
      ['status fractional', () => ({ status: 1.5 }), 'status'],
      ['status as a boolean', () => ({ status: true }), 'status'],
      ['live_date that does not exist (2026-02-30)', () => ({ live_date: '2026-02-30' }), 'live_date'],
      ['live_date 2025-02-29 (not a leap year)', () => ({ live_date: '2025-02-29' }), 'live_date'],
      ['live_date month 13', () => ({ live_date: '2026-13-01' }), 'live_date'],
      ['live_date without dashes', () => ({ live_date: '20260101' }), 'live_date'],
      ['live_date with a time', () => ({ live_date: '2026-01-01T00:00:00Z' }), 'live_date'],
      ['live_date as a number', () => ({ live_date: 20260101 }), 'live_date'],
      ['publisher_product_id 0', () => ({ publisher_product_id: 0 }), 'publisher_product_id'],
      ['publisher_product_id negative', () => ({ publisher_product_id: -1 }), 'publisher_product_id'],
      ['publisher_product_id as a word', () => ({ publisher_product_id: 'three' }), 'publisher_product_id'],
      ['publisher_title_id fractional', () => ({ publisher_title_id: 2.5 }), 'publisher_title_id'],
      ['publisher_title_id beyond 32 bits', () => ({ publisher_title_id: 2 ** 31 }), 'publisher_title_id'],
      ['content_editor_id 0', () => ({ content_editor_id: 0 }), 'content_editor_id'],
      ['content_editor_id negative', () => ({ content_editor_id: -5 }), 'content_editor_id'],
      ['content_editor_id as a word', () => ({ content_editor_id: 'abc' }), 'content_editor_id'],
      ['negative metric', () => ({ g_impressions: -1 }), 'g_impressions'],
      ['non-integer metric', () => ({ e_article_views: 1.5 }), 'e_article_views'],
      ['metric as a string', () => ({ g_video_views: '3' }), 'g_video_views'],
      ['metric null', () => ({ e_traffic_to_site: null }), 'e_traffic_to_site'],
      ['metric beyond 32 bits', () => ({ g_traffic_to_site: 2 ** 31 }), 'g_traffic_to_site'],
      ['content_description not a string', () => ({ content_description: 5 }), 'content_description'],
      ['content_description longer than 20,000 characters', () => ({ content_description: 'x'.repeat(20_001) }), 'content_description'],
      ['content_name with a NUL character', () => ({ content_name: 'a\u0000b' }), 'content_name'],
      ['unknown field', () => ({ content_title: 'x' }), 'content_title'],
      ['the distributions of the piece', () => ({ distributions: [] }), 'distributions'],
    ];

    it.each(cases)('%s', async (_name, fields, field) => {
      const before = await databaseState();
      const body = { campaign_id: fx.campaignId, phase_id: fx.phaseId, content_name: 'Refused', ...fields() };

      expectInvalid(await ws.api.post('/v2/contents', body), field);
      expect(await databaseState()).toEqual(before);
    });

    it.each([
      ['an array', '[{"content_name":"x"}]'],
      ['a string', '"content"'],
      ['a number', '42'],
      ['null', 'null'],
    ])('body that is %s', async (_name, raw) => {
      const before = await databaseState();

      expectInvalid(await ws.api.post('/v2/contents', raw), 'body');
      expect(await databaseState()).toEqual(before);
    });

    it('reports every missing required field together', async () => {
      const before = await databaseState();
      const response = await ws.api.post('/v2/contents', {});

      expectInvalidErrors(response, { campaign_id: ['campaign_id is required'], phase_id: ['phase_id is required'], content_name: ['content_name is required'] });
      expect(await databaseState()).toEqual(before);
    });

    it('reports missing and broken fields at once', async () => {
      const before = await databaseState();
      const response = await ws.api.post('/v2/contents', { phase_id: fx.phaseId, status: 4, g_impressions: -1, live_date: '2026-02-30' });

      expect(response.status).toBe(422);
      expect(Object.keys(response.body.errors).sort()).toEqual(['campaign_id', 'content_name', 'g_impressions', 'live_date', 'status']);
      expect(await databaseState()).toEqual(before);
    });

    it("gives the same body for another workspace's campaign as for a nonexistent one", async () => {
      const theirs = await ws.api.post('/v2/contents', { campaign_id: foreign.campaignId, phase_id: foreign.phaseId, content_name: 'x' });
      const missing = await ws.api.post('/v2/contents', { campaign_id: 999999, phase_id: foreign.phaseId, content_name: 'x' });

      expect(theirs.status).toBe(422);
      expect(withoutRequestId(theirs.body)).toEqual(withoutRequestId(missing.body));
    });

    it('gives the same body for a phase of another campaign as for a nonexistent phase', async () => {
      const misplaced = await ws.api.post('/v2/contents', { campaign_id: fx.campaignId, phase_id: fx.otherCampaignPhaseId, content_name: 'x' });
      const missing = await ws.api.post('/v2/contents', { campaign_id: fx.campaignId, phase_id: 999999, content_name: 'x' });

      expect(misplaced.status).toBe(422);
      expect(withoutRequestId(misplaced.body)).toEqual(withoutRequestId(missing.body));
    });
  });

  describe('references: content_editor_id names a live user, publisher_title_id a live title, of this workspace', () => {
    const cases: [string, () => Record<string, unknown>, Record<string, string[]>][] = [
      ['an editor id that names nothing', () => ({ content_editor_id: 999999 }), { content_editor_id: [EDITOR_MESSAGE] }],
      ["another workspace's user as editor", () => ({ content_editor_id: foreignEditorId }), { content_editor_id: [EDITOR_MESSAGE] }],
      ['a deleted user as editor', () => ({ content_editor_id: deletedEditorId }), { content_editor_id: [EDITOR_MESSAGE] }],
      ['the largest integer as editor', () => ({ content_editor_id: MAX_INT }), { content_editor_id: [EDITOR_MESSAGE] }],
      ['a title id that names nothing', () => ({ publisher_title_id: 999999 }), { publisher_title_id: [TITLE_MESSAGE] }],
      ["another workspace's title", () => ({ publisher_title_id: foreignTitleId }), { publisher_title_id: [TITLE_MESSAGE] }],
      ['a title of a deleted publisher profile', () => ({ publisher_title_id: deletedProfileTitleId }), { publisher_title_id: [TITLE_MESSAGE] }],
      [
        'a bad editor and a bad title at once',
        () => ({ content_editor_id: foreignEditorId, publisher_title_id: deletedProfileTitleId }),
        { content_editor_id: [EDITOR_MESSAGE], publisher_title_id: [TITLE_MESSAGE] },
      ],
    ];

    it.each(cases)('refuses %s with 422 on the field, and writes nothing', async (_name, fields, errors) => {
      const before = await databaseState();

      const response = await ws.api.post('/v2/contents', { campaign_id: fx.campaignId, phase_id: fx.phaseId, content_name: 'Refused', content_editor_id: editorId, publisher_title_id: titleId, ...fields() });

      expect(response.status).toBe(422);
      expect(response.body).toEqual({ success: false, message: INVALID, code: 'BAD_USER_INPUT', request_id: expect.any(String), errors });
      expect(await databaseState()).toEqual(before);
    });

    it("gives the same body for another workspace's user and title as for ones that do not exist", async () => {
      const theirs = await ws.api.post('/v2/contents', { campaign_id: fx.campaignId, phase_id: fx.phaseId, content_name: 'x', content_editor_id: foreignEditorId, publisher_title_id: foreignTitleId });
      const missing = await ws.api.post('/v2/contents', { campaign_id: fx.campaignId, phase_id: fx.phaseId, content_name: 'x', content_editor_id: 999999, publisher_title_id: 999999 });

      expect(theirs.status).toBe(422);
      expect(withoutRequestId(theirs.body)).toEqual(withoutRequestId(missing.body));
    });

    it('reports bad references together with a misplaced phase', async () => {
      const before = await databaseState();

      const response = await ws.api.post('/v2/contents', { campaign_id: fx.campaignId, phase_id: fx.otherCampaignPhaseId, content_name: 'x', content_editor_id: deletedEditorId, publisher_title_id: 999999 });

      expect(response.status).toBe(422);
      expect(Object.keys(response.body.errors).sort()).toEqual(['content_editor_id', 'phase_id', 'publisher_title_id']);
      expect(await databaseState()).toEqual(before);
    });

    it('accepts any live user and any live title of the workspace, and another workspace accepts its own', async () => {
      const record = await createContent({ content_editor_id: secondEditorId, publisher_title_id: secondTitleId });
      const theirs = await createContent({ content_editor_id: foreignEditorId, publisher_title_id: foreignTitleId }, foreign);

      expect(record).toMatchObject({ content_editor: secondEditorId, publisher_title_id: secondTitleId });
      expect(await rawContent(record.content_id)).toMatchObject({ content_editor_id: secondEditorId, publisher_title_id: secondTitleId });
      expect(theirs).toMatchObject({ content_editor: foreignEditorId, publisher_title_id: foreignTitleId });
    });
  });

  it('refuses a deleted campaign and a deleted phase like nonexistent ones', async () => {
    const doomedCampaign = await createCampaign(ws, fx.accountId, 'Short-lived');
    const [doomedCampaignPhase] = await createPhases(ws, doomedCampaign, ['Gone with it']);
    expect((await ws.api.delete(`/v2/campaigns/${doomedCampaign}`)).status).toBe(200);
    const [doomedPhase] = await createPhases(ws, fx.campaignId, ['Short-lived phase']);
    expect((await ws.api.delete(`/v2/phases/${doomedPhase}`)).status).toBe(200);
    const before = await databaseState();

    expectInvalid(await ws.api.post('/v2/contents', { campaign_id: doomedCampaign, phase_id: doomedCampaignPhase, content_name: 'x' }), 'campaign_id');
    expectInvalid(await ws.api.post('/v2/contents', { campaign_id: fx.campaignId, phase_id: doomedPhase, content_name: 'x' }), 'phase_id');
    expect(await databaseState()).toEqual(before);
  });

  it('does not create a content piece in a campaign that a concurrent delete is removing', async () => {
    const campaign = await createCampaign(ws, fx.accountId, 'Deleted mid-request');
    const [phase] = await createPhases(ws, campaign, ['Its phase']);
    const before = await databaseState();

    const response = await whileParentIsBeingDeleted('campaigns', campaign, () =>
      ws.api.post('/v2/contents', { campaign_id: campaign, phase_id: phase, content_name: 'Racing' }),
    );

    expectInvalid(response, 'campaign_id');
    expect((await databaseState()).counts.contents).toBe(before.counts.contents);
    expect(await orphanedContents()).toBe(0);
  });

  it('does not create a content piece in a phase that a concurrent delete is removing', async () => {
    const [phase] = await createPhases(ws, fx.campaignId, ['Phase deleted mid-request']);
    const before = await databaseState();

    const response = await whileParentIsBeingDeleted('phases', phase, () => ws.api.post('/v2/contents', { campaign_id: fx.campaignId, phase_id: phase, content_name: 'Racing' }));

    expectInvalid(response, 'phase_id');
    expect((await databaseState()).counts.contents).toBe(before.counts.contents);
    expect(await orphanedContents()).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Shared id sequence
// ---------------------------------------------------------------------------------------------

describe('content and distribution ids (one shared sequence)', () => {
  it('never gives a content piece and a distribution the same id', async () => {
    const contentIds: number[] = [];
    const distributionIds: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      const content = await createContent({ content_name: `Interleaved ${round}` });
      contentIds.push(content.content_id);
      distributionIds.push(...(await createDistributions(content.content_id, round + 1)).map((d: AnyBody) => d.id as number));
      // A second workspace draws from the same sequence too.
      const theirs = await createContent({ content_name: `Theirs ${round}` }, foreign);
      contentIds.push(theirs.content_id);
      distributionIds.push(...(await createDistributions(theirs.content_id, 1, other)).map((d: AnyBody) => d.id as number));
    }

    expect(new Set([...contentIds, ...distributionIds]).size).toBe(contentIds.length + distributionIds.length);
    const [{ shared }] = await app.dataSource.query('SELECT count(*)::int AS shared FROM contents c JOIN distributions d ON d.id = c.id');
    expect(shared).toBe(0);
    const [{ total, distinct }] = await app.dataSource.query(
      'SELECT count(*)::int AS total, count(DISTINCT id)::int AS distinct FROM (SELECT id FROM contents UNION ALL SELECT id FROM distributions) ids',
    );
    expect(distinct).toBe(total);
  });

  it('answers 404 for a distribution id on the content routes', async () => {
    const content = await createContent();
    const [distribution] = await createDistributions(content.content_id);

    expectNotFound(await ws.api.get(`/v2/contents/${distribution.id}`), NOT_FOUND);
    expectNotFound(await ws.api.put(`/v2/contents/${distribution.id}`, { content_name: 'x' }), NOT_FOUND);
    expectNotFound(await ws.api.delete(`/v2/contents/${distribution.id}`), NOT_FOUND);
    expect((await ws.api.get(`/v2/distributions/${distribution.id}`)).body.data.distribution.id).toBe(distribution.id);
  });
});

// ---------------------------------------------------------------------------------------------
// GET /v2/contents/:content_id
// ---------------------------------------------------------------------------------------------

describe('GET /v2/contents/:content_id (details)', () => {
  it('returns the content piece as data.content with every field typed as the spec says', async () => {
    const created = await createContent({ content_name: 'Details', status: '2', live_date: '2026-07-01', content_editor_id: secondEditorId, publisher_title_id: secondTitleId });

    const response = await ws.api.get(`/v2/contents/${created.content_id}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: expect.any(String), data: { content: created } });
    expectContentRecord(response.body.data.content);
    expect(response.body.data.content).toMatchObject({ status: 2, live_date: '2026-07-01', content_editor: secondEditorId, publisher_title_id: secondTitleId });
  });

  it('answers 404 for a deleted content piece', async () => {
    const content = await createContent();
    expect((await ws.api.delete(`/v2/contents/${content.content_id}`)).status).toBe(200);

    expectNotFound(await ws.api.get(`/v2/contents/${content.content_id}`), NOT_FOUND);
  });
});

// ---------------------------------------------------------------------------------------------
// GET /v2/contents
// ---------------------------------------------------------------------------------------------

describe('GET /v2/contents (list)', () => {
  let lister: Fixture;
  let ids: Record<string, number>;

  beforeAll(async () => {
    lister = await createFixture(await app.workspace('List tests'));
    const make = async (name: string, campaignId: number, phaseId: number, status = 1) =>
      (await createContent({ content_name: name, campaign_id: campaignId, phase_id: phaseId, status }, lister)).content_id as number;
    ids = {
      a: await make('A', lister.campaignId, lister.phaseId, 2),
      b: await make('B', lister.campaignId, lister.secondPhaseId),
      c: await make('C', lister.otherCampaignId, lister.otherCampaignPhaseId, 2),
      d: await make('D', lister.campaignId, lister.phaseId),
      e: await make('E', lister.campaignId, lister.secondPhaseId, 2),
    };
    // Noise the list must never show: another workspace's content and a deleted one.
    await createContent({ content_name: 'Elsewhere' }, foreign);
    const deleted = await make('Deleted', lister.campaignId, lister.phaseId);
    expect((await lister.workspace.api.delete(`/v2/contents/${deleted}`)).status).toBe(200);
  });

  const listIds = async (query: string): Promise<number[]> => {
    const response = await lister.workspace.api.get(`/v2/contents${query}`);
    expect(response.status).toBe(200);
    return response.body.data.contents.data.map((record: AnyBody) => record.content_id);
  };

  it("returns the workspace's live content pieces in id order inside the seven-key pagination envelope", async () => {
    const response = await lister.workspace.api.get('/v2/contents');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: expect.any(String), data: { contents: expect.any(Object) } });
    const page = response.body.data.contents;
    expect(Object.keys(page).sort()).toEqual(PAGINATION_KEYS);
    expect(page).toEqual({ current_page: 1, data: expect.any(Array), from: 1, next_page_url: null, per_page: 15, prev_page_url: null, to: 5 });
    expect(page.data.map((record: AnyBody) => record.content_id)).toEqual(Object.values(ids).sort((x, y) => x - y));
    for (const record of page.data) expectContentRecord(record);
    expect((await lister.workspace.api.get(`/v2/contents/${ids.a}`)).body.data.content).toEqual(page.data[0]);
  });

  it('filters by campaign_id', async () => {
    expect(await listIds(`?campaign_id=${lister.campaignId}`)).toEqual([ids.a, ids.b, ids.d, ids.e]);
    expect(await listIds(`?campaign_id=${lister.otherCampaignId}`)).toEqual([ids.c]);
    expect(await listIds(`?campaign_id=${foreign.campaignId}`)).toEqual([]);
    expect(await listIds('?campaign_id=999999')).toEqual([]);
  });

  it('filters by phase_id', async () => {
    expect(await listIds(`?phase_id=${lister.phaseId}`)).toEqual([ids.a, ids.d]);
    expect(await listIds(`?phase_id=${lister.secondPhaseId}`)).toEqual([ids.b, ids.e]);
    expect(await listIds(`?phase_id=${foreign.phaseId}`)).toEqual([]);
  });

  it('filters by status', async () => {
    expect(await listIds('?status=2')).toEqual([ids.a, ids.c, ids.e]);
    expect(await listIds('?status=1')).toEqual([ids.b, ids.d]);
    expect(await listIds('?status=6')).toEqual([]);
  });

  it('combines filters', async () => {
    expect(await listIds(`?campaign_id=${lister.campaignId}&status=2`)).toEqual([ids.a, ids.e]);
    expect(await listIds(`?campaign_id=${lister.campaignId}&phase_id=${lister.secondPhaseId}&status=1`)).toEqual([ids.b]);
    expect(await listIds(`?campaign_id=${lister.otherCampaignId}&phase_id=${lister.phaseId}`)).toEqual([]);
  });

  it('ignores empty filter values', async () => {
    expect(await listIds('?campaign_id=&phase_id=&status=')).toHaveLength(5);
  });

  it('pages with page/per_page; next/prev are absolute URLs that keep the other parameters', async () => {
    const first = (await lister.workspace.api.get(`/v2/contents?campaign_id=${lister.campaignId}&per_page=3`)).body.data.contents;
    expect(first).toMatchObject({ current_page: 1, per_page: 3, from: 1, to: 3, prev_page_url: null });
    const next = new URL(first.next_page_url);
    expect(`${next.origin}${next.pathname}`).toBe(`${app.baseUrl}/v2/contents`);
    expect(Object.fromEntries(next.searchParams)).toEqual({ campaign_id: String(lister.campaignId), per_page: '3', page: '2' });

    const second = (await lister.workspace.api.get(first.next_page_url.slice(app.baseUrl.length))).body.data.contents;
    expect(second).toMatchObject({ current_page: 2, per_page: 3, from: 4, to: 4, next_page_url: null });
    expect(Object.fromEntries(new URL(second.prev_page_url).searchParams)).toEqual({ campaign_id: String(lister.campaignId), per_page: '3', page: '1' });

    const seen = [...first.data, ...second.data].map((record: AnyBody) => record.content_id);
    expect(seen).toEqual([ids.a, ids.b, ids.d, ids.e]);
  });

  it('returns an empty first page for a workspace without content', async () => {
    const empty = await app.workspace('No contents');
    const response = await empty.api.get('/v2/contents');

    expect(response.status).toBe(200);
    expect(response.body.data.contents).toEqual({ current_page: 1, data: [], from: null, next_page_url: null, per_page: 15, prev_page_url: null, to: null });
  });

  it.each([
    ['status=0', 'status'],
    ['status=7', 'status'],
    ['status=draft', 'status'],
    ['status=IN_REVIEW', 'status'],
    ['status=1.5', 'status'],
    ['campaign_id=abc', 'campaign_id'],
    ['campaign_id=0', 'campaign_id'],
    ['phase_id=-1', 'phase_id'],
    ['per_page=0', 'per_page'],
    ['per_page=101', 'per_page'],
    ['page=0', 'page'],
    ['search=a', 'search'],
    ['content_status=1', 'content_status'],
    ['content_id=1', 'content_id'],
  ])('answers 422 for ?%s', async (query, field) => {
    expectInvalid(await lister.workspace.api.get(`/v2/contents?${query}`), field);
  });
});

// ---------------------------------------------------------------------------------------------
// PUT /v2/contents/:content_id
// ---------------------------------------------------------------------------------------------

describe('PUT /v2/contents/:content_id (update)', () => {
  const update = (id: number | string, body: unknown, workspace = ws) => workspace.api.put(`/v2/contents/${id}`, body);

  it('changes only the given fields and returns the whole record under top-level `content`, not `data`', async () => {
    const created = await createContent({ content_name: 'Before', content_description: 'Old', g_impressions: 5, live_date: '2026-01-01' });

    const response = await update(created.content_id, { content_name: 'After', content_description: 'New', e_video_views: 12, content_editor_id: secondEditorId });

    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['success', 'message', 'content']);
    expect(response.body).toEqual({ success: true, message: expect.any(String), content: expect.any(Object) });
    expect(response.body).not.toHaveProperty('data');
    const record = response.body.content;
    expectContentRecord(record);
    expect(record).toEqual({
      ...created,
      content_name: 'After',
      content_description: 'New',
      e_video_views: 12,
      content_editor: secondEditorId,
      updated_at: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect(record.updated_at > created.updated_at).toBe(true);
    expect((await ws.api.get(`/v2/contents/${created.content_id}`)).body.data.content).toEqual(record);
  });

  it('takes status as a string of digits ("2") and returns it as an integer', async () => {
    const created = await createContent();

    const response = await update(created.content_id, { status: '2' });

    expect(response.status).toBe(200);
    expect(response.body.content.status).toBe(2);
    expect((await rawContent(created.content_id))?.status).toBe(2);
  });

  it('takes every id that names a record as a string of digits too, and returns integers', async () => {
    const created = await createContent();

    const response = await update(created.content_id, { content_editor_id: String(secondEditorId), publisher_title_id: String(secondTitleId), publisher_product_id: '12' });

    expect(response.status).toBe(200);
    expect(response.body.content).toMatchObject({ content_editor: secondEditorId, publisher_title_id: secondTitleId, publisher_product_id: 12 });
  });

  it('accepts status as an integer too', async () => {
    const created = await createContent();
    expect((await update(created.content_id, { status: 2 })).body.content.status).toBe(2);
  });

  it('can clear nullable fields with null', async () => {
    const created = await createContent({ live_date: '2026-01-01', content_editor_id: editorId, publisher_product_id: 4, publisher_title_id: titleId });
    expect(created).toMatchObject({ content_editor: editorId, publisher_title_id: titleId });

    const record = (await update(created.content_id, { live_date: null, content_editor_id: null, publisher_product_id: null, publisher_title_id: null })).body.content;

    expect(record).toMatchObject({ live_date: null, content_editor: null, publisher_product_id: null, publisher_title_id: null });
  });

  it('moves a content piece to another phase of the same campaign', async () => {
    const created = await createContent();
    const [distribution] = await createDistributions(created.content_id);

    const response = await update(created.content_id, { phase_id: fx.secondPhaseId });

    expect(response.status).toBe(200);
    expect(response.body.content).toMatchObject({ campaign_id: fx.campaignId, phase_id: fx.secondPhaseId });
    expect((await rawDistributions(created.content_id)).map((row) => [row.id, row.campaign_id])).toEqual([[distribution.id, fx.campaignId]]);
  });

  it('accepts the campaign echoed back with a new phase of that same campaign', async () => {
    const created = await createContent();

    const response = await update(created.content_id, { campaign_id: String(fx.campaignId), phase_id: String(fx.secondPhaseId) });

    expect(response.status).toBe(200);
    expect(response.body.content).toMatchObject({ campaign_id: fx.campaignId, phase_id: fx.secondPhaseId });
  });

  it("moves a content piece to another campaign's phase with that campaign, taking its distributions along", async () => {
    const created = await createContent();
    const distributions = await createDistributions(created.content_id, 2);
    const untouched = await createContent();
    await createDistributions(untouched.content_id);
    const untouchedBefore = await rawDistributions(untouched.content_id);

    const response = await update(created.content_id, { campaign_id: fx.otherCampaignId, phase_id: fx.otherCampaignPhaseId });

    expect(response.status).toBe(200);
    expect(response.body.content).toMatchObject({ campaign_id: fx.otherCampaignId, phase_id: fx.otherCampaignPhaseId });
    const rows = await rawDistributions(created.content_id);
    expect(rows.map((row) => [row.id, row.campaign_id])).toEqual(distributions.map((d: AnyBody) => [d.id, fx.otherCampaignId]));
    const listed = (await ws.api.get(`/v2/distributions/${created.content_id}`)).body.data.distributions.data;
    expect(listed.map((d: AnyBody) => d.campaign_id)).toEqual([fx.otherCampaignId, fx.otherCampaignId]);
    expect(await rawDistributions(untouched.content_id)).toEqual(untouchedBefore);

    const events = await eventsFor(created.content_id);
    expect(events.map((event) => event.event_type)).toEqual(['content_created', 'content_updated']);
    expect([...events[1].payload.changed_fields].sort()).toEqual(['campaign_id', 'phase_id']);
  });

  it('writes one content_updated event with payload.content and the v2 names of the changed fields, then post_content_status as status changed', async () => {
    const created = await createContent({ content_name: 'Evented update', content_description: 'Same' });

    const response = await ws.api.put(
      `/v2/contents/${created.content_id}`,
      { content_name: 'Renamed', content_description: 'Same', content_editor_id: editorId, g_traffic_to_site: 3, status: '2' },
      { 'x-request-id': 'update-content-req-1' },
    );
    expect(response.status).toBe(200);

    const events = await eventsFor(created.content_id);
    expect(events.map((event) => event.event_type)).toEqual(['content_created', 'content_updated', 'post_content_status']);
    const event = events[1];
    expect(event).toMatchObject({ organisation_id: ws.organisationId, resource_type: 'content', resource_id: created.content_id, request_id: 'update-content-req-1' });
    expect(Object.keys(event.payload).sort()).toEqual(['changed_fields', 'content']);
    expect(event.payload.content).toEqual(response.body.content);
    // The editor is named as a client writes it (content_editor_id), not as the record shows it.
    expect([...event.payload.changed_fields].sort()).toEqual(['content_editor_id', 'content_name', 'g_traffic_to_site', 'status']);
    // The §6 status notification, in the same transaction, right after the update.
    const notification = events[2];
    expect(notification).toMatchObject({ organisation_id: ws.organisationId, resource_type: 'content', resource_id: created.content_id, request_id: 'update-content-req-1' });
    expect(notification.payload).toEqual({
      content_id: created.content_id,
      campaign_id: fx.campaignId,
      phase_id: fx.phaseId,
      status: 2,
      previous_status: 1,
      changed_at: response.body.content.updated_at,
    });
  });

  it('is a no-op that writes no event when nothing changes', async () => {
    const created = await createContent({ content_name: 'Steady', live_date: '2026-02-01', content_editor_id: editorId, publisher_title_id: titleId, g_impressions: 10 });
    const before = await databaseState(created.content_id);

    const same = await update(created.content_id, {
      content_name: 'Steady',
      live_date: '2026-02-01',
      content_editor_id: editorId,
      publisher_title_id: titleId,
      g_impressions: 10,
      status: '1',
      campaign_id: fx.campaignId,
      phase_id: String(fx.phaseId),
    });
    expect(same.status).toBe(200);
    expect(same.body).toEqual({ success: true, message: expect.any(String), content: created });

    const empty = await update(created.content_id, {});
    expect(empty.status).toBe(200);
    expect(empty.body.content).toEqual(created);

    expect(await databaseState(created.content_id)).toEqual(before);
    expect((await eventsFor(created.content_id)).map((event) => event.event_type)).toEqual(['content_created']);
  });

  it('accepts its own record echoed back as a no-op (read-only fields are ignored)', async () => {
    const created = await createContent({ content_name: 'Echo', live_date: '2026-12-31', content_editor_id: editorId, publisher_title_id: titleId });
    const before = await databaseState(created.content_id);

    const response = await update(created.content_id, created);

    expect(response.status).toBe(200);
    expect(response.body.content).toEqual(created);
    expect(await databaseState(created.content_id)).toEqual(before);
  });

  describe('references: content_editor_id and publisher_title_id', () => {
    it('changes the editor and the title to other live ones of the workspace', async () => {
      const created = await createContent({ content_editor_id: editorId, publisher_title_id: titleId });

      const response = await update(created.content_id, { content_editor_id: secondEditorId, publisher_title_id: secondTitleId });

      expect(response.status).toBe(200);
      expect(response.body.content).toEqual({ ...created, content_editor: secondEditorId, publisher_title_id: secondTitleId, updated_at: expect.stringMatching(ISO_TIMESTAMP) });
      expect(await rawContent(created.content_id)).toMatchObject({ content_editor_id: secondEditorId, publisher_title_id: secondTitleId });
      expect([...((await eventsFor(created.content_id)).at(-1)?.payload.changed_fields ?? [])].sort()).toEqual(['content_editor_id', 'publisher_title_id']);
    });

    const cases: [string, () => Record<string, unknown>, Record<string, string[]>][] = [
      ['an editor id that names nothing', () => ({ content_editor_id: 999999 }), { content_editor_id: [EDITOR_MESSAGE] }],
      ["another workspace's user as editor", () => ({ content_editor_id: foreignEditorId }), { content_editor_id: [EDITOR_MESSAGE] }],
      ['a deleted user as editor', () => ({ content_editor_id: deletedEditorId }), { content_editor_id: [EDITOR_MESSAGE] }],
      ['a title id that names nothing', () => ({ publisher_title_id: 999999 }), { publisher_title_id: [TITLE_MESSAGE] }],
      ["another workspace's title", () => ({ publisher_title_id: foreignTitleId }), { publisher_title_id: [TITLE_MESSAGE] }],
      ['a title of a deleted publisher profile', () => ({ publisher_title_id: deletedProfileTitleId }), { publisher_title_id: [TITLE_MESSAGE] }],
      [
        'a bad editor, a bad title and a bad status move at once',
        () => ({ content_editor_id: deletedEditorId, publisher_title_id: foreignTitleId, status: '5' }),
        { content_editor_id: [EDITOR_MESSAGE], publisher_title_id: [TITLE_MESSAGE], status: [expect.stringMatching(/^status /)] },
      ],
    ];

    it.each(cases)('refuses %s with 422 on the field, and changes nothing', async (_name, fields, errors) => {
      const content = await createContent({ content_editor_id: editorId, publisher_title_id: titleId });
      const before = await databaseState(content.content_id);

      const response = await update(content.content_id, { content_name: 'Would be renamed', ...fields() });

      expect(response.status).toBe(422);
      expect(response.body).toEqual({ success: false, message: INVALID, code: 'BAD_USER_INPUT', request_id: expect.any(String), errors });
      expect(await databaseState(content.content_id)).toEqual(before);
      expect((await ws.api.get(`/v2/contents/${content.content_id}`)).body.data.content).toEqual(content);
    });

    it('does not re-judge an editor and a title deleted since they were set: other fields still change', async () => {
      const leaving = await fixtures.createUser(ws, 'editor.leaving@example.com');
      const closing = await fixtures.createPublisherProfile(app, ws, 'Closing down', ['Closing title']);
      const created = await createContent({ content_name: 'Outlives its editor', content_editor_id: leaving, publisher_title_id: closing.titleIds[0] });
      await deleteUser(ws, leaving);
      await deletePublisherProfile(ws, closing.profileId);

      const kept = (await ws.api.get(`/v2/contents/${created.content_id}`)).body.data.content;
      const renamed = await update(created.content_id, { content_name: 'Renamed', content_editor_id: leaving, publisher_title_id: closing.titleIds[0] });
      const echoed = await update(created.content_id, { ...renamed.body.content, content_description: 'Echoed' });

      expect(kept).toEqual(created);
      expect(renamed.status).toBe(200);
      expect(renamed.body.content).toMatchObject({ content_name: 'Renamed', content_editor: leaving, publisher_title_id: closing.titleIds[0] });
      expect(echoed.status).toBe(200);
      expect(echoed.body.content).toMatchObject({ content_description: 'Echoed', content_editor: leaving, publisher_title_id: closing.titleIds[0] });
      // Replacing them is judged: a deleted one is refused, a live one accepted, and null clears.
      expect((await update(created.content_id, { content_editor_id: deletedEditorId })).body.errors).toEqual({ content_editor_id: [EDITOR_MESSAGE] });
      expect((await update(created.content_id, { content_editor_id: editorId, publisher_title_id: null })).body.content).toMatchObject({ content_editor: editorId, publisher_title_id: null });
    });
  });

  describe('status transitions', () => {
    const STATUS_NAMES: Record<number, string> = { 1: 'draft', 2: 'in review', 3: 'changes requested', 4: 'approved', 5: 'live', 6: 'archived' };
    const ALLOWED: Record<number, number[]> = { 1: [2, 6], 2: [3, 4, 6], 3: [2, 6], 4: [5, 3, 6], 5: [6], 6: [] };
    /** How to reach each status from creation. */
    const ROUTE: Record<number, number[]> = { 1: [1], 2: [2], 3: [2, 3], 4: [2, 4], 5: [2, 4, 5], 6: [1, 6] };

    async function contentWithStatus(status: number): Promise<AnyBody> {
      const [initial, ...moves] = ROUTE[status];
      let record = await createContent({ content_name: `Status ${status}`, status: initial });
      for (const move of moves) {
        const response = await update(record.content_id, { status: String(move) });
        expect(response.status).toBe(200);
        record = response.body.content;
      }
      expect(record.status).toBe(status);
      return record;
    }

    const statuses = [1, 2, 3, 4, 5, 6];
    const cases = statuses.flatMap((from) =>
      statuses.map((to): [string, string, number, number, boolean] => [STATUS_NAMES[from], STATUS_NAMES[to], from, to, from === to || ALLOWED[from].includes(to)]),
    );

    it.each(cases)('%s → %s', async (_fromName, _toName, from, to, allowed) => {
      const content = await contentWithStatus(from);
      const before = await databaseState(content.content_id);

      const response = await update(content.content_id, { status: String(to) });

      if (from === to) {
        // Staying put is always allowed, and is a no-op.
        expect(response.status).toBe(200);
        expect(response.body.content).toEqual(content);
        expect(await databaseState(content.content_id)).toEqual(before);
      } else if (allowed) {
        expect(response.status).toBe(200);
        expect(response.body.content.status).toBe(to);
        // The update, then the §6 status notification, in the same transaction.
        const [updated, notification] = (await eventsFor(content.content_id)).slice(-2);
        expect(updated?.event_type).toBe('content_updated');
        expect(updated?.payload.changed_fields).toEqual(['status']);
        expect(notification?.event_type).toBe('post_content_status');
        expect(notification?.payload).toEqual({
          content_id: content.content_id,
          campaign_id: content.campaign_id,
          phase_id: content.phase_id,
          status: to,
          previous_status: from,
          changed_at: response.body.content.updated_at,
        });
      } else {
        expectInvalid(response, 'status');
        expect(await databaseState(content.content_id)).toEqual(before);
      }
    });

    it('names the allowed moves in the refusal', async () => {
      const content = await contentWithStatus(5);
      const response = await update(content.content_id, { status: 1 });

      expectInvalid(response, 'status');
      expect(response.body.errors.status[0]).toContain('6 (archived)');
    });
  });

  describe('refuses with 422 and changes nothing', () => {
    const cases: [string, () => Record<string, unknown>, string][] = [
      ['content_name empty', () => ({ content_name: '' }), 'content_name'],
      ['content_name null', () => ({ content_name: null }), 'content_name'],
      ['content_name blank', () => ({ content_name: '  ' }), 'content_name'],
      ['campaign_id null', () => ({ campaign_id: null }), 'campaign_id'],
      ['phase_id null', () => ({ phase_id: null }), 'phase_id'],
      ['campaign_id unknown', () => ({ campaign_id: 999999 }), 'campaign_id'],
      ["another workspace's campaign", () => ({ campaign_id: foreign.campaignId, phase_id: foreign.phaseId }), 'campaign_id'],
      ['a phase of another campaign without changing campaign', () => ({ phase_id: fx.otherCampaignPhaseId }), 'phase_id'],
      ['a phase of another campaign with the current campaign echoed', () => ({ campaign_id: fx.campaignId, phase_id: fx.otherCampaignPhaseId }), 'phase_id'],
      ['another campaign while keeping a phase of the current one', () => ({ campaign_id: fx.otherCampaignId }), 'phase_id'],
      ["a phase of another workspace's campaign", () => ({ phase_id: foreign.phaseId }), 'phase_id'],
      ['phase_id unknown', () => ({ phase_id: 999999 }), 'phase_id'],
      ['status null', () => ({ status: null }), 'status'],
      ['status 9', () => ({ status: '9' }), 'status'],
      ['status as a word', () => ({ status: 'approved' }), 'status'],
      ['status as its GraphQL enum name', () => ({ status: 'IN_REVIEW' }), 'status'],
      ['status jumping from draft to approved', () => ({ status: '4' }), 'status'],
      ['live_date 2026-02-30', () => ({ live_date: '2026-02-30' }), 'live_date'],
      ['live_date 2026/01/01', () => ({ live_date: '2026/01/01' }), 'live_date'],
      ['negative metric', () => ({ e_impressions: -10 }), 'e_impressions'],
      ['non-integer metric', () => ({ g_article_views: 0.5 }), 'g_article_views'],
      ['content_editor_id 0', () => ({ content_editor_id: 0 }), 'content_editor_id'],
      ['publisher_title_id as a word', () => ({ publisher_title_id: 'seven' }), 'publisher_title_id'],
      ['unknown field', () => ({ content_status: 2 }), 'content_status'],
    ];

    it.each(cases)('%s', async (_name, fields, field) => {
      const content = await createContent();
      await createDistributions(content.content_id);
      const before = await databaseState(content.content_id);

      expectInvalid(await update(content.content_id, fields()), field);
      expect(await databaseState(content.content_id)).toEqual(before);
    });

    it.each([
      ['an array', '[]'],
      ['a string', '"x"'],
      ['a number', '1'],
      ['null', 'null'],
    ])('body that is %s', async (_name, raw) => {
      const content = await createContent();
      const before = await databaseState(content.content_id);

      expectInvalid(await update(content.content_id, raw), 'body');
      expect(await databaseState(content.content_id)).toEqual(before);
    });

    it('does not apply the valid fields of a refused body', async () => {
      const content = await createContent();
      const before = await databaseState(content.content_id);

      expectInvalid(await update(content.content_id, { content_name: 'Would be renamed', status: '5' }), 'status');
      expectInvalid(await update(content.content_id, { content_name: 'Would be renamed', phase_id: fx.otherCampaignPhaseId }), 'phase_id');
      expect(await databaseState(content.content_id)).toEqual(before);
    });

    it('reports a broken status and a misplaced phase together', async () => {
      const content = await createContent();
      const response = await update(content.content_id, { status: '5', phase_id: fx.otherCampaignPhaseId });

      expect(response.status).toBe(422);
      expect(Object.keys(response.body.errors).sort()).toEqual(['phase_id', 'status']);
    });
  });

  it('moves a distribution that a concurrent writer added just before the move, and bumps updated_at of the moved ones', async () => {
    const content = await createContent();
    const [existing] = await createDistributions(content.content_id);

    const { response, distributionId } = await whileDistributionIsBeingAdded(content, () =>
      update(content.content_id, { campaign_id: fx.otherCampaignId, phase_id: fx.otherCampaignPhaseId }),
    );

    expect(response.status).toBe(200);
    const rows = await rawDistributions(content.content_id);
    expect(rows.map((row) => [row.id, row.campaign_id])).toEqual([
      [existing.id, fx.otherCampaignId],
      [distributionId, fx.otherCampaignId],
    ]);
    expect((rows[0].updated_at as Date).toISOString() > existing.updated_at).toBe(true);
  });

  it('does not move a content piece into a campaign that a concurrent delete is removing', async () => {
    const content = await createContent();
    const campaign = await createCampaign(ws, fx.accountId, 'Deleted mid-move');
    const [phase] = await createPhases(ws, campaign, ['Its phase']);
    const before = await databaseState(content.content_id);

    const response = await whileParentIsBeingDeleted('campaigns', campaign, () => update(content.content_id, { campaign_id: campaign, phase_id: phase }));

    expectInvalid(response, 'campaign_id');
    expect(await databaseState(content.content_id)).toEqual(before);
    expect(await orphanedContents()).toBe(0);
  });

  it('answers 404 for a deleted content piece', async () => {
    const content = await createContent();
    expect((await ws.api.delete(`/v2/contents/${content.content_id}`)).status).toBe(200);
    const before = await databaseState(content.content_id);

    expectNotFound(await update(content.content_id, { content_name: 'Back from the dead' }), NOT_FOUND);
    expect(await databaseState(content.content_id)).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------
// DELETE /v2/contents/:content_id
// ---------------------------------------------------------------------------------------------

describe('DELETE /v2/contents/:content_id (delete)', () => {
  it('soft-deletes: 200 {success, message}, then 404 on GET and on a second DELETE; the row stays with deleted_at set', async () => {
    const content = await createContent({ content_name: 'To be deleted' });

    const response = await ws.api.delete(`/v2/contents/${content.content_id}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: expect.any(String) });
    expectNotFound(await ws.api.get(`/v2/contents/${content.content_id}`), NOT_FOUND);
    expectNotFound(await ws.api.delete(`/v2/contents/${content.content_id}`), NOT_FOUND);

    const row = await rawContent(content.content_id);
    expect(row?.deleted_at).toBeInstanceOf(Date);
    expect(row?.content_name).toBe('To be deleted');
  });

  it('cascades to its live distributions and reports them in one content_deleted event', async () => {
    const content = await createContent();
    const distributions = await createDistributions(content.content_id, 3);
    // One distribution already deleted on its own: not part of this delete.
    expect((await ws.api.delete(`/v2/distributions/${distributions[0].id}`)).status).toBe(200);
    const alreadyDeleted = (await rawDistributions(content.content_id))[0];
    const sibling = await createContent();
    await createDistributions(sibling.content_id, 1);
    const siblingBefore = await rawDistributions(sibling.content_id);

    const response = await ws.api.delete(`/v2/contents/${content.content_id}`, { 'x-request-id': 'delete-content-req-1' });
    expect(response.status).toBe(200);

    const rows = await rawDistributions(content.content_id);
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.deleted_at).toBeInstanceOf(Date);
    expect(rows[0]).toEqual(alreadyDeleted);
    expect(await rawDistributions(sibling.content_id)).toEqual(siblingBefore);
    for (const distribution of distributions) expect((await ws.api.get(`/v2/distributions/${distribution.id}`)).status).toBe(404);

    const events = await eventsFor(content.content_id);
    expect(events.map((event) => event.event_type)).toEqual(['content_created', 'content_deleted']);
    const row = await rawContent(content.content_id);
    expect(events[1]).toMatchObject({ organisation_id: ws.organisationId, resource_type: 'content', resource_id: content.content_id, request_id: 'delete-content-req-1' });
    expect(events[1].payload).toEqual({
      content: { ...content, deleted_at: (row?.deleted_at as Date).toISOString(), updated_at: expect.stringMatching(ISO_TIMESTAMP) },
      deleted: { distributions: [distributions[1].id, distributions[2].id] },
    });
    // Payloads are stored as json, so the record keeps the spec's key order.
    expect(Object.keys(events[1].payload.content)).toEqual([...RECORD_KEYS]);
  });

  it('also takes a distribution that a concurrent writer added before the delete got the piece', async () => {
    const content = await createContent();
    const [existing] = await createDistributions(content.content_id);

    const { response, distributionId } = await whileDistributionIsBeingAdded(content, () => ws.api.delete(`/v2/contents/${content.content_id}`));

    expect(response.status).toBe(200);
    const rows = await rawDistributions(content.content_id);
    expect(rows.map((row) => row.id)).toEqual([existing.id, distributionId]);
    for (const row of rows) expect(row.deleted_at).toBeInstanceOf(Date);
    expect((await eventsFor(content.content_id)).at(-1)?.payload.deleted).toEqual({ distributions: [existing.id, distributionId] });
  });

  it('reports no distributions for a piece without any', async () => {
    const content = await createContent();
    await ws.api.delete(`/v2/contents/${content.content_id}`);

    expect((await eventsFor(content.content_id))[1].payload.deleted).toEqual({ distributions: [] });
  });

  it('drops the piece from the list', async () => {
    const lister = await createFixture(await app.workspace('Delete list'));
    const kept = await createContent({}, lister);
    const gone = await createContent({}, lister);

    await lister.workspace.api.delete(`/v2/contents/${gone.content_id}`);

    const list = (await lister.workspace.api.get('/v2/contents')).body.data.contents;
    expect(list.data.map((record: AnyBody) => record.content_id)).toEqual([kept.content_id]);
  });

  it('a second DELETE writes nothing', async () => {
    const content = await createContent();
    await createDistributions(content.content_id);
    await ws.api.delete(`/v2/contents/${content.content_id}`);
    const before = await databaseState(content.content_id);

    expectNotFound(await ws.api.delete(`/v2/contents/${content.content_id}`), NOT_FOUND);
    expect(await databaseState(content.content_id)).toEqual(before);
  });
});
