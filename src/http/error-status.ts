import { ErrorCode, unmapped } from '../common/error-codes';

/**
 * The REST face: the HTTP status of each code. BAD_REQUEST is the status of its refusal when it
 * has a more precise one (408, 413, 414, 415, 417, 431…); this is its default. Codes only GraphQL
 * answers are mapped as the client errors they are, for completeness.
 */
export function httpStatusOf(code: ErrorCode): number {
  switch (code) {
    case ErrorCode.UNAUTHENTICATED:
      return 401;
    case ErrorCode.FORBIDDEN:
      return 403;
    case ErrorCode.NOT_FOUND:
      return 404;
    case ErrorCode.BAD_USER_INPUT:
    case ErrorCode.IDEMPOTENCY_KEY_REUSED:
      return 422;
    case ErrorCode.IDEMPOTENCY_KEY_IN_USE:
      return 409;
    case ErrorCode.RATE_LIMITED:
    case ErrorCode.THROTTLED:
    case ErrorCode.TOO_MANY_SUBSCRIPTIONS:
      return 429;
    case ErrorCode.SERVICE_UNAVAILABLE:
    case ErrorCode.STATEMENT_TIMEOUT:
      return 503;
    case ErrorCode.INTERNAL_SERVER_ERROR:
      return 500;
    case ErrorCode.CURSOR_EXPIRED:
      return 410;
    // Subscriptions only (GraphQL): as the client error it is.
    case ErrorCode.SLOW_CONSUMER:
      return 400;
    case ErrorCode.BAD_REQUEST:
    case ErrorCode.QUERY_TOO_COMPLEX:
    case ErrorCode.QUERY_TOO_DEEP:
    case ErrorCode.TOO_MANY_FIELDS:
    case ErrorCode.RESPONSE_TOO_LARGE:
    case ErrorCode.GRAPHQL_PARSE_FAILED:
    case ErrorCode.GRAPHQL_VALIDATION_FAILED:
    case ErrorCode.PERSISTED_QUERY_NOT_FOUND:
    case ErrorCode.PERSISTED_QUERY_NOT_SUPPORTED:
    case ErrorCode.OPERATION_RESOLUTION_FAILURE:
      return 400;
    default:
      return unmapped(code);
  }
}

/** The code of a refusal known only by its status (Fastify's and Node's own client errors). */
export function codeOfStatus(status: number): ErrorCode {
  if (status === 401) return ErrorCode.UNAUTHENTICATED;
  if (status === 404) return ErrorCode.NOT_FOUND;
  if (status === 503) return ErrorCode.SERVICE_UNAVAILABLE;
  if (status >= 500) return ErrorCode.INTERNAL_SERVER_ERROR;
  return ErrorCode.BAD_REQUEST;
}
