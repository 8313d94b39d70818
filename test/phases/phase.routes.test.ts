import { rowById, rowCounts } from '../support/database-state';
import { CALENDAR_DATE, INVALID, ISO_TIMESTAMP, PAGINATION_KEYS, expectNotFoundBody, notFoundBody } from '../support/expectations';
import * as fixtures from '../support/fixtures';
import { createAccount } from '../support/fixtures';
import { resourceEvents, type OutboxRow } from '../support/outbox';
import { type AnyBody, type ApiResponse, type Workspace } from '../support/test-app';
import { appForFile } from '../support/file-app';

/**
 * REST /v2 phases (spec §2.1, §2.7, §4.4a, §7) through real HTTP over a real PostgreSQL:
 * bulk create, list, details, partial update (PUT) and the cascading soft delete. The 401s and
 * 404s every operation shares (no key, unknown ids, another workspace's ids) are in
 * test/http/rest/route-contract.test.ts.
 */

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** The record's keys in src/phases/phase.record.ts order: §2.7's fields with id, campaign_id and the timestamps. */
const RECORD_KEYS = [
  'id',
  'campaign_id',
  'phase_no',
  'external_id',
  'phase_title',
  'phase_description',
  'phase_pacing',
  'key_message',
  'earliest_phase_launch_date',
  'latest_phase_launch_date',
  'earliest_phase_end_date',
  'latest_phase_end_date',
  'g_impressions',
  'e_impressions',
  'g_video_views',
  'e_video_views',
  'g_article_views',
  'e_article_views',
  'g_traffic_to_site',
  'e_traffic_to_site',
  'no_of_pieces',
  'custom_fields',
  'deleted_at',
  'created_at',
  'updated_at',
];

const METRICS = ['g_impressions', 'e_impressions', 'g_video_views', 'e_video_views', 'g_article_views', 'e_article_views', 'g_traffic_to_site', 'e_traffic_to_site'];
const STRINGS = ['external_id', 'phase_title', 'phase_description', 'key_message'];
const DATES = ['earliest_phase_launch_date', 'latest_phase_launch_date', 'earliest_phase_end_date', 'latest_phase_end_date'];

const CREATED_BODY = { success: true, message: 'Phases created successfully', data: null };
const PHASE_NOT_FOUND = notFoundBody('Phase not found');
const CAMPAIGN_NOT_FOUND = notFoundBody('Campaign not found');

/** Every field's key, order and JSON type. */
function expectPhaseRecord(record: AnyBody): void {
  expect(Object.keys(record)).toEqual(RECORD_KEYS);
  for (const key of ['id', 'campaign_id', 'phase_no', 'phase_pacing', 'no_of_pieces', ...METRICS]) {
    expect([key, Number.isInteger(record[key])]).toEqual([key, true]);
  }
  for (const key of STRINGS) expect([key, typeof record[key]]).toEqual([key, 'string']);
  for (const key of DATES) {
    if (record[key] !== null) expect([key, record[key]]).toEqual([key, expect.stringMatching(CALENDAR_DATE)]);
  }
  expect(record.custom_fields).toEqual(expect.any(Object));
  expect(Array.isArray(record.custom_fields)).toBe(false);
  expect(record.deleted_at).toBeNull();
  expect(record.created_at).toMatch(ISO_TIMESTAMP);
  expect(record.updated_at).toMatch(ISO_TIMESTAMP);
}

/** A 422 naming exactly one field (a v2 path such as `phases.0.phase_title`); messages start with its last segment. */
function expectInvalid(response: ApiResponse<AnyBody>, field: string): void {
  expect(response.status).toBe(422);
  expect(response.body).toEqual({ success: false, message: INVALID, code: 'BAD_USER_INPUT', request_id: expect.any(String), errors: { [field]: expect.any(Array) } });
  const messages: unknown[] = response.body.errors[field];
  expect(messages.length).toBeGreaterThan(0);
  // Messages start with the field's name; an array element (`phases.1`) is named by its whole path.
  const last = field.split('.').at(-1) ?? field;
  const name = /^\d+$/.test(last) ? field : last;
  for (const message of messages) expect(message).toEqual(expect.stringMatching(new RegExp(`^${name.replace(/\./g, '\\.')} \\S`)));
}

function expectPhaseNotFound(response: ApiResponse<AnyBody>): void {
  expectNotFoundBody(response, PHASE_NOT_FOUND);
}

const { app, ws, other } = appForFile({ ws: 'Phase REST tests', other: 'Another workspace' });
let accountId: number;
let otherAccountId: number;

/** Creates a campaign through the API and returns its id. */
function createCampaign(title = 'A campaign', workspace = ws, account = accountId): Promise<number> {
  return fixtures.createCampaign(workspace, String(account), title);
}

/** POST /v2/phases, expecting success. */
async function createPhases(campaignId: number, phases: Record<string, unknown>[], workspace = ws): Promise<void> {
  const response = await workspace.api.post('/v2/phases', { campaign_id: campaignId, phases });
  expect(response.body).toEqual(CREATED_BODY);
  expect(response.status).toBe(200);
}

/** Creates one phase and returns its v2 record (the create response carries no data). */
async function createPhase(campaignId: number, fields: Record<string, unknown> = {}, workspace = ws): Promise<AnyBody> {
  await createPhases(campaignId, [{ phase_title: 'A phase', ...fields }], workspace);
  const [{ id }] = await app.dataSource.query('SELECT max(id)::int AS id FROM phases WHERE campaign_id = $1', [campaignId]);
  const response = await workspace.api.get(`/v2/phases/${id}`);
  expect(response.status).toBe(200);
  return response.body.data.phase;
}

/** The live phases of a campaign as the list returns them (phase order). */
async function phasesOf(campaignId: number, workspace = ws): Promise<AnyBody[]> {
  const response = await workspace.api.get(`/v2/phases?campaign_id=${campaignId}&per_page=100`);
  expect(response.status).toBe(200);
  return response.body.data.phases.data;
}

function createContent(campaignId: number, phaseId: number, name = 'A content piece'): Promise<number> {
  return fixtures.createContent(ws, campaignId, phaseId, name);
}

async function createDistributions(contentId: number, count = 1): Promise<number[]> {
  const distributions = await fixtures.createDistributions(ws, contentId, count, fixtures.BARE_DISTRIBUTION);
  return distributions.map((distribution: AnyBody) => distribution.id as number);
}

function rawPhase(id: number): Promise<Record<string, unknown> | undefined> {
  return rowById(app, 'phases', id);
}

