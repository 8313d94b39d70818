import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min, MinLength, ValidateIf, validateSync } from 'class-validator';
import type { LogLevel, NodeEnv } from './config';
import { MIN_RESPONSE_CAP_BYTES } from './config-defaults';

/**
 * The environment's settings as one flat record, one field a variable, with the rules each must
 * meet: the shape parse-environment.ts reads process.env's text into before it becomes AppConfig.
 * A field the text could not be read as (a port that is not digits) holds NaN or the text itself,
 * so that its rule, not the parsing, says what is wrong.
 */

const NODE_ENVS: NodeEnv[] = ['development', 'production', 'test'];
const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export class EnvironmentInput {
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

/** Every rule the input breaks, each message once: the fields' own in their order, then those between fields. */
export function environmentProblems(input: EnvironmentInput): string[] {
  const problems = [...new Set(validateSync(input).flatMap((error) => Object.values(error.constraints ?? {})))];
  // A generated key file is fine for a laptop; production secrets must survive a lost data directory.
  if (input.nodeEnv === 'production' && !input.secretsKey) problems.push('SECRETS_KEY must be set when NODE_ENV is production');
  // Two listeners on one port: the second would fail to bind after the database was opened.
  if (input.metricsPort !== undefined && input.metricsPort !== 0 && input.metricsPort === input.port) problems.push('METRICS_PORT must differ from PORT');
  return problems;
}
