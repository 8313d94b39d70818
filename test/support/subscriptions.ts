import { type Client, createClient as createWsClient } from 'graphql-ws';
import { createClient as createSseClient } from 'graphql-sse';
import WebSocket from 'ws';
import type { AnyBody, TestApp } from './test-app';
import { eventually } from './webhook-receiver';

/** What a subscription received: its results, in order, and how it ended (once it has). */
export interface Received {
  results: AnyBody[];
  /** The `data.events` of each result that had data. */
  events: AnyBody[];
  /** Set when the subscription ended: `complete`, or the error the client saw. */
  ended?: { complete: true } | { error: unknown };
  /** Resolves once `events` holds at least `count` events (polling, never sleeping blindly). */
  waitForEvents(count: number, timeoutMs?: number): Promise<AnyBody[]>;
  waitForEnd(timeoutMs?: number): Promise<NonNullable<Received['ended']>>;
  /** Stops the subscription (client side). */
  stop(): void;
}

/** What tests opened and have not closed: closeSubscriptions ends it all. */
const open = { clients: new Set<Client>(), received: new Set<Received>() };

/** Stops every subscription and client the file opened, and waits until the server holds none. */
export async function closeSubscriptions(app: TestApp): Promise<void> {
  for (const received of open.received) received.stop();
  await Promise.all([...open.clients].map((client) => client.dispose()));
  open.received.clear();
  open.clients.clear();
  await subscribersOpen(app, 0);
}

/** A graphql-ws client as a partner's Node service would open one: `ws`, the key in connectionParams. */
export function wsClient(server: { baseUrl: string }, connectionParams: Record<string, unknown> | undefined, options: { retryAttempts?: number } = {}): Client {
  return track(createWsClient({
    url: `${server.baseUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams,
    retryAttempts: options.retryAttempts ?? 0,
    lazy: true,
  }));
}

function track(client: Client): Client {
  open.clients.add(client);
  return client;
}

/**
 * How a subscription ended, for a failure's message: the socket's ErrorEvent (a refused or reset
 * connection, an upgrade answered with an HTTP status) and CloseEvent (a close the client did not
 * ask for) keep their message, code and reason in getters that JSON.stringify does not see.
 */
function describeEnd(ended: Received['ended']): string {
  if (!ended || !('error' in ended)) return JSON.stringify(ended);
  const { error } = ended;
  if (error instanceof Error) return `error: ${error.message}`;
  if (error !== null && typeof error === 'object') {
    const event = error as { message?: unknown; code?: unknown; reason?: unknown };
    if ('message' in event) return `socket error: ${String(event.message)}`;
    if ('code' in event) return `socket closed: ${String(event.code)} ${String(event.reason ?? '')}`;
  }
  return JSON.stringify(ended);
}

function receiver(): { received: Received; sink: { next(value: AnyBody): void; error(error: unknown): void; complete(): void } } {
  const received: Received = {
    results: [],
    events: [],
    async waitForEvents(count, timeoutMs = 15_000) {
      await eventually(async () => received.events.length, (length) => length >= count || received.ended !== undefined, timeoutMs);
      if (received.events.length < count) throw new Error(`the subscription ended after ${received.events.length} events: ${describeEnd(received.ended)}`);
      return received.events.slice(0, count);
    },
    async waitForEnd(timeoutMs = 15_000) {
      await eventually(async () => received.ended, (ended) => ended !== undefined, timeoutMs);
      return received.ended!;
    },
    stop: () => undefined,
  };
  return {
    received,
    sink: {
      next(value) {
        received.results.push(value);
        if (value?.data?.events) received.events.push(value.data.events);
      },
      error(error) {
        received.ended = { error };
      },
      complete() {
        received.ended ??= { complete: true };
      },
    },
  };
}

/** Subscribes over graphql-ws; the results gather in the returned Received. */
export function subscribeWs(client: Client, query: string, variables?: Record<string, unknown>): Received {
  const { received, sink } = receiver();
  received.stop = client.subscribe({ query, variables }, sink);
  open.received.add(received);
  return received;
}

/** Subscribes over graphql-sse (distinct connections), the key in the headers, as a browser without WebSockets would. */
export function subscribeSse(server: { baseUrl: string }, headers: Record<string, string>, query: string, variables?: Record<string, unknown>): Received {
  const client = createSseClient({ url: `${server.baseUrl}/graphql/stream`, headers, retryAttempts: 0 });
  const { received, sink } = receiver();
  const unsubscribe = client.subscribe({ query, variables }, sink);
  received.stop = () => {
    unsubscribe();
    client.dispose();
  };
  open.received.add(received);
  return received;
}

/** The selection the tests subscribe with: what the feed shows of an event, and its cursor. */
export const EVENTS_SUBSCRIPTION = `subscription Events($after: String, $filter: EventFilter) {
  events(after: $after, filter: $filter) { id type cursor createdAt organizationCode data }
}`;

/**
 * Resolves once the server's event hub holds `count` subscriptions: a subscription without
 * `after` takes events committed from the moment it is registered, so a test writes only then.
 */
export async function subscribersOpen(app: TestApp, count: number, timeoutMs = 15_000): Promise<void> {
  await eventually(async () => app.running.services.eventHub.size, (size) => size === count, timeoutMs);
}
