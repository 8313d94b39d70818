import { iso, WORKSPACE } from './bare-sql';

/**
 * The statements of server D (bench/compare/server-sql-whole-answer.ts), the limit: each one checks
 * the API key, scopes every level to its workspace and to live rows, and writes the whole answer,
 * the project's bytes, as one text value that the route sends as it is.
 *
 * The JSON is written by concatenating text: each object is its keys and constant punctuation
 * joined with `||` to its values' JSON, each level's list a `string_agg` of its objects in a
 * correlated scalar subquery (an index scan per parent). Of the forms measured
 * (bench/compare/limit-forms.ts) this one costs PostgreSQL the least: no json value is built
 * and written out again at every level, as json_build_object, json_agg or row_to_json do.
 */

/**
 * A value's JSON text: to_json escapes a string as JSON.stringify does and writes numbers, booleans
 * and dates as row_to_json does (the project's bytes, bench/compare/bare-sql.ts); SQL NULL is
 * `null`. (A NULL anywhere in a `||` chain would make the whole answer NULL.)
 */
function json(expression: string): string {
  return `coalesce(to_json(${expression})::text, 'null')`;
}

/** A JSON array's elements: the objects of `subquery` (a string_agg), or none. */
function elements(subquery: string): string {
  return `coalesce((${subquery}), '')`;
}

/** The project's DistributionStatus enum names, with the JSON quotes. */
const STATUS = `CASE d.status WHEN 1 THEN '"PLANNED"' WHEN 2 THEN '"SCHEDULED"' WHEN 3 THEN '"LIVE"' WHEN 4 THEN '"PAUSED"' WHEN 5 THEN '"COMPLETED"' WHEN 6 THEN '"CANCELLED"' ELSE 'null' END`;

/**
 * The nested query's answer (server C's NESTED_SQL, byte for byte): `{"data":{"campaigns":{"nodes":
 * […]}}}`, ids as global ids, the status as its enum name; campaigns by id (first 50), phases by
 * phase_no then id, contents by id (first 20 per phase), distributions and media by id.
 */
export const WHOLE_NESTED_SQL = `
WITH ${WORKSPACE}
SELECT '{"data":{"campaigns":{"nodes":[' || ${elements(`
  SELECT string_agg('{"id":"gid://partner-api/Campaign/' || c.id || '","campaignTitle":' || ${json('c.campaign_title')} || ',"phases":[' || ${elements(`
    SELECT string_agg('{"id":"gid://partner-api/Phase/' || p.id || '","phaseTitle":' || ${json('p.phase_title')} || ',"contents":{"nodes":[' || ${elements(`
      SELECT string_agg('{"id":"gid://partner-api/Content/' || t.id || '","contentName":' || ${json('t.content_name')} || ',"distributions":[' || ${elements(`
        SELECT string_agg('{"id":"gid://partner-api/Distribution/' || d.id || '","status":' || ${STATUS}
          || ',"primaryLink":' || coalesce((
            -- At most one live link per distribution (the partial unique index UQ_distribution_links_distribution).
            SELECT '{"originalLink":' || ${json('l.original_link')} || '}'
            FROM distribution_links l
            WHERE l.distribution_id = d.id AND l.organisation_id = ws.id AND l.deleted_at IS NULL
          ), 'null')
          || ',"mediaLibrary":[' || ${elements(`
            SELECT string_agg('{"fileUrl":' || ${json('m.file_url')} || '}', ',' ORDER BY m.id)
            FROM distribution_media m
            WHERE m.distribution_id = d.id AND m.organisation_id = ws.id AND m.deleted_at IS NULL`)} || ']}', ',' ORDER BY d.id)
        FROM distributions d
        WHERE d.content_id = t.id AND d.organisation_id = ws.id AND d.deleted_at IS NULL`)} || ']}', ',' ORDER BY t.id)
      FROM (
        SELECT t.id, t.content_name FROM contents t
        WHERE t.phase_id = p.id AND t.organisation_id = ws.id AND t.deleted_at IS NULL
        ORDER BY t.id LIMIT 20
      ) t`)} || ']}}', ',' ORDER BY p.phase_no, p.id)
    FROM phases p
    WHERE p.campaign_id = c.id AND p.organisation_id = ws.id AND p.deleted_at IS NULL`)} || ']}', ',' ORDER BY c.id)
  FROM (
    SELECT c.id, c.campaign_title FROM campaigns c
    WHERE c.organisation_id = ws.id AND c.deleted_at IS NULL
    ORDER BY c.id LIMIT 50
  ) c`)} || ']}}}' AS body
FROM ws`;

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

