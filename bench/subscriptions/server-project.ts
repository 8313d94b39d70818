import 'reflect-metadata';
import { startApp } from '../../src/app/start-app';
import { createLogger } from '../../src/logging/logger';
import { benchServerConfig } from '../bench-server-config';
import { collectGarbage, requiredEnv, runChild } from './child';
import { ENV_DATABASE_URL, ENV_SECRETS_KEY, type ServerRequest } from './protocol';

/**
 * This project's server as the other benches start it (bench/bench-server-config.ts: production
 * mode, logging and the worker off, per-key limits lifted), and one more limit lifted for the same
 * reason: the bench's subscribers all use one key, so SUBSCRIPTIONS_MAX_PER_KEY (100 by default)
 * goes to its maximum. SUBSCRIPTIONS_MAX_BUFFERED keeps its default: a subscriber falling that far
 * behind is ended as a slow consumer, and the bench reports it. The same file also serves as the
 * writers' API process.
 */
runChild<ServerRequest>(async () => {
  const config = benchServerConfig(requiredEnv(ENV_DATABASE_URL), requiredEnv(ENV_SECRETS_KEY));
  config.limits.subscriptions = { ...config.limits.subscriptions, maxPerKey: 100_000 };
  const app = await startApp(config, createLogger('silent'));
  const address = app.server.addresses().find((a) => typeof a === 'object');
  if (!address) throw new Error('the project server has no TCP address');
  return {
    port: address.port,
    handle: async () => collectGarbage(),
    stop: () => app.stop(),
  };
});
