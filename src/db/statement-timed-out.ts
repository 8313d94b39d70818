/**
 * "PostgreSQL cancelled the statement at STATEMENT_TIMEOUT_MS": most often it waited for a lock a
 * long transaction or a migration held, or the server was too busy to finish it in time. Nothing
 * is wrong with the request, and the same request may well succeed a little later, so both faces
 * answer 503 STATEMENT_TIMEOUT with Retry-After instead of a 500. The failed statement's
 * transaction rolls back, and with it the write (services write in one transaction).
 *
 * SQLSTATE 57014 (query_canceled) is also what a cancel request gives (pg_cancel_backend, a
 * client's own cancel): someone decided that statement must stop, and retrying it would run it
 * again, so that stays an internal error. Only PostgreSQL's message tells the two apart; it is
 * matched exactly, like the other messages of database-unavailable.ts (a server whose lc_messages
 * translates them answers a timeout 500, as before).
 */

/** Seconds a client is told to wait (Retry-After) before sending a request that timed out again. */
export const STATEMENT_TIMEOUT_RETRY_AFTER_SECONDS = 5;

/** What both faces say; nothing about the statement or the lock (which the log and metrics cover). */
export const STATEMENT_TIMEOUT_MESSAGE = 'The request took too long in the database and was cancelled; retry shortly';

const QUERY_CANCELED = '57014';
const STATEMENT_TIMEOUT_TEXT = 'canceling statement due to statement timeout';

interface ErrorFields {
  code?: unknown;
  message?: unknown;
  driverError?: unknown;
}

/**
 * True when `error` (from pg, or TypeORM's QueryFailedError around it) is a statement cancelled by
 * the statement timeout.
 */
export function isStatementTimeout(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const { code, message, driverError } = error as ErrorFields;
  if (driverError !== undefined) return isStatementTimeout(driverError, depth + 1);
  return code === QUERY_CANCELED && message === STATEMENT_TIMEOUT_TEXT;
}
