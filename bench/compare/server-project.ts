import 'reflect-metadata';
import { startApp } from '../../src/app/start-app';
import { benchServerConfig } from '../bench-server-config';
import { createLogger } from '../../src/logging/logger';
import { countPgStatements, requiredEnv, runServerProcess } from './child-runtime';
import { ENV_DATABASE_URL, ENV_SECRETS_KEY } from './protocol';

/**
 * Server A: this project, started as bench/nested-and-list.ts starts it (NODE_ENV=production,
 * logging off, worker off), with the per-key limits lifted so that one key may send all the load.
 */
const statements = countPgStatements();

runServerProcess(async () => {
  const config = benchServerConfig(requiredEnv(ENV_DATABASE_URL), requiredEnv(ENV_SECRETS_KEY));
  const app = await startApp(config, createLogger('silent'));
  const address = app.server.addresses().find((a) => typeof a === 'object');
  if (!address) throw new Error('the project server has no TCP address');
  return { port: address.port, stop: () => app.stop() };
}, statements);
