import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { Registry } from 'prom-client';
import { LimitStoreErrors, STORE_ERROR_LOG_INTERVAL_MS } from '../../src/http/limits/store-errors';
import { createLogger } from '../../src/logging/logger';
import { limitInstruments } from '../../src/metrics/limits-metrics';
import { parseSamples, valueOf } from '../metrics/scrape';

/** The limits store's failures (src/http/limits/store-errors.ts): every one counted, a warning per limit at most once per interval. */

it('counts every failure and warns once per interval and limit, with the failures since the last warning', async () => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const registry = new Registry();
  let now = 0;
  const errors = new LimitStoreErrors(createLogger('info', sink) as FastifyBaseLogger, limitInstruments(registry), STORE_ERROR_LOG_INTERVAL_MS, () => now);
  const down = new Error('Connection is closed.');

  for (let i = 0; i < 5; i += 1) errors.report('rate', down);
  errors.report('cost', down);
  now = STORE_ERROR_LOG_INTERVAL_MS - 1;
  errors.report('rate', down);
  now = STORE_ERROR_LOG_INTERVAL_MS;
  errors.report('rate', down);
  errors.connectionError(down);
  errors.connectionError(down);

  const warned = (msg: string) => lines.filter((line) => line.msg === msg).map(({ limit, failures, redis }) => ({ limit, failures, redis }));
  expect(warned('limits store (Redis) unavailable: requests served without this limit')).toEqual([
    { limit: 'rate', failures: 1, redis: 'Connection is closed.' },
    { limit: 'cost', failures: 1, redis: 'Connection is closed.' },
    { limit: 'rate', failures: 6, redis: 'Connection is closed.' },
  ]);
  expect(warned('limits store (Redis) connection error')).toEqual([{ limit: undefined, failures: 1, redis: 'Connection is closed.' }]);
  const samples = parseSamples(await registry.metrics());
  expect(valueOf(samples, 'limits_store_errors_total', { limit: 'rate' })).toBe(7);
  expect(valueOf(samples, 'limits_store_errors_total', { limit: 'cost' })).toBe(1);
});
