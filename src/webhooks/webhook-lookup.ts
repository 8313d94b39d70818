import type { EntityManager } from 'typeorm';
import { NotFoundError } from '../common/errors';
import type { RequestContext } from '../common/request-context';
import { loadInWorkspace, type RowLock } from '../db/tenant-scope';
import { Webhook } from './webhook.entity';

/** Resource name of a webhook's NOT_FOUND (`Webhook not found`). */
export const WEBHOOK = 'Webhook';

/** A live webhook of the workspace, locked as asked, or NotFoundError. */
export function lockWebhook(manager: EntityManager, ctx: RequestContext, id: number, lock: RowLock): Promise<Webhook> {
  return loadInWorkspace(manager, Webhook, ctx, id, WEBHOOK, lock);
}

/** A deleted webhook's log stays readable (the deliveries it had until it was deleted). */
export async function webhookIncludingDeleted(manager: EntityManager, ctx: RequestContext, id: number): Promise<Webhook> {
  const webhook = await manager.findOne(Webhook, { where: { id, organisationId: ctx.organisationId }, withDeleted: true });
  if (!webhook) throw new NotFoundError(WEBHOOK);
  return webhook;
}
