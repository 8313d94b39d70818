import { ErrorCode, unmapped } from '../common/error-codes';

/** Exit status of a failed command (a bad option, an unknown id, a defect): the CLI's contract since its first version. */
export const EXIT_FAILED = 1;
/** sysexits' EX_TEMPFAIL: try again later (the database cannot be reached, or a statement timed out). */
export const EXIT_TEMPORARY_FAILURE = 75;

/** The CLI face: the exit status of a command that failed with this code. */
export function cliExitCodeOf(code: ErrorCode): number {
  switch (code) {
    case ErrorCode.UNAUTHENTICATED:
    case ErrorCode.FORBIDDEN:
    case ErrorCode.NOT_FOUND:
    case ErrorCode.BAD_USER_INPUT:
    case ErrorCode.BAD_REQUEST:
    case ErrorCode.IDEMPOTENCY_KEY_REUSED:
    case ErrorCode.QUERY_TOO_COMPLEX:
    case ErrorCode.QUERY_TOO_DEEP:
    case ErrorCode.TOO_MANY_FIELDS:
    case ErrorCode.RESPONSE_TOO_LARGE:
    case ErrorCode.GRAPHQL_PARSE_FAILED:
    case ErrorCode.GRAPHQL_VALIDATION_FAILED:
    case ErrorCode.PERSISTED_QUERY_NOT_FOUND:
    case ErrorCode.PERSISTED_QUERY_NOT_SUPPORTED:
    case ErrorCode.OPERATION_RESOLUTION_FAILURE:
    case ErrorCode.CURSOR_EXPIRED:
    case ErrorCode.SLOW_CONSUMER:
      return EXIT_FAILED;
    // Worth running again as it is, later (scripts may retry on 75).
    case ErrorCode.RATE_LIMITED:
    case ErrorCode.THROTTLED:
    case ErrorCode.TOO_MANY_SUBSCRIPTIONS:
    case ErrorCode.IDEMPOTENCY_KEY_IN_USE:
    case ErrorCode.SERVICE_UNAVAILABLE:
    case ErrorCode.STATEMENT_TIMEOUT:
      return EXIT_TEMPORARY_FAILURE;
    case ErrorCode.INTERNAL_SERVER_ERROR:
      return EXIT_FAILED;
    default:
      return unmapped(code);
  }
}
