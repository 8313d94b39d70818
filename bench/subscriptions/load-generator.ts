import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { requiredEnv, runChild } from './child';
import { ENV_API_KEY, ENV_TARGET_URL, type ExpectedEvent, type LoadReport, type LoadRequest, type LoadStatus, RESUME_SUBSCRIPTION, SUBSCRIPTION, anchoredClock } from './protocol';

/**
 * The subscribers, in a process of their own so that their CPU is not the server's: one
 * connection each, all with the same key (one workspace), graphql-ws's `createClient` over `ws`,
 * the key in connectionParams, `subscription { events { id type cursor data } }`, against either
 * server (the bare one speaks enough of graphql-ws for it). Each notes, per subscriber and event,
 * the first receipt's time, the receipts' count and the order; the report compares them with the
 * events the bench wrote.
 */
const CONNECT_CONCURRENCY = 50;
/** Resumptions one subscriber makes before it gives up (and counts as ended). */
const MAX_RESUMES = 5;

/** Per measured event: each subscriber's first receipt (ms since the epoch), receipt count and arrival rank. */
interface Receipts {
  first: Float64Array;
  count: Uint8Array;
  rank: Uint32Array;
}

interface Subscriber {
  /** Events received since the last reset. */
  received: number;
  /** The last event's cursor (graphql-ws): where a cut subscription resumes. */
  cursor: string | undefined;
  /** Times the subscription was cut (closed socket, error, SLOW_CONSUMER) and resumed. */
  resumes: number;
  ended: boolean;
  close(): void;
}

const base = requiredEnv(ENV_TARGET_URL).replace(/^http/, 'ws');
const key = requiredEnv(ENV_API_KEY);

const subscribers: Subscriber[] = [];
const problems = new Map<string, number>();
let receipts = new Map<string, Receipts>();
/** Subscribers the per-event arrays are sized for; 0 until a measuring reset. */
let measuredSubscribers = 0;
let deliveries = 0;
let unexpected = 0;
let clock = anchoredClock();
let stopping = false;

function problem(text: string): void {
  problems.set(text, (problems.get(text) ?? 0) + 1);
}

function receive(index: number, id: string): void {
  const now = clock();
  const subscriber = subscribers[index];
  subscriber.received += 1;
  deliveries += 1;
  if (measuredSubscribers === 0) return;
  let event = receipts.get(id);
  if (!event) receipts.set(id, (event = { first: new Float64Array(measuredSubscribers), count: new Uint8Array(measuredSubscribers), rank: new Uint32Array(measuredSubscribers) }));
  if (event.count[index] === 0) {
    event.first[index] = now;
    event.rank[index] = subscriber.received;
  }
  if (event.count[index] < 255) event.count[index] += 1;
}

function ended(index: number, why: string): void {
  if (subscribers[index].ended) return;
  subscribers[index].ended = true;
  problem(why);
}

/**
 * Subscriber `index` on graphql-ws: resolves once its connection is accepted (its subscription
 * follows at once). A subscription cut by the server (a closed socket, an error, SLOW_CONSUMER) is
 * resumed as a partner's client would: a new connection, `events(after:)` with the last event's
 * cursor, up to MAX_RESUMES times; the report then shows whether anything was lost or repeated.
 */
