/**
 * The v2 records the SQL servers of bench/compare write (GET /v2/campaigns, GET /v2/contents),
 * declared once: each field's name on the wire, the SQL expression of its value from a row `s`,
 * and how its JSON is written (whole-answer-sql.ts's fieldJson); bare SQL selects the same
 * expressions as columns (bare-sql.ts).
 */

/** An instant as JavaScript's toISOString writes it (UTC, milliseconds). */
export function iso(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * How a field's value is written as JSON, from its type and what the schema guarantees: a NOT NULL
 * column has no `null` case to write (it would cost a coalesce and a to_json per value).
 * - `integer`: a NOT NULL integer, its digits;
 * - `boolean`: a NOT NULL boolean, `true` or `false`;
 * - `string`: a NOT NULL string, escaped by to_json;
 * - `instant`: a NOT NULL timestamp written by iso() (its digits need no escaping), quoted;
 * - `json`: anything else, nullable columns included, through to_json (json()).
 */
export type FieldKind = 'integer' | 'boolean' | 'string' | 'instant' | 'json';

/** A field of a v2 record: its name on the wire, the SQL expression of its value from a row `s`, and how that is written. */
export type RecordField = readonly [wire: string, expression: string, kind: FieldKind];

/** `expression AS "wire"` for each field: the record as the columns of a row. */
export function columnsOf(fields: readonly RecordField[]): string {
  return fields.map(([wire, expression]) => `      ${expression} AS "${wire}"`).join(',\n');
}

/**
 * A campaign record of GET /v2/campaigns (server C's CAMPAIGN_RECORD_COLUMNS): the order and types
 * of src/campaigns/campaign.record.ts, the account id as a string, money as a number, timestamps in
 * ISO 8601 UTC.
 */
export const CAMPAIGN_RECORD: readonly RecordField[] = [
  ['id', 's.id', 'integer'],
  ['is_reporting_campaign', 's.is_reporting_campaign', 'integer'],
  ['primary_advertiser_account_id', 's.primary_advertiser_account_id::text', 'json'],
  ['campaign_title', 's.campaign_title', 'string'],
  ['brand_promoting', 's.brand_promoting', 'string'],
  ['campaign_status', 's.campaign_status', 'integer'],
  ['campaign_description', 's.campaign_description', 'string'],
  ['campaign_objective', 's.campaign_objective', 'string'],
  ['no_content_pieces', 's.no_content_pieces', 'integer'],
  ['earliest_start_date', 's.earliest_start_date', 'json'],
  ['latest_start_date', 's.latest_start_date', 'json'],
  ['earliest_end_date', 's.earliest_end_date', 'json'],
  ['latest_end_date', 's.latest_end_date', 'json'],
  ['actual_start_date', 's.actual_start_date', 'json'],
  ['campaign_net_cost', 's.campaign_net_cost::float8', 'json'],
  ['campaign_gross_cost', 's.campaign_gross_cost::float8', 'json'],
  ['tracking_report_info', 's.tracking_report_info', 'string'],
  ['using_utm_tracking', 's.using_utm_tracking', 'integer'],
  ['utm_info', 's.utm_info', 'string'],
  ['mandatory_donts', 's.mandatory_donts', 'string'],
  ['mandatory_dos', 's.mandatory_dos', 'string'],
  ['additonal_campaign_notes', 's.additional_campaign_notes', 'string'],
  ['campaign_target_audience_summary', 's.campaign_target_audience_summary', 'string'],
  ['advertiser_primary_campaign_manager_id', 's.advertiser_primary_campaign_manager_id', 'json'],
  ['advertiser_primary_commercial_manager_id', 's.advertiser_primary_commercial_manager_id', 'json'],
  ['brief_type', 's.brief_type', 'string'],
  ['content_messaging_hierarchy', 's.content_messaging_hierarchy', 'json'],
  ['content_look_feel_requests', 's.content_look_feel_requests', 'string'],
  ['media_plan_external_url', 's.media_plan_external_url', 'string'],
  ['rate_card_external_url', 's.rate_card_external_url', 'string'],
  ['potential_up_sell_opportunities', 's.potential_up_sell_opportunities', 'string'],
  ['sourcing_imagery', 's.sourcing_imagery', 'integer'],
  ['brand_logo_inclusion', 's.brand_logo_inclusion', 'json'],
  ['billing_company_name', 's.billing_company_name', 'string'],
  ['billing_company_address', 's.billing_company_address', 'string'],
  ['billing_contact_person', 's.billing_contact_person', 'string'],
  ['billing_contact_email', 's.billing_contact_email', 'string'],
  ['billing_contact_phone', 's.billing_contact_phone', 'string'],
  ['purchase_order_number', 's.purchase_order_number', 'string'],
  ['add_additional_content_focus_points', 's.add_additional_content_focus_points', 'json'],
  ['g_impressions', 's.g_impressions', 'integer'],
  ['e_impressions', 's.e_impressions', 'integer'],
  ['g_article_views', 's.g_article_views', 'integer'],
  ['e_article_views', 's.e_article_views', 'integer'],
  ['g_clicks_to_site', 's.g_clicks_to_site', 'integer'],
  ['e_clicks_to_site', 's.e_clicks_to_site', 'integer'],
  ['g_video_views', 's.g_video_views', 'integer'],
  ['e_video_views', 's.e_video_views', 'integer'],
  ['deleted_at', iso('s.deleted_at'), 'json'],
  ['created_at', iso('s.created_at'), 'instant'],
  ['updated_at', iso('s.updated_at'), 'instant'],
  ['default_advertiser', 's.default_advertiser', 'string'],
  ['brand_industry_id', 's.brand_industry_id', 'json'],
  ['brand_sub_industry_id', 's.brand_sub_industry_id', 'json'],
  ['crm_deal_link', 's.crm_deal_link', 'string'],
  ['advertiser_access', 's.advertiser_access', 'boolean'],
  ['content_plan', 's.content_plan', 'boolean'],
  ['workflow_builder', 's.workflow_builder', 'boolean'],
  ['forecaster', 's.forecaster', 'boolean'],
  ['skip_client_content_approvals', 's.skip_client_content_approvals', 'boolean'],
  ['allow_platform_amp_to_select_segments', 's.allow_platform_amp_to_select_segments', 'integer'],
];

/**
 * A content record of GET /v2/contents (server C's CONTENT_RECORD_COLUMNS): the order and types of
 * src/contents/content.record.ts, `content_id` for the id, the editor as `content_editor`.
 */
export const CONTENT_RECORD: readonly RecordField[] = [
  ['content_id', 's.id', 'integer'],
  ['campaign_id', 's.campaign_id', 'integer'],
  ['phase_id', 's.phase_id', 'integer'],
  ['publisher_product_id', 's.publisher_product_id', 'json'],
  ['publisher_title_id', 's.publisher_title_id', 'json'],
  ['content_name', 's.content_name', 'string'],
  ['status', 's.status', 'integer'],
  ['content_description', 's.content_description', 'string'],
  ['live_date', 's.live_date', 'json'],
  ['content_editor', 's.content_editor_id', 'json'],
  ['g_impressions', 's.g_impressions', 'integer'],
  ['e_impressions', 's.e_impressions', 'integer'],
  ['g_video_views', 's.g_video_views', 'integer'],
  ['e_video_views', 's.e_video_views', 'integer'],
  ['g_article_views', 's.g_article_views', 'integer'],
  ['e_article_views', 's.e_article_views', 'integer'],
  ['g_traffic_to_site', 's.g_traffic_to_site', 'integer'],
  ['e_traffic_to_site', 's.e_traffic_to_site', 'integer'],
  ['deleted_at', iso('s.deleted_at'), 'json'],
  ['created_at', iso('s.created_at'), 'instant'],
  ['updated_at', iso('s.updated_at'), 'instant'],
];
