import { errorAnswerOf } from '../common/error-answers';
import { ErrorCode } from '../common/error-codes';

/** The REST face: the HTTP status of each code (src/common/error-answers.ts). */
export function httpStatusOf(code: ErrorCode): number {
  return errorAnswerOf(code).status;
}

/** The code of a refusal known only by its status (Fastify's and Node's own client errors). */
export function codeOfStatus(status: number): ErrorCode {
  if (status === 401) return ErrorCode.UNAUTHENTICATED;
  if (status === 404) return ErrorCode.NOT_FOUND;
  if (status === 503) return ErrorCode.SERVICE_UNAVAILABLE;
  if (status >= 500) return ErrorCode.INTERNAL_SERVER_ERROR;
  return ErrorCode.BAD_REQUEST;
}
