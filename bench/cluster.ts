import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import Redis from 'ioredis';
import pg from 'pg';
import { createLogger } from '../src/logging/logger';
import { startPgBouncer } from '../test/support/pgbouncer';
import { startRedis } from '../test/support/redis';
import { BENCH_APPLICATION_NAME, ConnectionSampler, pgbouncerConsoleUrl } from './cluster/connections';
import { MIX } from './cluster/load';
import { listenerPid, localPostmaster } from './cluster/machine';
import { ClusterProcess } from './cluster/processes';
import { Receiver } from './cluster/receiver';
import { roundLine, roundsTable, summaryTable } from './cluster/report';
import { type RoundResult, runRound } from './cluster/round';
import { seedWorkspace } from './cluster/workspace';
import { commitTimestampDatabase } from './subscriptions/database';
import { fmt, positive } from './subscriptions/stats';

/**
 * The deployment of the cluster test under load: PostgreSQL (embedded, with
 * track_commit_timestamp, or DATABASE_URL), PgBouncer in transaction pooling in front of it,
 * Redis for the shared limits, BENCH_WORKERS worker processes and 1 or 2 API nodes
 * (`node dist/src/main.js`, WORKER=false; DATABASE_URL the pooler's, DATABASE_DIRECT_URL
 * PostgreSQL's), the webhook receiver in this process.
 *
 * Rounds alternate 1 node, 2 nodes, 1, 2… (BENCH_ROUNDS of each), with fresh API nodes each round
 * (the workers, PgBouncer and Redis stay). autocannon, in a worker thread, keeps BENCH_CONNECTIONS
 * connections busy for BENCH_SECONDS, dealt over the nodes, each cycling through a nested GraphQL
 * read, a REST list and a REST write (whose event the workers deliver). The per-key rate limit,
 * the cost budget and load shedding are lifted (as bench/bench-server-config.ts does), so the
 * figures measure the work, not refusals; the limits are still counted in Redis on every request.
 *
 * Measured per round: requests/s, p50/p99, errors and non-2xx; PostgreSQL's connections (PgBouncer's
 * SHOW POOLS, and pg_stat_activity split into PgBouncer's server connections and the sessions that
 * bypass it); commit-to-receipt of every write's event (PostgreSQL's commit timestamp to the
 * receiver's first receipt); the API nodes' CPU and the machine's.
 *
 *   npm run bench:cluster   (BENCH_ROUNDS=3 BENCH_SECONDS=20 BENCH_CONNECTIONS=32 BENCH_WARMUP_SECONDS=5
 *                            BENCH_WORKERS=2 BENCH_CAMPAIGNS=20; DATABASE_URL optional, with
 *                            track_commit_timestamp on)
 */
const ROUNDS = positive('BENCH_ROUNDS', 3);
const SECONDS = positive('BENCH_SECONDS', 20);
const CONNECTIONS = positive('BENCH_CONNECTIONS', 32);
const WARMUP_SECONDS = positive('BENCH_WARMUP_SECONDS', 5);
const WORKERS = positive('BENCH_WORKERS', 2);
const CAMPAIGNS = positive('BENCH_CAMPAIGNS', 20);
/** PgBouncer's default_pool_size: the server connections one database and user may hold at most. */
const POOL_SIZE = 20;

async function redisVersion(url: string): Promise<string> {
  const client = new Redis(url);
  try {
    return /^redis_version:(\S+)/m.exec(await client.info('server'))?.[1] ?? '?';
  } finally {
    client.disconnect();
  }
}

