import { WORKSPACE } from './bare-sql';
import { CAMPAIGN_RECORD, CONTENT_RECORD, type RecordField } from './v2-records';

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
/** The page's rows `s`: one more than the page, numbered `n`, live rows of the key's workspace by id ($2 page, $3 per page). */
export function pageRows(table: string): string {
  return `(
    SELECT s.*, row_number() OVER (ORDER BY s.id) AS n
    FROM (
      SELECT s.* FROM ${table} s
      WHERE s.organisation_id = ws.id AND s.deleted_at IS NULL
      ORDER BY s.id OFFSET ($2::bigint - 1) * $3::integer LIMIT $3::integer + 1
    ) s
  ) s`;
}

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
  FROM ${pageRows(table)}
) page`;
}

/** GET /v2/campaigns. */
export const WHOLE_V2_CAMPAIGNS_SQL = wholePageSql('campaigns', 'Campaigns retrieved successfully', 'campaigns', recordText(CAMPAIGN_RECORD));

/** GET /v2/contents. */
export const WHOLE_V2_CONTENTS_SQL = wholePageSql('contents', 'Contents retrieved successfully', 'contents', recordText(CONTENT_RECORD));
