import { MAX_ID } from '../common/ids';
import { arrayOf, type JsonSchema } from '../common/json-schema';
import { inputSchema } from '../http/rest/openapi/input-schema';
import { recordSchema } from '../http/rest/openapi/record-schema';
import { keyed } from '../http/rest/openapi/response-schemas';
import { bodyInput, noQuery, pathParam } from '../http/rest/request-input';
import { type ListQueryDeclaration, Outcome, type V2Route } from '../http/rest/v2-route';
import { requestContext } from '../http/request-context';
import { WebhookServiceConfig } from './webhook-service.entity';
import { WebhookServiceInput } from './webhook.input';
import { toWebhookServiceRecord, webhookServiceWire } from './webhook.record';
import { SERVICE_REQUIRED_ON_CREATE } from './webhook-service-config.service';

const TAG = 'Webhooks';
const serviceConfig = { wire: webhookServiceWire };

const serviceRecord = recordSchema('WebhookService', webhookServiceWire, WebhookServiceConfig);
/**
 * The upsert's body, one of two: without `id` (or with null) it creates a service and requires
 * what the service requires; with the id of one of this workspace's services it updates that one.
 * The wire shape reads `id` as read-only (records show it); the upsert takes it as its key
 * (WebhookService.upsertService), so both bodies state it as the writable field it is here.
 */
const serviceBody: JsonSchema = {
  title: 'WebhookServiceUpsertInput',
  description: 'Without `id` (or with null): a new service. With the id of a service of this workspace: that service, updated.',
  oneOf: [
    inputSchema('WebhookServiceCreateInput', webhookServiceWire, WebhookServiceInput, {
      required: SERVICE_REQUIRED_ON_CREATE,
      properties: { id: () => ({ type: 'null', description: 'Absent or null: creates a service.' }) },
    }),
    inputSchema('WebhookServiceUpdateInput', webhookServiceWire, WebhookServiceInput, {
      properties: {
        id: () => ({
          anyOf: [{ type: 'integer', minimum: 1, maximum: MAX_ID }, { type: 'string', pattern: '^[0-9]{1,10}$' }],
          description: "The service to update: the id of one of this workspace's services (an integer, or its digits as a string). Omitted fields are unchanged.",
        }),
      },
      requiredFields: ['id'],
    }),
  ],
};

const serviceId = { id: 'A webhook service of this workspace.' };

/** These lists take no parameters at all, not even paging: any given is refused (422). */
export const NO_QUERY = { paged: false } satisfies ListQueryDeclaration;

const SERVICE_CREATED = 'Webhook service created successfully';
const SERVICE_UPDATED = 'Webhook service updated successfully';

/** v2 webhook services (spec §4.9): the credentials webhooks deliver with. Part of webhookRoutes. */
export const webhookServiceRoutes = [
  {
    method: 'GET',
    path: '/webhooks/services',
    operationId: 'listWebhookServices',
    summary: 'List webhook services',
    description: 'Every service of the workspace in `id` order, unpaged (`data` is the array).',
    tag: TAG,
    scope: 'webhooks:read',
    query: NO_QUERY,
    success: { message: 'Webhook services retrieved successfully', data: arrayOf(serviceRecord) },
    config: serviceConfig,
    async handle(request, { services }) {
      noQuery(request);
      return (await services.webhookServices.list(requestContext(request))).map(toWebhookServiceRecord);
    },
  },
  {
    method: 'POST',
    path: '/webhooks/services',
    operationId: 'upsertWebhookService',
    bodyNamesRecord: true,
    summary: 'Create or update a webhook service',
    description:
      'Without `id` (or with `id: null`) creates a service: `name` is required. With the `id` of a service of this workspace updates it: omitted fields are unchanged (omit `client_secret` to keep the stored one). `client_id`, `client_secret` and `auth_url` are set together or cleared together (all null). `client_secret` is never shown; the record says `has_client_secret`.',
    tag: TAG,
    scope: 'webhooks:write',
    body: serviceBody,
    success: { message: [SERVICE_CREATED, SERVICE_UPDATED], data: keyed('service', serviceRecord) },
    config: serviceConfig,
    async handle(request, { services }) {
      // `id` is read-only in the wire shape (bodyInput skips it): the upsert takes it as sent.
      const id = (request.body as Record<string, unknown> | undefined)?.id;
      const { service, created } = await services.webhookServices.upsert(requestContext(request), id, bodyInput(request, webhookServiceWire, WebhookServiceInput));
      return new Outcome(created ? SERVICE_CREATED : SERVICE_UPDATED, { service: toWebhookServiceRecord(service) });
    },
  },
  {
    method: 'DELETE',
    path: '/webhooks/services/:id',
    operationId: 'deleteWebhookService',
    summary: 'Delete a webhook service',
    description: 'Refused (422) while webhooks use it: move them to another service or delete them first.',
    tag: TAG,
    scope: 'webhooks:write',
    params: serviceId,
    success: { message: 'Webhook service deleted successfully' },
    config: serviceConfig,
    async handle(request, { services }) {
      await services.webhookServices.delete(requestContext(request), pathParam(request, 'id'));
    },
  },
] satisfies V2Route[];
