import { operatorContext } from '../src/common/request-context';
import 'reflect-metadata';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Agent, request } from 'undici';
import { startApp } from '../src/app/start-app';
import { loadConfig } from '../src/config/config';
import { openDatabase } from '../src/db/database';
import { benchDatabase } from './bench-database';
import { createLogger } from '../src/logging/logger';
import { createServices } from '../src/app/services';
import { envelopeBody } from '../src/webhooks/delivery/attempt-request';
import { signatureHeader } from '../src/webhooks/delivery/signing';
import { webhookDeps } from '../src/webhooks/webhook-deps';
import { WebhookInput } from '../src/webhooks/webhook.input';

/**
 * Webhook delivery, measured from commit to a receiver on loopback:
 *
 * - throughput: N events committed in one transaction, delivered by 1 and 2 worker processes
 *   (`node dist/src/worker.js`, as `npm run worker` runs them), against the limit: a bare loop in
 *   this process that reads the same committed events and POSTs them signed, with the same HTTP
 *   client and concurrency, but no relay, no job queue, no log and no retries;
 * - latency at light load: API writes at a steady rate (worker in its own process), time from the
 *   write's answer (the commit) to the receiver's receipt.
 *
 * Rounds are interleaved. Not part of `npm test`; results go to docs/benchmarks.md.
 *
 *   npm run bench:webhooks     (BENCH_EVENTS, BENCH_ROUNDS, BENCH_RATE, BENCH_SECONDS, DATABASE_URL optional)
 */
