import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseBigIdOrNotFound, parseId, parseIdOrNotFound } from '../common/ids';
import { done, success } from '../http/rest/envelope';
import { paginated } from '../http/rest/pagination';
import { bodyInput, listQuery, noQuery, WireValidationError } from '../http/rest/request-input';
import type { RestDeps } from '../http/rest/rest-deps';
import { requestContext } from '../http/request-context';
import { DELIVERY, SERVICE, WEBHOOK } from './webhook.service';
import { DeliveryFilter, WebhookInput, WebhookServiceInput } from './webhook.input';
import { toDeliveryRecord, toListedWebhookRecord, toWebhookRecord, toWebhookServiceRecord, webhookServiceWire, webhookWire } from './webhook.record';

const serviceConfig = { wire: webhookServiceWire };
const config = { wire: webhookWire };

type WebhookParams = { Params: { id: string } };
type DeliveryParams = { Params: { id: string; deliveryId: string } };

function deliveryIdOf(request: FastifyRequest<DeliveryParams>): string {
  return parseBigIdOrNotFound(request.params.deliveryId, DELIVERY);
}

/** The upsert's `id` (§2.11): absent or null creates; a malformed one is refused, an unknown one is 404. */
function upsertId(request: FastifyRequest): number | null {
  const raw = (request.body as Record<string, unknown> | undefined)?.id;
  if (raw === undefined || raw === null) return null;
  const id = parseId(raw);
  if (id === null) throw new WireValidationError({ id: ['must be a positive integer id'] });
  return id;
}

/** v2 webhooks and webhook services (spec §4.9), their delivery logs, test pings and redeliveries. */
export function registerWebhookRoutes(app: FastifyInstance, { services, publicUrl }: RestDeps): void {
  const webhooks = services.webhooks;

  app.get('/webhooks/services', { config: serviceConfig }, async (request) => {
    noQuery(request);
    const list = await webhooks.listServices(requestContext(request));
    return success('Webhook services retrieved successfully', list.map(toWebhookServiceRecord));
  });

  app.post('/webhooks/services', { config: serviceConfig }, async (request) => {
    const ctx = requestContext(request);
    const id = upsertId(request);
    const input = bodyInput(request, webhookServiceWire, WebhookServiceInput);
    const service = id === null ? await webhooks.createService(ctx, input) : await webhooks.updateService(ctx, id, input);
    return success(id === null ? 'Webhook service created successfully' : 'Webhook service updated successfully', { service: toWebhookServiceRecord(service) });
  });

  app.delete<WebhookParams>('/webhooks/services/:id', { config: serviceConfig }, async (request) => {
    await webhooks.deleteService(requestContext(request), parseIdOrNotFound(request.params.id, SERVICE));
    return done('Webhook service deleted successfully');
  });

  app.get('/webhooks', { config }, async (request) => {
    noQuery(request);
    return success('Webhooks retrieved successfully', (await webhooks.list(requestContext(request))).map(toListedWebhookRecord));
  });

  app.post('/webhooks', { config }, async (request) => {
    const { webhook, secret } = await webhooks.create(requestContext(request), bodyInput(request, webhookWire, WebhookInput));
    return success('Webhook created successfully', { webhook: toWebhookRecord(webhook, secret) });
  });

  app.get<WebhookParams>('/webhooks/:id', { config }, async (request) => {
    const webhook = await webhooks.get(requestContext(request), parseIdOrNotFound(request.params.id, WEBHOOK));
    return success('Webhook retrieved successfully', { webhook: toWebhookRecord(webhook) });
  });

  app.put<WebhookParams>('/webhooks/:id', { config }, async (request) => {
    const id = parseIdOrNotFound(request.params.id, WEBHOOK);
    const webhook = await webhooks.update(requestContext(request), id, bodyInput(request, webhookWire, WebhookInput));
    return success('Webhook updated successfully', { webhook: toWebhookRecord(webhook) });
  });

  app.delete<WebhookParams>('/webhooks/:id', { config }, async (request) => {
    await webhooks.delete(requestContext(request), parseIdOrNotFound(request.params.id, WEBHOOK));
    return done('Webhook deleted successfully');
  });

  for (const [action, active] of [['enable', true], ['disable', false]] as const) {
    app.post<WebhookParams>(`/webhooks/:id/${action}`, { config }, async (request) => {
      const webhook = await webhooks.setActive(requestContext(request), parseIdOrNotFound(request.params.id, WEBHOOK), active);
      return success(`Webhook ${action}d successfully`, { webhook: toWebhookRecord(webhook) });
    });
  }

  app.post<WebhookParams>('/webhooks/:id/rotate-secret', { config }, async (request) => {
    const { webhook, secret } = await webhooks.rotateSecret(requestContext(request), parseIdOrNotFound(request.params.id, WEBHOOK));
    return success('Webhook secret rotated successfully', { webhook: toWebhookRecord(webhook, secret) });
  });

  app.post<WebhookParams>('/webhooks/:id/test', { config }, async (request) => {
    const delivery = await webhooks.test(requestContext(request), parseIdOrNotFound(request.params.id, WEBHOOK));
    return success('Test event queued for delivery', { delivery: toDeliveryRecord(delivery, true) });
  });

  app.get<WebhookParams>('/webhooks/:id/deliveries', { config }, async (request) => {
    const ctx = requestContext(request);
    const id = parseIdOrNotFound(request.params.id, WEBHOOK);
    const { filter, page } = listQuery(request, DeliveryFilter, { status: { prop: 'status' }, event: { prop: 'event' } });
    const slice = await webhooks.deliveries(ctx, id, filter, page);
    return success('Webhook deliveries retrieved successfully', { deliveries: paginated(request, publicUrl, slice, (delivery) => toDeliveryRecord(delivery)) });
  });

  app.get<DeliveryParams>('/webhooks/:id/deliveries/:deliveryId', { config }, async (request) => {
    const delivery = await webhooks.delivery(requestContext(request), parseIdOrNotFound(request.params.id, WEBHOOK), deliveryIdOf(request));
    return success('Webhook delivery retrieved successfully', { delivery: toDeliveryRecord(delivery, true) });
  });

  app.post<DeliveryParams>('/webhooks/:id/deliveries/:deliveryId/redeliver', { config }, async (request) => {
    const delivery = await webhooks.redeliver(requestContext(request), parseIdOrNotFound(request.params.id, WEBHOOK), deliveryIdOf(request));
    return success('Event queued for redelivery', { delivery: toDeliveryRecord(delivery, true) });
  });
}
