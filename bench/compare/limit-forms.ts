import 'reflect-metadata';
import autocannon from 'autocannon';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { createLogger } from '../../src/logging/logger';
import { benchDatabase } from '../bench-database';
import { PROJECT_NESTED_QUERY } from './answers';
import { type Fixture, seedFixture } from './fixture';
import { ENV_LIMIT_FORM, ENV_LIMIT_PREPARED, type Form, FORM_STATEMENTS, FORM_WRITES_PROJECT_BYTES, FORMS } from './limit-forms-sql';
import { ENV_DATABASE_URL, ENV_SECRETS_KEY } from './protocol';
import { fmt, median } from './report';
import { ServerProcess } from './servers';
import type { WholeAnswerStatements } from './server-sql-whole-answer';
import type { PageParameters } from './whole-answer-sql';

/**
 * Which form of server D's statements is the limit (bench/compare/limit-forms-sql.ts): one server
 * process per form beside the project's, on the bench's fixture.
 *
 * 1. Bytes: each form's answers against the project's, exactly (page links' origin aside; after
 *    its data, the project's nested answer has its cost report, a last member `extensions`, and
 *    the newline Apollo Server ends it with), on the measured routes and on other pages of the
 *    lists.
 * 2. Statement time: EXPLAIN (ANALYZE, BUFFERS) of each form's statement with the parameters its
 *    server passes, and the statement's own time as a client waits for it; interleaved, medians.
 * 3. Throughput: autocannon on each form's server at each connection count, interleaved rounds.
 *
 *   npx tsc -p tsconfig.bench.json && node scripts/copy-assets.mjs && node dist/bench/compare/limit-forms.js
 *
 * LIMIT_FORMS (all), LIMIT_ROUTES (nested,campaigns,contents), LIMIT_CONNECTIONS ("1,10"),
 * LIMIT_SECONDS (5) per run, LIMIT_ROUNDS (3), LIMIT_EXPLAIN_RUNS (15), LIMIT_PLAN (print the plan
 * of this form's statements), LIMIT_PREPARED=1 (every form's server, and the client's timing, run
 * named prepared statements, as server D does; EXPLAIN's planning time is then what they save);
 * DATABASE_URL and LIMIT_FIXTURE (a JSON file with the `key` and `secretsKey` of a database seeded
 * by bench/compare/fixture.ts) to measure without seeding again.
 */

type Route = 'nested' | 'campaigns' | 'contents';
const ROUTES: Record<Route, { path: string; project: { method: 'GET' | 'POST'; path: string; body?: string } }> = {
  nested: { path: '/nested', project: { method: 'POST', path: '/graphql', body: JSON.stringify({ query: PROJECT_NESTED_QUERY }) } },
  campaigns: { path: '/v2/campaigns?per_page=100', project: { method: 'GET', path: '/v2/campaigns?per_page=100' } },
  contents: { path: '/v2/contents?per_page=100', project: { method: 'GET', path: '/v2/contents?per_page=100' } },
};
/**
 * Pages only checked: with a previous page, the last page, past the end, the default per_page, and
 * another parameter the links keep (`sort=id`, the order server D's statements always have).
 */
const OTHER_PAGES = [
  '/v2/contents?per_page=100&page=2',
  '/v2/contents?page=6&per_page=100',
  '/v2/contents?per_page=100&page=7',
  '/v2/campaigns',
  '/v2/campaigns?page=2&per_page=20&sort=id',
  '/v2/campaigns?per_page=20&page=3',
];

const FORMS_MEASURED = list('LIMIT_FORMS', FORMS.join(',')).map((name) => {
  if (!(FORMS as readonly string[]).includes(name)) throw new Error(`LIMIT_FORMS: ${name} is not one of ${FORMS.join(', ')}`);
  return name as Form;
});
const ROUTES_MEASURED = list('LIMIT_ROUTES', 'nested,campaigns,contents').map((name) => {
  if (!(name in ROUTES)) throw new Error(`LIMIT_ROUTES: ${name} is not one of ${Object.keys(ROUTES).join(', ')}`);
  return name as Route;
});
const CONNECTIONS = list('LIMIT_CONNECTIONS', '1,10').map(Number);
const SECONDS = Number(process.env.LIMIT_SECONDS ?? 5);
const ROUNDS = Number(process.env.LIMIT_ROUNDS ?? 3);
const EXPLAIN_RUNS = Number(process.env.LIMIT_EXPLAIN_RUNS ?? 15);
const PREPARED = process.env[ENV_LIMIT_PREPARED] === '1';

function list(name: string, fallback: string): string[] {
  return (process.env[name] || fallback)
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
}

async function fetchText(url: string, key: string, init: { method?: string; body?: string } = {}): Promise<string> {
  const headers: Record<string, string> = { 'x-api-key': key };
  if (init.body) headers['content-type'] = 'application/json';
  const response = await fetch(url, { method: init.method ?? 'GET', headers, body: init.body });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return text;
}

