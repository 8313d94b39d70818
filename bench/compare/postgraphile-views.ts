import { ORGANISATION_SETTING, POSTGRAPHILE_SCHEMA } from './protocol';

/**
 * What PostGraphile serves: one view per table of the campaign hierarchy, in a schema of its own,
 * each keeping only the live rows (`deleted_at IS NULL`) of the workspace named by the
 * transaction-local setting `bench.organisation_id` (set per request from the API key, through
 * PostGraphile's pgSettings). Every level carries both conditions, as every query of the project
 * does (src/db/tenant-scope.ts), so a child row is never reached through its parent alone.
 *
 * Views have no keys, so smart tags (comments) give PostGraphile the primary keys, the foreign keys
 * and the field names the project's GraphQL uses (phases, contents, distributions, primaryLink,
 * mediaLibrary). A link is unique per distribution among live rows (the partial unique index
 * UQ_distribution_links_distribution), hence `@unique distribution_id` and a single `primaryLink`.
 */
const S = POSTGRAPHILE_SCHEMA;
const WORKSPACE = `organisation_id = nullif(current_setting('${ORGANISATION_SETTING}', true), '')::integer AND deleted_at IS NULL`;

interface ViewSpec {
  table: string;
  tags: string[];
}

const VIEWS: ViewSpec[] = [
  { table: 'campaigns', tags: ['@primaryKey id'] },
  { table: 'phases', tags: ['@primaryKey id', `@foreignKey (campaign_id) references ${S}.campaigns (id)|@fieldName campaign|@foreignFieldName phases`] },
  {
    table: 'contents',
    tags: [
      '@primaryKey id',
      `@foreignKey (phase_id) references ${S}.phases (id)|@fieldName phase|@foreignFieldName contents`,
      `@foreignKey (campaign_id) references ${S}.campaigns (id)|@fieldName campaign|@foreignFieldName campaignContents`,
    ],
  },
  {
    table: 'distributions',
    tags: ['@primaryKey id', `@foreignKey (content_id) references ${S}.contents (id)|@fieldName content|@foreignFieldName distributions`],
  },
  {
    table: 'distribution_links',
    tags: ['@primaryKey id', '@unique distribution_id', `@foreignKey (distribution_id) references ${S}.distributions (id)|@fieldName distribution|@foreignFieldName primaryLink`],
  },
  {
    table: 'distribution_media',
    tags: ['@primaryKey id', `@foreignKey (distribution_id) references ${S}.distributions (id)|@fieldName distribution|@foreignFieldName mediaLibrary`],
  },
];

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** Idempotent DDL: drops and recreates the schema, so it follows the tables' current columns. */
export function postgraphileViewsDdl(): string[] {
  return [
    `DROP SCHEMA IF EXISTS ${S} CASCADE`,
    `CREATE SCHEMA ${S}`,
    ...VIEWS.flatMap(({ table, tags }) => [
      `CREATE VIEW ${S}.${table} AS SELECT * FROM public.${table} WHERE ${WORKSPACE}`,
      `COMMENT ON VIEW ${S}.${table} IS ${literal(tags.join('\n'))}`,
    ]),
  ];
}
