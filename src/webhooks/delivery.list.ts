import { enumKey } from '../db/lists/group-keys';
import { defineList } from '../db/lists/define-list';
import { custom, oneOf } from '../db/lists/filters';
import { EVENT_TYPES } from '../events/event-catalogue';
import { DeliveryStatus } from './webhook-delivery.entity';

const STATUSES = Object.values(DeliveryStatus);

/** A webhook's delivery log on both faces (GraphQL `Webhook.deliveries`, `GET /v2/webhooks/{id}/deliveries`): newest first, always. */
export const deliveryList = defineList({
  name: 'Delivery',
  records: 'deliveries',
  idKind: 'bigint',
  recordType: 'WebhookDelivery',
  defaultDirection: 'DESC',
  aggregates: { groupBy: [enumKey({ property: 'status', enum: DeliveryStatus, description: 'By `status`.' })] },
  filters: {
    status: oneOf({ property: 'status', enum: DeliveryStatus, values: STATUSES, message: `must be one of: ${STATUSES.join(', ')}`, description: 'Only deliveries with this status.', rest: 'status', restDescription: 'Only deliveries in this status.' }),
    event: custom({
      type: { scalar: 'String' },
      description: 'Only deliveries of this event type.',
      rest: 'event',
      restDescription: 'Only deliveries of this event type (GET /v2/libraries/event-types).',
      schema: { type: 'string', enum: [...EVENT_TYPES] },
      check: (value) => ((EVENT_TYPES as readonly unknown[]).includes(value) ? undefined : 'must name an event type of the catalogue (GET /v2/libraries/event-types)'),
      where: (alias, value, param) => ({ sql: `${alias}.eventType = :${param}`, parameters: { [param]: value } }),
    }),
  },
});
