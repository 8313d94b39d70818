import { ErrorCode, unmapped } from '../common/error-codes';

/**
 * The GraphQL face: the HTTP status of an answer refused as a whole with this top-level
 * `extensions.code`. An error raised while executing (a resolver's NOT_FOUND, say) sits beside
 * `data` in a 200 instead; mutations report their expected refusals as `userErrors`.
 */
export function graphqlHttpStatusOf(code: ErrorCode): number {
  switch (code) {
    case ErrorCode.UNAUTHENTICATED:
      return 401;
    case ErrorCode.FORBIDDEN:
      return 403;
    case ErrorCode.NOT_FOUND:
      return 404;
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
    case ErrorCode.SLOW_CONSUMER:
      return 400;
    // Apollo answers unusable variables 400, unlike REST's 422 for a field that breaks a rule.
    case ErrorCode.BAD_USER_INPUT:
    case ErrorCode.BAD_REQUEST:
    case ErrorCode.QUERY_TOO_COMPLEX:
    case ErrorCode.QUERY_TOO_DEEP:
    case ErrorCode.TOO_MANY_FIELDS:
    case ErrorCode.RESPONSE_TOO_LARGE:
    case ErrorCode.GRAPHQL_PARSE_FAILED:
    case ErrorCode.GRAPHQL_VALIDATION_FAILED:
    case ErrorCode.OPERATION_RESOLUTION_FAILURE:
      return 400;
    // Apollo's automatic persisted queries: a 200, so the client sends the whole document next.
    case ErrorCode.PERSISTED_QUERY_NOT_FOUND:
    case ErrorCode.PERSISTED_QUERY_NOT_SUPPORTED:
      return 200;
    default:
      return unmapped(code);
  }
}
