import 'reflect-metadata';
import { startApp } from '../../src/app/start-app';
import { createLogger } from '../../src/logging/logger';
import { benchServerConfig } from '../bench-server-config';
import { countPgStatements, requiredEnv, runServerProcess } from '../compare/child-runtime';
import { ENV_DATABASE_URL, ENV_SECRETS_KEY } from '../compare/protocol';
import type { HeapAnswer, HeapQuestion } from './protocol';

/**
 * The project's server for bench/soak.ts, started as bench/compare/server-project.ts starts it.
 * Between phases the harness asks for the heap at rest over the IPC channel: two full collections
 * (the process runs with --expose-gc, a flag of this bench only), then process.memoryUsage(). No
 * lever of the server itself is involved.
 */
const statements = countPgStatements();

process.on('message', (message: HeapQuestion) => {
  if (message.type !== 'heap') return;
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('bench/soak/server.js runs with --expose-gc');
  collect();
  collect();
  const { heapUsed, rss } = process.memoryUsage();
  const answer: HeapAnswer = { type: 'heap', heapUsed, rss };
  process.send?.(answer);
});

runServerProcess(async () => {
  const app = await startApp(benchServerConfig(requiredEnv(ENV_DATABASE_URL), requiredEnv(ENV_SECRETS_KEY)), createLogger('silent'));
  const address = app.server.addresses().find((a) => typeof a === 'object');
  if (!address) throw new Error('the project server has no TCP address');
  return { port: address.port, stop: () => app.stop() };
}, statements);
