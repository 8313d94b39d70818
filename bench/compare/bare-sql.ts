/**
 * The hand-written statements of server C (bench/compare/server-bare.ts). Each one checks the API
 * key and scopes every level to its workspace and to live rows. The nested query's returns the
 * whole answer as one text value that the route sends as it is (PostgreSQL builds the JSON); a v2
 * list's returns the page's rows, which Node writes with one JSON.stringify.
 *
 * The nested JSON is built with row_to_json and array_to_json(array_agg(… ORDER BY …)), which is json_agg
 * without its separators: json_agg writes `, \n ` between elements, array_to_json writes `,`, so the
 * answer is as compact as JSON.stringify's and can be compared byte for byte with the project's.
 */

/** The workspace of a live API key, given the SHA-256 hex of the key ($1). */
export const WORKSPACE = `ws AS (SELECT k.organisation_id AS id FROM api_keys k WHERE k.key_hash = $1 AND k.revoked_at IS NULL)`;

/**
 * The nested query of bench/nested-and-list.ts (campaigns(first: 50) → phases → contents (first 20
 * per phase) → distributions → primaryLink, mediaLibrary), shaped exactly as the project's GraphQL
 * answers it: `{"data":{"campaigns":{"nodes":[…]}}}`, ids as global ids, the status as its enum name.
 * Orders: campaigns by id, phases by phase_no then id, contents, distributions and media by id.
 */
export const NESTED_SQL = `
WITH ${WORKSPACE}
SELECT '{"data":{"campaigns":{"nodes":' || coalesce((
  SELECT array_to_json(array_agg((
    SELECT row_to_json(r) FROM (SELECT
      'gid://partner-api/Campaign/' || c.id AS "id",
      c.campaign_title AS "campaignTitle",
      coalesce((
        SELECT array_to_json(array_agg((
          SELECT row_to_json(r) FROM (SELECT
            'gid://partner-api/Phase/' || p.id AS "id",
            p.phase_title AS "phaseTitle",
            (SELECT row_to_json(r) FROM (SELECT coalesce((
              SELECT array_to_json(array_agg((
                SELECT row_to_json(r) FROM (SELECT
                  'gid://partner-api/Content/' || t.id AS "id",
                  t.content_name AS "contentName",
                  coalesce((
                    SELECT array_to_json(array_agg((
                      SELECT row_to_json(r) FROM (SELECT
                        'gid://partner-api/Distribution/' || d.id AS "id",
                        CASE d.status WHEN 1 THEN 'PLANNED' WHEN 2 THEN 'SCHEDULED' WHEN 3 THEN 'LIVE' WHEN 4 THEN 'PAUSED' WHEN 5 THEN 'COMPLETED' WHEN 6 THEN 'CANCELLED' END AS "status",
                        (SELECT row_to_json(r) FROM (
                          SELECT l.original_link AS "originalLink"
                          FROM distribution_links l
                          WHERE l.distribution_id = d.id AND l.organisation_id = ws.id AND l.deleted_at IS NULL
                        ) r) AS "primaryLink",
                        coalesce((
                          SELECT array_to_json(array_agg((SELECT row_to_json(r) FROM (SELECT m.file_url AS "fileUrl") r) ORDER BY m.id))
                          FROM distribution_media m
                          WHERE m.distribution_id = d.id AND m.organisation_id = ws.id AND m.deleted_at IS NULL
                        ), '[]'::json) AS "mediaLibrary"
                      ) r
                    ) ORDER BY d.id))
                    FROM distributions d
                    WHERE d.content_id = t.id AND d.organisation_id = ws.id AND d.deleted_at IS NULL
                  ), '[]'::json) AS "distributions"
                ) r
              ) ORDER BY t.id))
              FROM (
                SELECT * FROM contents t
                WHERE t.phase_id = p.id AND t.organisation_id = ws.id AND t.deleted_at IS NULL
                ORDER BY t.id LIMIT 20
              ) t
            ), '[]'::json) AS "nodes") r) AS "contents"
          ) r
        ) ORDER BY p.phase_no, p.id))
        FROM phases p
        WHERE p.campaign_id = c.id AND p.organisation_id = ws.id AND p.deleted_at IS NULL
      ), '[]'::json) AS "phases"
    ) r
  ) ORDER BY c.id))
  FROM (
    SELECT * FROM campaigns c
    WHERE c.organisation_id = ws.id AND c.deleted_at IS NULL
    ORDER BY c.id LIMIT 50
  ) c
)::text, '[]') || '}}}' AS body
FROM ws`;