function openGraphqlWs(index: number, after?: string): Promise<void> {
  const subscriber = subscribers[index];
  return new Promise((resolve, reject) => {
    let cut = false;
    const client: Client = createClient({
      url: `${base}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { 'X-API-Key': key },
      retryAttempts: 0,
      lazy: true,
      on: {
        connected: () => resolve(),
        closed: (event) => {
          const { code, reason } = event as { code: number; reason: string };
          if (code !== 1000) interrupted(`socket closed ${code} ${reason}`);
        },
      },
    });
    subscriber.close = () => void client.dispose();
    const interrupted = (why: string): void => {
      if (cut || stopping || subscriber.ended) return;
      cut = true;
      void client.dispose();
      reject(new Error(`subscriber ${index}: ${why}`));
      if (subscriber.resumes >= MAX_RESUMES) return ended(index, `${why} (not resumed: ${MAX_RESUMES} resumptions already)`);
      subscriber.resumes += 1;
      problem(`${why}: resumed${subscriber.cursor ? ' from the last cursor' : ' from now (no event yet)'}`);
      openGraphqlWs(index, subscriber.cursor).catch(() => undefined);
    };
    client.subscribe<{ events: { id: string; cursor: string } }>(
      after === undefined ? { query: SUBSCRIPTION } : { query: RESUME_SUBSCRIPTION, variables: { after } },
      {
        next: (result) => {
          if (result.data) {
            subscriber.cursor = result.data.events.cursor;
            receive(index, result.data.events.id);
          }
          if (result.errors) interrupted(`result with errors: ${JSON.stringify(result.errors).slice(0, 200)}`);
        },
        error: (error) => interrupted(`subscription error: ${(error instanceof Error ? error.message : JSON.stringify(error)).slice(0, 200)}`),
        complete: () => interrupted('subscription completed by the server'),
      },
    );
  });
}

async function connect(count: number): Promise<number> {
  const start = subscribers.length;
  let next = start;
  await Promise.all(
    Array.from({ length: CONNECT_CONCURRENCY }, async () => {
      while (next < start + count) {
        const index = next++;
        subscribers[index] = { received: 0, cursor: undefined, resumes: 0, ended: false, close: () => undefined };
        await openGraphqlWs(index);
      }
    }),
  );
  return subscribers.length;
}

function status(): LoadStatus {
  return {
    subscribers: subscribers.length,
    receiving: subscribers.filter((subscriber) => subscriber.received > 0).length,
    deliveries,
    ended: subscribers.filter((subscriber) => subscriber.ended).length,
    resumes: subscribers.reduce((sum, subscriber) => sum + subscriber.resumes, 0),
    problems: [...problems].map(([text, count]) => `${count} × ${text}`),
  };
}

function report(expected: ExpectedEvent[]): LoadReport {
  const n = measuredSubscribers;
  const latencies = new Float64Array(expected.length * n);
  const firstReceipts = new Float64Array(expected.length).fill(Number.NaN);
  let delivered = 0;
  let lost = 0;
  let duplicates = 0;
  let lastReceiptAt = 0;
  const lastRank = new Uint32Array(n);
  const outOfOrder = new Uint8Array(n);
  for (const [index, [id, committedAt]] of expected.entries()) {
    const event = receipts.get(id);
    if (!event) {
      lost += n;
      continue;
    }
    for (let i = 0; i < n; i += 1) {
      const count = event.count[i];
      if (count === 0) {
        lost += 1;
        continue;
      }
      duplicates += count - 1;
      const latency = event.first[i] - committedAt;
      latencies[delivered++] = latency;
      if (!(firstReceipts[index] <= latency)) firstReceipts[index] = latency;
      lastReceiptAt = Math.max(lastReceiptAt, event.first[i]);
      if (event.rank[i] <= lastRank[i]) outOfOrder[i] = 1;
      lastRank[i] = event.rank[i];
    }
  }
  const measured = new Set(expected.map(([id]) => id));
  for (const [id, event] of receipts) if (!measured.has(id)) unexpected += event.count.reduce((sum, count) => sum + count, 0);
  const sorted = latencies.slice(0, delivered).sort();
  const state = status();
  return {
    subscribers: n,
    expectedEvents: expected.length,
    delivered,
    lost,
    duplicates,
    unexpected,
    outOfOrderSubscribers: outOfOrder.reduce((sum, flag) => sum + flag, 0),
    latencies: sorted,
    firstReceipts,
    lastReceiptAt,
    ended: state.ended,
    resumes: state.resumes,
    problems: state.problems,
  };
}

runChild<LoadRequest>(async () => ({
  handle: async (request) => {
    switch (request.type) {
      case 'connect':
        return connect(request.count);
      case 'status':
        return status();
      case 'reset':
        for (const subscriber of subscribers) subscriber.received = 0;
        deliveries = 0;
        unexpected = 0;
        receipts = new Map();
        measuredSubscribers = request.measure ? subscribers.length : 0;
        clock = anchoredClock();
        return null;
      case 'report':
        return report(request.expected);
    }
  },
  stop: async () => {
    stopping = true;
    for (const subscriber of subscribers) {
      subscriber.ended = true;
      subscriber.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  },
}));
