import { NESTED_SQL, WORKSPACE } from './bare-sql';
import type { WholeAnswerStatements } from './server-sql-whole-answer';
import { CAMPAIGN_RECORD, columnsOf, CONTENT_RECORD, type RecordField } from './v2-records';
import {
  fieldJson,
  pageRows,
  WHOLE_NESTED_SQL,
  WHOLE_V2_CAMPAIGNS_SQL,
  WHOLE_V2_CONTENTS_SQL,
  wholePageSql,
} from './whole-answer-sql';

/**
 * The forms of server D's statements that bench/compare/limit-forms.ts measures against each other,
 * all taking server D's parameters (PageParameters for the lists) and answering the same records:
 *
 * - `concat`: server D's (bench/compare/whole-answer-sql.ts): JSON text concatenated with `||` and
 *   string_agg in correlated subqueries, each list record one `||` chain;
 * - `concat-fn`: the same, but each list record written by concat() (one pass, no copy of the
 *   record so far per piece);
 * - `concat-row`: the same, but each list record written by row_to_json;
 * - `row_to_json`: row_to_json and array_to_json(array_agg()) in correlated subqueries (server C's
 *   nested statement), the list envelopes too;
 * - `lateral`: json_build_object and json_agg over LATERAL subqueries, which write their JSON with
 *   spaces (`{"id" : 1}`, `[…, \n …]`): the same records, not the project's bytes.
 */
export const FORMS = ['concat', 'concat-fn', 'concat-row', 'row_to_json', 'lateral'] as const;
export type Form = (typeof FORMS)[number];

/** The environment variable naming the form a bench/compare/limit-server.ts process runs. */
export const ENV_LIMIT_FORM = 'LIMIT_FORM';
/** Set to `1`, the environment variable that has it run its statements as named prepared statements. */
export const ENV_LIMIT_PREPARED = 'LIMIT_PREPARED';

/** A record written by row_to_json. */
function rowToJsonRecord(fields: readonly RecordField[]): string {
  return `(SELECT row_to_json(r) FROM (SELECT
${columnsOf(fields)}
    ) r)::text`;
}

/** A record written by concat(), a call per 20 fields (a function takes at most 100 arguments). */
function concatRecord(fields: readonly RecordField[]): string {
  const pieces = fields.map((field, index) => `'${index === 0 ? '{' : ','}"${field[0]}":', ${fieldJson(field)}`);
  const groups: string[] = [];
  for (let start = 0; start < pieces.length; start += 20) groups.push(`concat(${pieces.slice(start, start + 20).join(',\n        ')})`);
  return `concat(\n      ${groups.join(',\n      ')},\n      '}')`;
}

/** row_to_json: the envelope and the pagination object written by row_to_json too (server C's form). */
function rowToJsonPageSql(table: string, message: string, key: string, fields: readonly RecordField[]): string {
  return `
WITH ${WORKSPACE}
SELECT row_to_json(envelope)::text AS body
FROM ws
CROSS JOIN LATERAL (
  SELECT
    count(*) AS fetched,
    count(*) FILTER (WHERE s.n <= $3::integer) AS shown,
    array_to_json(array_agg((SELECT row_to_json(r) FROM (SELECT
${columnsOf(fields)}
    ) r) ORDER BY s.n) FILTER (WHERE s.n <= $3::integer)) AS records
  FROM ${pageRows(table)}
) page
CROSS JOIN LATERAL (SELECT
  true AS "success",
  '${message}'::text AS "message",
  (SELECT row_to_json(d) FROM (SELECT (SELECT row_to_json(p) FROM (SELECT
    $2::integer AS "current_page",
    coalesce(page.records, '[]'::json) AS "data",
    CASE WHEN page.shown = 0 THEN NULL ELSE ($2::bigint - 1) * $3::integer + 1 END AS "from",
    CASE WHEN page.fetched > $3::integer THEN $4::text END AS "next_page_url",
    $3::integer AS "per_page",
    $5::text AS "prev_page_url",
    CASE WHEN page.shown = 0 THEN NULL ELSE ($2::bigint - 1) * $3::integer + page.shown END AS "to"
  ) p) AS "${key}") d) AS "data"
) envelope`;
}

