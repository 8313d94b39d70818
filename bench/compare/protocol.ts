/**
 * What the bench process and the server processes it forks say to each other over the IPC channel.
 * Each server runs in a process of its own so that its memory (VmRSS) is its own.
 */

/** Child → parent. */
export type ServerMessage =
  | { type: 'ready'; port: number }
  | { type: 'statements'; count: number }
  | { type: 'failed'; error: string };

/** Parent → child. */
export type ControlMessage = { type: 'statements' } | { type: 'stop' };

/** Environment every server process is started with (besides NODE_ENV=production). */
export const ENV_DATABASE_URL = 'BENCH_DATABASE_URL';
export const ENV_SECRETS_KEY = 'BENCH_SECRETS_KEY';

/** The PostgreSQL schema holding the workspace-scoped views PostGraphile serves (workspace from pgSettings). */
export const POSTGRAPHILE_SCHEMA = 'bench_postgraphile';
/** The schema of live-row views for the PostGraphile that takes the workspace as a `condition` argument. */
export const POSTGRAPHILE_CONDITION_SCHEMA = 'bench_postgraphile_live';
/** The transaction-local setting those views read the workspace from. */
export const ORGANISATION_SETTING = 'bench.organisation_id';

/** Same pool size for every server (the project's TypeORM pool has max 10, ormconfig.ts). */
export const POOL_SIZE = 10;
