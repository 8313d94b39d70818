import { Field, ID, ObjectType } from 'type-graphql';
import { ConnectionType } from '../graphql/connection';
import { listTypes } from '../graphql/lists/list-types';
import { DateTimeScalar, JSONObjectScalar } from '../graphql/scalars';
import type { OutboxEvent } from '../outbox/outbox-event.entity';
import { eventList } from './event.list';

/**
 * An event as the feed shows it. A class of its own rather than fields on OutboxEvent: the feed
 * shows the delivered envelope (see toEventRecord), not the outbox row, whose relay state and
 * request id are the service's business.
 */
@ObjectType('Event', {
  description: 'An event of the workspace: exactly the envelope a webhook delivery POSTs (`id`, `type`, `created_at`, `organization_code`, `data`), in camelCase.',
})
export class FeedEvent {
  @Field(() => ID, { description: 'Also the `webhook-id` header of its deliveries: de-duplicate by it.' })
  id!: string;

  @Field({ description: 'The event type (see `eventTypes`).' })
  type!: string;

  @Field(() => DateTimeScalar, { description: 'When the event was recorded, in the transaction of the change it reports.' })
  createdAt!: Date;

  @Field({ description: 'The workspace the event belongs to, as in the delivered envelope.' })
  organizationCode!: string;

  @Field(() => JSONObjectScalar, { description: 'The payload; its shape per type is `EventType.payload`.' })
  data!: Record<string, unknown>;
}

export function toFeedEvent(event: OutboxEvent, organizationCode: string): FeedEvent {
  return Object.assign(new FeedEvent(), { id: event.id, type: event.eventType, createdAt: event.createdAt, organizationCode, data: event.payload });
}

export const EventConnection = ConnectionType('Event', FeedEvent);
export const EventListArgs = listTypes(eventList).args;

@ObjectType('EventType', { description: 'An entry of the event catalogue: what `Webhook.events` may name and what an `Event.type` can be.' })
export class EventTypeEntry {
  @Field({ description: 'The name, as in `Webhook.events` and `Event.type`.' })
  name!: string;

  @Field({ description: 'What kind of record the event is about (`campaign`, `content`…).' })
  resource!: string;

  @Field({ description: 'What the event means and when it is recorded.' })
  description!: string;

  @Field({ description: 'The shape of `Event.data`, written out: `<campaign record>` stands for the v2 record of that resource.' })
  payload!: string;

  @Field({ description: 'False for `ping`, which only `webhookTest` sends.' })
  subscribable!: boolean;
}