const LATERAL_STATUS = `CASE d.status WHEN 1 THEN 'PLANNED' WHEN 2 THEN 'SCHEDULED' WHEN 3 THEN 'LIVE' WHEN 4 THEN 'PAUSED' WHEN 5 THEN 'COMPLETED' WHEN 6 THEN 'CANCELLED' END`;

/** lateral: the nested query's answer with json_build_object and json_agg, one LATERAL aggregate per level. */
const LATERAL_NESTED_SQL = `
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
        SELECT coalesce(json_agg(json_build_object('id', 'gid://partner-api/Distribution/' || d.id, 'status', ${LATERAL_STATUS}, 'primaryLink', link.value, 'mediaLibrary', media.nodes) ORDER BY d.id), '[]') AS nodes
        FROM distributions d
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

/** lateral: a v2 list page with json_build_object and json_agg. */
function lateralPageSql(table: string, message: string, key: string, fields: readonly RecordField[]): string {
  return `
WITH ${WORKSPACE}
SELECT json_build_object(
  'success', true,
  'message', '${message}'::text,
  'data', json_build_object('${key}', json_build_object(
    'current_page', $2::integer,
    'data', page.records,
    'from', CASE WHEN page.shown = 0 THEN NULL ELSE ($2::bigint - 1) * $3::integer + 1 END,
    'next_page_url', CASE WHEN page.fetched > $3::integer THEN $4::text END,
    'per_page', $3::integer,
    'prev_page_url', $5::text,
    'to', CASE WHEN page.shown = 0 THEN NULL ELSE ($2::bigint - 1) * $3::integer + page.shown END
  ))
)::text AS body
FROM ws
CROSS JOIN LATERAL (
  SELECT
    count(*) AS fetched,
    count(*) FILTER (WHERE s.n <= $3::integer) AS shown,
    coalesce(json_agg(r ORDER BY s.n) FILTER (WHERE s.n <= $3::integer), '[]') AS records
  FROM ${pageRows(table)}
  CROSS JOIN LATERAL (SELECT
${columnsOf(fields)}
  ) r
) page`;
}

type PageSql = (table: string, message: string, key: string, fields: readonly RecordField[]) => string;

function withPages(nested: string, pageSql: PageSql): WholeAnswerStatements {
  return {
    nested,
    campaigns: pageSql('campaigns', 'Campaigns retrieved successfully', 'campaigns', CAMPAIGN_RECORD),
    contents: pageSql('contents', 'Contents retrieved successfully', 'contents', CONTENT_RECORD),
  };
}

/** Server D's list statement with another writer of its records. */
function withRecords(record: (fields: readonly RecordField[]) => string): PageSql {
  return (table, message, key, fields) => wholePageSql(table, message, key, record(fields));
}

export const FORM_STATEMENTS: Record<Form, WholeAnswerStatements> = {
  concat: { nested: WHOLE_NESTED_SQL, campaigns: WHOLE_V2_CAMPAIGNS_SQL, contents: WHOLE_V2_CONTENTS_SQL },
  'concat-fn': withPages(WHOLE_NESTED_SQL, withRecords(concatRecord)),
  'concat-row': withPages(WHOLE_NESTED_SQL, withRecords(rowToJsonRecord)),
  row_to_json: withPages(NESTED_SQL, rowToJsonPageSql),
  lateral: withPages(LATERAL_NESTED_SQL, lateralPageSql),
};

/** Whether a form's answers are meant to be the project's bytes (lateral's have PostgreSQL's spaces). */
export const FORM_WRITES_PROJECT_BYTES: Record<Form, boolean> = { concat: true, 'concat-fn': true, 'concat-row': true, row_to_json: true, lateral: false };
