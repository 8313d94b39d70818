import { rowById, rowCounts } from '../support/database-state';
import { CALENDAR_DATE, INVALID, ISO_TIMESTAMP, PAGINATION_KEYS, expectInvalid, withoutRequestId, expectNotFound } from '../support/expectations';
import { createAccount } from '../support/fixtures';
import { blockedOrFinished } from '../support/locks';
import { timedResourceEvents, type TimedOutboxRow } from '../support/outbox';
import { type AnyBody, type ApiResponse, type Workspace } from '../support/test-app';
import { appForFile } from '../support/file-app';

/**
 * REST /v2 campaigns (spec §2.6, §4.5, §7) through real HTTP over a real PostgreSQL.
 * Update is a POST on /v2/campaigns/:id, as the spec documents. The 401s and 404s every
 * operation shares (no key, unknown ids, another workspace's ids) are in
 * test/http/rest/route-contract.test.ts.
 */

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** The record's keys, in spec §2.6 order, with `id` first (src/campaigns/campaign.record.ts). */
const RECORD_KEYS = [
  'id',
  'is_reporting_campaign',
  'primary_advertiser_account_id',
  'campaign_title',
  'brand_promoting',
  'campaign_status',
  'campaign_description',
  'campaign_objective',
  'no_content_pieces',
  'earliest_start_date',
  'latest_start_date',
  'earliest_end_date',
  'latest_end_date',
  'actual_start_date',
  'campaign_net_cost',
  'campaign_gross_cost',
  'tracking_report_info',
  'using_utm_tracking',
  'utm_info',
  'mandatory_donts',
  'mandatory_dos',
  'additonal_campaign_notes',
  'campaign_target_audience_summary',
  'advertiser_primary_campaign_manager_id',
  'advertiser_primary_commercial_manager_id',
  'brief_type',
  'content_messaging_hierarchy',
  'content_look_feel_requests',
  'media_plan_external_url',
  'rate_card_external_url',
  'potential_up_sell_opportunities',
  'sourcing_imagery',
  'brand_logo_inclusion',
  'billing_company_name',
  'billing_company_address',
  'billing_contact_person',
  'billing_contact_email',
  'billing_contact_phone',
  'purchase_order_number',
  'add_additional_content_focus_points',
  'g_impressions',
  'e_impressions',
  'g_article_views',
  'e_article_views',
  'g_clicks_to_site',
  'e_clicks_to_site',
  'g_video_views',
  'e_video_views',
  'deleted_at',
  'created_at',
  'updated_at',
  'default_advertiser',
  'brand_industry_id',
  'brand_sub_industry_id',
  'crm_deal_link',
  'advertiser_access',
  'content_plan',
  'workflow_builder',
  'forecaster',
  'skip_client_content_approvals',
  'allow_platform_amp_to_select_segments',
];

const INTEGER_FLAGS = ['is_reporting_campaign', 'using_utm_tracking', 'sourcing_imagery', 'allow_platform_amp_to_select_segments'];
const BOOLEANS = ['advertiser_access', 'content_plan', 'workflow_builder', 'forecaster', 'skip_client_content_approvals'];
const DATES = ['earliest_start_date', 'latest_start_date', 'earliest_end_date', 'latest_end_date', 'actual_start_date'];
const METRICS = ['g_impressions', 'e_impressions', 'g_article_views', 'e_article_views', 'g_clicks_to_site', 'e_clicks_to_site', 'g_video_views', 'e_video_views'];
const STRINGS = [
  'campaign_title',
  'brand_promoting',
  'campaign_description',
  'campaign_objective',
  'tracking_report_info',
  'utm_info',
  'mandatory_donts',
  'mandatory_dos',
  'additonal_campaign_notes',
  'campaign_target_audience_summary',
  'brief_type',
  'content_look_feel_requests',
  'media_plan_external_url',
  'rate_card_external_url',
  'potential_up_sell_opportunities',
  'billing_company_name',
  'billing_company_address',
  'billing_contact_person',
  'billing_contact_email',
  'billing_contact_phone',
  'purchase_order_number',
  'default_advertiser',
  'crm_deal_link',
];
const NULLABLE_STRINGS = ['content_messaging_hierarchy', 'brand_logo_inclusion', 'add_additional_content_focus_points'];
const NULLABLE_INTEGERS = ['advertiser_primary_campaign_manager_id', 'advertiser_primary_commercial_manager_id', 'brand_industry_id', 'brand_sub_industry_id'];

const NOT_FOUND = 'Campaign not found';

/** Every field's key and JSON type as spec §2.6 (and the brief) give them. */
function expectCampaignRecord(record: AnyBody): void {
  expect(Object.keys(record)).toEqual(RECORD_KEYS);
  expect(Number.isInteger(record.id)).toBe(true);
  expect(typeof record.primary_advertiser_account_id).toBe('string');
  expect(record.primary_advertiser_account_id).toMatch(/^\d+$/);
  expect(Number.isInteger(record.campaign_status)).toBe(true);
  expect(Number.isInteger(record.no_content_pieces)).toBe(true);
  for (const key of INTEGER_FLAGS) expect([key, record[key] === 0 || record[key] === 1]).toEqual([key, true]);
  for (const key of BOOLEANS) expect([key, typeof record[key]]).toEqual([key, 'boolean']);
  for (const key of DATES) {
    if (record[key] !== null) expect([key, record[key]]).toEqual([key, expect.stringMatching(CALENDAR_DATE)]);
  }
  for (const key of METRICS) expect([key, Number.isInteger(record[key])]).toEqual([key, true]);
  for (const key of STRINGS) expect([key, typeof record[key]]).toEqual([key, 'string']);
  for (const key of NULLABLE_STRINGS) expect([key, record[key] === null || typeof record[key] === 'string']).toEqual([key, true]);
  for (const key of NULLABLE_INTEGERS) expect([key, record[key] === null || Number.isInteger(record[key])]).toEqual([key, true]);
  expect(typeof record.campaign_net_cost).toBe('number');
  expect(typeof record.campaign_gross_cost).toBe('number');
  expect(record.deleted_at).toBeNull();
  expect(record.created_at).toMatch(ISO_TIMESTAMP);
  expect(record.updated_at).toMatch(ISO_TIMESTAMP);
}

const { app, ws, other } = appForFile({ ws: 'Campaign REST tests', other: 'Another workspace' });
let accountId: number;
let secondAccountId: number;
let otherAccountId: number;

/** Creates a campaign through the API and returns its v2 record. */
async function createCampaign(fields: Record<string, unknown> = {}, workspace = ws, account = accountId): Promise<AnyBody> {
  const response = await workspace.api.post('/v2/campaigns', { campaign_title: 'A campaign', primary_advertiser_account_id: String(account), ...fields });
  expect(response.status).toBe(200);
  return response.body.data.campaign;
}

function rawCampaign(id: number): Promise<Record<string, unknown> | undefined> {
  return rowById(app, 'campaigns', id);
}

/** The campaign's outbox events, oldest first, with their times. */
function eventsFor(campaignId: number): Promise<TimedOutboxRow[]> {
  return timedResourceEvents(app, 'campaign', campaignId);
}

/** What must not move when a request is refused: the campaign's row and the row counts. */
async function databaseState(campaignId?: number): Promise<AnyBody> {
  return { counts: await rowCounts(app, ['campaigns', 'outbox_events']), row: campaignId === undefined ? null : await rawCampaign(campaignId) };
}

