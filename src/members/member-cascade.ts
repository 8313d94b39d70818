import type { EntityManager } from 'typeorm';
import type { RequestContext } from '../common/request-context';
import { Member } from './member.entity';

/**
 * Soft-deletes the live members of an account being deleted (inside its transaction) and returns
 * their ids: one statement, so a member deleted on its own meanwhile is neither listed nor touched.
 */
export async function softDeleteMembersOfAccount(manager: EntityManager, ctx: RequestContext, accountId: number): Promise<number[]> {
  const result = await manager
    .createQueryBuilder()
    .update(Member)
    .set({ deletedAt: new Date() })
    .where('organisation_id = :organisationId AND advertiser_account_id = :accountId AND deleted_at IS NULL', { organisationId: ctx.organisationId, accountId })
    .returning(['id'])
    .execute();
  return (result.raw as { id: number }[]).map((row) => row.id).sort((a, b) => a - b);
}
