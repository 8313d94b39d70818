import { isISO8601, ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * An instant as clients write one in a filter: a date (`2026-11-23`, midnight UTC) or a date-time
 * with its zone (RFC 3339; seconds and fractions optional).
 */
export const INSTANT = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

export const INSTANT_MESSAGE = 'must be a date or a date-time with a time zone (2026-11-23 or 2026-11-23T18:00:00Z)';

export function isInstant(value: unknown): value is string {
  return typeof value === 'string' && INSTANT.test(value) && isISO8601(value, { strict: true });
}

/**
 * An instant's text (isInstant) as PostgreSQL reads the instant meant: a date alone is midnight
 * UTC, where `CAST('2026-11-23' AS timestamptz)` would be midnight in the session's time zone.
 */
export function instantText(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value;
}

/** A Date (GraphQL's DateTime gives one) or an instant's text (isInstant), as the instant it means. */
export function toInstant(value: Date | string): Date {
  return value instanceof Date ? value : new Date(instantText(value));
}

/** An instant as either face sends it: a valid Date (GraphQL `DateTime`) or its text (isInstant: REST bodies). */
export function IsInstant(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isInstant',
      validator: {
        validate: (value: unknown) => (value instanceof Date ? !Number.isNaN(value.getTime()) : isInstant(value)),
        defaultMessage: () => INSTANT_MESSAGE,
      },
    },
    options,
  );
}
