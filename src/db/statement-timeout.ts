import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { SchemaSession } from './migration-lock';

/**
 * The statement timeout behind a transaction pooler. PgBouncer refuses a `statement_timeout`
 * startup parameter, and a `SET` would stay on whichever server connection ran it, for the next
 * client; what a transaction pooler keeps is the role's default in the database, which PostgreSQL
 * applies to every server connection the pooler opens as that role. So, through a pooler, each
 * process makes sure the default is STATEMENT_TIMEOUT_MS (`ALTER ROLE … IN DATABASE … SET`, only
 * when it differs, under the migration lock so that processes starting together do not race on
 * the catalogue), then checks what a pooled connection actually has: server connections the
 * pooler opened before the change keep the old value until it reconnects them, which the log says.
 */
export async function ensureRoleStatementTimeout(session: SchemaSession, statementTimeoutMs: number, logger: Logger): Promise<void> {
  const wanted = `statement_timeout=${statementTimeoutMs}`;
  try {
    const [{ current }] = await session.query<{ current: string | null }>(
      `SELECT (SELECT s FROM pg_db_role_setting r, unnest(r.setconfig) s
         WHERE r.setrole = (SELECT oid FROM pg_roles WHERE rolname = current_user)
           AND r.setdatabase = (SELECT oid FROM pg_database WHERE datname = current_database())
           AND s LIKE 'statement_timeout=%') AS current`,
    );
    if (current === wanted) return;
    // Both names come from the session and the value is an integer from the configuration.
    await session.query(`DO $$ BEGIN EXECUTE format('ALTER ROLE %I IN DATABASE %I SET statement_timeout = ${Math.trunc(statementTimeoutMs)}', current_user, current_database()); END $$`);
    logger.info({ statementTimeoutMs, was: current ?? 'unset' }, 'statement timeout set as the role’s default in this database (a transaction pooler keeps it)');
  } catch (error) {
    logger.error(
      { error: error instanceof Error ? error.message : String(error) },
      'could not set the statement timeout as the role’s default: through the pooler, statements run without it. Have the database owner run ALTER ROLE … IN DATABASE … SET statement_timeout, or set it in the pooler (docs/scaling.md)',
    );
  }
}

/** What a pooled connection has; a warning when it is not STATEMENT_TIMEOUT_MS. */
export async function checkPooledStatementTimeout(dataSource: DataSource, statementTimeoutMs: number, logger: Logger): Promise<void> {
  const [{ ms }] = (await dataSource.query(`SELECT (EXTRACT(EPOCH FROM current_setting('statement_timeout')::interval) * 1000)::bigint::text AS ms`)) as { ms: string }[];
  if (Number(ms) === statementTimeoutMs) return;
  logger.warn(
    { expectedMs: statementTimeoutMs, actualMs: Number(ms) },
    'a pooled connection has another statement timeout: the pooler keeps server connections opened before the role’s default changed; RECONNECT in its console (or its server_lifetime) renews them',
  );
}