function firstDifference(expected: string, actual: string): string {
  let at = 0;
  while (at < expected.length && at < actual.length && expected[at] === actual[at]) at += 1;
  return `${expected.length} against ${actual.length} characters, first difference at ${at}: expected …${JSON.stringify(expected.slice(Math.max(0, at - 60), at + 60))}…, got …${JSON.stringify(actual.slice(Math.max(0, at - 60), at + 60))}…`;
}

/**
 * Whether the nested answer is the project's text but for what Apollo Server adds after the data:
 * a last member `extensions` (the project's GraphQL cost report) and a newline.
 */
function isProjectNestedText(project: string, answer: string): boolean {
  const { extensions } = JSON.parse(project) as { extensions?: unknown };
  const tail = extensions === undefined ? '}\n' : `,"extensions":${JSON.stringify(extensions)}}\n`;
  return project === answer || (answer.endsWith('}') && project === `${answer.slice(0, -1)}${tail}`);
}

async function checkBytes(fixture: Fixture, project: ServerProcess, servers: Map<Form, ServerProcess>): Promise<void> {
  const withoutOrigin = (text: string, server: ServerProcess) => text.replaceAll(server.url, 'http://origin');
  const projectNested = await fetchText(project.url + ROUTES.nested.project.path, fixture.key, ROUTES.nested.project);
  const lists = [ROUTES.campaigns.path, ROUTES.contents.path, ...OTHER_PAGES];
  const projectLists = new Map<string, string>();
  for (const path of lists) projectLists.set(path, withoutOrigin(await fetchText(project.url + path, fixture.key), project));
  for (const [form, server] of servers) {
    const failures: string[] = [];
    const nested = await fetchText(server.url + ROUTES.nested.path, fixture.key);
    const sameText = FORM_WRITES_PROJECT_BYTES[form]
      ? (expected: string, actual: string) => expected === actual
      : (expected: string, actual: string) => JSON.stringify(JSON.parse(expected)) === JSON.stringify(JSON.parse(actual));
    const nestedMatches = FORM_WRITES_PROJECT_BYTES[form]
      ? isProjectNestedText(projectNested, nested)
      : (() => {
          const { extensions: _extensions, ...rest } = JSON.parse(projectNested) as Record<string, unknown>;
          return JSON.stringify(rest) === JSON.stringify(JSON.parse(nested));
        })();
    if (!nestedMatches) failures.push(`/nested: ${firstDifference(projectNested, nested)}`);
    for (const path of lists) {
      const expected = projectLists.get(path)!;
      const actual = withoutOrigin(await fetchText(server.url + path, fixture.key), server);
      if (!sameText(expected, actual)) failures.push(`${path}: ${firstDifference(expected, actual)}`);
    }
    const how = FORM_WRITES_PROJECT_BYTES[form] ? 'byte for byte' : 'once re-serialised (PostgreSQL spaces)';
    if (failures.length > 0) throw new Error(`${form}: not the project's answers (${how}):\n  ${failures.join('\n  ')}`);
    process.stdout.write(`  ✔ ${form}: the project's answers ${how} on /nested (${fmt(nested.length)} characters) and ${lists.length} list pages\n`);
  }
}

/** The statement and the parameters a form's server runs for a route's measured request. */
function statementFor(statements: WholeAnswerStatements, route: Route, hash: string, origin: string): { text: string; values: unknown[] } {
  if (route === 'nested') return { text: statements.nested, values: [hash] };
  const path = route === 'campaigns' ? '/v2/campaigns' : '/v2/contents';
  const values: PageParameters = [hash, 1, 100, `${origin}${path}?per_page=100&page=2`, null];
  return { text: route === 'campaigns' ? statements.campaigns : statements.contents, values };
}

/** The forms measured on a route: those whose statement for it differs from every earlier form's (the concat forms share their nested statement). */
function formsOf(route: Route): Form[] {
  const seen = new Set<string>();
  return FORMS_MEASURED.filter((form) => {
    const { text } = statementFor(FORM_STATEMENTS[form], route, '', '');
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  });
}

/**
 * Per route and form: EXPLAIN (ANALYZE, BUFFERS)'s execution and planning times, and the time the
 * statement itself takes as a client sees it (parse and plan unless prepared, execute, the answer
 * over the socket).
 */
