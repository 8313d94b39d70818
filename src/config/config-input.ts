import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min, MinLength, ValidateIf, validateSync } from 'class-validator';
import type { AppConfig, GraphQLCostSettings, LimitSettings, LogLevel, MetricsSettings, NodeEnv, SubscriptionSettings } from './config';

const NODE_ENVS: NodeEnv[] = ['development', 'production', 'test'];
const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** The largest request body, on both faces (a 413 past it); not a setting. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The least MAX_RESPONSE_BYTES may be: twice the request body limit, so a record any write could
 * store (custom fields included) can always be read, one at a time.
 */
export const MIN_RESPONSE_CAP_BYTES = 2 * BODY_LIMIT_BYTES;

class EnvironmentInput {
  @IsInt({ message: 'PORT must be an integer' })
  @Min(0, { message: 'PORT must be between 0 and 65535' })
  @Max(65535, { message: 'PORT must be between 0 and 65535' })
  port!: number;

  @IsString()
  @MinLength(1, { message: 'HOST must not be empty' })
  host!: string;

  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'DATABASE_URL must be a postgres:// or postgresql:// URL' })
  databaseUrl: string | undefined;

  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'DATABASE_DIRECT_URL must be a postgres:// or postgresql:// URL' })
  databaseDirectUrl: string | undefined;

  @IsInt({ message: 'DATABASE_POOL_SIZE must be an integer' })
  @Min(1, { message: 'DATABASE_POOL_SIZE must be between 1 and 1000' })
  @Max(1000, { message: 'DATABASE_POOL_SIZE must be between 1 and 1000' })
  databasePoolSize!: number;

  @IsOptional()
  @IsInt({ message: 'QUEUE_POOL_SIZE must be an integer' })
  @Min(1, { message: 'QUEUE_POOL_SIZE must be between 1 and 1000' })
  @Max(1000, { message: 'QUEUE_POOL_SIZE must be between 1 and 1000' })
  queuePoolSize: number | undefined;

  @IsBoolean({ message: 'MIGRATE_ON_START must be true or false' })
  migrateOnStart!: boolean;

  @IsString()
  @MinLength(1, { message: 'DATA_DIR must not be empty' })
  dataDir!: string;

  @IsIn(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
  logLevel!: LogLevel;

  @IsIn(NODE_ENVS, { message: `NODE_ENV must be one of ${NODE_ENVS.join(', ')}` })
  nodeEnv!: NodeEnv;

  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }, { message: 'PUBLIC_URL must be an absolute http(s) URL' })
  publicUrl: string | undefined;

  @IsBoolean({ message: 'WORKER must be true or false' })
  worker!: boolean;

  @IsOptional()
  @Matches(/^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/, { message: 'SECRETS_KEY must be 32 bytes as 64 hex digits or base64' })
  secretsKey: string | undefined;

  @IsArray({ message: 'WEBHOOK_RETRY_SCHEDULE must be seconds separated by commas' })
  @ArrayMaxSize(20, { message: 'WEBHOOK_RETRY_SCHEDULE may list at most 20 retries' })
  @IsInt({ each: true, message: 'WEBHOOK_RETRY_SCHEDULE must be whole seconds separated by commas' })
  @Min(0, { each: true, message: 'WEBHOOK_RETRY_SCHEDULE values must be 0 or more' })
  @Max(86_400, { each: true, message: 'WEBHOOK_RETRY_SCHEDULE values must be at most 86400 (a day)' })
  webhookRetrySchedule!: number[];

  @IsBoolean({ message: 'WEBHOOK_ALLOW_PRIVATE_NETWORKS must be true or false' })
  webhookAllowPrivateNetworks!: boolean;

  @IsInt({ message: 'WEBHOOK_TIMEOUT_SECONDS must be an integer' })
  @Min(1, { message: 'WEBHOOK_TIMEOUT_SECONDS must be between 1 and 60' })
  @Max(60, { message: 'WEBHOOK_TIMEOUT_SECONDS must be between 1 and 60' })
  webhookTimeoutSeconds!: number;

  @IsInt({ message: 'WEBHOOK_DISABLE_AFTER_SECONDS must be an integer' })
  @Min(1, { message: 'WEBHOOK_DISABLE_AFTER_SECONDS must be at least 1' })
  webhookDisableAfterSeconds!: number;

  @IsInt({ message: 'RATE_LIMIT_MAX must be an integer' })
  @Min(1, { message: 'RATE_LIMIT_MAX must be between 1 and 1000000' })
  @Max(1_000_000, { message: 'RATE_LIMIT_MAX must be between 1 and 1000000' })
  rateLimitMax!: number;

  @IsInt({ message: 'RATE_LIMIT_WINDOW_SECONDS must be an integer' })
  @Min(1, { message: 'RATE_LIMIT_WINDOW_SECONDS must be between 1 and 86400' })
  @Max(86_400, { message: 'RATE_LIMIT_WINDOW_SECONDS must be between 1 and 86400' })
  rateLimitWindowSeconds!: number;

  @IsOptional()
  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  redisUrl: string | undefined;

  @IsInt({ message: 'STATEMENT_TIMEOUT_MS must be an integer' })
  @Min(0, { message: 'STATEMENT_TIMEOUT_MS must be between 0 and 3600000' })
  @Max(3_600_000, { message: 'STATEMENT_TIMEOUT_MS must be between 0 and 3600000' })
  statementTimeoutMs!: number;

  @IsInt({ message: 'REQUEST_TIMEOUT_MS must be an integer' })
  @Min(1000, { message: 'REQUEST_TIMEOUT_MS must be between 1000 and 600000' })
  @Max(600_000, { message: 'REQUEST_TIMEOUT_MS must be between 1000 and 600000' })
  requestTimeoutMs!: number;

  @IsInt({ message: 'MAX_EVENT_LOOP_DELAY_MS must be an integer' })
  @Min(0, { message: 'MAX_EVENT_LOOP_DELAY_MS must be 0 or more' })
  maxEventLoopDelayMs!: number;

  @IsInt({ message: 'MAX_HEAP_USED_BYTES must be an integer' })
  @Min(0, { message: 'MAX_HEAP_USED_BYTES must be 0 or more' })
  @Max(Number.MAX_SAFE_INTEGER, { message: 'MAX_HEAP_USED_BYTES is too large' })
  maxHeapUsedBytes!: number;

  // 0 turns the cap off; anything else must let any one record be read (see MIN_RESPONSE_CAP_BYTES).
  @ValidateIf((input: EnvironmentInput) => input.maxResponseBytes !== 0)
  @IsInt({ message: 'MAX_RESPONSE_BYTES must be an integer' })
  @Max(1024 * 1024 * 1024, { message: 'MAX_RESPONSE_BYTES must be 0 or between 2097152 and 1073741824' })
  @Min(MIN_RESPONSE_CAP_BYTES, { message: 'MAX_RESPONSE_BYTES must be 0 or between 2097152 and 1073741824' })
  maxResponseBytes!: number;

  @IsInt({ message: 'GRAPHQL_MAX_COST must be an integer' })
  @Min(1, { message: 'GRAPHQL_MAX_COST must be between 1 and 1000000000' })
  @Max(1_000_000_000, { message: 'GRAPHQL_MAX_COST must be between 1 and 1000000000' })
  graphqlMaxCost!: number;

  @IsInt({ message: 'GRAPHQL_MAX_DEPTH must be an integer' })
  @Min(2, { message: 'GRAPHQL_MAX_DEPTH must be between 2 and 100' })
  @Max(100, { message: 'GRAPHQL_MAX_DEPTH must be between 2 and 100' })
  graphqlMaxDepth!: number;

  @IsInt({ message: 'GRAPHQL_MAX_FIELDS must be an integer' })
  @Min(10, { message: 'GRAPHQL_MAX_FIELDS must be between 10 and 100000' })
  @Max(100_000, { message: 'GRAPHQL_MAX_FIELDS must be between 10 and 100000' })
  graphqlMaxFields!: number;

  @IsInt({ message: 'GRAPHQL_MAX_ALIASES must be an integer' })
  @Min(0, { message: 'GRAPHQL_MAX_ALIASES must be between 0 and 100000' })
  @Max(100_000, { message: 'GRAPHQL_MAX_ALIASES must be between 0 and 100000' })
  graphqlMaxAliases!: number;

  @IsInt({ message: 'GRAPHQL_MAX_BATCH must be an integer' })
  @Min(1, { message: 'GRAPHQL_MAX_BATCH must be between 1 and 100' })
  @Max(100, { message: 'GRAPHQL_MAX_BATCH must be between 1 and 100' })
  graphqlMaxBatch!: number;

  @IsInt({ message: 'GRAPHQL_COST_BUCKET_SIZE must be an integer' })
  @Min(1, { message: 'GRAPHQL_COST_BUCKET_SIZE must be between 1 and 1000000000000' })
  @Max(1_000_000_000_000, { message: 'GRAPHQL_COST_BUCKET_SIZE must be between 1 and 1000000000000' })
  graphqlCostBucketSize!: number;

  @IsInt({ message: 'GRAPHQL_COST_RESTORE_RATE must be an integer' })
  @Min(1, { message: 'GRAPHQL_COST_RESTORE_RATE must be between 1 and 1000000000000' })
  @Max(1_000_000_000_000, { message: 'GRAPHQL_COST_RESTORE_RATE must be between 1 and 1000000000000' })
  graphqlCostRestoreRate!: number;

  @IsInt({ message: 'SUBSCRIPTIONS_MAX_PER_KEY must be an integer' })
  @Min(1, { message: 'SUBSCRIPTIONS_MAX_PER_KEY must be between 1 and 100000' })
  @Max(100_000, { message: 'SUBSCRIPTIONS_MAX_PER_KEY must be between 1 and 100000' })
  subscriptionsMaxPerKey!: number;

  @IsInt({ message: 'SUBSCRIPTIONS_MAX_BUFFERED must be an integer' })
  @Min(1, { message: 'SUBSCRIPTIONS_MAX_BUFFERED must be between 1 and 1000000' })
  @Max(1_000_000, { message: 'SUBSCRIPTIONS_MAX_BUFFERED must be between 1 and 1000000' })
  subscriptionsMaxBuffered!: number;

  // Unset: no metrics listener at all; metrics are for operators and never share the partner port.
  @IsOptional()
  @IsInt({ message: 'METRICS_PORT must be an integer' })
  @Min(0, { message: 'METRICS_PORT must be between 0 and 65535' })
  @Max(65535, { message: 'METRICS_PORT must be between 0 and 65535' })
  metricsPort: number | undefined;

  @IsString()
  @MinLength(1, { message: 'METRICS_HOST must not be empty' })
  metricsHost!: string;
}

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
const FIVE_DAYS = 5 * 24 * 60 * 60;

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

