import { randomBytes } from 'node:crypto';
import 'reflect-metadata';
import autocannon from 'autocannon';
import os from 'node:os';
import { startApp } from '../src/app/start-app';
import { seedDemo } from '../src/cli/seed-demo';
import { openDatabase } from '../src/db/database';
import { benchDatabase } from './bench-database';
import { countStatements } from '../src/db/statement-counter';
import { createLogger } from '../src/logging/logger';
import { createServices } from '../src/app/services';
import { benchServerConfig } from './bench-server-config';
import { webhookDeps } from '../src/webhooks/webhook-deps';
import { PROJECT_NESTED_QUERY as NESTED_QUERY } from './compare/answers';

/**
 * Seeds the demo workspace (users, members, publisher profiles, 50 campaigns × 3 phases × 4
 * contents × 2 distributions), starts the server in this process, and drives the nested GraphQL
 * queries and the v2 lists below with autocannon. Not part of `npm test`; results go to
 * docs/benchmarks.md.
 *
 *   npm run bench            (BENCH_SECONDS, BENCH_CONNECTIONS, DATABASE_URL optional;
 *                             BENCH_SCENARIOS=nested,relations,campaigns,users,members,publishers
 *                             for some of them, e.g. one under a CPU profiler)
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);


const RELATIONS_QUERY = `{ campaigns(first: 50) { nodes { id primaryAdvertiserAccount { name primaryContact { email } members { email } } phases { id contents { nodes { id editor { email roles { name } } publisherTitle { name publisherProfile { name } } distributions { id publisherTitle { name } } } } } } } }`;

interface Scenario {
  /** What BENCH_SCENARIOS calls it. */
  key: string;
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

async function main(): Promise<void> {
  const logger = createLogger('warn', process.stderr);
  const benchDb = await benchDatabase(logger);
  const databaseUrl = benchDb.url;

  const config = benchServerConfig(databaseUrl, randomBytes(32).toString('hex'));
  const seeding = await openDatabase(config, logger);
  const seedingWebhooks = await webhookDeps(config, seeding, logger);
  const started = Date.now();
  const demo = await seedDemo(createServices(seeding.dataSource, seedingWebhooks), 50);
  // Planner statistics as a long-running database has them (autovacuum would get there in its own time).
  await seeding.dataSource.query('ANALYZE');
  await seeding.close();
  process.stdout.write(`seeded ${demo.campaigns} campaigns, ${demo.phases} phases, ${demo.contents} contents, ${demo.distributions} distributions in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

  const app = await startApp(config, createLogger('silent'));
  const address = app.server.addresses().find((a) => typeof a === 'object');
  const url = `http://127.0.0.1:${address?.port}`;
  const counter = countStatements(app.database.dataSource);
  const headers = { 'x-api-key': demo.key, 'content-type': 'application/json' };

  const scenarios: Scenario[] = [
    { key: 'nested', name: 'GraphQL nested query: 50 campaigns → 150 phases → 600 contents → 1,200 distributions (+ links, 2,400 media)', method: 'POST', path: '/graphql', body: JSON.stringify({ query: NESTED_QUERY }) },
    { key: 'relations', name: 'GraphQL relations query: 50 campaigns with account, members, 600 contents with editor and publisher title, 1,200 distributions with title', method: 'POST', path: '/graphql', body: JSON.stringify({ query: RELATIONS_QUERY }) },
    { key: 'campaigns', name: 'GET /v2/campaigns (15 per page)', method: 'GET', path: '/v2/campaigns' },
    { key: 'campaigns100', name: 'GET /v2/campaigns?per_page=100 (bench:compare\'s list)', method: 'GET', path: '/v2/campaigns?per_page=100' },
    { key: 'contents100', name: 'GET /v2/contents?per_page=100 (bench:compare\'s list)', method: 'GET', path: '/v2/contents?per_page=100' },
    { key: 'users', name: 'GET /v2/organisation-users (15 per page)', method: 'GET', path: '/v2/organisation-users' },
    { key: 'members', name: 'GET /v2/members (15 per page)', method: 'GET', path: '/v2/members' },
    { key: 'publishers', name: 'GET /v2/publisher-profiles (15 per page, with titles)', method: 'GET', path: '/v2/publisher-profiles' },
  ];

  const chosen = process.env.BENCH_SCENARIOS?.split(',').map((key) => key.trim());
  const unknown = chosen?.filter((key) => !scenarios.some((scenario) => scenario.key === key));
  if (unknown?.length) throw new Error(`BENCH_SCENARIOS: no scenario ${unknown.join(', ')} (${scenarios.map((scenario) => scenario.key).join(', ')})`);

  process.stdout.write(`\n| scenario | requests/s | p50 ms | p99 ms | SQL statements / request | errors |\n|---|---|---|---|---|---|\n`);
  for (const scenario of scenarios.filter((candidate) => !chosen || chosen.includes(candidate.key))) {
    const options = { url: url + scenario.path, method: scenario.method, headers, body: scenario.body, connections: CONNECTIONS, workers: 1 };
    // Warm up (JIT, pool, the key's last-used stamp), then count one request alone, then load.
    await autocannon({ ...options, duration: 3 });
    await new Promise((resolve) => setTimeout(resolve, 3000)); // let the warm-up's last responses finish
    counter.reset();
    await fetch(url + scenario.path, { method: scenario.method, headers, body: scenario.body });
    const statements = counter.count;
    const result = await autocannon({ ...options, duration: SECONDS });
    const errors = result.errors + result.non2xx;
    process.stdout.write(`| ${scenario.name} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${statements} | ${errors} |\n`);
  }
  process.stdout.write(`\n${SECONDS} s per scenario, ${CONNECTIONS} connections, Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}\n`);

  counter.stop();
  await app.stop();
  await benchDb.stop();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
