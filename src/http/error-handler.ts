import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { fieldLabel, NotFoundError, UnauthenticatedError, ValidationFailedError } from '../common/errors';
import { wireNameOf } from '../common/wire-shape';
import { DATABASE_RETRY_AFTER_SECONDS, describeUnavailable, isDatabaseUnavailable, SERVICE_UNAVAILABLE_CODE, SERVICE_UNAVAILABLE_MESSAGE } from '../db/database-unavailable';
import { isGraphQLTarget } from './framework-errors';
import { failure } from './rest/envelope';
import { WireValidationError } from './rest/request-input';

export const INTERNAL_ERROR_MESSAGE = 'Internal server error';

interface HttpFailure {
  status: number;
  message: string;
  errors?: Record<string, string[]>;
  code: string;
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

function classify(error: unknown, request: FastifyRequest): HttpFailure {
  if (error instanceof UnauthenticatedError) return { status: 401, message: error.message, code: 'UNAUTHENTICATED' };
  if (error instanceof NotFoundError) return { status: 404, message: error.message, code: 'NOT_FOUND' };
  if (error instanceof ValidationFailedError) {
    return { status: 422, message: error.message, errors: v2FieldErrors(error, request), code: 'BAD_USER_INPUT' };
  }
  if (isFrameworkClientError(error)) return { status: error.statusCode, message: error.message, code: 'BAD_REQUEST' };
  if (isDatabaseUnavailable(error)) return { status: 503, message: SERVICE_UNAVAILABLE_MESSAGE, code: SERVICE_UNAVAILABLE_CODE };
  return { status: 500, message: INTERNAL_ERROR_MESSAGE, code: 'INTERNAL_SERVER_ERROR' };
}

/**
 * One translation of every failure into the shape of the face that was called; 500s say nothing
 * internal. An unreachable database (also when the API-key lookup, the first statement of every
 * request, meets it) is a 503 with Retry-After, logged as a warning: the service recovers by itself.
 */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const outcome = classify(error, request);
  if (outcome.code === SERVICE_UNAVAILABLE_CODE) {
    request.log.warn({ status: 503, database: describeUnavailable(error) }, 'database unavailable');
    void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
  } else if (outcome.status >= 500) {
    request.log.error({ err: error }, 'request failed');
  } else {
    request.log.info({ status: outcome.status, reason: outcome.message }, 'request refused');
  }
  if (isGraphQLTarget(request.url)) {
    return reply.status(outcome.status).send({ errors: [{ message: outcome.message, extensions: { code: outcome.code } }] });
  }
  return reply.status(outcome.status).send(failure(outcome.message, outcome.errors));
}

/** Names the path as the client sent it (before an undecodable segment was escaped for routing). */
export function handleNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.status(404).send(failure(`No route for ${request.method} ${(request.originalUrl ?? request.url).split('?')[0]}`));
}
