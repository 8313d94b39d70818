/**
 * Domain errors. Services throw these; each face (REST, GraphQL) translates them in one place.
 * Field names are the service inputs' property names; faces map them to their own spellings.
 */
export type FieldErrors = Record<string, string[]>;

export class DomainError extends Error {}

export class NotFoundError extends DomainError {
  constructor(public readonly resource: string) {
    super(`${resource} not found`);
    this.name = 'NotFoundError';
  }
}

export class ValidationFailedError extends DomainError {
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
  constructor(message: 'API key is missing' | 'API key is invalid') {
    super(message);
    this.name = 'UnauthenticatedError';
  }
}
