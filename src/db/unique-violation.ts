import { QueryFailedError } from 'typeorm';

/**
 * True when `error` is PostgreSQL's unique_violation on `constraint`. Services check uniqueness
 * first for a clear message; this catches the race where two writes pass that check together.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === '23505' && driverError.constraint === constraint;
}
