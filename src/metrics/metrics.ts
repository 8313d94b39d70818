import type { Logger } from 'pino';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { type BacklogMetricsOptions, registerBacklogMetrics } from './backlog-metrics';
import { type GraphQLInstruments, graphqlInstruments } from './graphql-metrics';
import { type HttpInstruments, httpInstruments } from './http-metrics';
import { type LimitInstruments, limitInstruments } from './limits-metrics';
import { registerListenerMetrics, registerPoolMetrics } from './pool-metrics';
import { registerStatementTimeoutMetrics } from './statement-timeout-metrics';
import { type SubscriptionInstruments, subscriptionInstruments } from './subscription-metrics';

/** One app's metrics: what the partner server's hooks and Apollo plugin record into, and what /metrics serves. */
export interface AppMetrics {
  registry: Registry;
  http: HttpInstruments;
  graphql: GraphQLInstruments;
  subscriptions: SubscriptionInstruments;
  limits: LimitInstruments;
}

/**
 * A registry of its own, never prom-client's global one: the tests run many apps in one process,
 * and a metric name registers once per registry.
 */
export function createMetrics(dataSource: DataSource, logger: Logger, backlog: BacklogMetricsOptions = {}): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registerPoolMetrics(registry, dataSource);
  registerStatementTimeoutMetrics(registry, dataSource);
  registerListenerMetrics(registry);
  registerBacklogMetrics(registry, dataSource, logger, backlog);
  return { registry, http: httpInstruments(registry), graphql: graphqlInstruments(registry), subscriptions: subscriptionInstruments(registry), limits: limitInstruments(registry) };
}
