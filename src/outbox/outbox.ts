import type { EntityManager } from 'typeorm';
import type { RequestContext } from '../common/request-context';
import type { EventType } from '../events/event-catalogue';
import { OutboxEvent } from './outbox-event.entity';

export interface DomainEvent {
  type: EventType;
  resourceType: string;
  resourceId: number;
  payload: Record<string, unknown>;
}

/** Whose event it is, and the request that caused it (none for the worker's own events). */
export type EventOrigin = Pick<RequestContext, 'organisationId'> & { requestId: string | null };

/**
 * Must be given the manager of the transaction that makes the change: the event commits or rolls
 * back with it. The webhook relay picks committed events up from here (see webhooks/delivery),
 * unless `direct` says the caller delivers it itself.
 */
export async function recordEvent(manager: EntityManager, ctx: EventOrigin, event: DomainEvent, { direct = false } = {}): Promise<OutboxEvent> {
  const row = manager.create(OutboxEvent, {
    organisationId: ctx.organisationId,
    eventType: event.type,
    resourceType: event.resourceType,
    resourceId: event.resourceId,
    requestId: ctx.requestId,
    // An event delivered directly to one webhook (a test ping) is not fanned out by the relay.
    relayedAt: direct ? new Date() : null,
  });
  row.payload = event.payload;
  await manager.save(row);
  return row;
}