const EVENTS = Number(process.env.BENCH_EVENTS ?? 5000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const LATENCY_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const ROOT = path.join(__dirname, '..', '..');
const SECRETS_KEY = randomBytes(32).toString('hex');

/** A receiver that records when each event id arrived. */
class Receiver {
  readonly arrivals = new Map<number, number>();
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const id = Number(JSON.parse(Buffer.concat(chunks).toString('utf8')).id);
      if (!this.arrivals.has(id)) this.arrivals.set(id, performance.now());
      res.writeHead(204).end();
      this.wake?.();
    });
  });
  private wake: (() => void) | undefined;

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  async waitFor(count: number, timeoutMs = 300_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.arrivals.size < count) {
      if (Date.now() > deadline) throw new Error(`only ${this.arrivals.size} of ${count} deliveries arrived`);
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 100);
      });
    }
  }

  close(): void {
    this.server.closeAllConnections();
    this.server.close();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function main(): Promise<void> {
  const logger = createLogger('warn', process.stderr);
  const benchDb = await benchDatabase(logger);
  const databaseUrl = benchDb.url;
  // One key writes faster than the default per-key rate limit allows: lifted for the bench.
  const env = { DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'test', SECRETS_KEY, WORKER: 'false', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', RATE_LIMIT_MAX: '1000000' };
  const config = loadConfig(env);

  const receiver = new Receiver();
  const url = await receiver.start();
  const database = await openDatabase(config, logger);
  const deps = await webhookDeps(config, database, logger);
  await deps.queue.prepare();
  const services = createServices(database.dataSource, deps);
  const organisation = await services.organisations.create('Webhook bench');
  const key = (await services.apiKeys.issue(organisation, { label: 'bench' })).key;
  const ctx = operatorContext(organisation.id, organisation.organizationCode, 'bench');
  const { webhook, secret } = await services.webhooks.create(ctx, Object.assign(new WebhookInput(), { name: 'bench', url, events: ['campaign_created', 'advertiser_account_created'] }));
  const payload = JSON.stringify({ campaign: Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`field_${i}`, `value ${i} of a campaign record`])) });

  /** Commits `EVENTS` events in one transaction; answers their ids and the commit time. */
  async function commitEvents(): Promise<{ ids: number[]; committedAt: number }> {
    const ids = await database.dataSource.transaction(async (manager) => {
      const rows: { id: string }[] = await manager.query(
        `INSERT INTO outbox_events (organisation_id, event_type, resource_type, resource_id, payload)
         SELECT $1, 'campaign_created', 'campaign', g, $2::json FROM generate_series(1, $3) g RETURNING id`,
        [organisation.id, payload, EVENTS],
      );
      return rows.map((row) => Number(row.id));
    });
    return { ids, committedAt: performance.now() };
  }

  function startWorkers(count: number): ChildProcess[] {
    return Array.from({ length: count }, () =>
      spawn(process.execPath, [path.join(ROOT, 'dist', 'src', 'worker.js')], { cwd: ROOT, env: { ...process.env, ...env, LOG_LEVEL: 'error' }, stdio: ['ignore', 'ignore', 'inherit'] }),
    );
  }

  async function stopWorkers(workers: ChildProcess[]): Promise<void> {
    await Promise.all(workers.map((worker) => new Promise<void>((resolve) => (worker.exitCode !== null ? resolve() : (worker.once('exit', () => resolve()), worker.kill('SIGTERM'))))));
  }

  async function ours(workerCount: number): Promise<number> {
    const workers = startWorkers(workerCount);
    await new Promise((resolve) => setTimeout(resolve, 3000)); // started and listening
    receiver.arrivals.clear();
    const { ids, committedAt } = await commitEvents();
    await receiver.waitFor(ids.length);
    const rate = ids.length / ((Math.max(...receiver.arrivals.values()) - committedAt) / 1000);
    await stopWorkers(workers);
    return rate;
  }

  /** The limit: read the committed events and POST them, signed, 50 at a time, nothing else. */
  const agent = new Agent({ keepAliveTimeout: 10_000, connections: 64 });
  async function limit(): Promise<number> {
    receiver.arrivals.clear();
    const { ids, committedAt } = await commitEvents();
    await database.dataSource.query(`UPDATE outbox_events SET relayed_at = now() WHERE id = ANY($1)`, [ids]);
    const rows: { id: string; event_type: string; created_at: Date; txid: string; payload: string }[] = await database.dataSource.query(
      `SELECT id, event_type, created_at, txid, payload::text AS payload FROM outbox_events WHERE id = ANY($1) ORDER BY id`,
      [ids],
    );
    let next = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < rows.length) {
          const row = rows[next++];
          const body = envelopeBody({ event_id: row.id, event_type: row.event_type, event_created_at: row.created_at, event_txid: row.txid, organization_code: organisation.organizationCode, payload: row.payload });
          const now = new Date();
          const response = await request(url, {
            method: 'POST',
            dispatcher: agent,
            body,
            headers: { 'content-type': 'application/json', 'webhook-id': row.id, 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)), 'webhook-signature': signatureHeader([secret], row.id, now, body) },
          });
          await response.body.dump();
        }
      }),
    );
    await receiver.waitFor(ids.length);
    return ids.length / ((Math.max(...receiver.arrivals.values()) - committedAt) / 1000);
  }

  const results: Record<string, number[]> = { 'this project, 1 worker': [], 'this project, 2 workers': [], 'bare loop (the limit)': [] };
  for (let round = 1; round <= ROUNDS; round += 1) {
    results['this project, 1 worker'].push(await ours(1));
    results['this project, 2 workers'].push(await ours(2));
    results['bare loop (the limit)'].push(await limit());
    process.stderr.write(`round ${round}: ${Object.entries(results).map(([name, rates]) => `${name} ${rates.at(-1)?.toFixed(0)}/s`).join(', ')}\n`);
  }

  // Latency at light load: the API answers a write (its commit), the receiver notes the arrival.
  const app = await startApp(config, createLogger('silent'));
  const apiUrl = `http://127.0.0.1:${(app.server.addresses().find((a) => typeof a === 'object') as AddressInfo).port}`;
  const workers = startWorkers(1);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  await database.dataSource.query(`UPDATE webhooks SET events = ARRAY['advertiser_account_created']::varchar[] WHERE id = $1`, [webhook.id]);
  receiver.arrivals.clear();
  const committed = new Map<number, number>();
  const total = RATE * LATENCY_SECONDS;
  for (let i = 0; i < total; i += 1) {
    const started = performance.now();
    const response = await fetch(`${apiUrl}/v2/advertiser-accounts`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ name: `Account ${i}` }) });
    const answeredAt = performance.now();
    const id = ((await response.json()) as { data: { advertiser_account: { id: number } } }).data.advertiser_account.id;
    committed.set(id, answeredAt);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 / RATE - (performance.now() - started))));
  }
  await receiver.waitFor(total);
  const eventsByAccount: { id: string; resource_id: number }[] = await database.dataSource.query(`SELECT id, resource_id FROM outbox_events WHERE event_type = 'advertiser_account_created' AND organisation_id = $1`, [organisation.id]);
  const latencies = eventsByAccount.map((event) => receiver.arrivals.get(Number(event.id))! - committed.get(event.resource_id)!).sort((a, b) => a - b);
  await stopWorkers(workers);
  await app.stop();

  const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const limitRate = median(results['bare loop (the limit)']);
  process.stdout.write(`\n| scenario | deliveries/s (median of ${ROUNDS}) | rounds | ratio to the limit |\n|---|---|---|---|\n`);
  for (const [name, rates] of Object.entries(results)) {
    process.stdout.write(`| ${name} | ${median(rates).toFixed(0)} | ${rates.map((rate) => rate.toFixed(0)).join(', ')} | ${(median(rates) / limitRate).toFixed(2)} |\n`);
  }
  process.stdout.write(`\nLatency, commit (the write's answer) to receipt, ${total} writes at ${RATE}/s, 1 worker process: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms\n`);
  process.stdout.write(`${EVENTS} events per throughput round, Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}\n`);

  await agent.close();
  await deps.queue.stop();
  await database.close();
  receiver.close();
  await benchDb.stop();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