/**
 * Replays AdvertiserAccountService.delete in a transaction of our own (lock the account row, find
 * it has no live campaigns, soft-delete it) and sends `request` between the check and the commit:
 * the interleaving in which a campaign could be tied to an account that is being deleted.
 */
async function whileAccountIsBeingDeleted(account: number, request: () => Promise<ApiResponse<AnyBody>>): Promise<ApiResponse<AnyBody>> {
  const runner = app.dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction();
    await runner.query('SELECT id FROM advertiser_accounts WHERE id = $1 FOR UPDATE', [account]);
    const [{ count }] = await runner.query('SELECT count(*)::int AS count FROM campaigns WHERE primary_advertiser_account_id = $1 AND deleted_at IS NULL', [account]);
    expect(count).toBe(0);
    const pending = request();
    // The delete commits only once the request has finished (it did not wait for the account) or
    // is seen waiting for the lock held here: either way it has gone as far as it can first.
    await blockedOrFinished(app, runner, pending);
    await runner.query('UPDATE advertiser_accounts SET is_deleted = 1, deleted_at = now() WHERE id = $1', [account]);
    await runner.commitTransaction();
    return await pending;
  } finally {
    if (runner.isTransactionActive) await runner.rollbackTransaction();
    await runner.release();
  }
}

/** Live campaigns whose advertiser account is deleted: there must never be any. */
async function orphanedCampaigns(): Promise<number> {
  const [{ orphans }] = await app.dataSource.query(
    `SELECT count(*)::int AS orphans FROM campaigns c JOIN advertiser_accounts a ON a.id = c.primary_advertiser_account_id
      WHERE c.deleted_at IS NULL AND a.deleted_at IS NOT NULL`,
  );
  return orphans;
}

beforeAll(async () => {
  accountId = await createAccount(ws, 'Acme Brands');
  secondAccountId = await createAccount(ws, 'Globex Media');
  otherAccountId = await createAccount(other, 'Not yours Ltd');
});

// ---------------------------------------------------------------------------------------------
// POST /v2/campaigns
// ---------------------------------------------------------------------------------------------

