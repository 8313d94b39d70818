import { CAMPAIGN_RECORD_COLUMNS, CONTENT_RECORD_COLUMNS, WORKSPACE } from './bare-sql';

/**
 * The statements of server D (bench/compare/server-sql-whole-answer.ts): like server C's, each one
 * checks the API key, scopes every level to its workspace and to live rows and returns the whole
 * answer as one text value; here written the usual way, with json_build_object and json_agg over
 * LATERAL subqueries, and with everything of the answer decided in SQL, the v2 page links included
 * (Node passes the request's page, per_page, URL and query string, nothing it has worked out).
 *
 * PostgreSQL writes that JSON with spaces (`{"id" : "1", "phases" : […]}`, `[…, \n …]`), so the
 * bodies are larger than the project's; once JSON.parse and JSON.stringify have removed the spaces
 * they are the project's text (the bench checks it).
 */

const STATUS = `CASE d.status WHEN 1 THEN 'PLANNED' WHEN 2 THEN 'SCHEDULED' WHEN 3 THEN 'LIVE' WHEN 4 THEN 'PAUSED' WHEN 5 THEN 'COMPLETED' WHEN 6 THEN 'CANCELLED' END`;

/**
 * The nested query's answer (server C's NESTED_SQL): `{"data":{"campaigns":{"nodes":[…]}}}`, ids as
 * strings, the status as its enum name; campaigns by id (first 50), phases by phase_no then id,
 * contents by id (first 20 per phase), distributions and media by id. Each level is one LATERAL
 * aggregate per parent row.
 */
export const WHOLE_NESTED_SQL = `
WITH ${WORKSPACE}
SELECT json_build_object('data', json_build_object('campaigns', json_build_object('nodes', campaigns.nodes)))::text AS body
FROM ws
CROSS JOIN LATERAL (
  SELECT coalesce(json_agg(json_build_object('id', 'gid://partner-api/Campaign/' || c.id, 'campaignTitle', c.campaign_title, 'phases', phases.nodes) ORDER BY c.id), '[]') AS nodes
  FROM (
    SELECT c.id, c.campaign_title FROM campaigns c
    WHERE c.organisation_id = ws.id AND c.deleted_at IS NULL
    ORDER BY c.id LIMIT 50
  ) c
  CROSS JOIN LATERAL (
    SELECT coalesce(json_agg(json_build_object('id', 'gid://partner-api/Phase/' || p.id, 'phaseTitle', p.phase_title, 'contents', json_build_object('nodes', contents.nodes)) ORDER BY p.phase_no, p.id), '[]') AS nodes
    FROM phases p
    CROSS JOIN LATERAL (
      SELECT coalesce(json_agg(json_build_object('id', 'gid://partner-api/Content/' || t.id, 'contentName', t.content_name, 'distributions', distributions.nodes) ORDER BY t.id), '[]') AS nodes
      FROM (
        SELECT t.id, t.content_name FROM contents t
        WHERE t.phase_id = p.id AND t.organisation_id = ws.id AND t.deleted_at IS NULL
        ORDER BY t.id LIMIT 20
      ) t
      CROSS JOIN LATERAL (
        SELECT coalesce(json_agg(json_build_object('id', 'gid://partner-api/Distribution/' || d.id, 'status', ${STATUS}, 'primaryLink', link.value, 'mediaLibrary', media.nodes) ORDER BY d.id), '[]') AS nodes
        FROM distributions d
        -- At most one live link per distribution (the partial unique index UQ_distribution_links_distribution).
        LEFT JOIN LATERAL (
          SELECT json_build_object('originalLink', l.original_link) AS value
          FROM distribution_links l
          WHERE l.distribution_id = d.id AND l.organisation_id = ws.id AND l.deleted_at IS NULL
        ) link ON true
        CROSS JOIN LATERAL (
          SELECT coalesce(json_agg(json_build_object('fileUrl', m.file_url) ORDER BY m.id), '[]') AS nodes
          FROM distribution_media m
          WHERE m.distribution_id = d.id AND m.organisation_id = ws.id AND m.deleted_at IS NULL
        ) media
        WHERE d.content_id = t.id AND d.organisation_id = ws.id AND d.deleted_at IS NULL
      ) distributions
    ) contents
    WHERE p.campaign_id = c.id AND p.organisation_id = ws.id AND p.deleted_at IS NULL
  ) phases
) campaigns`;

/**
 * A page link as the project writes it (src/http/rest/pagination.ts): the request's URL ($4, origin
 * and path) with `page` set in its query string ($5, as sent, '' when none): the first `page`
 * parameter's value replaced, or `page` appended. (The project also re-encodes the other
 * parameters through URLSearchParams; the routes take none but page and per_page.)
 */
function pageLink(page: string): string {
  return `$4::text || '?' || CASE WHEN $5::text ~ '(^|&)page(=[^&]*)?(&|$)'
    THEN regexp_replace($5::text, '(^|&)page(=[^&]*)?(?=&|$)', '\\1page=' || (${page}))
    ELSE concat_ws('&', nullif($5::text, ''), 'page=' || (${page})) END`;
}

/**
 * A v2 list page as the project answers it (server C's v2PageSql): the envelope, the pagination
 * object and each record of `columns`, live rows of the key's workspace by id. $2 page, $3 per
 * page, $4 and $5 the request's URL and query string for the links. One more row than the page is
 * read to tell whether a next page exists.
 */
function wholePageSql(table: string, message: string, key: string, columns: string): string {
  return `
WITH ${WORKSPACE}
SELECT json_build_object(
  'success', true,
  'message', '${message}'::text,
  'data', json_build_object('${key}', json_build_object(
    'current_page', $2::integer,
    'data', page.records,
    'from', CASE WHEN page.shown = 0 THEN NULL ELSE ($2::bigint - 1) * $3::integer + 1 END,
    'next_page_url', CASE WHEN page.fetched > $3::integer THEN ${pageLink('$2::integer + 1')} END,
    'per_page', $3::integer,
    'prev_page_url', CASE WHEN $2::integer > 1 THEN ${pageLink('$2::integer - 1')} END,
    'to', CASE WHEN page.shown = 0 THEN NULL ELSE ($2::bigint - 1) * $3::integer + page.shown END
  ))
)::text AS body
FROM ws
CROSS JOIN LATERAL (
  SELECT
    count(*) AS fetched,
    count(*) FILTER (WHERE s.n <= $3::integer) AS shown,
    coalesce(json_agg(r ORDER BY s.n) FILTER (WHERE s.n <= $3::integer), '[]') AS records
  FROM (
    SELECT c.*, row_number() OVER (ORDER BY c.id) AS n
    FROM (
      SELECT c.* FROM ${table} c
      WHERE c.organisation_id = ws.id AND c.deleted_at IS NULL
      ORDER BY c.id OFFSET ($2::bigint - 1) * $3::integer LIMIT $3::integer + 1
    ) c
  ) s
  CROSS JOIN LATERAL (SELECT
${columns}
  ) r
) page`;
}

/** GET /v2/campaigns. */
export const WHOLE_V2_CAMPAIGNS_SQL = wholePageSql('campaigns', 'Campaigns retrieved successfully', 'campaigns', CAMPAIGN_RECORD_COLUMNS);

/** GET /v2/contents. */
export const WHOLE_V2_CONTENTS_SQL = wholePageSql('contents', 'Contents retrieved successfully', 'contents', CONTENT_RECORD_COLUMNS);