async function deletedAt(table: 'contents' | 'distributions' | 'phases', ids: number[]): Promise<(Date | null)[]> {
  const rows: { id: number; deleted_at: Date | null }[] = await app.dataSource.query(`SELECT id, deleted_at FROM ${table} WHERE id = ANY($1) ORDER BY id`, [ids]);
  expect(rows.map((row) => row.id)).toEqual([...ids].sort((a, b) => a - b));
  return rows.map((row) => row.deleted_at);
}

/** The phase's outbox events, oldest first. */
function eventsFor(phaseId: number): Promise<OutboxRow[]> {
  return resourceEvents(app, 'phase', phaseId);
}

/** What must not move when a request is refused: the row counts and, when given, the phase's row. */
async function databaseState(phaseId?: number): Promise<AnyBody> {
  const counts = await rowCounts(app, ['phases', 'contents', 'distributions', 'outbox_events']);
  return { counts, row: phaseId === undefined ? null : await rawPhase(phaseId) };
}

beforeAll(async () => {
  accountId = await createAccount(ws, 'Acme Brands');
  otherAccountId = await createAccount(other, 'Not yours Ltd');
});

// ---------------------------------------------------------------------------------------------
// POST /v2/phases
// ---------------------------------------------------------------------------------------------

describe('POST /v2/phases (create)', () => {
  const fullPhase = () => ({
    phase_no: 3,
    external_id: 'EXT-42',
    phase_title: 'Launch',
    phase_description: 'The launch burst',
    phase_pacing: 2,
    key_message: 'Taste the spring',
    earliest_phase_launch_date: '2026-03-01',
    latest_phase_launch_date: '2026-03-15',
    earliest_phase_end_date: '2026-04-01',
    latest_phase_end_date: '2026-04-30',
    g_impressions: 100000,
    e_impressions: 90000,
    g_video_views: 1000,
    e_video_views: 800,
    g_article_views: 5000,
    e_article_views: 4500,
    g_traffic_to_site: 300,
    e_traffic_to_site: 250,
    no_of_pieces: 6,
    custom_fields: { channel: 'social', budget: { currency: 'GBP', amount: 1200.5 }, tags: ['a', 'b'], approved: true, note: null },
  });

  it('creates a phase from every §2.7 field and answers {success, message, data: null}', async () => {
    const campaignId = await createCampaign();
    const body = fullPhase();

    const response = await ws.api.post('/v2/phases', { campaign_id: campaignId, phases: [body] });

    expect(response.status).toBe(200);
    expect(response.body).toEqual(CREATED_BODY);
    const [record] = await phasesOf(campaignId);
    expectPhaseRecord(record);
    expect(record).toEqual({
      id: expect.any(Number),
      campaign_id: campaignId,
      ...body,
      deleted_at: null,
      created_at: expect.stringMatching(ISO_TIMESTAMP),
      updated_at: expect.stringMatching(ISO_TIMESTAMP),
    });
  });

  it('takes custom_fields: null as no custom fields given, as users do (§4.2 rule 3): {} on create', async () => {
    const campaignId = await createCampaign();
    const record = await createPhase(campaignId, { phase_title: 'Null fields', custom_fields: null });
    expect(record.custom_fields).toEqual({});
  });

  it('fills defaults for omitted fields: empty strings, zero numbers, null dates, {} custom_fields, phase_no 1', async () => {
    const campaignId = await createCampaign();

    const record = await createPhase(campaignId, { phase_title: 'Minimal' });

    expectPhaseRecord(record);
    expect(record).toEqual({
      id: expect.any(Number),
      campaign_id: campaignId,
      phase_no: 1,
      external_id: '',
      phase_title: 'Minimal',
      phase_description: '',
      phase_pacing: 0,
      key_message: '',
      earliest_phase_launch_date: null,
      latest_phase_launch_date: null,
      earliest_phase_end_date: null,
      latest_phase_end_date: null,
      ...Object.fromEntries(METRICS.map((metric) => [metric, 0])),
      no_of_pieces: 0,
      custom_fields: {},
      deleted_at: null,
      created_at: expect.stringMatching(ISO_TIMESTAMP),
      updated_at: expect.stringMatching(ISO_TIMESTAMP),
    });
  });

  it('accepts campaign_id as a numeric string', async () => {
    const campaignId = await createCampaign();

    const response = await ws.api.post('/v2/phases', { campaign_id: String(campaignId), phases: [{ phase_title: 'Stringy' }] });

    expect(response.body).toEqual(CREATED_BODY);
    expect((await phasesOf(campaignId)).map((phase) => phase.phase_title)).toEqual(['Stringy']);
  });

  it('accepts equal earliest and latest dates, and null dates', async () => {
    const campaignId = await createCampaign();

    const record = await createPhase(campaignId, {
      earliest_phase_launch_date: '2024-02-29',
      latest_phase_launch_date: '2024-02-29',
      earliest_phase_end_date: null,
      latest_phase_end_date: '2026-01-01',
    });

    expect(record).toMatchObject({ earliest_phase_launch_date: '2024-02-29', latest_phase_launch_date: '2024-02-29', earliest_phase_end_date: null, latest_phase_end_date: '2026-01-01' });
  });

  describe('phase_no', () => {
    it('numbers phases without one in request order, from 1 on a new campaign', async () => {
      const campaignId = await createCampaign();

      await createPhases(campaignId, [{ phase_title: 'A' }, { phase_title: 'B' }, { phase_title: 'C' }]);

      expect((await phasesOf(campaignId)).map((phase) => [phase.phase_title, phase.phase_no])).toEqual([
        ['A', 1],
        ['B', 2],
        ['C', 3],
      ]);
    });

    it("continues after the campaign's highest live number, not filling gaps", async () => {
      const campaignId = await createCampaign();
      await createPhases(campaignId, [{ phase_title: 'One', phase_no: 1 }, { phase_title: 'Seven', phase_no: 7 }]);

      await createPhases(campaignId, [{ phase_title: 'Next' }, { phase_title: 'After' }]);

      expect((await phasesOf(campaignId)).map((phase) => [phase.phase_title, phase.phase_no])).toEqual([
        ['One', 1],
        ['Seven', 7],
        ['Next', 8],
        ['After', 9],
      ]);
    });

    it('skips numbers other phases of the same request claim, wherever they stand in it', async () => {
      const campaignId = await createCampaign();
      await createPhases(campaignId, [{ phase_title: 'P1' }, { phase_title: 'P2' }]);

      await createPhases(campaignId, [{ phase_title: 'A' }, { phase_title: 'B', phase_no: 4 }, { phase_title: 'C' }, { phase_title: 'D', phase_no: 3 }]);

      const numbers = Object.fromEntries((await phasesOf(campaignId)).map((phase) => [phase.phase_title, phase.phase_no]));
      expect(numbers).toEqual({ P1: 1, P2: 2, A: 5, B: 4, C: 6, D: 3 });
    });

    it("ignores deleted phases' numbers when looking for the highest", async () => {
      const campaignId = await createCampaign();
      await createPhases(campaignId, [{ phase_title: 'One' }, { phase_title: 'Two' }, { phase_title: 'Three' }]);
      const three = (await phasesOf(campaignId)).find((phase) => phase.phase_no === 3);
      expect((await ws.api.delete(`/v2/phases/${three.id}`)).status).toBe(200);

      await createPhases(campaignId, [{ phase_title: 'New three' }]);

      expect((await phasesOf(campaignId)).map((phase) => [phase.phase_title, phase.phase_no])).toEqual([
        ['One', 1],
        ['Two', 2],
        ['New three', 3],
      ]);
    });

    it('is counted per campaign: two campaigns may both have phase 1', async () => {
      const first = await createCampaign('First');
      const second = await createCampaign('Second');

      await createPhases(first, [{ phase_title: 'First one', phase_no: 1 }]);
      await createPhases(second, [{ phase_title: 'Second one', phase_no: 1 }]);

      expect((await phasesOf(first)).map((phase) => phase.phase_no)).toEqual([1]);
      expect((await phasesOf(second)).map((phase) => phase.phase_no)).toEqual([1]);
    });

    it('refuses a number a live phase of the campaign already has (422, nothing written)', async () => {
      const campaignId = await createCampaign();
      await createPhases(campaignId, [{ phase_title: 'Taken', phase_no: 2 }]);
      const before = await databaseState();

      const response = await ws.api.post('/v2/phases', { campaign_id: campaignId, phases: [{ phase_title: 'Fine' }, { phase_title: 'Clash', phase_no: 2 }] });

      expectInvalid(response, 'phases.1.phase_no');
      expect(await databaseState()).toEqual(before);
    });

    it('refuses a number given twice in one request (422 on the second, nothing written)', async () => {
      const campaignId = await createCampaign();
      const before = await databaseState();

      const response = await ws.api.post('/v2/phases', { campaign_id: campaignId, phases: [{ phase_title: 'A', phase_no: 5 }, { phase_title: 'B', phase_no: 5 }] });

      expectInvalid(response, 'phases.1.phase_no');
      expect(await databaseState()).toEqual(before);
    });

    it('numbers concurrent requests on one campaign without collisions', async () => {
      const campaignId = await createCampaign();

      const responses = await Promise.all(
        Array.from({ length: 5 }, (_, n) => ws.api.post('/v2/phases', { campaign_id: campaignId, phases: [{ phase_title: `R${n}a` }, { phase_title: `R${n}b` }] })),
      );

      for (const response of responses) expect(response.body).toEqual(CREATED_BODY);
      expect((await phasesOf(campaignId)).map((phase) => phase.phase_no)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    });
  });

  it('writes one phase_created event per phase whose payload.phase is the record', async () => {
    const campaignId = await createCampaign();

    const response = await ws.api.post(
      '/v2/phases',
      { campaign_id: campaignId, phases: [{ phase_title: 'First', custom_fields: { k: 'v' } }, { phase_title: 'Second', e_impressions: 9 }] },
      { 'x-request-id': 'create-phases-req-1' },
    );
    expect(response.status).toBe(200);

    const records = await phasesOf(campaignId);
    expect(records).toHaveLength(2);
    for (const record of records) {
      expect(await eventsFor(record.id)).toEqual([
        {
          organisation_id: ws.organisationId,
          event_type: 'phase_created',
          resource_type: 'phase',
          resource_id: record.id,
          payload: { phase: record },
          request_id: 'create-phases-req-1',
        },
      ]);
    }
  });

  it('accepts 100 phases in one request', async () => {
    const campaignId = await createCampaign();

    await createPhases(campaignId, Array.from({ length: 100 }, (_, n) => ({ phase_title: `Phase ${n}` })));

    const numbers = (await phasesOf(campaignId)).map((phase) => phase.phase_no);
    expect(numbers).toEqual(Array.from({ length: 100 }, (_, n) => n + 1));
  });

  it('accepts custom_fields of exactly 16 KB', async () => {
    const campaignId = await createCampaign();
    const envelope = JSON.stringify({ k: '' }).length;
    const customFields = { k: 'x'.repeat(16 * 1024 - envelope) };
    expect(Buffer.byteLength(JSON.stringify(customFields))).toBe(16 * 1024);

    const record = await createPhase(campaignId, { custom_fields: customFields });

    expect(record.custom_fields).toEqual(customFields);
  });

  describe('refuses a bad element with 422 on its nested v2 path and writes nothing', () => {
    const tooBig = () => ({ k: 'x'.repeat(16 * 1024) });
    const cases: [string, Record<string, unknown>, string][] = [
      ['phase_title missing', { phase_title: undefined }, 'phase_title'],
      ['phase_title empty', { phase_title: '' }, 'phase_title'],
      ['phase_title blank', { phase_title: '   ' }, 'phase_title'],
      ['phase_title null', { phase_title: null }, 'phase_title'],
      ['phase_title not a string', { phase_title: 42 }, 'phase_title'],
      ['phase_title longer than 255 characters', { phase_title: 'x'.repeat(256) }, 'phase_title'],
      ['external_id not a string', { external_id: 7 }, 'external_id'],
      ['external_id longer than 255 characters', { external_id: 'x'.repeat(256) }, 'external_id'],
      ['phase_description not a string', { phase_description: ['x'] }, 'phase_description'],
      ['key_message null', { key_message: null }, 'key_message'],
      ['phase_no 0', { phase_no: 0 }, 'phase_no'],
      ['phase_no negative', { phase_no: -1 }, 'phase_no'],
      ['phase_no fractional', { phase_no: 1.5 }, 'phase_no'],
      ['phase_no as a string', { phase_no: '2' }, 'phase_no'],
      ['phase_no null', { phase_no: null }, 'phase_no'],
      ['phase_pacing negative', { phase_pacing: -1 }, 'phase_pacing'],
      ['phase_pacing fractional', { phase_pacing: 0.5 }, 'phase_pacing'],
      ['no_of_pieces negative', { no_of_pieces: -2 }, 'no_of_pieces'],
      ['no_of_pieces beyond 32 bits', { no_of_pieces: 2 ** 31 }, 'no_of_pieces'],
      ...METRICS.map((metric): [string, Record<string, unknown>, string] => [`${metric} negative`, { [metric]: -1 }, metric]),
      ['metric fractional', { g_video_views: 1.5 }, 'g_video_views'],
      ['metric as a string', { e_article_views: '3' }, 'e_article_views'],
      ['metric null', { g_traffic_to_site: null }, 'g_traffic_to_site'],
      ['date that does not exist (2026-02-30)', { earliest_phase_launch_date: '2026-02-30' }, 'earliest_phase_launch_date'],
      ['2025-02-29 (not a leap year)', { latest_phase_launch_date: '2025-02-29' }, 'latest_phase_launch_date'],
      ['month 13', { earliest_phase_end_date: '2026-13-01' }, 'earliest_phase_end_date'],
      ['date without dashes', { latest_phase_end_date: '20260101' }, 'latest_phase_end_date'],
      ['date with a time', { earliest_phase_launch_date: '2026-01-01T00:00:00Z' }, 'earliest_phase_launch_date'],
      ['date as a number', { latest_phase_end_date: 20260101 }, 'latest_phase_end_date'],
      ['earliest launch after latest launch', { earliest_phase_launch_date: '2026-03-02', latest_phase_launch_date: '2026-03-01' }, 'earliest_phase_launch_date'],
      ['earliest end after latest end', { earliest_phase_end_date: '2026-05-01', latest_phase_end_date: '2026-04-30' }, 'earliest_phase_end_date'],
      ['custom_fields an array', { custom_fields: [1, 2] }, 'custom_fields'],
      ['custom_fields a string', { custom_fields: '{"a":1}' }, 'custom_fields'],
      ['custom_fields a number', { custom_fields: 5 }, 'custom_fields'],
      ['custom_fields over 16 KB', { custom_fields: tooBig() }, 'custom_fields'],
      ['unknown field', { phase_name: 'x' }, 'phase_name'],
      ['GraphQL spelling of a field', { phaseTitle: 'x' }, 'phaseTitle'],
    ];

    it.each(cases)('%s', async (_name, fields, field) => {
      const campaignId = await createCampaign();
      const before = await databaseState();
      const bad = { phase_title: 'Refused', ...fields };

      const response = await ws.api.post('/v2/phases', { campaign_id: campaignId, phases: [{ phase_title: 'Good one' }, { phase_title: 'Good two' }, bad] });

      expectInvalid(response, `phases.2.${field}`);
      expect(await databaseState()).toEqual(before);
    });

    it('says "phase_title is required" when the title is missing', async () => {
      const campaignId = await createCampaign();

      const response = await ws.api.post('/v2/phases', { campaign_id: campaignId, phases: [{ phase_pacing: 1 }] });

      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ 'phases.0.phase_title': ['phase_title is required'] });
    });

    it.each([
      ['null', null],
      ['a string', 'phase'],
      ['a number', 5],
      ['an array', [{ phase_title: 'x' }]],
    ])('element that is %s', async (_name, element) => {
      const campaignId = await createCampaign();
      const before = await databaseState();

      const response = await ws.api.post('/v2/phases', { campaign_id: campaignId, phases: [{ phase_title: 'Good' }, element] });

      expectInvalid(response, 'phases.1');
      expect(await databaseState()).toEqual(before);
    });

    it('reports every broken field of every element at once', async () => {
      const campaignId = await createCampaign();
      const before = await databaseState();

      const response = await ws.api.post('/v2/phases', {
        campaign_id: campaignId,
        phases: [{ phase_title: 'Good' }, { g_impressions: -1 }, { phase_title: 'x', custom_fields: [], shade: 'blue' }],
      });

      expect(response.status).toBe(422);
      expect(Object.keys(response.body.errors).sort()).toEqual(['phases.2.shade']);
      const typed = await ws.api.post('/v2/phases', { campaign_id: campaignId, phases: [{ phase_title: 'Good' }, { g_impressions: -1 }, { phase_title: 'x', custom_fields: [] }] });
      expect(typed.status).toBe(422);
      expect(Object.keys(typed.body.errors).sort()).toEqual(['phases.1.g_impressions', 'phases.1.phase_title', 'phases.2.custom_fields']);
      expect(await databaseState()).toEqual(before);
    });
  });

  describe('refuses a bad body with 422 and writes nothing', () => {
    const cases: [string, () => Promise<Record<string, unknown>>, string][] = [
      ['phases empty', async () => ({ campaign_id: await createCampaign(), phases: [] }), 'phases'],
      ['phases missing', async () => ({ campaign_id: await createCampaign() }), 'phases'],
      ['phases null', async () => ({ campaign_id: await createCampaign(), phases: null }), 'phases'],
      ['phases an object', async () => ({ campaign_id: await createCampaign(), phases: { phase_title: 'x' } }), 'phases'],
      ['phases a string', async () => ({ campaign_id: await createCampaign(), phases: 'x' }), 'phases'],
      ['more than 100 phases', async () => ({ campaign_id: await createCampaign(), phases: Array.from({ length: 101 }, (_, n) => ({ phase_title: `P${n}` })) }), 'phases'],
      ['campaign_id missing', async () => ({ phases: [{ phase_title: 'x' }] }), 'campaign_id'],
      ['campaign_id null', async () => ({ campaign_id: null, phases: [{ phase_title: 'x' }] }), 'campaign_id'],
      ['campaign_id not an id', async () => ({ campaign_id: 'abc', phases: [{ phase_title: 'x' }] }), 'campaign_id'],
      ['campaign_id 0', async () => ({ campaign_id: 0, phases: [{ phase_title: 'x' }] }), 'campaign_id'],
      ['campaign_id negative', async () => ({ campaign_id: -3, phases: [{ phase_title: 'x' }] }), 'campaign_id'],
      ['campaign_id fractional', async () => ({ campaign_id: 1.5, phases: [{ phase_title: 'x' }] }), 'campaign_id'],
      ['unknown top-level field', async () => ({ campaign_id: await createCampaign(), phases: [{ phase_title: 'x' }], phase_title: 'x' }), 'phase_title'],
    ];

    it.each(cases)('%s', async (_name, body, field) => {
      const sent = await body();
      const before = await databaseState();

      expectInvalid(await ws.api.post('/v2/phases', sent), field);
      expect(await databaseState()).toEqual(before);
    });

    it.each([
      ['an array', '[{"phase_title":"x"}]'],
      ['a string', '"phases"'],
      ['a number', '42'],
      ['null', 'null'],
    ])('body that is %s', async (_name, raw) => {
      const before = await databaseState();

      expectInvalid(await ws.api.post('/v2/phases', raw), 'body');
      expect(await databaseState()).toEqual(before);
    });
  });

  describe('answers 404 for a campaign the workspace does not have, writing nothing', () => {
    it('unknown, another workspace’s and deleted campaigns all get the same body', async () => {
      const foreign = await createCampaign('Theirs', other, otherAccountId);
      const deleted = await createCampaign('Gone');
      expect((await ws.api.delete(`/v2/campaigns/${deleted}`)).status).toBe(200);
      const before = await databaseState();

      for (const campaignId of [999999, String(999999), foreign, deleted]) {
        const response = await ws.api.post('/v2/phases', { campaign_id: campaignId, phases: [{ phase_title: 'Nowhere' }] });
        expect([campaignId, response.status, response.body]).toEqual([campaignId, 404, CAMPAIGN_NOT_FOUND]);
      }
      expect(await databaseState()).toEqual(before);
      expect(await phasesOf(foreign, other)).toEqual([]);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// GET /v2/phases
// ---------------------------------------------------------------------------------------------

describe('GET /v2/phases (list)', () => {
  let lister: Workspace;
  let firstCampaign: number;
  let secondCampaign: number;

  beforeAll(async () => {
    lister = await app.workspace('Phase list');
    const account = await createAccount(lister, 'Lister account');
    firstCampaign = await createCampaign('First', lister, account);
    secondCampaign = await createCampaign('Second', lister, account);
    // Created out of order: the second campaign first, and numbers not in id order.
    await createPhases(secondCampaign, [{ phase_title: 'S2', phase_no: 2 }, { phase_title: 'S1', phase_no: 1 }], lister);
    await createPhases(firstCampaign, [{ phase_title: 'F3', phase_no: 3 }, { phase_title: 'F1', phase_no: 1 }, { phase_title: 'F2', phase_no: 2 }], lister);
    await createPhases(firstCampaign, [{ phase_title: 'F4 deleted', phase_no: 4 }], lister);
    const deleted = (await phasesOf(firstCampaign, lister)).find((phase) => phase.phase_no === 4);
    expect((await lister.api.delete(`/v2/phases/${deleted.id}`)).status).toBe(200);
    // Another workspace's phases never show.
    await createPhase(await createCampaign('Elsewhere'), { phase_title: 'Not listed' });
  });

  const titles = (response: ApiResponse<AnyBody>): string[] => response.body.data.phases.data.map((phase: AnyBody) => phase.phase_title);

  it('returns a campaign’s live phases as data.phases, a seven-key pagination envelope, in phase order', async () => {
    const response = await lister.api.get(`/v2/phases?campaign_id=${firstCampaign}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: expect.any(String), data: { phases: expect.any(Object) } });
    const envelope = response.body.data.phases;
    expect(Object.keys(envelope).sort()).toEqual(PAGINATION_KEYS);
    expect(envelope).toEqual({ current_page: 1, data: expect.any(Array), from: 1, next_page_url: null, per_page: 15, prev_page_url: null, to: 3 });
    expect(titles(response)).toEqual(['F1', 'F2', 'F3']);
    for (const record of envelope.data) {
      expectPhaseRecord(record);
      expect(record.campaign_id).toBe(firstCampaign);
    }
  });

  it('without campaign_id lists every live phase of the workspace by campaign, phase_no, id', async () => {
    const response = await lister.api.get('/v2/phases');

    expect(response.status).toBe(200);
    expect(titles(response)).toEqual(['F1', 'F2', 'F3', 'S1', 'S2']);
  });

  it('ignores an empty campaign_id', async () => {
    expect(titles(await lister.api.get('/v2/phases?campaign_id='))).toEqual(['F1', 'F2', 'F3', 'S1', 'S2']);
  });

  it('pages with page and per_page, keeping the filter in the links', async () => {
    const first = await lister.api.get('/v2/phases?per_page=2');
    expect(titles(first)).toEqual(['F1', 'F2']);
    expect(first.body.data.phases).toMatchObject({ current_page: 1, from: 1, to: 2, per_page: 2, prev_page_url: null });
    expect(first.body.data.phases.next_page_url).toBe(`${app.baseUrl}/v2/phases?per_page=2&page=2`);

    const last = await lister.api.get('/v2/phases?per_page=2&page=3');
    expect(titles(last)).toEqual(['S2']);
    expect(last.body.data.phases).toMatchObject({ current_page: 3, from: 5, to: 5, next_page_url: null });
    expect(last.body.data.phases.prev_page_url).toBe(`${app.baseUrl}/v2/phases?per_page=2&page=2`);

    const filtered = await lister.api.get(`/v2/phases?campaign_id=${firstCampaign}&per_page=2`);
    const next = new URL(filtered.body.data.phases.next_page_url);
    expect(next.searchParams.get('campaign_id')).toBe(String(firstCampaign));
    expect(titles(await lister.api.get(`${next.pathname}${next.search}`))).toEqual(['F3']);
  });

  it('returns an empty page past the end and for campaigns the workspace does not have', async () => {
    const beyond = await lister.api.get('/v2/phases?page=9');
    expect(beyond.body.data.phases).toEqual({ current_page: 9, data: [], from: null, next_page_url: null, per_page: 15, prev_page_url: expect.any(String), to: null });

    for (const campaignId of [999999, await createCampaign('Someone else’s')]) {
      const response = await lister.api.get(`/v2/phases?campaign_id=${campaignId}`);
      expect(response.status).toBe(200);
      expect(response.body.data.phases.data).toEqual([]);
    }
  });

  it.each([
    ['an unknown query parameter', 'phase_no=1', 'phase_no'],
    ['a malformed campaign_id', 'campaign_id=abc', 'campaign_id'],
    ['campaign_id 0', 'campaign_id=0', 'campaign_id'],
    ['per_page 0', 'per_page=0', 'per_page'],
    ['per_page 101', 'per_page=101', 'per_page'],
    ['page 0', 'page=0', 'page'],
  ])('refuses %s with 422', async (_name, query, field) => {
    expectInvalid(await lister.api.get(`/v2/phases?${query}`), field);
  });
});

// ---------------------------------------------------------------------------------------------
// GET /v2/phases/:phase
// ---------------------------------------------------------------------------------------------

describe('GET /v2/phases/:phase (details)', () => {
  it('returns the phase as data.phase with every field typed', async () => {
    const campaignId = await createCampaign();
    await createPhases(campaignId, [{ phase_title: 'Detailed', earliest_phase_end_date: '2026-06-01', custom_fields: { a: [1, { b: null }] }, g_impressions: 12 }]);
    const [listed] = await phasesOf(campaignId);

    const response = await ws.api.get(`/v2/phases/${listed.id}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: expect.any(String), data: { phase: listed } });
    expectPhaseRecord(response.body.data.phase);
    expect(response.body.data.phase).toMatchObject({ phase_title: 'Detailed', earliest_phase_end_date: '2026-06-01', custom_fields: { a: [1, { b: null }] }, g_impressions: 12 });
  });

  it('answers 404 for a deleted phase', async () => {
    const phase = await createPhase(await createCampaign());
    expect((await ws.api.delete(`/v2/phases/${phase.id}`)).status).toBe(200);

    expectPhaseNotFound(await ws.api.get(`/v2/phases/${phase.id}`));
  });
});

// ---------------------------------------------------------------------------------------------
// PUT /v2/phases/:phase
// ---------------------------------------------------------------------------------------------

describe('PUT /v2/phases/:phase (update)', () => {
  const update = (id: number | string, body: unknown, workspace = ws, headers?: Record<string, string>) => workspace.api.put(`/v2/phases/${id}`, body, headers);

  const datedPhase = async (fields: Record<string, unknown> = {}) =>
    createPhase(await createCampaign(), {
      phase_title: 'Dated',
      earliest_phase_launch_date: '2026-03-01',
      latest_phase_launch_date: '2026-03-15',
      earliest_phase_end_date: '2026-04-01',
      latest_phase_end_date: '2026-04-30',
      ...fields,
    });

  it('changes only the given fields and returns data.phase', async () => {
    const created = await createPhase(await createCampaign(), { phase_title: 'Before', key_message: 'Keep me', phase_pacing: 1, g_impressions: 5 });

    const response = await update(created.id, { phase_title: 'After', phase_pacing: 3, e_traffic_to_site: 40, earliest_phase_launch_date: '2026-07-01' });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: expect.any(String), data: { phase: expect.any(Object) } });
    const phase = response.body.data.phase;
    expectPhaseRecord(phase);
    expect(phase).toEqual({
      ...created,
      phase_title: 'After',
      phase_pacing: 3,
      e_traffic_to_site: 40,
      earliest_phase_launch_date: '2026-07-01',
      updated_at: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect(phase.updated_at > created.updated_at).toBe(true);
    expect((await ws.api.get(`/v2/phases/${created.id}`)).body.data.phase).toEqual(phase);
  });

  it('clears a date with null', async () => {
    const created = await datedPhase();

    const response = await update(created.id, { latest_phase_end_date: null });

    expect(response.status).toBe(200);
    expect(response.body.data.phase).toMatchObject({ earliest_phase_end_date: '2026-04-01', latest_phase_end_date: null });
  });

  describe('custom_fields', () => {
    const initial = { keep: 1, replace: 'old', drop: { nested: true }, list: [1, 2] };

    it('merges: given keys are added or replaced, keys set to null removed, the rest kept', async () => {
      const created = await createPhase(await createCampaign(), { custom_fields: initial });

      const response = await update(created.id, { custom_fields: { replace: 'new', drop: null, added: { deep: [null] }, absent: null } });

      expect(response.status).toBe(200);
      expect(response.body.data.phase.custom_fields).toEqual({ keep: 1, replace: 'new', list: [1, 2], added: { deep: [null] } });
      const [row] = await app.dataSource.query('SELECT custom_fields FROM phases WHERE id = $1', [created.id]);
      expect(row.custom_fields).toEqual({ keep: 1, replace: 'new', list: [1, 2], added: { deep: [null] } });
    });

    it('replaces a nested value whole rather than merging into it', async () => {
      const created = await createPhase(await createCampaign(), { custom_fields: { budget: { amount: 1, currency: 'GBP' } } });

      const response = await update(created.id, { custom_fields: { budget: { amount: 2 } } });

      expect(response.body.data.phase.custom_fields).toEqual({ budget: { amount: 2 } });
    });

    it.each([
      ['omitted', { phase_title: 'Renamed' }],
      ['null', { phase_title: 'Renamed', custom_fields: null }],
      ['{}', { phase_title: 'Renamed', custom_fields: {} }],
    ])('leaves custom_fields unchanged when %s', async (_name, body) => {
      const created = await createPhase(await createCampaign(), { custom_fields: initial });

      const response = await update(created.id, body);

      expect(response.status).toBe(200);
      expect(response.body.data.phase.custom_fields).toEqual(initial);
      expect((await eventsFor(created.id)).at(-1)?.payload.changed_fields).toEqual(['phase_title']);
    });

    it.each([
      ['an array', [1]],
      ['a string', 'x'],
      ['over 16 KB', { k: 'x'.repeat(16 * 1024) }],
    ])('refuses custom_fields that is %s', async (_name, customFields) => {
      const created = await createPhase(await createCampaign(), { custom_fields: initial });
      const before = await databaseState(created.id);

      expectInvalid(await update(created.id, { custom_fields: customFields }), 'custom_fields');
      expect(await databaseState(created.id)).toEqual(before);
    });
  });

  describe('campaign_id', () => {
    it('accepts the current campaign echoed back, as an integer or a string, as a no-op', async () => {
      const created = await createPhase(await createCampaign());
      const before = await databaseState(created.id);

      for (const campaignId of [created.campaign_id, String(created.campaign_id)]) {
        const response = await update(created.id, { campaign_id: campaignId });
        expect(response.status).toBe(200);
        expect(response.body.data.phase).toEqual(created);
      }
      expect(await databaseState(created.id)).toEqual(before);
    });

    it.each([
      ['another campaign of the workspace', async () => createCampaign('Elsewhere')],
      ['an unknown campaign', async () => 999999],
      ["another workspace's campaign", async () => createCampaign('Theirs', other, otherAccountId)],
      ['a malformed id', async () => 'abc'],
    ])('refuses %s with 422 and changes nothing', async (_name, target) => {
      const created = await createPhase(await createCampaign());
      const campaignId = await target();
      const before = await databaseState(created.id);

      expectInvalid(await update(created.id, { campaign_id: campaignId, phase_title: 'Moved' }), 'campaign_id');
      expect(await databaseState(created.id)).toEqual(before);
    });
  });

  describe('phase_no', () => {
    it('moves to a free number, and keeping its own number is a no-op', async () => {
      const campaignId = await createCampaign();
      await createPhases(campaignId, [{ phase_title: 'One' }, { phase_title: 'Two' }]);
      const [one] = await phasesOf(campaignId);

      expect((await update(one.id, { phase_no: 1 })).body.data.phase).toEqual(one);
      const moved = await update(one.id, { phase_no: 5 });

      expect(moved.status).toBe(200);
      expect((await phasesOf(campaignId)).map((phase) => [phase.phase_title, phase.phase_no])).toEqual([
        ['Two', 2],
        ['One', 5],
      ]);
    });

    it('refuses a number another live phase of the campaign has (422, nothing changed)', async () => {
      const campaignId = await createCampaign();
      await createPhases(campaignId, [{ phase_title: 'One' }, { phase_title: 'Two' }]);
      const [one] = await phasesOf(campaignId);
      const before = await databaseState(one.id);

      expectInvalid(await update(one.id, { phase_no: 2, phase_title: 'Would be renamed' }), 'phase_no');
      expect(await databaseState(one.id)).toEqual(before);
    });

    it("takes a number only another campaign's phase or a deleted phase has", async () => {
      const campaignId = await createCampaign();
      await createPhases(campaignId, [{ phase_title: 'One' }, { phase_title: 'Two' }, { phase_title: 'Three' }]);
      await createPhases(await createCampaign('Neighbour'), [{ phase_title: 'N', phase_no: 9 }]);
      const [one, , three] = await phasesOf(campaignId);
      expect((await ws.api.delete(`/v2/phases/${three.id}`)).status).toBe(200);

      expect((await update(one.id, { phase_no: 3 })).status).toBe(200);
      expect((await update(one.id, { phase_no: 9 })).status).toBe(200);
      expect((await phasesOf(campaignId)).map((phase) => phase.phase_no)).toEqual([2, 9]);
    });
  });

  it('writes phase_updated with the record and changed_fields in v2 names', async () => {
    const created = await createPhase(await createCampaign(), { phase_title: 'Evented', key_message: 'Same', custom_fields: { a: 1 } });

    const response = await update(
      created.id,
      { phase_title: 'Renamed', key_message: 'Same', g_traffic_to_site: 7, latest_phase_end_date: '2026-09-09', custom_fields: { b: 2 } },
      ws,
      { 'x-request-id': 'update-phase-req-1' },
    );
    expect(response.status).toBe(200);

    const events = await eventsFor(created.id);
    expect(events.map((event) => event.event_type)).toEqual(['phase_created', 'phase_updated']);
    expect(events[1]).toMatchObject({ organisation_id: ws.organisationId, resource_type: 'phase', resource_id: created.id, request_id: 'update-phase-req-1' });
    expect(Object.keys(events[1].payload).sort()).toEqual(['changed_fields', 'phase']);
    expect(events[1].payload.phase).toEqual(response.body.data.phase);
    expect([...events[1].payload.changed_fields].sort()).toEqual(['custom_fields', 'g_traffic_to_site', 'latest_phase_end_date', 'phase_title']);
  });

  describe('is a no-op that writes no event when nothing changes', () => {
    it.each([
      ['an empty body', () => ({})],
      ['the same values', () => ({ phase_title: 'Steady', phase_pacing: 2, earliest_phase_launch_date: '2026-02-01', phase_no: 1 })],
      ['custom_fields with the same values', () => ({ custom_fields: { a: 1, nested: { b: [1, 2] } } })],
      ['custom_fields removing a key it does not have', () => ({ custom_fields: { missing: null } })],
      ['a nested object written in another key order', () => ({ custom_fields: { nested: { b: [1, 2] }, order: { zz: 1, a: 2 } } })],
    ])('%s', async (_name, body) => {
      const created = await createPhase(await createCampaign(), {
        phase_title: 'Steady',
        phase_pacing: 2,
        earliest_phase_launch_date: '2026-02-01',
        custom_fields: { a: 1, nested: { b: [1, 2] }, order: { zz: 1, a: 2 } },
      });
      const before = await databaseState(created.id);

      const response = await update(created.id, body());

      expect(response.status).toBe(200);
      expect(response.body.data.phase).toEqual(created);
      expect(await databaseState(created.id)).toEqual(before);
    });

    it('its own record echoed back (read-only fields are ignored)', async () => {
      const created = await datedPhase({ custom_fields: { x: 'y' }, g_impressions: 3 });
      const before = await databaseState(created.id);

      const response = await update(created.id, created);

      expect(response.status).toBe(200);
      expect(response.body.data.phase).toEqual(created);
      expect(await databaseState(created.id)).toEqual(before);
    });
  });

  describe('refuses with 422 and changes nothing', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['phase_title empty', { phase_title: '' }, 'phase_title'],
      ['phase_title null', { phase_title: null }, 'phase_title'],
      ['phase_no null', { phase_no: null }, 'phase_no'],
      ['phase_no 0', { phase_no: 0 }, 'phase_no'],
      ['phase_pacing null', { phase_pacing: null }, 'phase_pacing'],
      ['negative metric', { e_video_views: -10 }, 'e_video_views'],
      ['non-integer no_of_pieces', { no_of_pieces: 0.5 }, 'no_of_pieces'],
      ['2026-02-30', { earliest_phase_end_date: '2026-02-30' }, 'earliest_phase_end_date'],
      ['20260101', { latest_phase_launch_date: '20260101' }, 'latest_phase_launch_date'],
      ['earliest launch moved after the stored latest launch', { earliest_phase_launch_date: '2026-03-16' }, 'earliest_phase_launch_date'],
      ['latest launch moved before the stored earliest launch', { latest_phase_launch_date: '2026-02-28' }, 'earliest_phase_launch_date'],
      ['earliest end moved after the stored latest end', { earliest_phase_end_date: '2026-05-01' }, 'earliest_phase_end_date'],
      ['latest end moved before the stored earliest end', { latest_phase_end_date: '2026-03-31' }, 'earliest_phase_end_date'],
      ['both launch dates given in the wrong order', { earliest_phase_launch_date: '2026-06-02', latest_phase_launch_date: '2026-06-01' }, 'earliest_phase_launch_date'],
      ['unknown field', { phase_name: 'x' }, 'phase_name'],
    ];

    it.each(cases)('%s', async (_name, fields, field) => {
      const phase = await datedPhase();
      const before = await databaseState(phase.id);

      expectInvalid(await update(phase.id, { phase_title: 'Would be renamed', ...fields }), field);
      expect(await databaseState(phase.id)).toEqual(before);
    });

    it.each([
      ['an array', '[]'],
      ['a string', '"x"'],
      ['a number', '1'],
      ['null', 'null'],
    ])('body that is %s', async (_name, raw) => {
      const phase = await datedPhase();
      const before = await databaseState(phase.id);

      expectInvalid(await update(phase.id, raw), 'body');
      expect(await databaseState(phase.id)).toEqual(before);
    });
  });

  it('accepts moving one date of a pair when it stays in order with the stored other', async () => {
    const phase = await datedPhase();

    const response = await update(phase.id, { earliest_phase_launch_date: '2026-03-15', latest_phase_end_date: '2026-04-01' });

    expect(response.status).toBe(200);
    expect(response.body.data.phase).toMatchObject({
      earliest_phase_launch_date: '2026-03-15',
      latest_phase_launch_date: '2026-03-15',
      earliest_phase_end_date: '2026-04-01',
      latest_phase_end_date: '2026-04-01',
    });
  });

  it('answers 404 for a deleted phase', async () => {
    const phase = await createPhase(await createCampaign());
    expect((await ws.api.delete(`/v2/phases/${phase.id}`)).status).toBe(200);
    const before = await databaseState(phase.id);

    expectPhaseNotFound(await update(phase.id, { phase_title: 'Back from the dead' }));
    expect(await databaseState(phase.id)).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------
// DELETE /v2/phases/:phase
// ---------------------------------------------------------------------------------------------

describe('DELETE /v2/phases/:phase (delete)', () => {
  it('soft-deletes: 200 {success, message}, then 404 on GET and on a second DELETE; the row stays with deleted_at set', async () => {
    const campaignId = await createCampaign();
    await createPhases(campaignId, [{ phase_title: 'Kept' }, { phase_title: 'To be deleted' }]);
    const [kept, doomed] = await phasesOf(campaignId);

    const response = await ws.api.delete(`/v2/phases/${doomed.id}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Phase deleted successfully' });
    expectPhaseNotFound(await ws.api.get(`/v2/phases/${doomed.id}`));
    expectPhaseNotFound(await ws.api.delete(`/v2/phases/${doomed.id}`));
    expect((await phasesOf(campaignId)).map((phase) => phase.id)).toEqual([kept.id]);

    const row = await rawPhase(doomed.id);
    expect(row?.deleted_at).toBeInstanceOf(Date);
    expect(row?.phase_title).toBe('To be deleted');
  });

  it("cascades to the phase's contents and their distributions, leaving other phases' alone", async () => {
    const campaignId = await createCampaign();
    await createPhases(campaignId, [{ phase_title: 'Doomed' }, { phase_title: 'Neighbour' }]);
    const [doomed, neighbour] = await phasesOf(campaignId);
    const contentA = await createContent(campaignId, doomed.id, 'A');
    const contentB = await createContent(campaignId, doomed.id, 'B');
    const alreadyGone = await createContent(campaignId, doomed.id, 'Deleted earlier');
    const distributionsA = await createDistributions(contentA, 2);
    const distributionsB = await createDistributions(contentB, 1);
    const goneDistributions = await createDistributions(alreadyGone, 1);
    expect((await ws.api.delete(`/v2/contents/${alreadyGone}`)).status).toBe(200);
    const [goneStamp] = await deletedAt('contents', [alreadyGone]);
    const [goneDistributionStamp] = await deletedAt('distributions', goneDistributions);
    const neighbourContent = await createContent(campaignId, neighbour.id, 'Neighbour content');
    const neighbourDistributions = await createDistributions(neighbourContent, 2);

    const response = await ws.api.delete(`/v2/phases/${doomed.id}`, { 'x-request-id': 'delete-phase-req-1' });
    expect(response.status).toBe(200);

    const contents = [contentA, contentB];
    const distributions = [...distributionsA, ...distributionsB].sort((a, b) => a - b);
    for (const stamp of [...(await deletedAt('contents', contents)), ...(await deletedAt('distributions', distributions))]) expect(stamp).toBeInstanceOf(Date);
    expect(await deletedAt('contents', [alreadyGone])).toEqual([goneStamp]);
    expect(await deletedAt('distributions', goneDistributions)).toEqual([goneDistributionStamp]);
    expect(await deletedAt('contents', [neighbourContent])).toEqual([null]);
    expect(await deletedAt('distributions', neighbourDistributions)).toEqual([null, null]);
    for (const id of contents) expect((await ws.api.get(`/v2/contents/${id}`)).status).toBe(404);
    expect((await ws.api.get(`/v2/contents/${neighbourContent}`)).status).toBe(200);

    const events = await eventsFor(doomed.id);
    expect(events.map((event) => event.event_type)).toEqual(['phase_created', 'phase_deleted']);
    const row = await rawPhase(doomed.id);
    expect(events[1]).toMatchObject({ organisation_id: ws.organisationId, resource_type: 'phase', resource_id: doomed.id, request_id: 'delete-phase-req-1' });
    expect(events[1].payload).toEqual({
      phase: { ...doomed, deleted_at: (row?.deleted_at as Date).toISOString(), updated_at: expect.stringMatching(ISO_TIMESTAMP) },
      deleted: { contents: [...contents].sort((a, b) => a - b), distributions },
    });
  });

  it('reports empty cascades for a phase without contents', async () => {
    const phase = await createPhase(await createCampaign());

    expect((await ws.api.delete(`/v2/phases/${phase.id}`)).status).toBe(200);

    expect((await eventsFor(phase.id)).at(-1)?.payload.deleted).toEqual({ contents: [], distributions: [] });
  });

  it('frees the phase_no: a new phase or another phase may take it', async () => {
    const campaignId = await createCampaign();
    await createPhases(campaignId, [{ phase_title: 'One' }, { phase_title: 'Two' }, { phase_title: 'Three' }]);
    const [one, two, three] = await phasesOf(campaignId);
    expect((await ws.api.delete(`/v2/phases/${one.id}`)).status).toBe(200);
    expect((await ws.api.delete(`/v2/phases/${two.id}`)).status).toBe(200);

    await createPhases(campaignId, [{ phase_title: 'New one', phase_no: 1 }]);
    expect((await ws.api.put(`/v2/phases/${three.id}`, { phase_no: 2 })).status).toBe(200);

    expect((await phasesOf(campaignId)).map((phase) => [phase.phase_title, phase.phase_no])).toEqual([
      ['New one', 1],
      ['Three', 2],
    ]);
  });

  it('a second DELETE writes nothing', async () => {
    const phase = await createPhase(await createCampaign());
    await ws.api.delete(`/v2/phases/${phase.id}`);
    const before = await databaseState(phase.id);

    expectPhaseNotFound(await ws.api.delete(`/v2/phases/${phase.id}`));
    expect(await databaseState(phase.id)).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------
// DELETE /v2/campaigns/:id takes the phases with it
// ---------------------------------------------------------------------------------------------

describe('DELETE /v2/campaigns/:id (phases cascade)', () => {
  it("soft-deletes the campaign's phases: they 404, leave the list and appear in campaign_deleted", async () => {
    const campaignId = await createCampaign('Doomed campaign');
    const survivor = await createPhase(await createCampaign('Survivor'));
    await createPhases(campaignId, [{ phase_title: 'One' }, { phase_title: 'Two' }]);
    const phases = await phasesOf(campaignId);
    const content = await createContent(campaignId, phases[0].id);

    expect((await ws.api.delete(`/v2/campaigns/${campaignId}`)).status).toBe(200);

    for (const phase of phases) expectPhaseNotFound(await ws.api.get(`/v2/phases/${phase.id}`));
    const ids = phases.map((phase) => phase.id as number);
    for (const stamp of await deletedAt('phases', ids)) expect(stamp).toBeInstanceOf(Date);
    expect((await ws.api.get(`/v2/phases/${survivor.id}`)).status).toBe(200);
    expect((await ws.api.get(`/v2/phases?campaign_id=${campaignId}`)).body.data.phases.data).toEqual([]);

    const [event] = await app.dataSource.query(`SELECT payload FROM outbox_events WHERE event_type = 'campaign_deleted' AND resource_id = $1`, [campaignId]);
    expect(event.payload.deleted).toEqual({ phases: ids.sort((a, b) => a - b), contents: [content], distributions: [] });
  });
});
