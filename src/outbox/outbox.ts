import type { EntityManager } from 'typeorm';
import type { RequestContext } from '../common/request-context';
import { OutboxEvent } from './outbox-event.entity';

export interface DomainEvent {
  type: string;
  resourceType: string;
  resourceId: number;
  payload: Record<string, unknown>;
}

/** Must be given the manager of the transaction that makes the change: the event commits or rolls back with it. */
export async function recordEvent(manager: EntityManager, ctx: RequestContext, event: DomainEvent): Promise<void> {
  const row = manager.create(OutboxEvent, {
    organisationId: ctx.organisationId,
    eventType: event.type,
    resourceType: event.resourceType,
    resourceId: event.resourceId,
    requestId: ctx.requestId,
  });
  row.payload = event.payload;
  await manager.save(row, { reload: false });
}