function toPort(value: string | undefined): number {
  if (value === undefined) return 4000;
  return /^\d+$/.test(value) ? Number(value) : Number.NaN;
}

export function plainToConfig(env: NodeJS.ProcessEnv): { config: AppConfig; problems: string[] } {
  const input = Object.assign(new EnvironmentInput(), {
    port: toPort(nonEmpty(env.PORT)),
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    databaseUrl: nonEmpty(env.DATABASE_URL),
    databaseDirectUrl: nonEmpty(env.DATABASE_DIRECT_URL),
    databasePoolSize: toInteger(nonEmpty(env.DATABASE_POOL_SIZE), DEFAULT_DATABASE_POOL_SIZE),
    queuePoolSize: toOptionalInteger(nonEmpty(env.QUEUE_POOL_SIZE)),
    migrateOnStart: toBoolean(nonEmpty(env.MIGRATE_ON_START), true) as boolean,
    dataDir: nonEmpty(env.DATA_DIR) ?? './.data',
    logLevel: (nonEmpty(env.LOG_LEVEL) ?? 'info') as LogLevel,
    nodeEnv: (nonEmpty(env.NODE_ENV) ?? 'development') as NodeEnv,
    publicUrl: nonEmpty(env.PUBLIC_URL)?.replace(/\/+$/, ''),
    worker: toBoolean(nonEmpty(env.WORKER), true) as boolean,
    secretsKey: nonEmpty(env.SECRETS_KEY),
    webhookRetrySchedule: toSchedule(nonEmpty(env.WEBHOOK_RETRY_SCHEDULE)) as number[],
    webhookAllowPrivateNetworks: toBoolean(nonEmpty(env.WEBHOOK_ALLOW_PRIVATE_NETWORKS), false) as boolean,
    webhookTimeoutSeconds: toInteger(nonEmpty(env.WEBHOOK_TIMEOUT_SECONDS), 10),
    webhookDisableAfterSeconds: toInteger(nonEmpty(env.WEBHOOK_DISABLE_AFTER_SECONDS), FIVE_DAYS),
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
  const problems = [...new Set(validateSync(input).flatMap((error) => Object.values(error.constraints ?? {})))];
  // A generated key file is fine for a laptop; production secrets must survive a lost data directory.
  if (input.nodeEnv === 'production' && !input.secretsKey) problems.push('SECRETS_KEY must be set when NODE_ENV is production');
  // Two listeners on one port: the second would fail to bind after the database was opened.
  if (input.metricsPort !== undefined && input.metricsPort !== 0 && input.metricsPort === input.port) problems.push('METRICS_PORT must differ from PORT');
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
  const webhooks = {
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
  return { config: { ...rest, webhooks, limits, metrics }, problems };
}
