import type { GraphQLCostSettings, LimitSettings, LogLevel, NodeEnv, SubscriptionSettings } from './config';

/**
 * What the server does when a variable is unset (README, Configuration), and the fixed sizes the
 * settings are checked against. Other modules read the limits' defaults from here too (the tests'
 * limits, the database's statement timeout, the GraphQL cost rules).
 */

/** The largest request body, on both faces (a 413 past it); not a setting. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The least MAX_RESPONSE_BYTES may be: twice the request body limit, so a record any write could
 * store (custom fields included) can always be read, one at a time.
 */
export const MIN_RESPONSE_CAP_BYTES = 2 * BODY_LIMIT_BYTES;

export const DEFAULT_PORT = 4000;
export const DEFAULT_HOST = '0.0.0.0';
export const DEFAULT_DATA_DIR = './.data';
export const DEFAULT_LOG_LEVEL: LogLevel = 'info';
export const DEFAULT_NODE_ENV: NodeEnv = 'development';

/** Defaults of the GraphQL cost limits (docs/limits.md explains each number). */
export const DEFAULT_GRAPHQL_COST: GraphQLCostSettings = {
  // The benchmark's nested query (the heaviest answer the service is meant to give) costs 1,211,051.
  maxCost: 2_000_000,
  maxDepth: 12,
  maxFields: 500,
  maxAliases: 50,
  // Operations in one batched POST (a JSON array), each costed and rate-limited as if sent alone.
  maxBatch: 10,
  // Room for about 40 of the heaviest queries in flight at once per key, refilled in 10 s.
  bucketSize: 50_000_000,
  restoreRate: 5_000_000,
};

/** Defaults of the subscriptions' limits (docs/limits.md). */
export const DEFAULT_SUBSCRIPTION_LIMITS: SubscriptionSettings = {
  maxPerKey: 100,
  // About a minute of a busy workspace's events; a consumer further behind resumes from its cursor.
  maxBuffered: 1_000,
};

/** Defaults of the limits (README, Configuration). */
export const DEFAULT_LIMITS: LimitSettings = {
  rateLimitMax: 600,
  rateLimitWindowSeconds: 60,
  redisUrl: undefined,
  statementTimeoutMs: 15_000,
  requestTimeoutMs: 30_000,
  maxEventLoopDelayMs: 1_000,
  maxHeapUsedBytes: 1024 * 1024 * 1024,
  maxResponseBytes: 32 * 1024 * 1024,
  graphql: DEFAULT_GRAPHQL_COST,
  subscriptions: DEFAULT_SUBSCRIPTION_LIMITS,
};

/** Connections of the application's pool unless DATABASE_POOL_SIZE says otherwise (docs/scaling.md). */
export const DEFAULT_DATABASE_POOL_SIZE = 10;

/**
 * Connections of the job queue's pool unless QUEUE_POOL_SIZE says otherwise: a worker's deliveries
 * (WEBHOOK_CONCURRENCY jobs at a time) and supervision need more than an API node, which only enqueues.
 */
export function defaultQueuePoolSize(worker: boolean): number {
  return worker ? 10 : 3;
}

/** Where the metrics listener binds unless METRICS_HOST says otherwise: this machine only. */
export const DEFAULT_METRICS_HOST = '127.0.0.1';

/** Standard Webhooks' schedule after the first attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const DEFAULT_RETRY_SCHEDULE = [5, 300, 1800, 7200, 18000, 36000, 36000];

export const DEFAULT_WEBHOOK_TIMEOUT_SECONDS = 10;

/** A webhook failing without a success for five days is disabled. */
export const DEFAULT_WEBHOOK_DISABLE_AFTER_SECONDS = 5 * 24 * 60 * 60;
