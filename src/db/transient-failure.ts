import { ErrorCode } from '../common/error-codes';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable, SERVICE_UNAVAILABLE_MESSAGE } from './database-unavailable';
import { isStatementTimeout, STATEMENT_TIMEOUT_MESSAGE, STATEMENT_TIMEOUT_RETRY_AFTER_SECONDS } from './statement-timed-out';

/**
 * A database failure that says nothing about the request, only "not now": the database cannot be
 * reached (database-unavailable.ts), or a statement ran past the statement timeout
 * (statement-timed-out.ts). Every face answers it with its code, 503 and Retry-After, and logs it as
 * a warning; anything else a statement fails with stays what it is.
 */
export interface TransientFailure {
  code: ErrorCode.SERVICE_UNAVAILABLE | ErrorCode.STATEMENT_TIMEOUT;
  /** What the client is told (nothing internal). */
  message: string;
  retryAfterSeconds: number;
}

const UNAVAILABLE: TransientFailure = { code: ErrorCode.SERVICE_UNAVAILABLE, message: SERVICE_UNAVAILABLE_MESSAGE, retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS };
const TIMED_OUT: TransientFailure = { code: ErrorCode.STATEMENT_TIMEOUT, message: STATEMENT_TIMEOUT_MESSAGE, retryAfterSeconds: STATEMENT_TIMEOUT_RETRY_AFTER_SECONDS };

/** The transient failure `error` (from pg, pg-pool or TypeORM) is, if it is one. */
export function transientFailureOf(error: unknown): TransientFailure | undefined {
  if (isDatabaseUnavailable(error)) return UNAVAILABLE;
  if (isStatementTimeout(error)) return TIMED_OUT;
  return undefined;
}
