/**
 * What `bench:subscriptions` and the processes it forks say to each other over the IPC channel.
 * Each server and the load generator run in a process of their own: a server's VmRSS and CPU time
 * are its own, and the clients' CPU is not the server's.
 */

/** Which server a round measures: this project over graphql-ws, or the bare `ws` fan-out (the limit). */
export type TargetKind = 'project' | 'bare';

/** Child → parent, every child. `reply` answers the request with the same `seq`. */
export type ChildMessage = { type: 'ready'; port?: number } | { type: 'failed'; error: string } | { type: 'reply'; seq: number; body: unknown; error?: string };

/** Parent → child: a request (answered by a `reply` with its `seq`), or stop. */
export type ParentMessage = { type: 'request'; seq: number; body: ServerRequest | LoadRequest } | { type: 'stop' };

/** To a server: run V8's garbage collector (the process runs with --expose-gc) before RSS is sampled. */
export type ServerRequest = { type: 'collect' };

/**
 * To the load generator:
 * - `connect`: opens `count` more subscribers (each on a connection of its own) and answers once
 *   every one is connected and has sent its subscription;
 * - `status`: what was received since the last `reset`;
 * - `reset`: forgets every receipt (the probes before the measured writes); with `measure`, notes
 *   each event's receipts from then on, per subscriber;
 * - `report`: judges what was received against the measured events (stream order, each with its
 *   commit time) and answers the figures.
 */
export type LoadRequest = { type: 'connect'; count: number } | { type: 'status' } | { type: 'reset'; measure: boolean } | { type: 'report'; expected: ExpectedEvent[] };

/** A measured event: its id and its commit time (ms since the epoch, fractional; see subscriptions/round.ts). */
export type ExpectedEvent = [id: string, committedAt: number];

export interface LoadStatus {
  subscribers: number;
  /** Subscribers that received at least one event since the last reset. */
  receiving: number;
  /** Events received since the last reset, summed over subscribers. */
  deliveries: number;
  /** Subscribers that ended for good (the bare server's closed sockets; graphql-ws ones past their resumptions). */
  ended: number;
  /** Subscriptions cut by the server and resumed from their last cursor (graphql-ws). */
  resumes: number;
  /** What ended or cut subscriptions, counted. */
  problems: string[];
}

/** One load generator's judgement of its subscribers' receipts. */
export interface LoadReport {
  subscribers: number;
  expectedEvents: number;
  /** Measured events received, first receipts only, summed over subscribers. */
  delivered: number;
  /** (subscriber, measured event) pairs never received. */
  lost: number;
  /** Receipts of a measured event beyond the first at one subscriber. */
  duplicates: number;
  /** Receipts of an event that was not measured (a late probe, or one nobody wrote). */
  unexpected: number;
  /** Subscribers that received measured events in another order than the stream's. */
  outOfOrderSubscribers: number;
  /** Commit → first receipt of every (subscriber, event) pair received, in ms, ascending. */
  latencies: Float64Array;
  /**
   * Per measured event, in the order of the expected events: commit → its first receipt by any of
   * these subscribers, in ms (NaN when none got it). The earliest over all subscribers is how long
   * the server took to start sending the event (the notification, its read, the first socket's
   * write and that client's turn); the rest of an event's latencies is its fan-out to the others.
   */
  firstReceipts: Float64Array;
  /** Of the last first receipt of a measured event (ms since the epoch). */
  lastReceiptAt: number;
  ended: number;
  resumes: number;
  problems: string[];
}

/** Environment of the load generator. */
export const ENV_TARGET_URL = 'BENCH_TARGET_URL';
export const ENV_API_KEY = 'BENCH_API_KEY';
/** Which of the load generators this is (0, 1, …): its subscribers' names. */
export const ENV_LOAD_INDEX = 'BENCH_LOAD_INDEX';
/** Environment of the servers. */
export const ENV_DATABASE_URL = 'BENCH_DATABASE_URL';
export const ENV_SECRETS_KEY = 'BENCH_SECRETS_KEY';

/**
 * What every subscriber runs (the brief's operation): every event of the workspace, no filter.
 * `id: databaseId`: the envelope's id, as the writer's rows and the bare fan-out give it (`id` is the global id).
 */
export const SUBSCRIPTION = 'subscription { events { id: databaseId type cursor data } }';
/** What a subscriber cut by the server resumes with: the same selection, after its last event's cursor. */
export const RESUME_SUBSCRIPTION = 'subscription Resume($after: String) { events(after: $after) { id: databaseId type cursor data } }';

/**
 * A clock in ms since the epoch with sub-millisecond resolution, comparable with the system clock
 * PostgreSQL's commit timestamps are read from: anchored on the moment Date.now() ticks (a busy
 * wait of at most 1 ms), then advanced by the monotonic performance.now(). Anchor one per measured
 * window: over seconds neither clock drifts from the other measurably.
 */
export function anchoredClock(): () => number {
  const start = Date.now();
  let wall = start;
  while (wall === start) wall = Date.now();
  const monotonic = performance.now();
  return () => wall + (performance.now() - monotonic);
}
