import { IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min, MinLength, validateSync } from 'class-validator';
import type { AppConfig, LogLevel, NodeEnv } from './config';

const NODE_ENVS: NodeEnv[] = ['development', 'production', 'test'];
const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

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
    dataDir: nonEmpty(env.DATA_DIR) ?? './.data',
    logLevel: (nonEmpty(env.LOG_LEVEL) ?? 'info') as LogLevel,
    nodeEnv: (nonEmpty(env.NODE_ENV) ?? 'development') as NodeEnv,
    publicUrl: nonEmpty(env.PUBLIC_URL)?.replace(/\/+$/, ''),
  });
  const problems = [...new Set(validateSync(input).flatMap((error) => Object.values(error.constraints ?? {})))];
  return { config: { ...input }, problems };
}
