import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../common/error-codes';
import { DomainError, fieldLabel, ValidationFailedError } from '../common/errors';
import { wireNameOf } from '../common/wire-shape';
import { describeUnavailable } from '../db/database-unavailable';
import { transientFailureOf } from '../db/transient-failure';
import { graphqlHttpStatusOf } from '../graphql/error-status';
import { httpStatusOf } from './error-status';
import { isGraphQLTarget } from './framework-errors';
import { failure } from './rest/envelope';
import { WireValidationError } from './rest/request-input';

export const INTERNAL_ERROR_MESSAGE = 'Internal server error';

interface HttpFailure {
  status: number;
  message: string;
  errors?: Record<string, string[]>;
  code: ErrorCode;
  /** Set for a failure that passes by itself (transient-failure.ts). */
  retryAfterSeconds?: number;
}

function v2FieldErrors(error: ValidationFailedError, request: FastifyRequest): Record<string, string[]> {
  const wire = request.routeOptions.config?.wire;
  const entries = Object.entries(error.fieldErrors).map(([prop, messages]): [string, string[]] => {
    const name = error instanceof WireValidationError ? prop : (wire?.wireName(prop) ?? wireNameOf(prop));
    return [name, messages.map((message) => `${fieldLabel(name)} ${message}`)];
  });
  return Object.fromEntries(entries);
}

/** Client errors Fastify raises before a handler runs (bad JSON, wrong media type, body too large…). */
function isFrameworkClientError(error: unknown): error is FastifyError & { statusCode: number } {
  const candidate = error as Partial<FastifyError>;
  return typeof candidate.statusCode === 'number' && candidate.statusCode >= 400 && candidate.statusCode < 500 && typeof candidate.code === 'string';
}

/** The status of `code` on the face the request called. */
function statusOn(request: FastifyRequest, code: ErrorCode): number {
  return isGraphQLTarget(request.url) ? graphqlHttpStatusOf(code) : httpStatusOf(code);
}

function classify(error: unknown, request: FastifyRequest): HttpFailure {
  if (error instanceof ValidationFailedError) {
    // Raised before a GraphQL resolver runs only by REST's input checks: 422 on either face.
    return { status: httpStatusOf(error.code), message: error.message, errors: v2FieldErrors(error, request), code: error.code };
  }
  if (error instanceof DomainError) return { status: statusOn(request, error.code), message: error.message, code: error.code };
  if (isFrameworkClientError(error)) return { status: error.statusCode, message: error.message, code: ErrorCode.BAD_REQUEST };
  const transient = transientFailureOf(error);
  if (transient) return { status: statusOn(request, transient.code), ...transient };
  return { status: statusOn(request, ErrorCode.INTERNAL_SERVER_ERROR), message: INTERNAL_ERROR_MESSAGE, code: ErrorCode.INTERNAL_SERVER_ERROR };
}

/** What the log says of a failure that passes by itself: a warning without a stack, it is not a defect. */
function warnTransient(error: unknown, outcome: HttpFailure, request: FastifyRequest, statementTimeoutMs: number | undefined): void {
  if (outcome.code === ErrorCode.STATEMENT_TIMEOUT) {
    request.log.warn({ status: outcome.status, method: request.method, route: request.routeOptions.url, statementTimeoutMs }, 'statement timeout');
  } else {
    request.log.warn({ status: 503, database: describeUnavailable(error) }, 'database unavailable');
  }
}

/**
 * One translation of every failure into the shape of the face that was called; 500s say nothing
 * internal. An unreachable database (also when the API-key lookup, the first statement of every
 * request, meets it) or a statement past STATEMENT_TIMEOUT_MS (`statementTimeoutMs`, for the log) is
 * a 503 with Retry-After, logged as a warning: the service recovers by itself.
 */
export function errorHandler(statementTimeoutMs?: number): (error: unknown, request: FastifyRequest, reply: FastifyReply) => FastifyReply {
  return function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const outcome = classify(error, request);
    if (outcome.retryAfterSeconds !== undefined) {
      warnTransient(error, outcome, request, statementTimeoutMs);
      void reply.header('retry-after', String(outcome.retryAfterSeconds));
    } else if (outcome.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ status: outcome.status, reason: outcome.message }, 'request refused');
    }
    if (isGraphQLTarget(request.url)) {
      return reply.status(outcome.status).send({ errors: [{ message: outcome.message, extensions: { code: outcome.code } }] });
    }
    return reply.status(outcome.status).send(failure(outcome.message, outcome.code, request.id, outcome.errors));
  };
}

/** Names the path as the client sent it (before an undecodable segment was escaped for routing). */
export function handleNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const message = `No route for ${request.method} ${(request.originalUrl ?? request.url).split('?')[0]}`;
  return reply.status(httpStatusOf(ErrorCode.NOT_FOUND)).send(failure(message, ErrorCode.NOT_FOUND, request.id));
}
