import { arrayOf, objectOf } from '../common/json-schema';
import { inputSchema } from '../http/rest/openapi/input-schema';
import { keyed, pageOf } from '../http/rest/openapi/response-schemas';
import { paginated } from '../http/rest/pagination';
import { listQuery } from '../http/rest/list-query';
import { bodyInput, noQuery, pathParam } from '../http/rest/request-input';
import { deleteRoute, getRoute, updateRoute, type V2Resource } from '../http/rest/resource-routes';
import type { ListQueryDeclaration, V2Route } from '../http/rest/v2-route';
import { requestContext } from '../http/request-context';
import { NO_QUERY, webhookServiceRoutes } from './webhook-service.routes';
import { deliveryList } from './delivery.list';
import { WebhookInput, WebhookRecoverInput } from './webhook.input';
import { EVENT_RETENTION_DAYS } from '../events/event.service';
import { WireShape } from '../common/wire-shape';
import { WEBHOOK_REQUIRED_ON_CREATE, type WebhookService } from './webhook.service';
import type { Webhook } from './webhook.entity';
import {
  deliveryDetailSchema,
  deliveryRecordSchema,
  listedWebhookRecordSchema,
  toDeliveryRecord,
  toListedWebhookRecord,
  toWebhookRecord,
  webhookRecordSchema,
  webhookWire,
  webhookWithSecretSchema,
} from './webhook.record';

const webhooks: V2Resource<Webhook, WebhookService, WebhookInput> = {
  param: 'id',
  paramDescription: 'A webhook of this workspace.',
  name: 'Webhook',
  names: 'Webhooks',
  group: 'webhooks',
  wire: webhookWire,
  record: webhookRecordSchema,
  input: WebhookInput,
  service: (services) => services.webhooks,
  // Not the function itself: its second parameter is the secret, shown only on create and rotation.
  toRecord: (found) => toWebhookRecord(found),
};
const TAG = webhooks.names;
const config = { wire: webhookWire };

/** Create and update share WebhookInput; a create requires what the service requires. */
const webhookCreateBody = inputSchema('WebhookCreateInput', webhookWire, WebhookInput, { required: WEBHOOK_REQUIRED_ON_CREATE });
const webhookUpdateBody = inputSchema('WebhookUpdateInput', webhookWire, WebhookInput);
const webhook = keyed('webhook', webhookRecordSchema);
const webhookWithSecret = keyed('webhook', webhookWithSecretSchema);
const delivery = keyed('delivery', deliveryDetailSchema);
const recoverWire = new WireShape(['since', 'until']);
const recoverBody = inputSchema('WebhookRecoverInput', recoverWire, WebhookRecoverInput, { required: ['since'] });

const webhookId = { [webhooks.param]: webhooks.paramDescription };
const deliveryIds = { ...webhookId, delivery_id: 'A delivery of that webhook (a positive integer, up to 2^53 − 1).' };


const DELIVERIES_QUERY = { paged: true, list: deliveryList } satisfies ListQueryDeclaration;

/** Enable and disable differ only in the state they set. */
function activationRoute(action: 'enable' | 'disable', active: boolean): V2Route {
  return {
    method: 'POST',
    path: `/webhooks/:id/${action}`,
    operationId: `${action}Webhook`,
    summary: `${action === 'enable' ? 'Enable' : 'Disable'} a webhook`,
    description: active ? 'Deliveries resume; `disabled_reason` is cleared.' : 'No events are delivered until it is enabled again; `disabled_reason` becomes `disabled by a client`.',
    tag: TAG,
    scope: 'webhooks:write',
    params: webhookId,
    success: { message: `Webhook ${action}d successfully`, data: webhook },
    config,
    async handle(request, { services }) {
      const changed = await services.webhooks.setActive(requestContext(request), pathParam(request, 'id'), active);
      return { webhook: toWebhookRecord(changed) };
    },
  };
}

