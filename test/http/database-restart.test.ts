import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startOwnPostgres, type OwnPostgres } from '../support/postgres-server';
import { startTestApp, type TestApp, type Workspace } from '../support/test-app';

/**
 * A PostgreSQL server of its own, stopped and started again while clients keep writing through
 * both faces: every answer is a 200 or a 503 with Retry-After (never a 500), the service answers
 * again once the server is back without a restart of its own, and no write it acknowledged is lost.
 */
jest.setTimeout(120_000);

const WRITERS = 6;
const LOAD_BEFORE_MS = 1_500;
const OUTAGE_MS = 3_000;
const LOAD_AFTER_MS = 3_000;

interface Outcome {
  name: string;
  status: number;
  retryAfter: string | null;
  code: unknown;
  at: number;
}

let dataDir: string;
let database: OwnPostgres;
let app: TestApp;
let ws: Workspace;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cpa-restart-'));
  await chmod(dataDir, 0o755);
  database = await startOwnPostgres(dataDir);
  app = await startTestApp({ databaseUrl: database.url });
  ws = await app.workspace();
});
afterAll(async () => {
  await app?.close();
  await database?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function write(name: string, viaGraphQL: boolean): Promise<Outcome> {
  const at = Date.now();
  if (viaGraphQL) {
    const answer = await ws.api.graphql('mutation ($input: AdvertiserAccountInput!) { advertiserAccountCreate(input: $input) { advertiserAccount { id } userErrors { message } } }', { input: { name } });
    const ok = answer.status === 200 && answer.body.data?.advertiserAccountCreate?.advertiserAccount?.id !== undefined;
    return { name, status: ok ? 200 : answer.status, retryAfter: answer.headers.get('retry-after'), code: answer.body.errors?.[0]?.extensions?.code, at };
  }
  const answer = await ws.api.post('/v2/advertiser-accounts', { name });
  return { name, status: answer.status, retryAfter: answer.headers.get('retry-after'), code: answer.body.code, at };
}

describe('PostgreSQL stopped and started under load', () => {
  it('answers 503 with Retry-After while it is down, recovers by itself, and loses no acknowledged write', async () => {
    const outcomes: Outcome[] = [];
    let running = true;
    const writers = Array.from({ length: WRITERS }, async (_, writer) => {
      for (let n = 0; running; n += 1) {
        outcomes.push(await write(`w${writer}-${n}`, writer % 2 === 1));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });

    await new Promise((resolve) => setTimeout(resolve, LOAD_BEFORE_MS));
    const port = Number(new URL(database.url).port);
    await database.stop();
    const stoppedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    database = await startOwnPostgres(dataDir, port);
    const restartedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, LOAD_AFTER_MS));
    running = false;
    await Promise.all(writers);

    // Nothing but success or "retry shortly".
    expect(outcomes.filter((outcome) => outcome.status !== 200 && outcome.status !== 503)).toEqual([]);
    const refused = outcomes.filter((outcome) => outcome.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const outcome of refused) expect([outcome.code, outcome.retryAfter]).toEqual(['SERVICE_UNAVAILABLE', '5']);
    // Refusals happen while it is down (or in the moment it is stopping), not after it is back.
    expect(refused.filter((outcome) => outcome.at > restartedAt + 1_000)).toEqual([]);
    expect(outcomes.some((outcome) => outcome.status === 200 && outcome.at < stoppedAt)).toBe(true);
    expect(outcomes.some((outcome) => outcome.status === 200 && outcome.at > restartedAt)).toBe(true);

    // Every acknowledged write is there once the server is back.
    const rows: { name: string }[] = await app.dataSource.query('SELECT name FROM advertiser_accounts WHERE organisation_id = $1', [ws.organisationId]);
    const stored = new Set(rows.map((row) => row.name));
    const acknowledged = outcomes.filter((outcome) => outcome.status === 200).map((outcome) => outcome.name);
    expect(acknowledged.length).toBeGreaterThan(20);
    expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
  });
});
