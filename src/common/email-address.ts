import { ValidateBy, type ValidationOptions } from 'class-validator';

/** The longest address a mailbox may have (RFC 5321 path limit), as stored and as compared. */
export const MAX_EMAIL_LENGTH = 254;

export interface EmailAddress {
  /** As the client wrote it, trimmed: what records show. */
  email: string;
  /** Lower-cased: what uniqueness is judged on, so `Kim@X.example` and `kim@x.example` clash. */
  emailKey: string;
}

export function emailAddress(raw: string): EmailAddress {
  const email = raw.trim();
  return { email, emailKey: email.toLowerCase() };
}

/**
 * Length of the address and of its comparison key. Lower-casing can lengthen a string (`İ` becomes
 * two code units), so an address within the limit as sent may not be once folded.
 */
export function FitsEmailLength(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'fitsEmailLength',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && Object.values(emailAddress(value)).every((form) => form.length <= MAX_EMAIL_LENGTH),
        defaultMessage: () => `must be at most ${MAX_EMAIL_LENGTH} characters`,
      },
    },
    options,
  );
}
