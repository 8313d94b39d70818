import { Counter, type Registry } from 'prom-client';

/** The limits whose counters can live in a shared store (Redis, REDIS_URL). */
export type SharedLimit = 'rate' | 'cost';
export const SHARED_LIMITS: readonly SharedLimit[] = ['rate', 'cost'];

/** What the request rate limit and the GraphQL cost budget record (src/http/limits, src/graphql/cost). */
export interface LimitInstruments {
  storeErrors: Counter<'limit'>;
}

export function limitInstruments(registry: Registry): LimitInstruments {
  const storeErrors = new Counter({
    name: 'limits_store_errors_total',
    help: 'Calls to the limits store (Redis, REDIS_URL) that failed or timed out, by limit (rate: requests per key; cost: the GraphQL cost budget). The requests concerned were served uncounted.',
    labelNames: ['limit'],
    registers: [registry],
  });
  // Both series exist from the start, so an alert on their increase sees the first failure.
  for (const limit of SHARED_LIMITS) storeErrors.inc({ limit }, 0);
  return { storeErrors };
}
