import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { ErrorCode } from '../common/error-codes';
import { DomainError, ValidationFailedError } from '../common/errors';
import { UndeclaredReadError } from '../db/projected-reads';
import { type TransientFailure, transientFailureOf } from '../db/transient-failure';

export const INTERNAL_MESSAGE = 'Internal server error';

/** Codes Apollo itself assigns to requests it could not run; they carry no internals. */
const PASS_THROUGH_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  ErrorCode.GRAPHQL_PARSE_FAILED,
  ErrorCode.GRAPHQL_VALIDATION_FAILED,
  ErrorCode.BAD_USER_INPUT,
  ErrorCode.BAD_REQUEST,
  ErrorCode.PERSISTED_QUERY_NOT_FOUND,
  ErrorCode.PERSISTED_QUERY_NOT_SUPPORTED,
  ErrorCode.OPERATION_RESOLUTION_FAILURE,
  ErrorCode.UNAUTHENTICATED,
  // The cost limits (src/graphql/cost), refused before execution.
  ErrorCode.QUERY_TOO_COMPLEX,
  ErrorCode.QUERY_TOO_DEEP,
  ErrorCode.TOO_MANY_FIELDS,
  ErrorCode.THROTTLED,
]);

/**
 * The error behind a GraphQL error: a resolver's (Apollo's unwrapResolverError), or the domain
 * refusal a plugin raised before execution (the scope check, the subscriptions' limits), which
 * wraps it without a path.
 */
export function originalOf(error: unknown): unknown {
  const unwrapped = unwrapResolverError(error);
  return unwrapped instanceof GraphQLError && unwrapped.originalError instanceof DomainError ? unwrapped.originalError : unwrapped;
}

/** Refusals the domain raises on purpose; everything else is logged as a failure. */
export function isExpectedError(error: unknown): boolean {
  return originalOf(error) instanceof DomainError;
}

/**
 * Apollo refuses some requests before running them with a 4xx status and no code (a persisted
 * query whose hash does not match its text, an unsupported persisted-query version): the client's
 * mistake, answered as BAD_REQUEST and not logged as a failure.
 */
export function isUncodedRequestRefusal(error: unknown): boolean {
  if (!(error instanceof GraphQLError) || error.originalError || error.extensions?.code !== undefined) return false;
  const status = (error.extensions?.http as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** Apollo's words for those refusals, said so a partner knows what to fix. */
const REFUSAL_MESSAGES: Readonly<Record<string, string>> = {
  'provided sha does not match query': 'extensions.persistedQuery.sha256Hash is not the SHA-256 of the query sent with it',
  'Unsupported persisted query version': 'extensions.persistedQuery.version must be 1',
};

/**
 * The database could not be reached (SERVICE_UNAVAILABLE), or a statement ran past the statement
 * timeout (STATEMENT_TIMEOUT): answered with HTTP 503 and Retry-After (graphql-route.ts).
 */
export function transientFailureOfGraphQLError(error: unknown): TransientFailure | undefined {
  return transientFailureOf(unwrapResolverError(error));
}

/**
 * The one place GraphQL errors get their `extensions.code`. Domain errors map to their codes; an
 * unreachable database is SERVICE_UNAVAILABLE, a statement past the timeout STATEMENT_TIMEOUT;
 * anything unexpected (logged by the error-logging plugin) becomes a bare INTERNAL_SERVER_ERROR
 * (but a column read without `@Reads`, which only the tests' check raises: its message says which).
 */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
    const original = originalOf(error);
    const base = { message: formatted.message, locations: formatted.locations, path: formatted.path };
    if (original instanceof ValidationFailedError) {
      return { ...base, message: original.message, extensions: { code: original.code, fieldErrors: original.fieldErrors } };
    }
    if (original instanceof DomainError) return { ...base, message: original.message, extensions: { ...original.details, code: original.code } };
    const transient = transientFailureOf(original);
    if (transient) return { ...base, message: transient.message, extensions: { code: transient.code } };
    if (isUncodedRequestRefusal(original)) {
      return { ...base, message: REFUSAL_MESSAGES[formatted.message] ?? formatted.message, extensions: { code: ErrorCode.BAD_REQUEST } };
    }
    if (original instanceof UndeclaredReadError) {
      // Thrown only under the tests' check (src/db/projected-reads.ts): said in full, so the failing test names the field to fix.
      return { ...base, message: original.readBy(formatted.path), extensions: { code: ErrorCode.INTERNAL_SERVER_ERROR } };
    }
    const code = formatted.extensions?.code;
    if (typeof code === 'string' && PASS_THROUGH_CODES.has(code) && (original instanceof GraphQLError || original === error)) {
      return { ...base, message: withoutEchoedVariable(formatted.message, original), extensions: { code } };
    }
    return { ...base, message: INTERNAL_MESSAGE, extensions: { code: ErrorCode.INTERNAL_SERVER_ERROR } };
}

/**
 * graphql-js ends some validation and coercion messages with `Did you mean "x"?` (field,
 * argument, type, enum value and input field names). Production answers leave that out.
 */
export function withoutSuggestions(formatted: GraphQLFormattedError): GraphQLFormattedError {
  const message = formatted.message.replace(/\s*Did you mean [\s\S]*\?$/, '');
  return message === formatted.message ? formatted : { ...formatted, message };
}

/**
 * graphql-js quotes a whole variable it cannot coerce (`Variable "$input" got invalid value { …
 * password: "…" }; Field "x" is not defined…`), which would send a password back and into logs.
 * Kept: the variable, the path inside it and the reason.
 */
function withoutEchoedVariable(message: string, error: unknown): string {
  const reason = error instanceof GraphQLError && error.originalError ? error.originalError.message : null;
  const variable = /^Variable "(\$[^"]+)" got invalid value /.exec(message);
  if (!variable || reason === null || !message.endsWith(`; ${reason}`)) return message;
  const prefix = message.slice(0, message.length - reason.length - 2);
  const at = / at "[^"]*"$/.exec(prefix)?.[0] ?? '';
  return `Variable "${variable[1]}" got invalid value${at}; ${reason}`;
}
