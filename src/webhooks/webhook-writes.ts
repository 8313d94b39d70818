import type { EntityManager } from 'typeorm';
import type { RequestContext } from '../common/request-context';
import type { FieldErrorCollector } from '../common/validation';
import { type DestinationPolicy, destinationProblem } from './destination-guard';

/**
 * Rules shared by the writes of webhooks and of webhook services: both count toward a workspace's
 * limits and both name the default service, so they take one lock; both save URLs a worker will call.
 */

/** Serialises writes that count or change a workspace's webhooks and default service. */
export async function lockWebhookWrites(manager: EntityManager, ctx: RequestContext): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock($1, $2)', [0x77686b, ctx.organisationId]);
}

/** Receiver and token URLs must reach the public internet (see destination-guard.ts). */
export async function checkDestination(url: string | null | undefined, policy: DestinationPolicy, problems: FieldErrorCollector, field = 'url'): Promise<void> {
  if (typeof url !== 'string' || problems.has(field)) return;
  const problem = await destinationProblem(url, policy);
  if (problem) problems.add(field, problem);
}
