import type { AppConfig, GraphQLCostSettings, LogLevel, MetricsSettings, NodeEnv, SubscriptionSettings, WebhookSettings } from './config';
import {
  DEFAULT_DATA_DIR,
  DEFAULT_DATABASE_POOL_SIZE,
  DEFAULT_GRAPHQL_COST,
  DEFAULT_HOST,
  DEFAULT_LIMITS,
  DEFAULT_LOG_LEVEL,
  DEFAULT_METRICS_HOST,
  DEFAULT_NODE_ENV,
  DEFAULT_PORT,
  DEFAULT_RETRY_SCHEDULE,
  DEFAULT_SUBSCRIPTION_LIMITS,
  DEFAULT_WEBHOOK_DISABLE_AFTER_SECONDS,
  DEFAULT_WEBHOOK_TIMEOUT_SECONDS,
} from './config-defaults';
import { EnvironmentInput, environmentProblems } from './environment-input';

/**
 * process.env's text read into EnvironmentInput (an unset or blank variable takes its default),
 * checked against its rules, and grouped into AppConfig. The readers never throw: text they
 * cannot read becomes a value the rules refuse, so every problem is reported together.
 */

function toBoolean(value: string | undefined, fallback: boolean): boolean | string {
  if (value === undefined) return fallback;
  const lower = value.toLowerCase();
  return lower === 'true' || lower === '1' ? true : lower === 'false' || lower === '0' ? false : value;
}

function toInteger(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  return /^\d+$/.test(value) ? Number(value) : Number.NaN;
}

function toSchedule(value: string | undefined): unknown {
  if (value === undefined) return DEFAULT_RETRY_SCHEDULE;
  return value.split(',').map((part) => (/^\s*\d+\s*$/.test(part) ? Number(part) : Number.NaN));
}

