import 'reflect-metadata';
import path from 'node:path';
import { plainToConfig } from './parse-environment';

export type NodeEnv = 'development' | 'production' | 'test';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface AppConfig {
  port: number;
  host: string;
  /** Unset means: run the embedded PostgreSQL under `dataDir`. May be a transaction pooler (PgBouncer) when `databaseDirectUrl` is set. */
  databaseUrl: string | undefined;
  /**
   * A session of PostgreSQL's own, not through a transaction pooler: for LISTEN (the relay, live
   * updates), the job queue, session locks and migrations. Unset: `databaseUrl`. Set and different:
   * `databaseUrl` is taken to be a transaction pooler (docs/scaling.md).
   */
  databaseDirectUrl?: string;
  /** Connections of the application's pool (DATABASE_POOL_SIZE). */
  databasePoolSize?: number;
  /** Connections of the job queue's pool (QUEUE_POOL_SIZE); unset: 10 with the worker, 3 without. */
  queuePoolSize?: number;
  /** Apply pending migrations at start, under a lock (MIGRATE_ON_START); false: leave them to `npm run migration:run`. */
  migrateOnStart?: boolean;
  dataDir: string;
  logLevel: LogLevel;
  nodeEnv: NodeEnv;
  /** Base of absolute URLs in responses; when unset it is taken from the request. */
  publicUrl: string | undefined;
  /** Whether this process also runs the webhook worker (relay and deliveries); `npm run worker` runs it alone. */
  worker: boolean;
  /** 32 bytes (64 hex digits or base64) sealing secrets at rest; unset means a key file under `dataDir`. */
  secretsKey: string | undefined;
  webhooks: WebhookSettings;
  limits: LimitSettings;
  /** The Prometheus listener (METRICS_PORT, METRICS_HOST); absent: metrics are off. */
  metrics?: MetricsSettings;
}

/** Where `/metrics` is served (src/metrics/, docs/operations.md): its own listener, never the partner port. */
export interface MetricsSettings {
  /** 0: any free port (the bound one is in RunningApp.metrics). */
  port: number;
  host: string;
}

/** Rate limits, overload shedding and time limits (src/http/limits/, ormconfig.ts). */
export interface LimitSettings {
  /** Requests one API key may make per window, /v2 and /graphql together. */
  rateLimitMax: number;
  rateLimitWindowSeconds: number;
  /** Unset: counters in this process's memory; set: one counter per key shared by every node through Redis. */
  redisUrl: string | undefined;
  /** PostgreSQL `statement_timeout` of the application's pool; 0 means none. */
  statementTimeoutMs: number;
  /** Time allowed to receive a request, and idle time allowed on a connection. */
  requestTimeoutMs: number;
  /** Shed requests (503) while the mean event-loop delay is above this; 0 disables. */
  maxEventLoopDelayMs: number;
  /** Shed requests (503) while the V8 heap in use is above this; 0 disables. */
  maxHeapUsedBytes: number;
  /** A read's answer (REST GET, GraphQL query) longer than this is refused (RESPONSE_TOO_LARGE); 0 disables. */
  maxResponseBytes: number;
  graphql: GraphQLCostSettings;
  subscriptions: SubscriptionSettings;
}

/** The live subscriptions' limits (src/http/subscriptions, src/events/stream, docs/limits.md). */
export interface SubscriptionSettings {
  /** Open subscriptions one API key may hold on one server process, over both transports. */
  maxPerKey: number;
  /** Events waiting to be sent to one subscription before it is ended as a slow consumer. */
  maxBuffered: number;
}

/** The GraphQL cost limits and the per-key budget (src/graphql/cost/, docs/limits.md). */
export interface GraphQLCostSettings {
  maxCost: number;
  maxDepth: number;
  maxFields: number;
  maxAliases: number;
  /** Operations in one batched request (GRAPHQL_MAX_BATCH). */
  maxBatch: number;
  /** The per-key leaky bucket: its size and its refill per second, in points. */
  bucketSize: number;
  restoreRate: number;
}

export interface WebhookSettings {
  /** Seconds before each retry after a failed attempt; its length is the number of retries. */
  retrySchedule: number[];
  /** Loopback, private and link-local receivers allowed (tests, on-premises). */
  allowPrivateNetworks: boolean;
  /** How long one attempt may take, token fetch and receiver answer each. */
  timeoutMs: number;
  /** A webhook whose attempts have failed this long without a success is disabled. */
  disableAfterSeconds: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment once, at start; every problem is reported together. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const { config, problems } = plainToConfig(env);
  if (problems.length > 0) throw new ConfigError(problems);
  return { ...config, dataDir: path.resolve(config.dataDir) };
}