describe('POST /v2/campaigns (create)', () => {
  const fullBody = () => ({
    is_reporting_campaign: 1,
    primary_advertiser_account_id: String(accountId),
    campaign_title: 'Spring Launch',
    brand_promoting: 'Acme Cola',
    campaign_status: 2,
    campaign_description: 'A spring push',
    campaign_objective: 'Awareness',
    no_content_pieces: 4,
    earliest_start_date: '2026-03-01',
    latest_start_date: '2026-03-15',
    earliest_end_date: '2026-04-01',
    latest_end_date: '2026-04-30',
    actual_start_date: '2026-03-02',
    campaign_net_cost: 1234.5,
    campaign_gross_cost: 1500.25,
    tracking_report_info: 'Weekly report',
    using_utm_tracking: 1,
    utm_info: 'utm_source=partner',
    mandatory_donts: 'No competitors',
    mandatory_dos: 'Show the can',
    additonal_campaign_notes: 'Notes, spelled the v2 way',
    campaign_target_audience_summary: 'Adults 18-34',
    advertiser_primary_campaign_manager_id: 7,
    advertiser_primary_commercial_manager_id: null,
    brief_type: 'standard',
    content_messaging_hierarchy: 'Taste first',
    content_look_feel_requests: 'Bright',
    media_plan_external_url: 'https://example.com/media-plan',
    rate_card_external_url: '',
    potential_up_sell_opportunities: 'Video',
    sourcing_imagery: 1,
    brand_logo_inclusion: null,
    billing_company_name: 'Acme Ltd',
    billing_company_address: '1 High Street',
    billing_contact_person: 'Pat Doe',
    billing_contact_email: 'pat@example.com',
    billing_contact_phone: '+44 20 7946 0000',
    purchase_order_number: 'PO-1001',
    add_additional_content_focus_points: 'Sustainability',
    g_impressions: 100000,
    e_impressions: 90000,
    g_article_views: 5000,
    e_article_views: 4500,
    g_clicks_to_site: 300,
    e_clicks_to_site: 250,
    g_video_views: 1000,
    e_video_views: 800,
    default_advertiser: 'Acme',
    brand_industry_id: 3,
    // Sub-industry 9 belongs to industry 3 (the libraries give three sub-industries per industry).
    brand_sub_industry_id: 9,
    crm_deal_link: 'https://crm.example.com/deals/1',
    advertiser_access: true,
    content_plan: true,
    workflow_builder: false,
    forecaster: true,
    skip_client_content_approvals: false,
    allow_platform_amp_to_select_segments: 1,
  });

  it('creates a campaign from every writable field and returns it as data.campaign', async () => {
    const body = fullBody();
    const response = await ws.api.post('/v2/campaigns', body);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: expect.any(String), data: { campaign: expect.any(Object) } });
    const record = response.body.data.campaign;
    expectCampaignRecord(record);
    expect(record).toEqual({
      id: expect.any(Number),
      ...body,
      deleted_at: null,
      created_at: expect.stringMatching(ISO_TIMESTAMP),
      updated_at: expect.stringMatching(ISO_TIMESTAMP),
    });

    const fetched = await ws.api.get(`/v2/campaigns/${record.id}`);
    expect(fetched.body.data.campaign).toEqual(record);
  });

  it('fills defaults for omitted fields: a draft with 0 flags, false switches, null dates and zero costs', async () => {
    const record = await createCampaign({ campaign_title: 'Minimal' });

    expectCampaignRecord(record);
    expect(record).toMatchObject({
      campaign_title: 'Minimal',
      primary_advertiser_account_id: String(accountId),
      campaign_status: 1,
      is_reporting_campaign: 0,
      using_utm_tracking: 0,
      sourcing_imagery: 0,
      allow_platform_amp_to_select_segments: 0,
      advertiser_access: false,
      content_plan: false,
      workflow_builder: false,
      forecaster: false,
      skip_client_content_approvals: false,
      earliest_start_date: null,
      latest_start_date: null,
      earliest_end_date: null,
      latest_end_date: null,
      actual_start_date: null,
      campaign_net_cost: 0,
      campaign_gross_cost: 0,
      brand_promoting: '',
      additonal_campaign_notes: '',
      g_impressions: 0,
      e_video_views: 0,
      deleted_at: null,
    });
  });

  it('accepts primary_advertiser_account_id as a string or as an integer and always returns a string', async () => {
    const asString = await createCampaign({ primary_advertiser_account_id: String(accountId) });
    const asInteger = await createCampaign({ primary_advertiser_account_id: accountId });

    expect(asString.primary_advertiser_account_id).toBe(String(accountId));
    expect(asInteger.primary_advertiser_account_id).toBe(String(accountId));
  });

  it('returns costs as JSON numbers, including fractional ones', async () => {
    const record = await createCampaign({ campaign_net_cost: 12, campaign_gross_cost: 0.1 });

    expect(record.campaign_net_cost).toBe(12);
    expect(record.campaign_gross_cost).toBe(0.1);
  });

  it('accepts status 2 (active) as the initial status', async () => {
    expect((await createCampaign({ campaign_status: 2 })).campaign_status).toBe(2);
  });

  it('accepts equal earliest and latest dates', async () => {
    const record = await createCampaign({ earliest_start_date: '2026-05-01', latest_start_date: '2026-05-01', earliest_end_date: '2024-02-29', latest_end_date: '2024-02-29' });

    expect(record.latest_start_date).toBe('2026-05-01');
    expect(record.latest_end_date).toBe('2024-02-29');
  });

  it('writes one campaign_created outbox event whose payload.campaign is the returned record', async () => {
    const response = await ws.api.post('/v2/campaigns', { campaign_title: 'Evented', primary_advertiser_account_id: String(accountId) }, { 'x-request-id': 'create-campaign-req-1' });
    expect(response.status).toBe(200);
    const record = response.body.data.campaign;

    const events = await eventsFor(record.id);
    expect(events).toEqual([
      {
        organisation_id: ws.organisationId,
        event_type: 'campaign_created',
        resource_type: 'campaign',
        resource_id: record.id,
        payload: { campaign: record },
        request_id: 'create-campaign-req-1',
        created_at: expect.any(Date),
      },
    ]);
  });

  describe('refuses with 422 and writes nothing', () => {
    const cases: [string, () => Record<string, unknown>, string][] = [
      ['campaign_title missing', () => ({ campaign_title: undefined }), 'campaign_title'],
      ['campaign_title empty', () => ({ campaign_title: '' }), 'campaign_title'],
      ['campaign_title null', () => ({ campaign_title: null }), 'campaign_title'],
      ['campaign_title not a string', () => ({ campaign_title: 42 }), 'campaign_title'],
      ['primary_advertiser_account_id missing', () => ({ primary_advertiser_account_id: undefined }), 'primary_advertiser_account_id'],
      ['primary_advertiser_account_id null', () => ({ primary_advertiser_account_id: null }), 'primary_advertiser_account_id'],
      ['primary_advertiser_account_id unknown', () => ({ primary_advertiser_account_id: '999999' }), 'primary_advertiser_account_id'],
      ['primary_advertiser_account_id not an id', () => ({ primary_advertiser_account_id: 'abc' }), 'primary_advertiser_account_id'],
      ["another workspace's account (string)", () => ({ primary_advertiser_account_id: String(otherAccountId) }), 'primary_advertiser_account_id'],
      ["another workspace's account (integer)", () => ({ primary_advertiser_account_id: otherAccountId }), 'primary_advertiser_account_id'],
      ['date that does not exist (2026-02-30)', () => ({ earliest_start_date: '2026-02-30' }), 'earliest_start_date'],
      ['date 2025-02-29 (not a leap year)', () => ({ actual_start_date: '2025-02-29' }), 'actual_start_date'],
      ['month 13', () => ({ latest_end_date: '2026-13-01' }), 'latest_end_date'],
      ['date without dashes', () => ({ earliest_end_date: '20260101' }), 'earliest_end_date'],
      ['date with a time', () => ({ latest_start_date: '2026-01-01T00:00:00Z' }), 'latest_start_date'],
      ['earliest start after latest start', () => ({ earliest_start_date: '2026-03-02', latest_start_date: '2026-03-01' }), 'earliest_start_date'],
      ['earliest end after latest end', () => ({ earliest_end_date: '2026-05-01', latest_end_date: '2026-04-30' }), 'earliest_end_date'],
      ['negative cost', () => ({ campaign_net_cost: -1 }), 'campaign_net_cost'],
      ['cost with 3 decimals', () => ({ campaign_gross_cost: 12.345 }), 'campaign_gross_cost'],
      ['cost as a string', () => ({ campaign_net_cost: '12' }), 'campaign_net_cost'],
      ['cost too large', () => ({ campaign_net_cost: 1e13 }), 'campaign_net_cost'],
      ['negative metric', () => ({ g_impressions: -1 }), 'g_impressions'],
      ['non-integer metric', () => ({ e_article_views: 1.5 }), 'e_article_views'],
      ['metric as a string', () => ({ g_video_views: '3' }), 'g_video_views'],
      ['metric beyond 32 bits', () => ({ e_clicks_to_site: 2 ** 31 }), 'e_clicks_to_site'],
      ['integer flag 2', () => ({ is_reporting_campaign: 2 }), 'is_reporting_campaign'],
      ['integer flag as a boolean', () => ({ using_utm_tracking: true }), 'using_utm_tracking'],
      ['integer flag -1', () => ({ sourcing_imagery: -1 }), 'sourcing_imagery'],
      ['integer flag as a string', () => ({ allow_platform_amp_to_select_segments: '1' }), 'allow_platform_amp_to_select_segments'],
      ['boolean given as 1', () => ({ advertiser_access: 1 }), 'advertiser_access'],
      ['boolean given as "true"', () => ({ forecaster: 'true' }), 'forecaster'],
      ['boolean null', () => ({ skip_client_content_approvals: null }), 'skip_client_content_approvals'],
      ['status 3 (paused) on create', () => ({ campaign_status: 3 }), 'campaign_status'],
      ['status 4 (completed) on create', () => ({ campaign_status: 4 }), 'campaign_status'],
      ['status 5 (cancelled) on create', () => ({ campaign_status: 5 }), 'campaign_status'],
      ['status 9', () => ({ campaign_status: 9 }), 'campaign_status'],
      ['status as a string', () => ({ campaign_status: 'active' }), 'campaign_status'],
      ['status as its GraphQL enum name', () => ({ campaign_status: 'ACTIVE' }), 'campaign_status'],
      ['status as a numeric string', () => ({ campaign_status: '2' }), 'campaign_status'],
      ['campaign_title longer than 255 characters', () => ({ campaign_title: 'x'.repeat(256) }), 'campaign_title'],
      ['no_content_pieces negative', () => ({ no_content_pieces: -3 }), 'no_content_pieces'],
      ['billing_contact_email not an e-mail', () => ({ billing_contact_email: 'not-an-email' }), 'billing_contact_email'],
      ['crm_deal_link not a URL', () => ({ crm_deal_link: 'javascript:alert(1)' }), 'crm_deal_link'],
      ['unknown field', () => ({ campaign_name: 'x' }), 'campaign_name'],
      ['correctly spelled additional_campaign_notes (v2 spells it additonal_)', () => ({ additional_campaign_notes: 'x' }), 'additional_campaign_notes'],
    ];

    it.each(cases)('%s', async (_name, fields, field) => {
      const before = await databaseState();
      const body = { campaign_title: 'Refused', primary_advertiser_account_id: String(accountId), ...fields() };

      expectInvalid(await ws.api.post('/v2/campaigns', body), field);
      expect(await databaseState()).toEqual(before);
    });

    it.each([
      ['an array', '[{"campaign_title":"x"}]'],
      ['a string', '"campaign"'],
      ['a number', '42'],
      ['null', 'null'],
    ])('body that is %s', async (_name, raw) => {
      const before = await databaseState();

      expectInvalid(await ws.api.post('/v2/campaigns', raw), 'body');
      expect(await databaseState()).toEqual(before);
    });

    it('reports every broken field at once', async () => {
      const before = await databaseState();
      const response = await ws.api.post('/v2/campaigns', { campaign_net_cost: -5, is_reporting_campaign: 3 });

      expect(response.status).toBe(422);
      expect(Object.keys(response.body.errors).sort()).toEqual(['campaign_net_cost', 'campaign_title', 'is_reporting_campaign', 'primary_advertiser_account_id']);
      expect(response.body.errors.campaign_title).toEqual(['campaign_title is required']);
      expect(await databaseState()).toEqual(before);
    });

    it("gives the same body for another workspace's account as for a nonexistent one", async () => {
      const foreign = await ws.api.post('/v2/campaigns', { campaign_title: 'x', primary_advertiser_account_id: otherAccountId });
      const missing = await ws.api.post('/v2/campaigns', { campaign_title: 'x', primary_advertiser_account_id: 999999 });

      expect(foreign.status).toBe(422);
      expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(missing.body));
    });
  });

  it('refuses a deleted advertiser account like a nonexistent one', async () => {
    const doomed = await createAccount(ws, 'Short-lived account');
    expect((await ws.api.delete(`/v2/advertiser-accounts/${doomed}`)).status).toBe(200);
    const before = await databaseState();

    expectInvalid(await ws.api.post('/v2/campaigns', { campaign_title: 'x', primary_advertiser_account_id: doomed }), 'primary_advertiser_account_id');
    expect(await databaseState()).toEqual(before);
  });

  it('does not tie a new campaign to an account that a concurrent delete is removing', async () => {
    const account = await createAccount(ws, 'Deleted mid-request');
    const before = await databaseState();

    const response = await whileAccountIsBeingDeleted(account, () => ws.api.post('/v2/campaigns', { campaign_title: 'Racing', primary_advertiser_account_id: account }));

    expectInvalid(response, 'primary_advertiser_account_id');
    expect((await databaseState()).counts.campaigns).toBe(before.counts.campaigns);
    expect(await orphanedCampaigns()).toBe(0);
  });

  describe('references: the advertiser account, brand industry and sub-industry must name something', () => {
    const ACCOUNT_MESSAGE = 'primary_advertiser_account_id does not name an advertiser account of this workspace';
    const INDUSTRY_MESSAGE = 'brand_industry_id does not name an entry of the brand-industries library';
    const SUB_INDUSTRY_MESSAGE = 'brand_sub_industry_id does not name an entry of the brand-sub-industries library';

    it.each<[string, { brand_industry_id?: number | null; brand_sub_industry_id?: number | null }]>([
      ['the first industry with its first sub-industry', { brand_industry_id: 1, brand_sub_industry_id: 1 }],
      ['the last industry with its last sub-industry', { brand_industry_id: 12, brand_sub_industry_id: 36 }],
      ['an industry with its middle sub-industry', { brand_industry_id: 4, brand_sub_industry_id: 11 }],
      ['an industry without a sub-industry', { brand_industry_id: 7 }],
      ['a sub-industry without an industry', { brand_sub_industry_id: 12 }],
      ['both null', { brand_industry_id: null, brand_sub_industry_id: null }],
    ])('accepts %s', async (_name, fields) => {
      const record = await createCampaign(fields);

      expect(record).toMatchObject({ brand_industry_id: null, brand_sub_industry_id: null, ...fields });
      expect(await rawCampaign(record.id)).toMatchObject({ brand_industry_id: fields.brand_industry_id ?? null, brand_sub_industry_id: fields.brand_sub_industry_id ?? null });
    });

    it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
      ['an unknown brand industry (13)', { brand_industry_id: 13 }, { brand_industry_id: [INDUSTRY_MESSAGE] }],
      ['an unknown brand industry (the largest integer)', { brand_industry_id: 2_147_483_647 }, { brand_industry_id: [INDUSTRY_MESSAGE] }],
      ['an unknown brand sub-industry (37)', { brand_sub_industry_id: 37 }, { brand_sub_industry_id: [SUB_INDUSTRY_MESSAGE] }],
      ['an unknown brand sub-industry with a known industry', { brand_industry_id: 3, brand_sub_industry_id: 37 }, { brand_sub_industry_id: [SUB_INDUSTRY_MESSAGE] }],
      [
        'a sub-industry of another industry (12 belongs to 4)',
        { brand_industry_id: 3, brand_sub_industry_id: 12 },
        { brand_sub_industry_id: ['brand_sub_industry_id does not belong to brand industry 3'] },
      ],
      [
        'a sub-industry of the next industry (10 belongs to 4)',
        { brand_industry_id: 3, brand_sub_industry_id: 10 },
        { brand_sub_industry_id: ['brand_sub_industry_id does not belong to brand industry 3'] },
      ],
      ['an unknown advertiser account', { primary_advertiser_account_id: 999999 }, { primary_advertiser_account_id: [ACCOUNT_MESSAGE] }],
    ])('refuses %s with 422 on the field, and writes nothing', async (_name, fields, errors) => {
      const before = await databaseState();

      const response = await ws.api.post('/v2/campaigns', { campaign_title: 'Refused', primary_advertiser_account_id: accountId, ...fields });

      expect(response.status).toBe(422);
      expect(response.body).toEqual({ success: false, message: INVALID, code: 'BAD_USER_INPUT', request_id: expect.any(String), errors });
      expect(await databaseState()).toEqual(before);
    });

    it("refuses another workspace's account and a deleted account with the unknown-account message", async () => {
      const doomed = await createAccount(ws, 'Deleted before the campaign');
      expect((await ws.api.delete(`/v2/advertiser-accounts/${doomed}`)).status).toBe(200);
      const before = await databaseState();

      for (const account of [otherAccountId, doomed]) {
        const response = await ws.api.post('/v2/campaigns', { campaign_title: 'Refused', primary_advertiser_account_id: account });
        expect([account, response.status, response.body]).toEqual([account, 422, { success: false, message: INVALID, code: 'BAD_USER_INPUT', request_id: expect.any(String), errors: { primary_advertiser_account_id: [ACCOUNT_MESSAGE] } }]);
      }
      expect(await databaseState()).toEqual(before);
    });

    it('reports a bad account, industry and sub-industry together', async () => {
      const before = await databaseState();

      const response = await ws.api.post('/v2/campaigns', { campaign_title: 'Refused', primary_advertiser_account_id: otherAccountId, brand_industry_id: 13, brand_sub_industry_id: 40 });

      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ primary_advertiser_account_id: [ACCOUNT_MESSAGE], brand_industry_id: [INDUSTRY_MESSAGE], brand_sub_industry_id: [SUB_INDUSTRY_MESSAGE] });
      expect(await databaseState()).toEqual(before);
    });

    it('keeps the type rule for a brand industry of 0: refused as a value, not looked up', async () => {
      const response = await ws.api.post('/v2/campaigns', { campaign_title: 'Refused', primary_advertiser_account_id: accountId, brand_industry_id: 0 });

      expectInvalid(response, 'brand_industry_id');
      expect(response.body.errors.brand_industry_id).not.toEqual([INDUSTRY_MESSAGE]);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// GET /v2/campaigns/:id
// ---------------------------------------------------------------------------------------------

describe('GET /v2/campaigns/:id (details)', () => {
  it('returns the campaign as data.campaign with every field typed as the spec says', async () => {
    const created = await createCampaign({ campaign_title: 'Details', earliest_start_date: '2026-01-10', campaign_net_cost: 99.99 });

    const response = await ws.api.get(`/v2/campaigns/${created.id}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: expect.any(String), data: { campaign: created } });
    expectCampaignRecord(response.body.data.campaign);
  });
});

// ---------------------------------------------------------------------------------------------
// GET /v2/campaigns
// ---------------------------------------------------------------------------------------------

describe('GET /v2/campaigns (list)', () => {
  let lister: Workspace;
  let acme: number;
  let globex: number;
  let ids: Record<string, number>;

  beforeAll(async () => {
    lister = await app.workspace('List tests');
    acme = await createAccount(lister, 'Acme');
    globex = await createAccount(lister, 'Globex');
    const make = async (title: string, brand: string, account: number, status = 1) =>
      (await createCampaign({ campaign_title: title, brand_promoting: brand, campaign_status: status }, lister, account)).id as number;
    ids = {
      summer: await make('Summer Sale', 'Acme Cola', acme, 2),
      winter: await make('Winter Warmers', 'Globex Soup', globex),
      anniversary: await make('ACME anniversary', 'Initech', globex, 2),
      percent: await make('Save 50% now', 'Hooli', acme),
      underscore: await make('snake_case launch', 'Hooli', acme),
    };
    // Noise the list must never show: another workspace's campaign and a deleted one.
    await createCampaign({ campaign_title: 'Summer Sale elsewhere', brand_promoting: 'Acme' }, other, otherAccountId);
    const deleted = await createCampaign({ campaign_title: 'Summer deleted', brand_promoting: 'Acme' }, lister, acme);
    expect((await lister.api.delete(`/v2/campaigns/${deleted.id}`)).status).toBe(200);
  });

  const listIds = async (query: string): Promise<number[]> => {
    const response = await lister.api.get(`/v2/campaigns${query}`);
    expect(response.status).toBe(200);
    return response.body.data.campaigns.data.map((record: AnyBody) => record.id);
  };

  it("returns the workspace's live campaigns in id order inside the seven-key pagination envelope", async () => {
    const response = await lister.api.get('/v2/campaigns');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: expect.any(String), data: { campaigns: expect.any(Object) } });
    const page = response.body.data.campaigns;
    expect(Object.keys(page).sort()).toEqual(PAGINATION_KEYS);
    expect(page).toEqual({
      current_page: 1,
      data: expect.any(Array),
      from: 1,
      next_page_url: null,
      per_page: 15,
      prev_page_url: null,
      to: 5,
    });
    expect(page.data.map((record: AnyBody) => record.id)).toEqual(Object.values(ids).sort((a, b) => a - b));
    for (const record of page.data) expectCampaignRecord(record);
  });

  it('filters by campaign_status', async () => {
    expect(await listIds('?campaign_status=2')).toEqual([ids.summer, ids.anniversary]);
    expect(await listIds('?campaign_status=1')).toEqual([ids.winter, ids.percent, ids.underscore]);
    expect(await listIds('?campaign_status=5')).toEqual([]);
  });

  it('searches title or brand_promoting, case-insensitively', async () => {
    expect(await listIds('?search=acme')).toEqual([ids.summer, ids.anniversary]);
    expect(await listIds('?search=SOUP')).toEqual([ids.winter]);
    expect(await listIds('?search=hooli')).toEqual([ids.percent, ids.underscore]);
    expect(await listIds('?search=nothing-matches')).toEqual([]);
  });

  it('treats % and _ in search as literal characters', async () => {
    expect(await listIds(`?search=${encodeURIComponent('50%')}`)).toEqual([ids.percent]);
    expect(await listIds(`?search=${encodeURIComponent('%')}`)).toEqual([ids.percent]);
    expect(await listIds('?search=_')).toEqual([ids.underscore]);
  });

  it('filters by advertiser_account_id, given as digits', async () => {
    expect(await listIds(`?advertiser_account_id=${acme}`)).toEqual([ids.summer, ids.percent, ids.underscore]);
    expect(await listIds(`?advertiser_account_id=${globex}`)).toEqual([ids.winter, ids.anniversary]);
    expect(await listIds(`?advertiser_account_id=${otherAccountId}`)).toEqual([]);
  });

  it('combines filters', async () => {
    expect(await listIds(`?advertiser_account_id=${globex}&campaign_status=2&search=acme`)).toEqual([ids.anniversary]);
    expect(await listIds(`?advertiser_account_id=${acme}&search=winter`)).toEqual([]);
  });

  it('ignores empty filter values', async () => {
    expect(await listIds('?search=&campaign_status=&advertiser_account_id=')).toHaveLength(5);
  });

  it('pages with page/per_page; next/prev are absolute URLs that keep the other parameters', async () => {
    const first = (await lister.api.get('/v2/campaigns?search=a&per_page=2')).body.data.campaigns;
    // "a" matches every title or brand of the five.
    expect(first).toMatchObject({ current_page: 1, per_page: 2, from: 1, to: 2, prev_page_url: null });
    expect(first.data).toHaveLength(2);

    const next = new URL(first.next_page_url);
    expect(`${next.origin}${next.pathname}`).toBe(`${app.baseUrl}/v2/campaigns`);
    expect(Object.fromEntries(next.searchParams)).toEqual({ search: 'a', per_page: '2', page: '2' });

    const second = (await lister.api.get(first.next_page_url.slice(app.baseUrl.length))).body.data.campaigns;
    expect(second).toMatchObject({ current_page: 2, per_page: 2, from: 3, to: 4 });
    expect(Object.fromEntries(new URL(second.prev_page_url).searchParams)).toEqual({ search: 'a', per_page: '2', page: '1' });
    expect(Object.fromEntries(new URL(second.next_page_url).searchParams)).toEqual({ search: 'a', per_page: '2', page: '3' });

    const third = (await lister.api.get(second.next_page_url.slice(app.baseUrl.length))).body.data.campaigns;
    expect(third).toMatchObject({ current_page: 3, per_page: 2, from: 5, to: 5, next_page_url: null });
    expect(Object.fromEntries(new URL(third.prev_page_url).searchParams)).toEqual({ search: 'a', per_page: '2', page: '2' });

    const seen = [...first.data, ...second.data, ...third.data].map((record: AnyBody) => record.id);
    expect(seen).toEqual(Object.values(ids).sort((a, b) => a - b));
  });

  it('returns an empty page past the end with from/to null and a prev link', async () => {
    const page = (await lister.api.get('/v2/campaigns?per_page=2&page=7')).body.data.campaigns;

    expect(page).toEqual({
      current_page: 7,
      data: [],
      from: null,
      next_page_url: null,
      per_page: 2,
      prev_page_url: expect.any(String),
      to: null,
    });
    expect(new URL(page.prev_page_url).searchParams.get('page')).toBe('6');
  });

  it('returns an empty first page for a workspace without campaigns', async () => {
    const empty = await app.workspace('No campaigns');
    const response = await empty.api.get('/v2/campaigns');

    expect(response.status).toBe(200);
    expect(response.body.data.campaigns).toEqual({ current_page: 1, data: [], from: null, next_page_url: null, per_page: 15, prev_page_url: null, to: null });
  });

  it.each([
    ['per_page=0', 'per_page'],
    ['per_page=101', 'per_page'],
    ['per_page=ten', 'per_page'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['campaign_status=9', 'campaign_status'],
    ['campaign_status=active', 'campaign_status'],
    ['campaign_status=ACTIVE', 'campaign_status'],
    ['advertiser_account_id=abc', 'advertiser_account_id'],
    ['status=1', 'status'],
  ])('answers 422 for ?%s', async (query, field) => {
    expectInvalid(await lister.api.get(`/v2/campaigns?${query}`), field);
  });

  it('accepts per_page=100', async () => {
    const response = await lister.api.get('/v2/campaigns?per_page=100');
    expect(response.status).toBe(200);
    expect(response.body.data.campaigns.per_page).toBe(100);
  });
});

// ---------------------------------------------------------------------------------------------
// POST /v2/campaigns/:id
// ---------------------------------------------------------------------------------------------

describe('POST /v2/campaigns/:id (update)', () => {
  const update = (id: number | string, body: unknown, workspace = ws) => workspace.api.post(`/v2/campaigns/${id}`, body);

  const datedCampaign = () =>
    createCampaign({
      campaign_title: 'Dated',
      earliest_start_date: '2026-03-01',
      latest_start_date: '2026-03-15',
      earliest_end_date: '2026-04-01',
      latest_end_date: '2026-04-30',
    });

  it('changes only the given fields and returns the whole record', async () => {
    const created = await createCampaign({ campaign_title: 'Before', brand_promoting: 'Brand', campaign_net_cost: 10, g_impressions: 5, forecaster: true });

    const response = await update(created.id, { campaign_title: 'After', campaign_net_cost: 20.5, additonal_campaign_notes: 'Now with notes' });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: expect.any(String), data: { campaign: expect.any(Object) } });
    const record = response.body.data.campaign;
    expectCampaignRecord(record);
    expect(record).toEqual({
      ...created,
      campaign_title: 'After',
      campaign_net_cost: 20.5,
      additonal_campaign_notes: 'Now with notes',
      updated_at: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect(record.updated_at > created.updated_at).toBe(true);
    expect((await ws.api.get(`/v2/campaigns/${created.id}`)).body.data.campaign).toEqual(record);
  });

  it('can clear nullable fields with null', async () => {
    const created = await createCampaign({ earliest_start_date: '2026-01-01', brand_industry_id: 4, brand_logo_inclusion: 'Top left' });

    const record = (await update(created.id, { earliest_start_date: null, brand_industry_id: null, brand_logo_inclusion: null })).body.data.campaign;

    expect(record).toMatchObject({ earliest_start_date: null, brand_industry_id: null, brand_logo_inclusion: null });
  });

  it('moves the campaign to another advertiser account of the workspace (string or integer)', async () => {
    const created = await createCampaign();

    const moved = await update(created.id, { primary_advertiser_account_id: String(secondAccountId) });
    expect(moved.status).toBe(200);
    expect(moved.body.data.campaign.primary_advertiser_account_id).toBe(String(secondAccountId));

    const back = await update(created.id, { primary_advertiser_account_id: accountId });
    expect(back.status).toBe(200);
    expect(back.body.data.campaign.primary_advertiser_account_id).toBe(String(accountId));
  });

  it('writes one campaign_updated event with payload.campaign and the v2 names of the changed fields', async () => {
    const created = await createCampaign({ campaign_title: 'Evented update', brand_promoting: 'Same' });

    const response = await ws.api.post(
      `/v2/campaigns/${created.id}`,
      { campaign_title: 'Renamed', brand_promoting: 'Same', additonal_campaign_notes: 'n', g_video_views: 3 },
      { 'x-request-id': 'update-campaign-req-1' },
    );
    expect(response.status).toBe(200);

    const events = await eventsFor(created.id);
    expect(events.map((event) => event.event_type)).toEqual(['campaign_created', 'campaign_updated']);
    const event = events[1];
    expect(event).toMatchObject({ organisation_id: ws.organisationId, resource_type: 'campaign', resource_id: created.id, request_id: 'update-campaign-req-1' });
    expect(Object.keys(event.payload).sort()).toEqual(['campaign', 'changed_fields']);
    expect(event.payload.campaign).toEqual(response.body.data.campaign);
    expect([...event.payload.changed_fields].sort()).toEqual(['additonal_campaign_notes', 'campaign_title', 'g_video_views']);
  });

  it('is a no-op that writes no event when nothing changes', async () => {
    const created = await createCampaign({ campaign_title: 'Steady', campaign_net_cost: 12.5, earliest_start_date: '2026-02-01' });
    const before = await databaseState(created.id);

    const same = await update(created.id, { campaign_title: 'Steady', campaign_net_cost: 12.5, earliest_start_date: '2026-02-01', primary_advertiser_account_id: String(accountId), campaign_status: 1 });
    expect(same.status).toBe(200);
    expect(same.body.data.campaign).toEqual(created);

    const empty = await update(created.id, {});
    expect(empty.status).toBe(200);
    expect(empty.body.data.campaign).toEqual(created);

    expect(await databaseState(created.id)).toEqual(before);
    expect((await eventsFor(created.id)).map((event) => event.event_type)).toEqual(['campaign_created']);
  });

  it('accepts its own record echoed back as a no-op (read-only fields are ignored)', async () => {
    const created = await createCampaign({ campaign_title: 'Echo', campaign_gross_cost: 7.25, latest_end_date: '2026-12-31' });
    const before = await databaseState(created.id);

    const response = await update(created.id, created);

    expect(response.status).toBe(200);
    expect(response.body.data.campaign).toEqual(created);
    expect(await databaseState(created.id)).toEqual(before);
  });

  describe('campaign_status transitions', () => {
    const STATUS_NAMES: Record<number, string> = { 1: 'draft', 2: 'active', 3: 'paused', 4: 'completed', 5: 'cancelled' };
    const ALLOWED: Record<number, number[]> = { 1: [2, 5], 2: [3, 4, 5], 3: [2, 4, 5], 4: [], 5: [] };
    /** How to reach each status from creation. */
    const ROUTE: Record<number, number[]> = { 1: [1], 2: [2], 3: [2, 3], 4: [2, 4], 5: [1, 5] };

    async function campaignWithStatus(status: number): Promise<AnyBody> {
      const [initial, ...moves] = ROUTE[status];
      let record = await createCampaign({ campaign_title: `Status ${status}`, campaign_status: initial });
      for (const move of moves) {
        const response = await update(record.id, { campaign_status: move });
        expect(response.status).toBe(200);
        record = response.body.data.campaign;
      }
      expect(record.campaign_status).toBe(status);
      return record;
    }

    const cases = [1, 2, 3, 4, 5].flatMap((from) =>
      [1, 2, 3, 4, 5].map((to): [string, string, number, number, boolean] => [STATUS_NAMES[from], STATUS_NAMES[to], from, to, from === to || ALLOWED[from].includes(to)]),
    );

    it.each(cases)('%s → %s', async (_fromName, _toName, from, to, allowed) => {
      const campaign = await campaignWithStatus(from);
      const before = await databaseState(campaign.id);

      const response = await update(campaign.id, { campaign_status: to });

      if (from === to) {
        // Staying put is always allowed, and is a no-op.
        expect(response.status).toBe(200);
        expect(response.body.data.campaign).toEqual(campaign);
        expect(await databaseState(campaign.id)).toEqual(before);
      } else if (allowed) {
        expect(response.status).toBe(200);
        expect(response.body.data.campaign.campaign_status).toBe(to);
        // The update, then the §6 status notification, in the same transaction.
        const [updated, notification] = (await eventsFor(campaign.id)).slice(-2);
        expect(updated?.event_type).toBe('campaign_updated');
        expect(updated?.payload.changed_fields).toEqual(['campaign_status']);
        expect(notification?.event_type).toBe('post_campaign_status');
        expect(notification?.payload).toEqual({
          campaign_id: Number(campaign.id),
          campaign_status: to,
          previous_campaign_status: from,
          changed_at: response.body.data.campaign.updated_at,
        });
      } else {
        expectInvalid(response, 'campaign_status');
        expect(await databaseState(campaign.id)).toEqual(before);
      }
    });

    it('refuses an invalid status value (9) with 422', async () => {
      const campaign = await campaignWithStatus(1);
      const before = await databaseState(campaign.id);

      expectInvalid(await update(campaign.id, { campaign_status: 9 }), 'campaign_status');
      expect(await databaseState(campaign.id)).toEqual(before);
    });
  });

  describe('refuses with 422 and changes nothing', () => {
    const cases: [string, () => Record<string, unknown>, string][] = [
      ['campaign_title empty', () => ({ campaign_title: '' }), 'campaign_title'],
      ['campaign_title null', () => ({ campaign_title: null }), 'campaign_title'],
      ['primary_advertiser_account_id null', () => ({ primary_advertiser_account_id: null }), 'primary_advertiser_account_id'],
      ['primary_advertiser_account_id unknown', () => ({ primary_advertiser_account_id: 999999 }), 'primary_advertiser_account_id'],
      ["another workspace's account (string)", () => ({ primary_advertiser_account_id: String(otherAccountId) }), 'primary_advertiser_account_id'],
      ["another workspace's account (integer)", () => ({ primary_advertiser_account_id: otherAccountId }), 'primary_advertiser_account_id'],
      ['2026-02-30', () => ({ actual_start_date: '2026-02-30' }), 'actual_start_date'],
      ['2026-13-01', () => ({ earliest_end_date: '2026-13-01' }), 'earliest_end_date'],
      ['20260101', () => ({ latest_start_date: '20260101' }), 'latest_start_date'],
      ['earliest_start_date moved after the stored latest_start_date', () => ({ earliest_start_date: '2026-03-16' }), 'earliest_start_date'],
      ['latest_start_date moved before the stored earliest_start_date', () => ({ latest_start_date: '2026-02-28' }), 'earliest_start_date'],
      ['earliest_end_date moved after the stored latest_end_date', () => ({ earliest_end_date: '2026-05-01' }), 'earliest_end_date'],
      ['latest_end_date moved before the stored earliest_end_date', () => ({ latest_end_date: '2026-03-31' }), 'earliest_end_date'],
      ['both start dates given in the wrong order', () => ({ earliest_start_date: '2026-06-02', latest_start_date: '2026-06-01' }), 'earliest_start_date'],
      ['negative cost', () => ({ campaign_gross_cost: -0.01 }), 'campaign_gross_cost'],
      ['cost with 3 decimals', () => ({ campaign_net_cost: 1.005 }), 'campaign_net_cost'],
      ['cost as a string', () => ({ campaign_net_cost: '12' }), 'campaign_net_cost'],
      ['negative metric', () => ({ e_impressions: -10 }), 'e_impressions'],
      ['non-integer metric', () => ({ g_clicks_to_site: 0.5 }), 'g_clicks_to_site'],
      ['flag 2', () => ({ using_utm_tracking: 2 }), 'using_utm_tracking'],
      ['boolean given as 1', () => ({ content_plan: 1 }), 'content_plan'],
      ['boolean given as 0', () => ({ workflow_builder: 0 }), 'workflow_builder'],
      ['unknown field', () => ({ campaign_budget: 100 }), 'campaign_budget'],
      ['status as its GraphQL enum name', () => ({ campaign_status: 'ACTIVE' }), 'campaign_status'],
      ['status as the enum name of the current status', () => ({ campaign_status: 'DRAFT' }), 'campaign_status'],
    ];

    it.each(cases)('%s', async (_name, fields, field) => {
      const campaign = await datedCampaign();
      const before = await databaseState(campaign.id);

      expectInvalid(await update(campaign.id, fields()), field);
      expect(await databaseState(campaign.id)).toEqual(before);
    });

    it.each([
      ['an array', '[]'],
      ['a string', '"x"'],
      ['a number', '1'],
      ['null', 'null'],
    ])('body that is %s', async (_name, raw) => {
      const campaign = await datedCampaign();
      const before = await databaseState(campaign.id);

      expectInvalid(await update(campaign.id, raw), 'body');
      expect(await databaseState(campaign.id)).toEqual(before);
    });

    it('does not apply the valid fields of a refused body', async () => {
      const campaign = await datedCampaign();
      const before = await databaseState(campaign.id);

      expectInvalid(await update(campaign.id, { campaign_title: 'Would be renamed', earliest_start_date: '2026-03-20' }), 'earliest_start_date');
      expect(await databaseState(campaign.id)).toEqual(before);
    });
  });

  describe('references: brand industry and sub-industry', () => {
    const industryOf = (subIndustry: number) => Math.ceil(subIndustry / 3);

    it('changes the industry and the sub-industry together to a matching pair', async () => {
      const created = await createCampaign({ brand_industry_id: 3, brand_sub_industry_id: 9 });

      const response = await update(created.id, { brand_industry_id: 4, brand_sub_industry_id: 12 });

      expect(response.status).toBe(200);
      expect(response.body.data.campaign).toEqual({ ...created, brand_industry_id: 4, brand_sub_industry_id: 12, updated_at: expect.stringMatching(ISO_TIMESTAMP) });
      expect((await eventsFor(created.id)).at(-1)?.payload.changed_fields.sort()).toEqual(['brand_industry_id', 'brand_sub_industry_id']);
    });

    it('changes only the sub-industry, to another of the stored industry', async () => {
      const created = await createCampaign({ brand_industry_id: 3, brand_sub_industry_id: 9 });

      const response = await update(created.id, { brand_sub_industry_id: 7 });

      expect(response.status).toBe(200);
      expect(response.body.data.campaign).toMatchObject({ brand_industry_id: 3, brand_sub_industry_id: 7 });
    });

    it('changes only the industry when the stored sub-industry belongs to the new one', async () => {
      const created = await createCampaign({ brand_sub_industry_id: 12 });

      const response = await update(created.id, { brand_industry_id: industryOf(12) });

      expect(response.status).toBe(200);
      expect(response.body.data.campaign).toMatchObject({ brand_industry_id: 4, brand_sub_industry_id: 12 });
    });

    it('clears the industry and keeps the sub-industry', async () => {
      const created = await createCampaign({ brand_industry_id: 3, brand_sub_industry_id: 9 });

      const response = await update(created.id, { brand_industry_id: null });

      expect(response.status).toBe(200);
      expect(response.body.data.campaign).toMatchObject({ brand_industry_id: null, brand_sub_industry_id: 9 });
    });

    it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
      [
        'only the industry, when the stored sub-industry belongs to another',
        { brand_industry_id: 5 },
        { brand_sub_industry_id: ['brand_sub_industry_id does not belong to brand industry 5'] },
      ],
      [
        'only the sub-industry, to one of another industry',
        { brand_sub_industry_id: 12 },
        { brand_sub_industry_id: ['brand_sub_industry_id does not belong to brand industry 3'] },
      ],
      [
        'both, to a pair that does not match',
        { brand_industry_id: 1, brand_sub_industry_id: 4 },
        { brand_sub_industry_id: ['brand_sub_industry_id does not belong to brand industry 1'] },
      ],
      ['the industry to an unknown one', { brand_industry_id: 13, brand_sub_industry_id: null }, { brand_industry_id: ['brand_industry_id does not name an entry of the brand-industries library'] }],
      [
        'only the industry, to an unknown one (reported once, not again on the stored sub-industry)',
        { brand_industry_id: 13 },
        { brand_industry_id: ['brand_industry_id does not name an entry of the brand-industries library'] },
      ],
      ['the sub-industry to an unknown one', { brand_sub_industry_id: 99 }, { brand_sub_industry_id: ['brand_sub_industry_id does not name an entry of the brand-sub-industries library'] }],
    ])('refuses changing %s, and changes nothing', async (_name, fields, errors) => {
      const campaign = await createCampaign({ brand_industry_id: 3, brand_sub_industry_id: 9 });
      const before = await databaseState(campaign.id);

      const response = await update(campaign.id, { campaign_title: 'Would be renamed', ...fields });

      expect(response.status).toBe(422);
      expect(response.body).toEqual({ success: false, message: INVALID, code: 'BAD_USER_INPUT', request_id: expect.any(String), errors });
      expect(await databaseState(campaign.id)).toEqual(before);
    });

    it('accepts unchanged ids that no longer name anything (rows from before the checks) when other fields change', async () => {
      const campaign = await createCampaign({ campaign_title: 'Legacy', brand_industry_id: 3, brand_sub_industry_id: 9 });
      // Ids the libraries do not hold, as rows written before the checks may carry.
      await app.dataSource.query('UPDATE campaigns SET brand_industry_id = 77, brand_sub_industry_id = 88 WHERE id = $1', [campaign.id]);
      const stale = (await ws.api.get(`/v2/campaigns/${campaign.id}`)).body.data.campaign;

      const renamed = await update(campaign.id, { campaign_title: 'Legacy, renamed' });
      const echoed = await update(campaign.id, { ...stale, campaign_title: 'Legacy, echoed' });

      expect(renamed.status).toBe(200);
      expect(echoed.status).toBe(200);
      expect(echoed.body.data.campaign).toMatchObject({ campaign_title: 'Legacy, echoed', brand_industry_id: 77, brand_sub_industry_id: 88 });
      // Changing either is judged again.
      expectInvalid(await update(campaign.id, { brand_sub_industry_id: 89 }), 'brand_sub_industry_id');
    });

    it("refuses moving to a deleted account of the workspace, with the unknown-account message, and changes nothing", async () => {
      const campaign = await createCampaign();
      const doomed = await createAccount(ws, 'Deleted before the move');
      expect((await ws.api.delete(`/v2/advertiser-accounts/${doomed}`)).status).toBe(200);
      const before = await databaseState(campaign.id);

      const response = await update(campaign.id, { primary_advertiser_account_id: doomed });

      expect(response.body).toEqual({ success: false, message: INVALID, code: 'BAD_USER_INPUT', request_id: expect.any(String), errors: { primary_advertiser_account_id: ['primary_advertiser_account_id does not name an advertiser account of this workspace'] } });
      expect(await databaseState(campaign.id)).toEqual(before);
    });
  });

  it('accepts moving one date of a pair when it stays in order with the stored other', async () => {
    const campaign = await datedCampaign();

    const response = await update(campaign.id, { earliest_start_date: '2026-03-15', latest_end_date: '2026-04-01' });

    expect(response.status).toBe(200);
    expect(response.body.data.campaign).toMatchObject({ earliest_start_date: '2026-03-15', latest_start_date: '2026-03-15', earliest_end_date: '2026-04-01', latest_end_date: '2026-04-01' });
  });

  it('does not move a campaign to an account that a concurrent delete is removing', async () => {
    const campaign = await createCampaign();
    const account = await createAccount(ws, 'Deleted mid-move');
    const before = await rawCampaign(campaign.id);

    const response = await whileAccountIsBeingDeleted(account, () => update(campaign.id, { primary_advertiser_account_id: account }));

    expectInvalid(response, 'primary_advertiser_account_id');
    expect(await rawCampaign(campaign.id)).toEqual(before);
    expect(await orphanedCampaigns()).toBe(0);
  });

  it('answers 404 for a deleted campaign', async () => {
    const campaign = await createCampaign();
    expect((await ws.api.delete(`/v2/campaigns/${campaign.id}`)).status).toBe(200);
    const before = await databaseState(campaign.id);

    expectNotFound(await update(campaign.id, { campaign_title: 'Back from the dead' }), NOT_FOUND);
    expect(await databaseState(campaign.id)).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------
// DELETE /v2/campaigns/:id
// ---------------------------------------------------------------------------------------------

describe('DELETE /v2/campaigns/:id (delete)', () => {
  it('soft-deletes: 200 {success, message}, then 404 on GET and on a second DELETE; the row stays with deleted_at set', async () => {
    const campaign = await createCampaign({ campaign_title: 'To be deleted' });

    const response = await ws.api.delete(`/v2/campaigns/${campaign.id}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: expect.any(String) });
    expectNotFound(await ws.api.get(`/v2/campaigns/${campaign.id}`), NOT_FOUND);
    expectNotFound(await ws.api.delete(`/v2/campaigns/${campaign.id}`), NOT_FOUND);

    const row = await rawCampaign(campaign.id);
    expect(row).toBeDefined();
    expect(row?.deleted_at).toBeInstanceOf(Date);
    expect(row?.campaign_title).toBe('To be deleted');
  });

  it('drops the campaign from the list', async () => {
    const workspace = await app.workspace('Delete list');
    const account = await createAccount(workspace, 'Acc');
    const kept = await createCampaign({}, workspace, account);
    const gone = await createCampaign({}, workspace, account);

    await workspace.api.delete(`/v2/campaigns/${gone.id}`);

    const list = (await workspace.api.get('/v2/campaigns')).body.data.campaigns;
    expect(list.data.map((record: AnyBody) => record.id)).toEqual([kept.id]);
  });

  it('writes one campaign_deleted event whose record carries deleted_at', async () => {
    const campaign = await createCampaign();

    await ws.api.delete(`/v2/campaigns/${campaign.id}`, { 'x-request-id': 'delete-campaign-req-1' });

    const events = await eventsFor(campaign.id);
    expect(events.map((event) => event.event_type)).toEqual(['campaign_created', 'campaign_deleted']);
    const row = await rawCampaign(campaign.id);
    expect(events[1]).toMatchObject({ organisation_id: ws.organisationId, resource_type: 'campaign', resource_id: campaign.id, request_id: 'delete-campaign-req-1' });
    expect(events[1].payload).toEqual({
      campaign: { ...campaign, deleted_at: (row?.deleted_at as Date).toISOString(), updated_at: expect.stringMatching(ISO_TIMESTAMP) },
      deleted: { phases: [], contents: [], distributions: [] },
    });
  });

  it('a second DELETE writes nothing', async () => {
    const campaign = await createCampaign();
    await ws.api.delete(`/v2/campaigns/${campaign.id}`);
    const before = await databaseState(campaign.id);

    expectNotFound(await ws.api.delete(`/v2/campaigns/${campaign.id}`), NOT_FOUND);
    expect(await databaseState(campaign.id)).toEqual(before);
  });
});
