import type { EntityManager } from 'typeorm';
import type { RequestContext } from '../common/request-context';
import { EVENT_CATALOGUE, type EventPayload, type EventType } from '../events/event-catalogue';
import { OutboxEvent } from './outbox-event.entity';

/**
 * An event of one type, with the payload its catalogue entry declares. The union over every type
 * (not a generic `T`) is what makes a mismatch fail to compile: a `type` wider than one literal
 * would otherwise admit the payload of any type. The resource type is the catalogue's, not the
 * caller's.
 */
export type DomainEvent<T extends EventType = EventType> = { [K in T]: { type: K; resourceId: number; payload: EventPayload<K> } }[T];

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
    resourceType: EVENT_CATALOGUE[event.type].resource,
    resourceId: event.resourceId,
    requestId: ctx.requestId,
    // An event delivered directly to one webhook (a test ping) is not fanned out by the relay.
    relayedAt: direct ? new Date() : null,
  });
  row.payload = event.payload;
  await manager.save(row);
  return row;
}

/** The notification channel every commit of outbox events wakes (a trigger, migration 1763810000000-Webhooks). */
export const OUTBOX_CHANNEL = 'outbox_events';