function toOptionalInteger(value: string | undefined): number | undefined {
  return value === undefined ? undefined : toInteger(value, Number.NaN);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function readEnvironment(env: NodeJS.ProcessEnv): EnvironmentInput {
  return Object.assign(new EnvironmentInput(), {
    port: toInteger(nonEmpty(env.PORT), DEFAULT_PORT),
    host: nonEmpty(env.HOST) ?? DEFAULT_HOST,
    databaseUrl: nonEmpty(env.DATABASE_URL),
    databaseDirectUrl: nonEmpty(env.DATABASE_DIRECT_URL),
    databasePoolSize: toInteger(nonEmpty(env.DATABASE_POOL_SIZE), DEFAULT_DATABASE_POOL_SIZE),
    queuePoolSize: toOptionalInteger(nonEmpty(env.QUEUE_POOL_SIZE)),
    migrateOnStart: toBoolean(nonEmpty(env.MIGRATE_ON_START), true) as boolean,
    dataDir: nonEmpty(env.DATA_DIR) ?? DEFAULT_DATA_DIR,
    logLevel: (nonEmpty(env.LOG_LEVEL) ?? DEFAULT_LOG_LEVEL) as LogLevel,
    nodeEnv: (nonEmpty(env.NODE_ENV) ?? DEFAULT_NODE_ENV) as NodeEnv,
    publicUrl: nonEmpty(env.PUBLIC_URL)?.replace(/\/+$/, ''),
    worker: toBoolean(nonEmpty(env.WORKER), true) as boolean,
    secretsKey: nonEmpty(env.SECRETS_KEY),
    webhookRetrySchedule: toSchedule(nonEmpty(env.WEBHOOK_RETRY_SCHEDULE)) as number[],
    webhookAllowPrivateNetworks: toBoolean(nonEmpty(env.WEBHOOK_ALLOW_PRIVATE_NETWORKS), false) as boolean,
    webhookTimeoutSeconds: toInteger(nonEmpty(env.WEBHOOK_TIMEOUT_SECONDS), DEFAULT_WEBHOOK_TIMEOUT_SECONDS),
    webhookDisableAfterSeconds: toInteger(nonEmpty(env.WEBHOOK_DISABLE_AFTER_SECONDS), DEFAULT_WEBHOOK_DISABLE_AFTER_SECONDS),
    rateLimitMax: toInteger(nonEmpty(env.RATE_LIMIT_MAX), DEFAULT_LIMITS.rateLimitMax),
    rateLimitWindowSeconds: toInteger(nonEmpty(env.RATE_LIMIT_WINDOW_SECONDS), DEFAULT_LIMITS.rateLimitWindowSeconds),
    redisUrl: nonEmpty(env.REDIS_URL),
    statementTimeoutMs: toInteger(nonEmpty(env.STATEMENT_TIMEOUT_MS), DEFAULT_LIMITS.statementTimeoutMs),
    requestTimeoutMs: toInteger(nonEmpty(env.REQUEST_TIMEOUT_MS), DEFAULT_LIMITS.requestTimeoutMs),
    maxEventLoopDelayMs: toInteger(nonEmpty(env.MAX_EVENT_LOOP_DELAY_MS), DEFAULT_LIMITS.maxEventLoopDelayMs),
    maxHeapUsedBytes: toInteger(nonEmpty(env.MAX_HEAP_USED_BYTES), DEFAULT_LIMITS.maxHeapUsedBytes),
    maxResponseBytes: toInteger(nonEmpty(env.MAX_RESPONSE_BYTES), DEFAULT_LIMITS.maxResponseBytes),
    graphqlMaxCost: toInteger(nonEmpty(env.GRAPHQL_MAX_COST), DEFAULT_GRAPHQL_COST.maxCost),
    graphqlMaxDepth: toInteger(nonEmpty(env.GRAPHQL_MAX_DEPTH), DEFAULT_GRAPHQL_COST.maxDepth),
    graphqlMaxFields: toInteger(nonEmpty(env.GRAPHQL_MAX_FIELDS), DEFAULT_GRAPHQL_COST.maxFields),
    graphqlMaxAliases: toInteger(nonEmpty(env.GRAPHQL_MAX_ALIASES), DEFAULT_GRAPHQL_COST.maxAliases),
    graphqlMaxBatch: toInteger(nonEmpty(env.GRAPHQL_MAX_BATCH), DEFAULT_GRAPHQL_COST.maxBatch),
    graphqlCostBucketSize: toInteger(nonEmpty(env.GRAPHQL_COST_BUCKET_SIZE), DEFAULT_GRAPHQL_COST.bucketSize),
    graphqlCostRestoreRate: toInteger(nonEmpty(env.GRAPHQL_COST_RESTORE_RATE), DEFAULT_GRAPHQL_COST.restoreRate),
    subscriptionsMaxPerKey: toInteger(nonEmpty(env.SUBSCRIPTIONS_MAX_PER_KEY), DEFAULT_SUBSCRIPTION_LIMITS.maxPerKey),
    subscriptionsMaxBuffered: toInteger(nonEmpty(env.SUBSCRIPTIONS_MAX_BUFFERED), DEFAULT_SUBSCRIPTION_LIMITS.maxBuffered),
    metricsPort: toOptionalInteger(nonEmpty(env.METRICS_PORT)),
    metricsHost: nonEmpty(env.METRICS_HOST) ?? DEFAULT_METRICS_HOST,
  });
}

/** The flat input grouped as AppConfig: webhooks, limits (GraphQL cost, subscriptions) and metrics. */
function toAppConfig(input: EnvironmentInput): AppConfig {
  const {
    webhookRetrySchedule,
    webhookAllowPrivateNetworks,
    webhookTimeoutSeconds,
    webhookDisableAfterSeconds,
    rateLimitMax,
    rateLimitWindowSeconds,
    redisUrl,
    statementTimeoutMs,
    requestTimeoutMs,
    maxEventLoopDelayMs,
    maxHeapUsedBytes,
    maxResponseBytes,
    graphqlMaxCost,
    graphqlMaxDepth,
    graphqlMaxFields,
    graphqlMaxAliases,
    graphqlMaxBatch,
    graphqlCostBucketSize,
    graphqlCostRestoreRate,
    subscriptionsMaxPerKey,
    subscriptionsMaxBuffered,
    metricsPort,
    metricsHost,
    ...rest
  } = input;
  const webhooks: WebhookSettings = {
    retrySchedule: webhookRetrySchedule,
    allowPrivateNetworks: webhookAllowPrivateNetworks,
    timeoutMs: webhookTimeoutSeconds * 1000,
    disableAfterSeconds: webhookDisableAfterSeconds,
  };
  const graphql: GraphQLCostSettings = {
    maxCost: graphqlMaxCost,
    maxDepth: graphqlMaxDepth,
    maxFields: graphqlMaxFields,
    maxAliases: graphqlMaxAliases,
    maxBatch: graphqlMaxBatch,
    bucketSize: graphqlCostBucketSize,
    restoreRate: graphqlCostRestoreRate,
  };
  const subscriptions: SubscriptionSettings = { maxPerKey: subscriptionsMaxPerKey, maxBuffered: subscriptionsMaxBuffered };
  const limits = { rateLimitMax, rateLimitWindowSeconds, redisUrl, statementTimeoutMs, requestTimeoutMs, maxEventLoopDelayMs, maxHeapUsedBytes, maxResponseBytes, graphql, subscriptions };
  const metrics: MetricsSettings | undefined = metricsPort === undefined ? undefined : { port: metricsPort, host: metricsHost };
  return { ...rest, webhooks, limits, metrics };
}

/** The configuration the environment describes, and every problem with it (none: the configuration holds). */
export function plainToConfig(env: NodeJS.ProcessEnv): { config: AppConfig; problems: string[] } {
  const input = readEnvironment(env);
  return { config: toAppConfig(input), problems: environmentProblems(input) };
}