/** A field's JSON text. */
export function fieldJson([, expression, kind]: RecordField): string {
  switch (kind) {
    case 'integer':
    case 'boolean':
      return `${expression}::text`;
    case 'string':
      return `to_json(${expression})::text`;
    case 'instant':
      return `'"' || ${expression} || '"'`;
    case 'json':
      return json(expression);
  }
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

/** A record's JSON text: `{"wire":value,…}` in the fields' order, one `||` chain. */
function recordText(fields: readonly RecordField[]): string {
  return `${fields.map((field, index) => `'${index === 0 ? '{' : ','}"${field[0]}":' || ${fieldJson(field)}`).join('\n      || ')}\n      || '}'`;
}

/**
 * The parameters of a v2 list statement: $1 the key's hash, $2 the page, $3 per page, $4 the next
 * page's URL and $5 the previous page's (NULL on the first page), both written in Node as the
 * project writes them (src/http/rest/pagination.ts); SQL decides whether there is a next page.
 */
export type PageParameters = [hash: string, page: number, perPage: number, nextPageUrl: string, previousPageUrl: string | null];

/**
 * A v2 list page as the project answers it: the envelope, the pagination object (keys in the
 * project's order) and each record of `fields`, live rows of the key's workspace by id. One row
 * more than the page is read to tell whether a next page exists; its record is not written (an
 * aggregate's FILTER is tested before its argument is computed). `record` is the JSON text of a
 * record from its row `s`. The envelope is one concat() rather than a `||` chain, which would copy
 * the records (the bulk of the answer) once per piece after them; concat() also writes no records,
 * a NULL, as nothing.
 */
export function wholePageSql(table: string, message: string, key: string, record: string): string {
  return `
WITH ${WORKSPACE}
SELECT concat(
  '{"success":true,"message":"${message}","data":{"${key}":{"current_page":', $2::integer,
  ',"data":[', page.records,
  '],"from":', CASE WHEN page.shown = 0 THEN 'null' ELSE (($2::bigint - 1) * $3::integer + 1)::text END,
  ',"next_page_url":', CASE WHEN page.fetched > $3::integer THEN ${json('$4::text')} ELSE 'null' END,
  ',"per_page":', $3::integer,
  ',"prev_page_url":', ${json('$5::text')},
  ',"to":', CASE WHEN page.shown = 0 THEN 'null' ELSE (($2::bigint - 1) * $3::integer + page.shown)::text END,
  '}}}') AS body
FROM ws
CROSS JOIN LATERAL (
  SELECT
    count(*) AS fetched,
    count(*) FILTER (WHERE s.n <= $3::integer) AS shown,
    string_agg(
      ${record},
      ',' ORDER BY s.n) FILTER (WHERE s.n <= $3::integer) AS records
  FROM (
    SELECT s.*, row_number() OVER (ORDER BY s.id) AS n
    FROM (
      SELECT s.* FROM ${table} s
      WHERE s.organisation_id = ws.id AND s.deleted_at IS NULL
      ORDER BY s.id OFFSET ($2::bigint - 1) * $3::integer LIMIT $3::integer + 1
    ) s
  ) s
) page`;
}

/** GET /v2/campaigns. */
export const WHOLE_V2_CAMPAIGNS_SQL = wholePageSql('campaigns', 'Campaigns retrieved successfully', 'campaigns', recordText(CAMPAIGN_RECORD));

/** GET /v2/contents. */
export const WHOLE_V2_CONTENTS_SQL = wholePageSql('contents', 'Contents retrieved successfully', 'contents', recordText(CONTENT_RECORD));
