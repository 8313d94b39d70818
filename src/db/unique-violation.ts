import { type EntityManager, type EntityTarget, type ObjectLiteral, QueryFailedError } from 'typeorm';
import { ValidationFailedError } from '../common/errors';
import type { RequestContext } from '../common/request-context';
import { tenantQuery } from './tenant-scope';

/**
 * True when `error` is PostgreSQL's unique_violation on `constraint`. Services check uniqueness
 * first for a clear message; this catches the race where two writes pass that check together.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === '23505' && driverError.constraint === constraint;
}

/** A value that must be unique among live rows: the field it is reported on, and how. */
export interface UniqueRule {
  constraint: string;
  field: string;
  message: string;
}

/** Runs a write; the race on `rule`'s constraint is the same 422 the check before it gives. */
export async function withUniqueRule<T>(rule: UniqueRule, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error, rule.constraint)) throw ValidationFailedError.single(rule.field, rule.message);
    throw error;
  }
}

/**
 * 422 on `rule.field` when a live row of the workspace matching `where` (entity properties)
 * already holds the value; `exceptId` is the row being updated.
 */
export async function assertUnique<T extends ObjectLiteral>(
  manager: EntityManager,
  ctx: RequestContext,
  entity: EntityTarget<T>,
  where: Record<string, string | number>,
  exceptId: number | null,
  rule: UniqueRule,
): Promise<void> {
  const query = tenantQuery(manager, entity, 'r', ctx);
  for (const [property, value] of Object.entries(where)) query.andWhere(`r.${property} = :${property}`, { [property]: value });
  if (exceptId !== null) query.andWhere('r.id <> :exceptId', { exceptId });
  if (await query.getExists()) throw ValidationFailedError.single(rule.field, rule.message);
}
