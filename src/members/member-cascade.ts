import type { EntityManager } from 'typeorm';
import type { RequestContext } from '../common/request-context';
import { tenantQuery } from '../db/tenant-scope';
import { Member } from './member.entity';

/** Soft-deletes the live members of an account being deleted (inside its transaction); returns their ids. */
export async function softDeleteMembersOfAccount(manager: EntityManager, ctx: RequestContext, accountId: number): Promise<number[]> {
  const rows = await tenantQuery(manager, Member, 'm', ctx).select('m.id', 'id').andWhere('m.advertiserAccountId = :accountId', { accountId }).getRawMany<{ id: number }>();
  if (rows.length === 0) return [];
  await manager
    .createQueryBuilder()
    .update(Member)
    .set({ deletedAt: new Date() })
    .where('organisation_id = :organisationId AND advertiser_account_id = :accountId AND deleted_at IS NULL', { organisationId: ctx.organisationId, accountId })
    .execute();
  return rows.map((row) => row.id);
}
