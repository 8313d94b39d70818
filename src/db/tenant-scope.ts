import type { EntityManager, EntityTarget, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { RequestContext } from '../common/request-context';

/**
 * Every read of workspace data starts here, so the organisation filter is never forgotten.
 * Soft-deleted rows are excluded by TypeORM's delete-date handling.
 */
export function tenantQuery<T extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  alias: string,
  ctx: RequestContext,
): SelectQueryBuilder<T> {
  return manager.createQueryBuilder(entity, alias).where(`${alias}.organisationId = :organisationId`, { organisationId: ctx.organisationId });
}
