/** What bench/soak.ts says to the server and load processes it forks, over their IPC channels. */

/** Harness → server: the heap at rest, please. */
export interface HeapQuestion {
  type: 'heap';
}
/** Server → harness, after two full collections. */
export interface HeapAnswer {
  type: 'heap';
  heapUsed: number;
  rss: number;
}

/** Harness → load process: load the server for `seconds`. */
export interface PhaseOrder {
  type: 'phase';
  seconds: number;
}
/** Load process → harness: what one phase saw. */
export interface PhaseReport {
  type: 'phase';
  requests: number;
  /** Answers that were not 2xx, GraphQL answers with errors, failed requests. */
  failures: number;
  p50Ms: number;
  p99Ms: number;
  seconds: number;
}
/** Load process → harness, once it has read the ids it writes to. */
export interface LoadReady {
  type: 'ready';
}

export const ENV_SOAK_URL = 'SOAK_URL';
export const ENV_SOAK_KEY = 'SOAK_KEY';
/** `inline` (the mutation's value written into its text, a new text each time) or `variable`. */
export const ENV_SOAK_VALUES = 'SOAK_VALUES';
export const ENV_SOAK_CLIENTS = 'SOAK_CLIENTS';
