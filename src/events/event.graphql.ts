import { Field, ObjectType } from 'type-graphql';
import { Node } from '../graphql/node';
import { ConnectionType } from '../graphql/connection';
import { listTypes } from '../graphql/lists/list-types';
import { DateTimeScalar, JSONObjectScalar } from '../graphql/scalars';
import type { OutboxEvent } from '../outbox/outbox-event.entity';
import { eventList } from './event.list';
import { streamCursorOf } from './stream/stream-cursor';
import type { NodeSource } from '../graphql/node-resolver';
import { loadEach } from '../graphql/loader-kit';

/**
 * An event as the feed shows it. A class of its own rather than fields on OutboxEvent: the feed
 * shows the delivered envelope (see toEventRecord), not the outbox row, whose relay state and
 * request id are the service's business.
 */
@ObjectType('Event', { simpleResolvers: true, implements: Node, description: 'An event of the workspace: the envelope a webhook delivery POSTs (`type`, `created_at`, `organization_code`, `cursor`, `data`, and its `id` as `databaseId`), in camelCase, and the record it is about as it is now.',
})
export class FeedEvent {
  id!: string;

  @Field({ description: 'The event type (see `eventTypes`).' })
  type!: string;

  @Field(() => DateTimeScalar, { description: 'When the event was recorded, in the transaction of the change it reports.' })
  createdAt!: Date;

  @Field({ description: 'The workspace the event belongs to, as in the delivered envelope.' })
  organizationCode!: string;

  @Field({ description: "The event's position in the change stream (commit order): resume `eventStream` or the `events` subscription with `after` set to it." })
  cursor!: string;

  @Field(() => JSONObjectScalar, { description: 'The payload; its shape per type is `EventType.payload` (and `EventType.payloadSchema`).' })
  data!: Record<string, unknown>;

  /** What the event is about (`Event.resource`, src/app/event-resources.ts); not fields of their own. */
  resourceType!: string;
  resourceId!: number;
}

export function toFeedEvent(event: OutboxEvent, organizationCode: string): FeedEvent {
  return Object.assign(new FeedEvent(), {
    id: event.id,
    type: event.eventType,
    createdAt: event.createdAt,
    organizationCode,
    cursor: streamCursorOf(event),
    data: event.payload,
    resourceType: event.resourceType,
    resourceId: event.resourceId,
  });
}

export const EventConnection = ConnectionType('Event', FeedEvent, eventList);
export const EventListArgs = listTypes(eventList).args;

@ObjectType('EventType', { simpleResolvers: true, description: 'An entry of the event catalogue: what `Webhook.events` may name and what an `Event.type` can be.' })
export class EventTypeEntry {
  @Field({ description: 'The name, as in `Webhook.events` and `Event.type`.' })
  name!: string;

  @Field({ description: 'What kind of record the event is about (`campaign`, `content`…).' })
  resource!: string;

  @Field({ description: 'What the event means and when it is recorded.' })
  description!: string;

  @Field({ description: 'The shape of `Event.data`, written out: `<campaign record>` stands for the v2 record of that resource.' })
  payload!: string;

  @Field(() => JSONObjectScalar, {
    description: 'The JSON Schema (2020-12) of `Event.data` for this type, every record in it spelled out: validate a received payload against it, or generate types from it.',
  })
  payloadSchema!: Record<string, unknown>;

  @Field({ description: 'False for `ping`, which only `webhookTest` sends.' })
  subscribable!: boolean;
}

export const eventNode: NodeSource = {
  typeName: 'Event',
  objectType: FeedEvent,
  scope: 'events:read',
  idKind: 'bigint',
  databaseIdNote: 'The envelope\'s `id`, and the `webhook-id` header of its deliveries: de-duplicate by it.',
  load: async ({ loaders, request }, ids) => (await loadEach(loaders.eventById, ids)).map((event) => event && toFeedEvent(event, request.organisationCode)),
};
