import type { EntityManager } from 'typeorm';
import type { RequestContext } from '../common/request-context';
import type { Content } from '../contents/content.entity';
import { recordEvent } from '../outbox/outbox';
import { fullDistributionQuery } from './distribution-queries';
import { Distribution } from './distribution.entity';
import { toDistributionRecord } from './distribution.record';

/**
 * A distribution's campaign is always its content's: when a content piece moves to another
 * campaign, its live distributions follow, each with a `distribution_updated` event.
 */
export async function moveDistributionsWithContent(manager: EntityManager, ctx: RequestContext, content: Content): Promise<void> {
  await manager
    .createQueryBuilder()
    .update(Distribution)
    .set({ campaignId: content.campaignId })
    .where('organisation_id = :organisationId AND content_id = :contentId AND deleted_at IS NULL', { organisationId: ctx.organisationId, contentId: content.id })
    .execute();
  const moved = await fullDistributionQuery(manager, ctx).andWhere('d.contentId = :contentId', { contentId: content.id }).getMany();
  for (const distribution of moved) {
    await recordEvent(manager, ctx, {
      type: 'distribution_updated',
      resourceId: distribution.id,
      payload: { distribution: toDistributionRecord(distribution), changed_fields: ['campaign_id'] },
    });
  }
}
