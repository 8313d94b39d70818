import { Counter, Gauge, type Registry } from 'prom-client';

/** What the subscription transports and the event hub record (src/http/subscriptions, src/events/stream). */
export interface SubscriptionInstruments {
  connections: Gauge<'transport'>;
  subscriptions: Gauge<'transport'>;
  eventsFannedOut: Counter;
  slowConsumers: Counter;
}

export function subscriptionInstruments(registry: Registry): SubscriptionInstruments {
  return {
    connections: new Gauge({
      name: 'graphql_subscription_connections',
      help: 'Open subscription connections with an accepted API key, by transport (graphql-ws, graphql-sse).',
      labelNames: ['transport'],
      registers: [registry],
    }),
    subscriptions: new Gauge({
      name: 'graphql_subscriptions',
      help: 'Open subscriptions, by transport (graphql-ws, graphql-sse).',
      labelNames: ['transport'],
      registers: [registry],
    }),
    eventsFannedOut: new Counter({
      name: 'graphql_subscription_events_total',
      help: 'Committed events handed to subscriptions (one per subscription an event matched).',
      registers: [registry],
    }),
    slowConsumers: new Counter({
      name: 'graphql_subscription_slow_consumers_total',
      help: 'Subscriptions ended with SLOW_CONSUMER: more events waited to be sent than SUBSCRIPTIONS_MAX_BUFFERED.',
      registers: [registry],
    }),
  };
}