/** v2 webhooks and webhook services (spec §4.9), their delivery logs, test pings and redeliveries. */
export const webhookRoutes = [
  // The webhook services come first, as §4.9 lists them.
  ...webhookServiceRoutes,
  {
    method: 'GET',
    path: '/webhooks',
    operationId: 'listWebhooks',
    summary: 'List webhooks',
    description: 'Every webhook of the workspace in `id` order, unpaged (`data` is the array).',
    tag: TAG,
    scope: 'webhooks:read',
    query: NO_QUERY,
    success: { message: 'Webhooks retrieved successfully', data: arrayOf(listedWebhookRecordSchema) },
    config,
    async handle(request, { services }) {
      noQuery(request);
      return (await services.webhooks.list(requestContext(request))).map(toListedWebhookRecord);
    },
  },
  {
    method: 'POST',
    path: '/webhooks',
    operationId: 'createWebhook',
    summary: 'Create a webhook',
    description:
      "`name`, `url` and `events` are required. `service_id` left out means the workspace's default service; null means none. The answer shows the signing `secret` this once.",
    tag: TAG,
    scope: 'webhooks:write',
    body: webhookCreateBody,
    success: { message: 'Webhook created successfully', data: webhookWithSecret },
    config,
    async handle(request, { services }) {
      const created = await services.webhooks.create(requestContext(request), bodyInput(request, webhookWire, WebhookInput));
      return { webhook: toWebhookRecord(created.webhook, created.secret) };
    },
  },
  getRoute(webhooks, { summary: 'Get a webhook' }),
  updateRoute(webhooks, { summary: 'Update a webhook', description: 'Fields left out are unchanged; `service_id: null` removes the service.', body: webhookUpdateBody }),
  deleteRoute(webhooks, { summary: 'Delete a webhook' }),
  activationRoute('enable', true),
  activationRoute('disable', false),
  {
    method: 'POST',
    path: '/webhooks/:id/rotate-secret',
    operationId: 'rotateWebhookSecret',
    summary: "Rotate a webhook's signing secret",
    description: 'The answer shows the new `secret` this once; the previous one keeps signing alongside it for 24 hours (`previous_secret_expires_at`).',
    tag: TAG,
    scope: 'webhooks:write',
    params: webhookId,
    success: { message: 'Webhook secret rotated successfully', data: webhookWithSecret },
    config,
    async handle(request, { services }) {
      const rotated = await services.webhooks.rotateSecret(requestContext(request), pathParam(request, 'id'));
      return { webhook: toWebhookRecord(rotated.webhook, rotated.secret) };
    },
  },
  {
    method: 'POST',
    path: '/webhooks/:id/test',
    operationId: 'testWebhook',
    summary: 'Send a test ping',
    description: 'Queues a `ping` event for this webhook alone; the answer is its delivery.',
    tag: TAG,
    scope: 'webhooks:write',
    params: webhookId,
    success: { message: 'Test event queued for delivery', data: delivery },
    config,
    async handle(request, { services }) {
      return { delivery: toDeliveryRecord(await services.webhookDeliveries.test(requestContext(request), pathParam(request, 'id')), true) };
    },
  },
  {
    method: 'GET',
    path: '/webhooks/:id/deliveries',
    operationId: 'listWebhookDeliveries',
    summary: "List a webhook's deliveries",
    description: 'Newest first.',
    tag: TAG,
    scope: 'webhooks:read',
    params: webhookId,
    query: DELIVERIES_QUERY,
    success: { message: 'Webhook deliveries retrieved successfully', data: keyed('deliveries', pageOf(deliveryRecordSchema)) },
    config,
    async handle(request, { services, publicUrl }) {
      const ctx = requestContext(request);
      const slice = await services.webhookDeliveries.deliveries(ctx, pathParam(request, 'id'), listQuery(request, deliveryList));
      return { deliveries: paginated(request, publicUrl, slice, (logged) => toDeliveryRecord(logged)) };
    },
  },
  {
    method: 'GET',
    path: '/webhooks/:id/deliveries/:delivery_id',
    operationId: 'getWebhookDelivery',
    summary: 'Get a delivery',
    description: 'The delivery with every attempt.',
    tag: TAG,
    scope: 'webhooks:read',
    params: deliveryIds,
    success: { message: 'Webhook delivery retrieved successfully', data: delivery },
    config,
    async handle(request, { services }) {
      const found = await services.webhookDeliveries.delivery(requestContext(request), pathParam(request, 'id'), pathParam(request, 'delivery_id'));
      return { delivery: toDeliveryRecord(found, true) };
    },
  },
  {
    method: 'POST',
    path: '/webhooks/:id/deliveries/:delivery_id/redeliver',
    operationId: 'redeliverWebhookDelivery',
    summary: 'Redeliver an event',
    description: "Queues the delivery's event again for this webhook; the answer is the new delivery. Refused (422) while the webhook is disabled, except for pings.",
    tag: TAG,
    scope: 'webhooks:write',
    params: deliveryIds,
    success: { message: 'Event queued for redelivery', data: delivery },
    config,
    async handle(request, { services }) {
      const queued = await services.webhookDeliveries.redeliver(requestContext(request), pathParam(request, 'id'), pathParam(request, 'delivery_id'));
      return { delivery: toDeliveryRecord(queued, true) };
    },
  },
  {
    method: 'POST',
    path: '/webhooks/:id/recover',
    operationId: 'recoverWebhook',
    summary: 'Recover failed deliveries',
    description:
      `After a receiver's outage: every event created in [\`since\`, \`until\`) whose delivery to this webhook failed is delivered again, as a new delivery (same event id and \`webhook-id\`, fresh attempts), unless it already has a delivery pending or succeeded, so recovering twice sends nothing twice. Test pings are not resent. \`until\` defaults to now; \`since\` must be within the last ${EVENT_RETENTION_DAYS} days (the log's retention). Refused (422) while the webhook is disabled. The answer counts the deliveries queued.`,
    tag: TAG,
    scope: 'webhooks:write',
    params: webhookId,
    body: recoverBody,
    success: { message: 'Failed deliveries queued for redelivery', data: objectOf({ recovered: { type: 'integer', minimum: 0, description: 'Deliveries queued: one per event recovered.' } }) },
    config: { wire: recoverWire },
    async handle(request, { services }) {
      return services.webhookDeliveries.recover(requestContext(request), pathParam(request, 'id'), bodyInput(request, recoverWire, WebhookRecoverInput));
    },
  },
] satisfies V2Route[];
