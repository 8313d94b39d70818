import { ErrorCode } from './error-codes';

/** How the faces answer one code. */
export interface ErrorAnswer {
  /** The HTTP status of a REST refusal, and of a GraphQL answer refused as a whole unless `graphqlStatus` differs. */
  status: number;
  graphqlStatus?: number;
  /** Worth running again as it is, later: the admin CLI exits 75 instead of 1 (scripts may retry on 75). */
  temporary?: true;
}

/**
 * Every code's answer on every face, one row a code: a code added to ErrorCode without a row here
 * fails compilation. BAD_REQUEST's 400 is the default of a refusal that has a more precise status
 * (408, 413, 414, 415, 417, 431…); codes only GraphQL answers are mapped on REST as the client
 * errors they are, for completeness.
 */
const ERROR_ANSWERS: Readonly<Record<ErrorCode, ErrorAnswer>> = {
  [ErrorCode.UNAUTHENTICATED]: { status: 401 },
  [ErrorCode.FORBIDDEN]: { status: 403 },
  [ErrorCode.NOT_FOUND]: { status: 404 },
  // Apollo answers unusable variables 400, unlike REST's 422 for a field that breaks a rule.
  [ErrorCode.BAD_USER_INPUT]: { status: 422, graphqlStatus: 400 },
  [ErrorCode.BAD_REQUEST]: { status: 400 },
  [ErrorCode.RATE_LIMITED]: { status: 429, temporary: true },
  [ErrorCode.THROTTLED]: { status: 429, temporary: true },
  [ErrorCode.QUERY_TOO_COMPLEX]: { status: 400 },
  [ErrorCode.QUERY_TOO_DEEP]: { status: 400 },
  [ErrorCode.TOO_MANY_FIELDS]: { status: 400 },
  [ErrorCode.RESPONSE_TOO_LARGE]: { status: 400 },
  [ErrorCode.IDEMPOTENCY_KEY_REUSED]: { status: 422 },
  [ErrorCode.IDEMPOTENCY_KEY_IN_USE]: { status: 409, temporary: true },
  [ErrorCode.SERVICE_UNAVAILABLE]: { status: 503, temporary: true },
  [ErrorCode.STATEMENT_TIMEOUT]: { status: 503, temporary: true },
  [ErrorCode.INTERNAL_SERVER_ERROR]: { status: 500 },
  [ErrorCode.CURSOR_EXPIRED]: { status: 410 },
  // Subscriptions only (GraphQL): as the client error it is.
  [ErrorCode.SLOW_CONSUMER]: { status: 400 },
  [ErrorCode.TOO_MANY_SUBSCRIPTIONS]: { status: 429, temporary: true },
  [ErrorCode.GRAPHQL_PARSE_FAILED]: { status: 400 },
  [ErrorCode.GRAPHQL_VALIDATION_FAILED]: { status: 400 },
  // Apollo's automatic persisted queries: a 200 on GraphQL, so the client sends the whole document next.
  [ErrorCode.PERSISTED_QUERY_NOT_FOUND]: { status: 400, graphqlStatus: 200 },
  [ErrorCode.PERSISTED_QUERY_NOT_SUPPORTED]: { status: 400, graphqlStatus: 200 },
  [ErrorCode.OPERATION_RESOLUTION_FAILURE]: { status: 400 },
};

/** The answer of a code; a value that is not a code (a cast gone wrong) is a defect, not a 500 of its own. */
export function errorAnswerOf(code: ErrorCode): ErrorAnswer {
  const answer = ERROR_ANSWERS[code] as ErrorAnswer | undefined;
  if (!answer) throw new Error(`Unmapped error code: ${String(code)}`);
  return answer;
}