/** An instant as JavaScript's toISOString writes it (UTC, milliseconds). */
export function iso(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * The rows of a v2 list page, as the project's records: each record's fields in its order and types
 * (`columns`), live rows of the key's workspace by id, one row more than the page to tell whether a
 * next page exists. Node wraps them in the envelope and writes the body with one JSON.stringify
 * (server-bare.ts). $2 offset, $3 per page. A key that is not a live one gives no row; a valid key
 * and an empty page give one row of nulls (the LEFT JOIN), so one statement tells both apart.
 */
function v2RowsSql(table: string, columns: string): string {
  return `
WITH ${WORKSPACE}
SELECT
${columns}
FROM ws
LEFT JOIN LATERAL (
  SELECT c.* FROM ${table} c
  WHERE c.organisation_id = ws.id AND c.deleted_at IS NULL
  ORDER BY c.id OFFSET $2 LIMIT $3::integer + 1
) s ON true
ORDER BY s.id`;
}

/**
 * A campaign record of GET /v2/campaigns, from a campaigns row `s`, in the order and the types of
 * src/campaigns/campaign.record.ts (the account id as a string, money as a number, timestamps in
 * ISO 8601 UTC).
 */
export const CAMPAIGN_RECORD_COLUMNS = `      s.id AS "id",
      s.is_reporting_campaign AS "is_reporting_campaign",
      s.primary_advertiser_account_id::text AS "primary_advertiser_account_id",
      s.campaign_title AS "campaign_title",
      s.brand_promoting AS "brand_promoting",
      s.campaign_status AS "campaign_status",
      s.campaign_description AS "campaign_description",
      s.campaign_objective AS "campaign_objective",
      s.no_content_pieces AS "no_content_pieces",
      s.earliest_start_date AS "earliest_start_date",
      s.latest_start_date AS "latest_start_date",
      s.earliest_end_date AS "earliest_end_date",
      s.latest_end_date AS "latest_end_date",
      s.actual_start_date AS "actual_start_date",
      s.campaign_net_cost::float8 AS "campaign_net_cost",
      s.campaign_gross_cost::float8 AS "campaign_gross_cost",
      s.tracking_report_info AS "tracking_report_info",
      s.using_utm_tracking AS "using_utm_tracking",
      s.utm_info AS "utm_info",
      s.mandatory_donts AS "mandatory_donts",
      s.mandatory_dos AS "mandatory_dos",
      s.additional_campaign_notes AS "additonal_campaign_notes",
      s.campaign_target_audience_summary AS "campaign_target_audience_summary",
      s.advertiser_primary_campaign_manager_id AS "advertiser_primary_campaign_manager_id",
      s.advertiser_primary_commercial_manager_id AS "advertiser_primary_commercial_manager_id",
      s.brief_type AS "brief_type",
      s.content_messaging_hierarchy AS "content_messaging_hierarchy",
      s.content_look_feel_requests AS "content_look_feel_requests",
      s.media_plan_external_url AS "media_plan_external_url",
      s.rate_card_external_url AS "rate_card_external_url",
      s.potential_up_sell_opportunities AS "potential_up_sell_opportunities",
      s.sourcing_imagery AS "sourcing_imagery",
      s.brand_logo_inclusion AS "brand_logo_inclusion",
      s.billing_company_name AS "billing_company_name",
      s.billing_company_address AS "billing_company_address",
      s.billing_contact_person AS "billing_contact_person",
      s.billing_contact_email AS "billing_contact_email",
      s.billing_contact_phone AS "billing_contact_phone",
      s.purchase_order_number AS "purchase_order_number",
      s.add_additional_content_focus_points AS "add_additional_content_focus_points",
      s.g_impressions AS "g_impressions",
      s.e_impressions AS "e_impressions",
      s.g_article_views AS "g_article_views",
      s.e_article_views AS "e_article_views",
      s.g_clicks_to_site AS "g_clicks_to_site",
      s.e_clicks_to_site AS "e_clicks_to_site",
      s.g_video_views AS "g_video_views",
      s.e_video_views AS "e_video_views",
      ${iso('s.deleted_at')} AS "deleted_at",
      ${iso('s.created_at')} AS "created_at",
      ${iso('s.updated_at')} AS "updated_at",
      s.default_advertiser AS "default_advertiser",
      s.brand_industry_id AS "brand_industry_id",
      s.brand_sub_industry_id AS "brand_sub_industry_id",
      s.crm_deal_link AS "crm_deal_link",
      s.advertiser_access AS "advertiser_access",
      s.content_plan AS "content_plan",
      s.workflow_builder AS "workflow_builder",
      s.forecaster AS "forecaster",
      s.skip_client_content_approvals AS "skip_client_content_approvals",
      s.allow_platform_amp_to_select_segments AS "allow_platform_amp_to_select_segments"`;

/** The rows of GET /v2/campaigns. */
export const V2_CAMPAIGNS_SQL = v2RowsSql('campaigns', CAMPAIGN_RECORD_COLUMNS);

/**
 * A content record of GET /v2/contents, from a contents row `s`, in the order and the types of
 * src/contents/content.record.ts (`content_id` for the id, the editor as `content_editor`).
 */
export const CONTENT_RECORD_COLUMNS = `      s.id AS "content_id",
      s.campaign_id AS "campaign_id",
      s.phase_id AS "phase_id",
      s.publisher_product_id AS "publisher_product_id",
      s.publisher_title_id AS "publisher_title_id",
      s.content_name AS "content_name",
      s.status AS "status",
      s.content_description AS "content_description",
      s.live_date AS "live_date",
      s.content_editor_id AS "content_editor",
      s.g_impressions AS "g_impressions",
      s.e_impressions AS "e_impressions",
      s.g_video_views AS "g_video_views",
      s.e_video_views AS "e_video_views",
      s.g_article_views AS "g_article_views",
      s.e_article_views AS "e_article_views",
      s.g_traffic_to_site AS "g_traffic_to_site",
      s.e_traffic_to_site AS "e_traffic_to_site",
      ${iso('s.deleted_at')} AS "deleted_at",
      ${iso('s.created_at')} AS "created_at",
      ${iso('s.updated_at')} AS "updated_at"`;

/** The rows of GET /v2/contents. */
export const V2_CONTENTS_SQL = v2RowsSql('contents', CONTENT_RECORD_COLUMNS);