async function statementTimes(url: string, fixture: Fixture): Promise<void> {
  const hash = createHash('sha256').update(fixture.key, 'utf8').digest('hex');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const planForm = process.env.LIMIT_PLAN as Form | undefined;
    if (planForm) {
      for (const route of ROUTES_MEASURED) {
        const { text, values } = statementFor(FORM_STATEMENTS[planForm], route, hash, 'http://127.0.0.1');
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
        process.stdout.write(`\nPlan of ${planForm}, ${route}:\n${rows.map((row) => row['QUERY PLAN']).join('\n')}\n`);
      }
    }
    const times = new Map<string, { execution: number[]; planning: number[]; wall: number[] }>();
    for (let run = 0; run < EXPLAIN_RUNS; run += 1) {
      for (const route of ROUTES_MEASURED) {
        for (const form of formsOf(route)) {
          const { text, values } = statementFor(FORM_STATEMENTS[form], route, hash, 'http://127.0.0.1');
          const { rows } = await client.query<{ 'QUERY PLAN': [{ 'Execution Time': number; 'Planning Time': number }] }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, values);
          const [plan] = rows[0]['QUERY PLAN'];
          const started = performance.now();
          await client.query(PREPARED ? { name: `${route} ${form}`, text, values } : { text, values });
          const wall = performance.now() - started;
          const entry = times.get(`${route} ${form}`) ?? { execution: [], planning: [], wall: [] };
          entry.execution.push(plan['Execution Time']);
          entry.planning.push(plan['Planning Time']);
          entry.wall.push(wall);
          times.set(`${route} ${form}`, entry);
        }
      }
    }
    process.stdout.write(`\nMedians of ${EXPLAIN_RUNS} interleaved runs, ms: EXPLAIN (ANALYZE, BUFFERS) execution + planning; the statement as a client waits for it\n`);
    for (const route of ROUTES_MEASURED) {
      const cells = formsOf(route).map((form) => {
        const { execution, planning, wall } = times.get(`${route} ${form}`)!;
        return `${form} ${fmt(median(execution), 2)} + ${fmt(median(planning), 2)}; ${fmt(median(wall), 2)}`;
      });
      process.stdout.write(`  ${route}: ${cells.join(' · ')}\n`);
    }
  } finally {
    await client.end();
  }
}

async function drive(key: string, url: string, connections: number, seconds: number): Promise<{ rps: number; p50: number; errors: number }> {
  const result = await autocannon({ url, headers: { 'x-api-key': key }, connections, duration: seconds, workers: 1 });
  return { rps: result.requests.average, p50: result.latency.p50, errors: result.errors + result.timeouts + result.non2xx };
}

async function throughput(fixture: Fixture, servers: Map<Form, ServerProcess>): Promise<void> {
  process.stdout.write(`\nWarming up (2 s per form and route)…\n`);
  for (const route of ROUTES_MEASURED) for (const form of formsOf(route)) await drive(fixture.key, servers.get(form)!.url + ROUTES[route].path, Math.max(...CONNECTIONS), 2);
  const runs = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const connections of CONNECTIONS) {
      for (const route of ROUTES_MEASURED) {
        const forms = formsOf(route);
        const shift = round % forms.length;
        for (const form of [...forms.slice(shift), ...forms.slice(0, shift)]) {
          const server = servers.get(form)!;
          const run = await drive(fixture.key, server.url + ROUTES[route].path, connections, SECONDS);
          await server.settle();
          if (run.errors) throw new Error(`${form} ${route}: ${run.errors} errors`);
          const label = `${route} ${connections} ${form}`;
          runs.set(label, [...(runs.get(label) ?? []), run.rps]);
          process.stdout.write(`  round ${round + 1}/${ROUNDS} · ${route} · ${connections} conn · ${form}: ${fmt(run.rps, 1)} req/s, p50 ${run.p50} ms\n`);
        }
      }
    }
  }
  process.stdout.write(`\nreq/s, median of ${ROUNDS} interleaved rounds × ${SECONDS} s:\n`);
  for (const route of ROUTES_MEASURED) {
    for (const connections of CONNECTIONS) {
      const cells = formsOf(route).map((form) => `${form} ${fmt(median(runs.get(`${route} ${connections} ${form}`)!), 1)}`);
      process.stdout.write(`  ${route}, ${connections} conn: ${cells.join(' · ')}\n`);
    }
  }
}

async function main(): Promise<void> {
  const logger = createLogger('warn', process.stderr);
  const database = await benchDatabase(logger);
  const servers = new Map<Form, ServerProcess>();
  let project: ServerProcess | undefined;
  try {
    const fixture: Fixture = process.env.LIMIT_FIXTURE
      ? (JSON.parse(readFileSync(process.env.LIMIT_FIXTURE, 'utf8')) as Fixture)
      : await seedFixture(database.url, logger);
    const env = { [ENV_DATABASE_URL]: database.url, [ENV_SECRETS_KEY]: fixture.secretsKey };
    project = await ServerProcess.start('project', 'server-project.js', env);
    for (const form of FORMS_MEASURED) {
      servers.set(form, await ServerProcess.start(form, 'limit-server.js', { ...env, [ENV_LIMIT_FORM]: form, [ENV_LIMIT_PREPARED]: PREPARED ? '1' : '0' }));
    }

    process.stdout.write(`Checking each form's answers against the project's…\n`);
    await checkBytes(fixture, project, servers);
    await project.stop();
    project = undefined;

    await statementTimes(database.url, fixture);
    if (SECONDS > 0 && ROUNDS > 0) await throughput(fixture, servers);
  } finally {
    await project?.stop();
    for (const server of servers.values()) await server.stop();
    await database.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