async function main(): Promise<void> {
  const logger = createLogger('warn', process.stderr);
  const loadBefore = os.loadavg();
  const started = Date.now();
  const benchDb = await commitTimestampDatabase(logger);
  const secretsKey = randomBytes(32).toString('hex');
  const receiver = new Receiver();
  const cleanup: (() => Promise<void>)[] = [async () => receiver.close(), () => benchDb.stop()];
  try {
    const receiverUrl = await receiver.start();
    const workspace = await seedWorkspace(benchDb.url, secretsKey, receiverUrl, CAMPAIGNS);
    const [pgbouncer, redis] = await Promise.all([startPgBouncer(benchDb.url, { poolSize: POOL_SIZE }), startRedis()]);
    cleanup.unshift(() => pgbouncer.stop(), () => redis.stop());
    const pooledUrl = pgbouncer.pooled(benchDb.url);
    const shared = { DATABASE_URL: pooledUrl, DATABASE_DIRECT_URL: benchDb.url, REDIS_URL: redis.url, SECRETS_KEY: secretsKey };

    // Workers deliver over http to loopback: allowed outside production (NODE_ENV only decides that for them).
    const workerEnv = { ...shared, NODE_ENV: 'development', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' };
    const workers = await Promise.all(Array.from({ length: WORKERS }, (_, i) => ClusterProcess.worker(`worker-${i + 1}`, workerEnv)));
    cleanup.unshift(async () => void (await Promise.all(workers.map((worker) => worker.stop()))));

    const db = new pg.Client({ connectionString: benchDb.url, application_name: BENCH_APPLICATION_NAME });
    await db.connect();
    cleanup.unshift(() => db.end());
    const sampler = await ConnectionSampler.open(pgbouncerConsoleUrl(pooledUrl), benchDb.url);
    cleanup.unshift(() => sampler.close());
    const versions = { postgres: (await db.query<{ server_version: string }>('SHOW server_version')).rows[0].server_version, pgbouncer: await sampler.pgbouncerVersion(), redis: await redisVersion(redis.url) };
    // PostgreSQL's CPU is measured when it runs here (the embedded cluster, or a local DATABASE_URL).
    const pids = {
      postmaster: localPostmaster((await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid),
      pgbouncer: listenerPid(Number(new URL(pooledUrl).port)),
      redis: listenerPid(Number(new URL(redis.url).port)),
    };

    const apiEnv = {
      ...shared,
      NODE_ENV: 'production',
      RATE_LIMIT_MAX: '1000000',
      GRAPHQL_COST_BUCKET_SIZE: '1000000000000',
      GRAPHQL_COST_RESTORE_RATE: '1000000000000',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      MAX_HEAP_USED_BYTES: '0',
    };
    const settings = { apiEnv, key: workspace.key, organisationId: workspace.organisationId, connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, db, sampler, receiver, workers, pids };

    const results: RoundResult[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const nodes of [1, 2]) {
        const result = await runRound(settings, nodes, round);
        results.push(result);
        process.stdout.write(roundLine(result));
      }
    }

    const cpus = os.cpus();
    const loadAfter = os.loadavg();
    process.stdout.write(
      `\n${versions.pgbouncer} (transaction pooling, default_pool_size ${POOL_SIZE}) in front of PostgreSQL ${versions.postgres}, Redis ${versions.redis}, ${WORKERS} workers; ` +
        `${CONNECTIONS} connections for ${SECONDS} s per round (after ${WARMUP_SECONDS} s of warm-up), dealt over the API nodes, each cycling through: ` +
        `${MIX.map((request) => request.label).join('; ')}. Demo workspace of ${workspace.campaigns} campaigns. ${ROUNDS} interleaved rounds of each; ` +
        `Node ${process.version}, ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ${fmt(os.totalmem() / 2 ** 30)} GiB; everything on this machine; ` +
        `measured in ${fmt((Date.now() - started) / 1000)} s (load average 1/5/15 min ${loadBefore.map((l) => l.toFixed(2)).join('/')} before, ${loadAfter.map((l) => l.toFixed(2)).join('/')} after)\n\n`,
    );
    process.stdout.write(roundsTable(results));
    process.stdout.write(`\n${summaryTable(results)}`);
  } finally {
    for (const step of cleanup) await step().catch((error: unknown) => process.stderr.write(`cleanup: ${error instanceof Error ? error.message : String(error)}\n`));
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
