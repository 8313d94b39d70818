import { ORGANISATION_SETTING, POSTGRAPHILE_CONDITION_SCHEMA, POSTGRAPHILE_SCHEMA } from './protocol';

/**
 * What the two PostGraphile servers serve: one view per table of the campaign hierarchy, in a
 * schema of their own.
 *
 * - `bench_postgraphile` (server-postgraphile.ts): each view keeps only the live rows
 *   (`deleted_at IS NULL`) of the workspace named by the transaction-local setting
 *   `bench.organisation_id` (set per request from the API key, through PostGraphile's pgSettings).
 *   Every level carries both conditions, as every query of the project does
 *   (src/db/tenant-scope.ts), so a child row is never reached through its parent alone.
 * - `bench_postgraphile_live` (server-postgraphile-condition.ts): each view keeps only the live
 *   rows; the workspace is a `condition` argument of the query's connections (every one of them
 *   by default, the root alone with BENCH_CONDITION_LEVELS=root: children are then reached through
 *   their parent alone, a child row's workspace being its parent's, as the services keep it).
 *
 * Views have no keys, so smart tags (comments) give PostGraphile the primary keys, the foreign keys
 * and the field names the project's GraphQL uses (phases, contents, distributions, primaryLink,
 * mediaLibrary). A link is unique per distribution among live rows (the partial unique index
 * UQ_distribution_links_distribution), hence `@unique distribution_id` and a single `primaryLink`.
 */
const LIVE = 'deleted_at IS NULL';
const WORKSPACE_AND_LIVE = `organisation_id = nullif(current_setting('${ORGANISATION_SETTING}', true), '')::integer AND ${LIVE}`;

interface ViewSpec {
  table: string;
  tags: (schema: string) => string[];
}

const VIEWS: ViewSpec[] = [
  { table: 'campaigns', tags: () => ['@primaryKey id'] },
  { table: 'phases', tags: (s) => ['@primaryKey id', `@foreignKey (campaign_id) references ${s}.campaigns (id)|@fieldName campaign|@foreignFieldName phases`] },
  {
    table: 'contents',
    tags: (s) => [
      '@primaryKey id',
      `@foreignKey (phase_id) references ${s}.phases (id)|@fieldName phase|@foreignFieldName contents`,
      `@foreignKey (campaign_id) references ${s}.campaigns (id)|@fieldName campaign|@foreignFieldName campaignContents`,
    ],
  },
  {
    table: 'distributions',
    tags: (s) => ['@primaryKey id', `@foreignKey (content_id) references ${s}.contents (id)|@fieldName content|@foreignFieldName distributions`],
  },
  {
    table: 'distribution_links',
    tags: (s) => ['@primaryKey id', '@unique distribution_id', `@foreignKey (distribution_id) references ${s}.distributions (id)|@fieldName distribution|@foreignFieldName primaryLink`],
  },
  {
    table: 'distribution_media',
    tags: (s) => ['@primaryKey id', `@foreignKey (distribution_id) references ${s}.distributions (id)|@fieldName distribution|@foreignFieldName mediaLibrary`],
  },
];

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

function schemaDdl(schema: string, where: string): string[] {
  return [
    `DROP SCHEMA IF EXISTS ${schema} CASCADE`,
    `CREATE SCHEMA ${schema}`,
    ...VIEWS.flatMap(({ table, tags }) => [
      `CREATE VIEW ${schema}.${table} AS SELECT * FROM public.${table} WHERE ${where}`,
      `COMMENT ON VIEW ${schema}.${table} IS ${literal(tags(schema).join('\n'))}`,
    ]),
  ];
}

/** Idempotent DDL: drops and recreates both schemas, so they follow the tables' current columns. */
export function postgraphileViewsDdl(): string[] {
  return [...schemaDdl(POSTGRAPHILE_SCHEMA, WORKSPACE_AND_LIVE), ...schemaDdl(POSTGRAPHILE_CONDITION_SCHEMA, LIVE)];
}
