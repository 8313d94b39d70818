/**
 * "PostgreSQL cannot be reached right now": the connection was refused, dropped or timed out, or
 * the server is shutting down, starting up or refusing connections to this database. Both faces
 * answer such a failure with 503 and Retry-After instead of a 500; the pool reconnects by itself
 * once the server is back, so no restart is needed.
 *
 * Deliberately narrow: a failed statement (syntax, constraint, missing relation, statement timeout,
 * protocol violation…) is a defect or a refusal, not an outage, and stays what it is.
 */

/** Seconds a client is told to wait (Retry-After) before trying again while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** What both faces say; nothing about the cause (which is in the log). */
export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable; retry shortly';


/**
 * SQLSTATEs of a server that will not serve this connection now: admin_shutdown (57P01, also
 * pg_terminate_backend), crash_shutdown (57P02), cannot_connect_now (57P03: starting up, shutting
 * down, in recovery) and too_many_connections (53300).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Class 08 (connection exception), except 08P01 protocol_violation: that one is a client defect. */
const CONNECTION_EXCEPTION_CLASS = '08';
const PROTOCOL_VIOLATION = '08P01';

/** 55000 covers many "wrong state" refusals; only this one is about connecting (ALLOW_CONNECTIONS false). */
const OBJECT_NOT_IN_PREREQUISITE_STATE = '55000';
const NOT_ACCEPTING_CONNECTIONS = /^database ".*" is not currently accepting connections$/;

/** Socket errors of the connection to the server (pg passes them on as they are). */
const SOCKET_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'EAI_AGAIN']);

/** Errors pg and pg-pool raise without a code when a connection is lost or cannot be had in time. */
const DRIVER_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'timeout expired',
  'Client has encountered a connection error and is not queryable',
]);

/**
 * TypeORM's refusal to go on with a transaction whose connection is gone: its query runner releases
 * itself when the driver's client reports a connection error, and the transaction's next statement
 * meets this instead of the driver's error (seen when PostgreSQL stops mid-transaction).
 */
const RELEASED_RUNNER = 'QueryRunnerAlreadyReleasedError';

interface ErrorFields {
  code?: unknown;
  message?: unknown;
  driverError?: unknown;
  errors?: unknown;
}

function isUnavailableItself(error: ErrorFields & { name?: unknown }): boolean {
  const { code, message } = error;
  if (error.name === RELEASED_RUNNER) return true;
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(code) || SOCKET_ERROR_CODES.has(code)) return true;
    if (code.length === 5 && code.startsWith(CONNECTION_EXCEPTION_CLASS) && code !== PROTOCOL_VIOLATION) return true;
    return code === OBJECT_NOT_IN_PREREQUISITE_STATE && typeof message === 'string' && NOT_ACCEPTING_CONNECTIONS.test(message);
  }
  return code === undefined && typeof message === 'string' && DRIVER_MESSAGES.has(message);
}

/**
 * True when `error` (from pg, pg-pool or TypeORM) means the database cannot be reached now.
 * Looks through TypeORM's QueryFailedError to the driver's error, and through the AggregateError
 * Node raises when every address of the host refused; not through arbitrary `cause` chains, which
 * would catch an outbound HTTP call's reset as well.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const fields = error as ErrorFields;
  if (fields.driverError !== undefined) return isDatabaseUnavailable(fields.driverError, depth + 1);
  if (isUnavailableItself(fields)) return true;
  return error instanceof AggregateError && Array.isArray(fields.errors) && fields.errors.length > 0 && fields.errors.every((inner) => isDatabaseUnavailable(inner, depth + 1));
}

/** What the log says about it: the driver's code and message, without a stack (it is not a crash). */
export function describeUnavailable(error: unknown): { code?: string; message: string } {
  const driver = (error as ErrorFields | null)?.driverError ?? error;
  const { code, message } = (driver ?? {}) as ErrorFields;
  return { ...(typeof code === 'string' ? { code } : {}), message: typeof message === 'string' ? message : String(driver) };
}
