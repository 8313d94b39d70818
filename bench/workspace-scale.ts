import { randomBytes } from 'node:crypto';
import os from 'node:os';
import 'reflect-metadata';
import { Client } from 'pg';
import { startApp } from '../src/app/start-app';
import { seedDemo } from '../src/cli/seed-demo';
import { globalId } from '../src/common/global-id';
import { ContentStatus } from '../src/contents/content-status';
import { openDatabase } from '../src/db/database';
import { countStatements } from '../src/db/statement-counter';
import { createLogger } from '../src/logging/logger';
import { createServices } from '../src/app/services';
import { webhookDeps } from '../src/webhooks/webhook-deps';
import { benchDatabase } from './bench-database';
import { benchServerConfig } from './bench-server-config';
import { PROJECT_NESTED_QUERY as NESTED_QUERY } from './compare/answers';

/** The nested query with each nested contents connection counted too. */
const NESTED_WITH_COUNTS = NESTED_QUERY.replace('contents { nodes {', 'contents { totalCount nodes {');

/** One page of an incremental sync: what changed since a checkpoint, oldest change first, with the count still to read. */
const SYNC_PAGE = `query Sync($since: DateTime!) { campaigns(first: 20, filter: { updatedAt: { gte: $since } }, orderBy: [{ field: UPDATED_AT }]) { totalCount nodes { id } pageInfo { hasNextPage endCursor } } }`;

/** A dashboard: per campaign of the page, its goals, its pieces' totals and its pieces by status with their sums. */
const DASHBOARD = `{ campaigns(first: 50) { nodes { id campaignTitle gImpressions eImpressions contents { aggregates { count sum { gImpressions eImpressions } } groupedAggregates(groupBy: [STATUS]) { keys count sum { gImpressions eImpressions } } } } } }`;

interface DashboardGroup {
  keys: (string | null)[];
  count: number;
  sum: { gImpressions: string; eImpressions: string };
}
interface DashboardAnswer {
  data: { campaigns: { nodes: { id: string; contents: { aggregates: Omit<DashboardGroup, 'keys'>; groupedAggregates: DashboardGroup[] } }[] } };
}

/**
 * Does a query's PostgreSQL time grow with the workspace? Seeds the demo workspace (50
 * campaigns × 3 phases × 4 contents × 2 distributions, each with a link and two media files), then
 * grows the same workspace to each size of BENCH_SCALE_SIZES by copying its campaign trees in SQL
 * (seeding 5,000 campaigns through the services would take most of an hour). At each size, after
 * ANALYZE, it sends each query of QUERIES once to record its statements and their parameters,
 * then replays each statement under `EXPLAIN (ANALYZE, TIMING OFF)` and sums PostgreSQL's own
 * execution times (median of BENCH_SCALE_RUNS), and times the whole request over HTTP. The queries:
 * the nested query of bench:compare; an incremental sync's page (`updatedAt` range, ordered by
 * `UPDATED_AT`, with `totalCount`); the nested query with `totalCount` on every `contents`; and a
 * dashboard (per campaign of the first 50: its pieces' `aggregates`, and `groupedAggregates` by
 * STATUS with sums), checked against the same figures computed in SQL. The seeded pieces are all
 * DRAFT without impressions, so before growing the workspace the bench spreads each campaign's 12
 * pieces over the 6 statuses (2 each) and gives them impressions: every campaign has 6 groups.
 *
 *   npm run bench:scale      (BENCH_SCALE_SIZES=50,500,5000, BENCH_SCALE_RUNS=21, DATABASE_URL optional;
 *                            BENCH_SCALE_PLANS=1 prints each statement's plan on stderr)
 */
const SEEDED_CAMPAIGNS = 50;
const SIZES = (process.env.BENCH_SCALE_SIZES ?? '50,500,5000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 21);
// The workspace grows by whole copies of the seeded trees, and only grows.
if (SIZES.some((size, i) => !Number.isInteger(size) || size < SEEDED_CAMPAIGNS || size % SEEDED_CAMPAIGNS !== 0 || (i > 0 && size <= SIZES[i - 1]))) {
  throw new Error(`BENCH_SCALE_SIZES must be increasing multiples of ${SEEDED_CAMPAIGNS}, from ${SEEDED_CAMPAIGNS}: ${process.env.BENCH_SCALE_SIZES}`);
}
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`BENCH_SCALE_RUNS must be a positive integer: ${process.env.BENCH_SCALE_RUNS}`);

