import type { WebsocketHandler } from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { GraphQLSchema } from 'graphql';
import type { SubscriptionSettings } from '../../config/config';
import type { CostLimits } from '../../graphql/cost';
import type { LoaderFactory } from '../../graphql/context';
import { ValidatedDocuments } from '../../graphql/subscriptions/validated-documents';
import type { AppMetrics } from '../../metrics/metrics';
import { graphqlWsHandler, registerWebSockets } from './graphql-ws-transport';
import { registerGraphqlSse } from './graphql-sse-transport';
import { type KeyRegistry, SubscriptionGate } from './subscription-gate';
import type { SubscriptionServices } from './subscription-operations';
import { WriteCoalescer } from './write-coalescer';

/** The process's event hub (the application's: EventHub, src/events/stream), as far as it is counted for the metrics. */
export interface CountedEventHub {
  observe(observer: { fannedOut(count: number): void; slowConsumer(): void }): void;
}

export interface SubscriptionDeps {
  schema: GraphQLSchema;
  /** Carried to the transports; besides, its keys are watched for revocation (the gate) and its event hub counted. */
  services: SubscriptionServices & { apiKeys: KeyRegistry; eventHub: CountedEventHub };
  loaders: LoaderFactory;
  costLimits: CostLimits;
  settings: SubscriptionSettings;
  production: boolean;
  metrics?: AppMetrics;
}

/**
 * GraphQL subscriptions on the partner server: graphql-ws on /graphql (the returned handler, for
 * the GET route of /graphql) and graphql-sse on /graphql/stream, sharing one gate (the per-key
 * limit, the revocation watch, the gauges). Their events come from the process's event hub.
 */
export async function registerSubscriptions(app: FastifyInstance, deps: SubscriptionDeps): Promise<WebsocketHandler> {
  const instruments = deps.metrics?.subscriptions;
  const gate = new SubscriptionGate(deps.services.apiKeys, deps.settings.maxPerKey, app.log as Logger, instruments);
  if (instruments) {
    deps.services.eventHub.observe({ fannedOut: (count) => instruments.eventsFannedOut.inc(count), slowConsumer: () => instruments.slowConsumers.inc() });
  }
  const runtime = { schema: deps.schema, services: deps.services, loaders: deps.loaders, costLimits: deps.costLimits, gate, documents: new ValidatedDocuments(deps.schema), production: deps.production, writes: new WriteCoalescer() };
  await registerWebSockets(app);
  registerGraphqlSse(app, runtime);
  return graphqlWsHandler(runtime);
}
