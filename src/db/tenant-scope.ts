import type { EntityManager, EntityTarget, FindOptionsWhere, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { NotFoundError } from '../common/errors';
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

/** Live rows of the workspace among `ids` (for DataLoader batches); missing or foreign ids are simply absent. */
export function findManyInWorkspace<T extends ObjectLiteral>(manager: EntityManager, entity: EntityTarget<T>, ctx: RequestContext, ids: readonly number[]): Promise<T[]> {
  return tenantQuery(manager, entity, 'r', ctx).andWhere('r.id = ANY(:ids)', { ids: [...ids] }).getMany();
}

/**
 * How a write holds a row until its transaction ends: `update` (FOR UPDATE) so concurrent
 * writes to one record apply one after the other; `share` (FOR SHARE) so a referenced parent
 * cannot be deleted meanwhile, while other children may still be added.
 */
export type RowLock = false | 'update' | 'share';

/**
 * One live row of the workspace by id, or NotFoundError: an id of another workspace is exactly an
 * id that does not exist.
 */
export async function loadInWorkspace<T extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  ctx: RequestContext,
  id: number,
  resource: string,
  lock: RowLock = false,
): Promise<T> {
  const query = tenantQuery(manager, entity, 'r', ctx).andWhere('r.id = :id', { id });
  if (lock) query.setLock(lock === 'update' ? 'pessimistic_write' : 'pessimistic_read');
  const row = await query.getOne();
  if (!row) throw new NotFoundError(resource);
  return row;
}

/** Marks a live row deleted (plus any flag columns the v2 record shows) and returns it as deleted. */
export async function softDeleteInWorkspace<T extends ObjectLiteral & { deletedAt: Date | null }>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  ctx: RequestContext,
  id: number,
  extra: QueryDeepPartialEntity<T> = {},
): Promise<T> {
  const where = { id, organisationId: ctx.organisationId } as unknown as FindOptionsWhere<T>;
  await manager.update(entity, where, { ...extra, deletedAt: new Date() } as QueryDeepPartialEntity<T>);
  return manager.findOneOrFail(entity, { where, withDeleted: true });
}
