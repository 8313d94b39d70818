/**
 * The error catalogue: every code the service answers with, on every face (REST `code`, GraphQL
 * `extensions.code` and `userErrors.code`, the admin CLI's exit status). How each face answers it
 * is one row of src/common/error-answers.ts: a code added here without a row there fails compilation.
 */
export enum ErrorCode {
  /** No API key, or one no workspace has. */
  UNAUTHENTICATED = 'UNAUTHENTICATED',
  /** The API key is valid but lacks a scope the operation needs; nothing ran. */
  FORBIDDEN = 'FORBIDDEN',
  /** The id (or route) names nothing in this workspace. */
  NOT_FOUND = 'NOT_FOUND',
  /** A field breaks a rule; nothing was changed. */
  BAD_USER_INPUT = 'BAD_USER_INPUT',
  /** The request itself cannot be read: malformed, too large, too deep, unsupported media type… */
  BAD_REQUEST = 'BAD_REQUEST',
  /** Too many requests for this API key (per window, both faces). */
  RATE_LIMITED = 'RATE_LIMITED',
  /** GraphQL: the query's cost is more than the points left in the key's bucket. */
  THROTTLED = 'THROTTLED',
  /** GraphQL: the query's cost is over the per-request maximum. */
  QUERY_TOO_COMPLEX = 'QUERY_TOO_COMPLEX',
  /** GraphQL: fields nest deeper than allowed. */
  QUERY_TOO_DEEP = 'QUERY_TOO_DEEP',
  /** GraphQL: too many field selections or aliases. */
  TOO_MANY_FIELDS = 'TOO_MANY_FIELDS',
  /** A read's answer is over the byte cap (MAX_RESPONSE_BYTES): ask for less. */
  RESPONSE_TOO_LARGE = 'RESPONSE_TOO_LARGE',
  /** The Idempotency-Key was used with a different request. */
  IDEMPOTENCY_KEY_REUSED = 'IDEMPOTENCY_KEY_REUSED',
  /** A request with the Idempotency-Key is still in progress. */
  IDEMPOTENCY_KEY_IN_USE = 'IDEMPOTENCY_KEY_IN_USE',
  /** The database cannot be reached, the server is overloaded or shutting down: retry. */
  SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE',
  /** A statement ran past STATEMENT_TIMEOUT_MS (most often waiting for a lock) and was cancelled: retry. */
  STATEMENT_TIMEOUT = 'STATEMENT_TIMEOUT',
  /** Anything unexpected; nothing internal is said. */
  INTERNAL_SERVER_ERROR = 'INTERNAL_SERVER_ERROR',
  /** The event stream's cursor is older than the stream keeps (30 days): resynchronise. */
  CURSOR_EXPIRED = 'CURSOR_EXPIRED',
  /** A subscription's events were not taken fast enough: it ended; resume from `extensions.cursor`. */
  SLOW_CONSUMER = 'SLOW_CONSUMER',
  /** The API key has as many subscriptions open on this server as it may (SUBSCRIPTIONS_MAX_PER_KEY). */
  TOO_MANY_SUBSCRIPTIONS = 'TOO_MANY_SUBSCRIPTIONS',
  /** GraphQL (Apollo): the document does not parse. */
  GRAPHQL_PARSE_FAILED = 'GRAPHQL_PARSE_FAILED',
  /** GraphQL (Apollo): the document does not validate against the schema. */
  GRAPHQL_VALIDATION_FAILED = 'GRAPHQL_VALIDATION_FAILED',
  /** GraphQL (Apollo): an automatic persisted query's hash is unknown. */
  PERSISTED_QUERY_NOT_FOUND = 'PERSISTED_QUERY_NOT_FOUND',
  /** GraphQL (Apollo): persisted queries are not supported. */
  PERSISTED_QUERY_NOT_SUPPORTED = 'PERSISTED_QUERY_NOT_SUPPORTED',
  /** GraphQL (Apollo): the operation to run cannot be chosen (no or unknown operationName). */
  OPERATION_RESOLUTION_FAILURE = 'OPERATION_RESOLUTION_FAILURE',
}

export const ERROR_CODES: readonly ErrorCode[] = Object.values(ErrorCode);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
