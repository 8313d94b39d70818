import { loadConfig, type AppConfig } from '../src/config/config';

/**
 * The project's server as the benches run it: production mode, logging and the worker off, on a
 * free loopback port. The load comes from one key as fast as it can, so the per-key rate limit,
 * the per-key GraphQL cost budget and load shedding, which would refuse most of it by design, are
 * lifted: the figures measure the work itself.
 */
export function benchServerConfig(databaseUrl: string, secretsKey: string): AppConfig {
  return loadConfig({
    DATABASE_URL: databaseUrl,
    SECRETS_KEY: secretsKey,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    WORKER: 'false',
    RATE_LIMIT_MAX: '1000000',
    GRAPHQL_COST_BUCKET_SIZE: '1000000000000',
    GRAPHQL_COST_RESTORE_RATE: '1000000000000',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    MAX_HEAP_USED_BYTES: '0',
  });
}
