import 'reflect-metadata';
import { startApp } from '../../src/app';
import { loadConfig } from '../../src/config/config';
import { createLogger } from '../../src/logging/logger';
import { countPgStatements, requiredEnv, runServerProcess } from './child-runtime';
import { ENV_DATABASE_URL, ENV_SECRETS_KEY } from './protocol';

/**
 * Server A: this project, started as bench/nested-and-list.ts starts it (NODE_ENV=production,
 * logging off, worker off), with the per-key limits lifted so that one key may send all the load.
 */
const statements = countPgStatements();

runServerProcess(async () => {
  const config = loadConfig({
    DATABASE_URL: requiredEnv(ENV_DATABASE_URL),
    SECRETS_KEY: requiredEnv(ENV_SECRETS_KEY),
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    WORKER: 'false',
    // The load comes from one key as fast as it can: the per-key rate limit, the per-key GraphQL
    // cost budget and load shedding, which would refuse most of it by design, are lifted (as in
    // bench/nested-and-list.ts) so the figures measure the work itself.
    RATE_LIMIT_MAX: '1000000',
    GRAPHQL_COST_BUCKET_SIZE: '1000000000000',
    GRAPHQL_COST_RESTORE_RATE: '1000000000000',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    MAX_HEAP_USED_BYTES: '0',
  });
  const app = await startApp(config, createLogger('silent'));
  const address = app.server.addresses().find((a) => typeof a === 'object');
  if (!address) throw new Error('the project server has no TCP address');
  return { port: address.port, stop: () => app.stop() };
}, statements);