/** A table copied with its rows' parents remapped to the copies: children after their parents. */
interface CopiedTable {
  table: string;
  sequence: string;
  /** Foreign-key column → table whose copy it must point at. */
  parents: Record<string, string>;
}

const TREE: readonly CopiedTable[] = [
  { table: 'campaigns', sequence: 'campaigns_id_seq', parents: {} },
  { table: 'phases', sequence: 'phases_id_seq', parents: { campaign_id: 'campaigns' } },
  { table: 'contents', sequence: 'content_distribution_id_seq', parents: { campaign_id: 'campaigns', phase_id: 'phases' } },
  { table: 'distributions', sequence: 'content_distribution_id_seq', parents: { campaign_id: 'campaigns', content_id: 'contents' } },
  { table: 'distribution_links', sequence: 'distribution_links_id_seq', parents: { distribution_id: 'distributions' } },
  { table: 'distribution_media', sequence: 'distribution_media_id_seq', parents: { distribution_id: 'distributions' } },
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Adds `copies` copies of the workspace's seeded campaign trees (the campaigns with the lowest
 * ids, and everything under them), each row with a new id from its table's sequence and its
 * parents pointing at the same copy's rows.
 */
async function copyTrees(client: Client, organisationId: number, copies: number): Promise<void> {
  await client.query('BEGIN');
  for (const { table, sequence, parents } of TREE) {
    const columns = (
      await client.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND column_name <> 'id' ORDER BY ordinal_position`,
        [table],
      )
    ).rows.map((row) => row.column_name);
    const remapped = Object.keys(parents);
    const kept = columns.filter((column) => !remapped.includes(column));
    const source =
      table === 'campaigns'
        ? `(SELECT id FROM campaigns WHERE organisation_id = $1 ORDER BY id LIMIT ${SEEDED_CAMPAIGNS}) seeded CROSS JOIN generate_series(1, $2) copy`
        : `${table} t JOIN map_${Object.values(parents)[0]} parent ON parent.old_id = t.${remapped[0]}`;
    const original = table === 'campaigns' ? 'seeded.id' : 't.id';
    const copy = table === 'campaigns' ? 'copy' : 'parent.copy';
    await client.query(`DROP TABLE IF EXISTS map_${table}`);
    await client.query(
      `CREATE TEMP TABLE map_${table} AS SELECT ${original} AS old_id, ${copy} AS copy, nextval('${sequence}') AS new_id FROM ${source}${table === 'campaigns' ? '' : ' WHERE t.organisation_id = $1'}`,
      table === 'campaigns' ? [organisationId, copies] : [organisationId],
    );
    const joins = remapped.map((column, i) => `JOIN map_${parents[column]} p${i} ON p${i}.old_id = t.${column} AND p${i}.copy = m.copy`).join(' ');
    await client.query(
      `INSERT INTO ${table} (id, ${[...remapped, ...kept].join(', ')})
       SELECT m.new_id, ${[...remapped.map((_, i) => `p${i}.new_id`), ...kept.map((column) => `t.${column}`)].join(', ')}
       FROM ${table} t JOIN map_${table} m ON m.old_id = t.id ${joins}`,
    );
  }
  await client.query('COMMIT');
}

type Counter = ReturnType<typeof countStatements>;

/**
 * One query at the current size: its statements (recorded once, after warming up), PostgreSQL's
 * execution time of each (median of RUNS replays under EXPLAIN ANALYZE), and the request's p50.
 */
async function measure(
  request: () => Promise<Response>,
  counter: Counter,
  client: Client,
  check?: (answer: string) => Promise<void>,
): Promise<{ statements: number; sum: number; slowest: number; p50: number; bytes: number }> {
  for (let i = 0; i < 5; i += 1) await (await request()).text(); // warm-up
  counter.reset();
  const answer = await (await request()).text();
  if (answer.includes('"errors"')) throw new Error(`the query failed: ${answer.slice(0, 500)}`);
  await check?.(answer);
  const statements = counter.calls.map((call) => ({ ...call }));
  const perStatement: number[] = [];
  for (const { sql, parameters } of statements) {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const plan = await client.query<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(`EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${sql}`, [...(parameters ?? [])]);
      times.push(plan.rows[0]?.['QUERY PLAN'][0]['Execution Time'] ?? 0);
    }
    perStatement.push(median(times));
  }
  const latencies: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    await (await request()).text();
    latencies.push(performance.now() - started);
  }
  if (process.env.BENCH_SCALE_PLANS) {
    for (const { sql, parameters } of statements) {
      const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, [...(parameters ?? [])]);
      process.stderr.write(`\n${sql}\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}\n`);
    }
  }
  return { statements: statements.length, sum: perStatement.reduce((a, b) => a + b, 0), slowest: Math.max(...perStatement), p50: median(latencies), bytes: answer.length };
}

/**
 * Spreads each seeded campaign's pieces over the statuses, in id order (with 12 pieces: 2 of each
 * of the 6), and gives them impressions, so a dashboard's groups and sums are not one DRAFT group
 * of zeros. Before the copies: they carry the same.
 */
async function spreadContents(client: Client, organisationId: number): Promise<void> {
  const statuses = Object.values(ContentStatus).filter((value): value is number => typeof value === 'number');
  await client.query(
    `UPDATE contents c SET status = ($2::smallint[])[1 + (n.rank - 1) % $3], g_impressions = 1000 * n.rank, e_impressions = 900 * n.rank
     FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY campaign_id ORDER BY id)::int AS rank FROM contents WHERE organisation_id = $1) n
     WHERE c.id = n.id`,
    [organisationId, statuses, statuses.length],
  );
  // The updated rows' old versions out of the table and its indexes, as in a settled workspace.
  await client.query('VACUUM contents');
}

/**
 * The dashboard's answer against SQL: every campaign of the page has its pieces' count and sums,
 * and the same groups by status (names, counts, sums) that PostgreSQL computes from the rows.
 */
async function checkDashboard(client: Client, organisationId: number, answer: string): Promise<void> {
  const campaigns = (JSON.parse(answer) as DashboardAnswer).data.campaigns.nodes;
  const ids = campaigns.map((campaign) => Number(campaign.id.split('/').pop()));
  const rows = (
    await client.query<{ campaign_id: number; status: number; count: number; g: string; e: string }>(
      `SELECT campaign_id, status, COUNT(*)::int AS count, SUM(g_impressions)::text AS g, SUM(e_impressions)::text AS e
       FROM contents WHERE organisation_id = $1 AND deleted_at IS NULL AND campaign_id = ANY($2) GROUP BY campaign_id, status ORDER BY campaign_id, status`,
      [organisationId, ids],
    )
  ).rows;
  const expected = new Map<string, DashboardGroup[]>();
  for (const row of rows) {
    const id = globalId('Campaign', row.campaign_id);
    expected.set(id, [...(expected.get(id) ?? []), { keys: [ContentStatus[row.status]], count: row.count, sum: { gImpressions: row.g, eImpressions: row.e } }]);
  }
  if (campaigns.length !== 50) throw new Error(`the dashboard has ${campaigns.length} campaigns, not 50`);
  for (const campaign of campaigns) {
    const groups = expected.get(campaign.id) ?? [];
    const { aggregates, groupedAggregates } = campaign.contents;
    if (groups.length < 2) throw new Error(`campaign ${campaign.id} has ${groups.length} status groups in SQL: the dashboard would measure nothing`);
    if (JSON.stringify(groupedAggregates) !== JSON.stringify(groups)) {
      throw new Error(`campaign ${campaign.id}: groupedAggregates ${JSON.stringify(groupedAggregates)}, SQL ${JSON.stringify(groups)}`);
    }
    const total = (key: 'gImpressions' | 'eImpressions'): string => String(groups.reduce((sum, group) => sum + BigInt(group.sum[key]), 0n));
    const whole = { count: groups.reduce((sum, group) => sum + group.count, 0), sum: { gImpressions: total('gImpressions'), eImpressions: total('eImpressions') } };
    if (JSON.stringify(aggregates) !== JSON.stringify(whole)) throw new Error(`campaign ${campaign.id}: aggregates ${JSON.stringify(aggregates)}, SQL ${JSON.stringify(whole)}`);
  }
}

async function main(): Promise<void> {
  const logger = createLogger('warn', process.stderr);
  const benchDb = await benchDatabase(logger);
  const config = benchServerConfig(benchDb.url, randomBytes(32).toString('hex'));

  const seeding = await openDatabase(config, logger);
  const demo = await seedDemo(createServices(seeding.dataSource, await webhookDeps(config, seeding, logger)), SEEDED_CAMPAIGNS);
  await seeding.close();

  const client = new Client({ connectionString: benchDb.url });
  await client.connect();
  const [workspace] = (await client.query<{ organisation_id: number }>('SELECT organisation_id FROM campaigns ORDER BY id LIMIT 1')).rows;
  if (!workspace) throw new Error('nothing seeded');
  await spreadContents(client, workspace.organisation_id);

  const app = await startApp(config, createLogger('silent'));
  const address = app.server.addresses().find((a) => typeof a === 'object');
  const url = `http://127.0.0.1:${address?.port}/graphql`;
  const counter = countStatements(app.database.dataSource);

  process.stdout.write(
    `\n| query | campaigns in the workspace | contents | statements / request | PostgreSQL execution ms (sum of medians) | slowest statement ms | request p50 ms (1 connection) | answer bytes |\n|---|---|---|---|---|---|---|---|\n`,
  );
  let campaigns = SEEDED_CAMPAIGNS;
  for (const size of SIZES) {
    if (size > campaigns) {
      await copyTrees(client, workspace.organisation_id, (size - campaigns) / SEEDED_CAMPAIGNS);
      campaigns = size;
    }
    await client.query('ANALYZE');
    const [{ contents } = { contents: 0 }] = (await client.query<{ contents: number }>('SELECT count(*)::int AS contents FROM contents WHERE organisation_id = $1', [workspace.organisation_id])).rows;
    // The sync's checkpoint: what the newest tenth of the workspace's campaigns changed since.
    const [{ since }] = (
      await client.query<{ since: Date }>(
        'SELECT updated_at AS since FROM campaigns WHERE organisation_id = $1 AND deleted_at IS NULL ORDER BY updated_at DESC, id DESC OFFSET (SELECT count(*) / 10 FROM campaigns WHERE organisation_id = $1) LIMIT 1',
        [workspace.organisation_id],
      )
    ).rows;
    const queries: [string, string, Record<string, unknown>, ((answer: string) => Promise<void>)?][] = [
      ['nested', NESTED_QUERY, {}],
      ['sync page (updatedAt ≥ checkpoint, UPDATED_AT order, totalCount)', SYNC_PAGE, { since: since.toISOString() }],
      ['nested, totalCount on each contents', NESTED_WITH_COUNTS, {}],
      ['dashboard (per campaign: contents aggregates, grouped by STATUS with sums)', DASHBOARD, {}, (answer) => checkDashboard(client, workspace.organisation_id, answer)],
    ];
    for (const [name, query, variables, check] of queries) {
      const request = (): Promise<Response> =>
        fetch(url, { method: 'POST', headers: { 'x-api-key': demo.key, 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
      const row = await measure(request, counter, client, check);
      process.stdout.write(
        `| ${name} | ${size.toLocaleString('en')} | ${contents.toLocaleString('en')} | ${row.statements} | ${row.sum.toFixed(1)} | ${row.slowest.toFixed(1)} | ${row.p50.toFixed(0)} | ${row.bytes.toLocaleString('en')} |\n`,
      );
    }
  }
  process.stdout.write(`\n${RUNS} runs per figure, Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}\n`);

  counter.stop();
  await client.end();
  await app.stop();
  await benchDb.stop();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
