/**
 * Domain errors. Services throw these; each face (REST, GraphQL) translates them in one place.
 * Field names are the service inputs' property names; faces map them to their own spellings.
 */
import { ErrorCode } from './error-codes';

export type FieldErrors = Record<string, string[]>;

/**
 * A FieldErrors to fill with names a client chose (body fields, query parameters): without a
 * prototype, `__proto__` is a key like any other and is reported, instead of silently replacing
 * the object's prototype.
 */
export function emptyFieldErrors(): FieldErrors {
  return Object.create(null) as FieldErrors;
}

/** A refusal the domain raises on purpose; its code (from the one catalogue) is what every face maps. */
export abstract class DomainError extends Error {
  abstract readonly code: ErrorCode;
  /** What the client needs besides the code and message (GraphQL: more `extensions`), when anything. */
  readonly details?: Readonly<Record<string, unknown>>;
}

export class NotFoundError extends DomainError {
  readonly code = ErrorCode.NOT_FOUND;

  constructor(public readonly resource: string) {
    super(`${resource} not found`);
    this.name = 'NotFoundError';
  }
}

export class ValidationFailedError extends DomainError {
  readonly code = ErrorCode.BAD_USER_INPUT;

  /** Messages are written without the field name, so each face can prefix its own spelling. */
  constructor(public readonly fieldErrors: FieldErrors) {
    super('The given data was invalid');
    this.name = 'ValidationFailedError';
  }

  static single(field: string, message: string): ValidationFailedError {
    return new ValidationFailedError({ [field]: [message] });
  }
}

/** A change-stream cursor older than the stream keeps: the client must resynchronise, not resume. */
export class CursorExpiredError extends DomainError {
  readonly code = ErrorCode.CURSOR_EXPIRED;

  constructor(days: number) {
    super(`The cursor is older than the ${days} days the event stream keeps: resynchronise (read the records again), then follow the stream from a new cursor`);
    this.name = 'CursorExpiredError';
  }
}

/** The key is valid but may not do this: nothing ran. Names the scopes it would need. */
export class ForbiddenError extends DomainError {
  readonly code = ErrorCode.FORBIDDEN;
  override readonly details: { missingScopes: readonly string[] };

  constructor(missingScopes: readonly string[]) {
    const list = missingScopes.join(', ');
    super(`This API key lacks the ${missingScopes.length === 1 ? 'scope' : 'scopes'} ${list}: ask for a key that has ${missingScopes.length === 1 ? 'it' : 'them'}`);
    this.name = 'ForbiddenError';
    this.details = { missingScopes };
  }
}

/** A subscriber took events slower than they came: its subscription ends, and it resumes from `cursor`. */
export class SlowConsumerError extends DomainError {
  readonly code = ErrorCode.SLOW_CONSUMER;
  override readonly details: { cursor: string };

  constructor(cursor: string, maxBuffered: number) {
    super(`More than ${maxBuffered} events waited to be sent: the subscription ended; subscribe again with after: extensions.cursor to continue without a gap`);
    this.name = 'SlowConsumerError';
    this.details = { cursor };
  }
}

/** The key already holds as many subscriptions on this server as it may. */
export class TooManySubscriptionsError extends DomainError {
  readonly code = ErrorCode.TOO_MANY_SUBSCRIPTIONS;

  constructor(maxPerKey: number) {
    super(`This API key has ${maxPerKey} subscriptions open on this server, the most it may: complete one first`);
    this.name = 'TooManySubscriptionsError';
  }
}

export class UnauthenticatedError extends DomainError {
  readonly code = ErrorCode.UNAUTHENTICATED;

  constructor(message: 'API key is missing' | 'API key is invalid' | 'API key has expired') {
    super(message);
    this.name = 'UnauthenticatedError';
  }
}

/**
 * How a message names its field: the last segment of the path (`phase_title` in
 * `phases.0.phase_title`), or the whole path when that segment is an array index (`phases.1`).
 */
export function fieldLabel(path: string): string {
  const last = path.split('.').at(-1) ?? path;
  return /^\d+$/.test(last) ? path : last;
}
