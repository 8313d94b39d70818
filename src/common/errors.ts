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

export class UnauthenticatedError extends DomainError {
  readonly code = ErrorCode.UNAUTHENTICATED;

  constructor(message: 'API key is missing' | 'API key is invalid') {
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
