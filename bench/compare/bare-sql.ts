import { CAMPAIGN_RECORD, columnsOf, CONTENT_RECORD } from './v2-records';

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


/** The rows of GET /v2/campaigns. */
export const V2_CAMPAIGNS_SQL = v2RowsSql('campaigns', columnsOf(CAMPAIGN_RECORD));


/** The rows of GET /v2/contents. */
export const V2_CONTENTS_SQL = v2RowsSql('contents', columnsOf(CONTENT_RECORD));
