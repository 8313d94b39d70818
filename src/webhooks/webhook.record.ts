import { arrayOf, type JsonSchema, nullable, objectOf } from '../common/json-schema';
import { WireShape } from '../common/wire-shape';
import { AttemptOutcome, type WebhookDeliveryAttempt } from './webhook-delivery-attempt.entity';
import { DeliveryStatus, type WebhookDelivery } from './webhook-delivery.entity';
import type { WebhookServiceConfig } from './webhook-service.entity';
import { MAX_RATE_LIMIT, MIN_RATE_LIMIT, type Webhook } from './webhook.entity';

const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());
const bigId = (value: string): number => Number(value);

/** The v2 webhook service (§2.11 request fields; the record itself is "not shown"): the secret is never shown. */
export const webhookServiceWire = new WireShape([
  { wire: 'id', readOnly: true },
  'name',
  'client_id',
  { wire: 'client_secret', writeOnly: true },
  'auth_url',
  'is_default',
  // Computed from the sealed secret, which is never shown: no column of its own.
  { wire: 'has_client_secret', readOnly: true, schema: { type: 'boolean' } },
  { wire: 'created_at', readOnly: true },
  { wire: 'updated_at', readOnly: true },
]);

export function toWebhookServiceRecord(service: WebhookServiceConfig): Record<string, unknown> {
  return webhookServiceWire.toRecord(service, { has_client_secret: service.hasClientSecret });
}

/** Body fields of webhook writes (§4.9: `name`, `service_id`, `events`, `url`). */
export const webhookWire = new WireShape([{ wire: 'id', readOnly: true }, 'name', 'service_id', 'events', 'url', 'rate_limit']);

function serviceRef(webhook: Webhook): { id: number; name: string } | null {
  return webhook.service ? { id: webhook.service.id, name: webhook.service.name } : null;
}

// Webhook and delivery records are built by hand (their shapes mix §2.11's two orders, a nested
// service and computed state), so their JSON Schemas are written here, once, next to the builders.
const ID: JsonSchema = { type: 'integer', minimum: 1 };
const TIMESTAMP: JsonSchema = { type: 'string', format: 'date-time' };
const SERVICE_REF = nullable(objectOf({ id: ID, name: { type: 'string' } }));
const EVENTS = arrayOf({ type: 'string' });
const STATE: Record<string, JsonSchema> = {
  rate_limit: nullable({ type: 'integer', minimum: MIN_RATE_LIMIT, maximum: MAX_RATE_LIMIT, description: 'Requests per second the workers together may start to `url`; null for no limit.' }),
  active: { type: 'integer', enum: [0, 1] },
  disabled_reason: nullable({ type: 'string' }),
  previous_secret_expires_at: nullable(TIMESTAMP),
};
const WEBHOOK_FIELDS: Record<string, JsonSchema> = {
  id: ID,
  name: { type: 'string' },
  events: EVENTS,
  url: { type: 'string' },
  created_at: TIMESTAMP,
  updated_at: TIMESTAMP,
  service: SERVICE_REF,
  ...STATE,
};

/** The full webhook record (`toWebhookRecord` without a secret). */
export const webhookRecordSchema: JsonSchema = { title: 'Webhook', ...objectOf(WEBHOOK_FIELDS) };

/** The full record as create and rotate-secret answer it: the signing secret, shown this once. */
export const webhookWithSecretSchema: JsonSchema = {
  title: 'WebhookWithSecret',
  ...objectOf({ ...WEBHOOK_FIELDS, secret: { type: 'string', pattern: '^whsec_[A-Za-z0-9+/]+={0,2}$', description: 'The `whsec_` signing secret (Standard Webhooks); never shown again.' } }),
};

/** The listed webhook record (`toListedWebhookRecord`). */
export const listedWebhookRecordSchema: JsonSchema = {
  title: 'ListedWebhook',
  ...objectOf({ id: ID, name: { type: 'string' }, url: { type: 'string' }, service: SERVICE_REF, events: EVENTS, ...STATE }),
};

/** What the spec's records leave out but a partner needs to see: the webhook's state. */
function state(webhook: Webhook): Record<string, unknown> {
  return { rate_limit: webhook.rateLimit, active: webhook.active ? 1 : 0, disabled_reason: webhook.disabledReason, previous_secret_expires_at: iso(webhook.previousSecretExpiresAt) };
}

/** The listed record (§2.11: `id`, `name`, `url`, `service`, `events`), then its state. */
export function toListedWebhookRecord(webhook: Webhook): Record<string, unknown> {
  return { id: webhook.id, name: webhook.name, url: webhook.url, service: serviceRef(webhook), events: webhook.events, ...state(webhook) };
}

/** The full record (§2.11 create response: `id`, `name`, `events`, `url`, `created_at`, `updated_at`), then service and state; `secret` only when just made. */
export function toWebhookRecord(webhook: Webhook, secret?: string): Record<string, unknown> {
  return {
    id: webhook.id,
    name: webhook.name,
    events: webhook.events,
    url: webhook.url,
    created_at: iso(webhook.createdAt),
    updated_at: iso(webhook.updatedAt),
    service: serviceRef(webhook),
    ...state(webhook),
    ...(secret === undefined ? {} : { secret }),
  };
}

export function toAttemptRecord(attempt: WebhookDeliveryAttempt): Record<string, unknown> {
  return {
    attempt: attempt.attemptNo,
    outcome: attempt.outcome,
    started_at: iso(attempt.startedAt),
    duration_ms: attempt.durationMs,
    status_code: attempt.statusCode,
    error: attempt.error,
    response_body: attempt.responseBody,
  };
}

/** One attempt of a delivery (`toAttemptRecord`). */
export const deliveryAttemptSchema: JsonSchema = {
  title: 'WebhookDeliveryAttempt',
  ...objectOf({
    attempt: ID,
    outcome: { type: 'string', enum: Object.values(AttemptOutcome), description: 'How the attempt ended: `succeeded` (2xx), `failed` (another status, or no answer: see `error`), or `interrupted` (the worker making it stopped before recording an answer; the request may have reached the receiver). An attempt in flight is not listed.' },
    started_at: TIMESTAMP,
    duration_ms: { type: 'integer', minimum: 0 },
    status_code: nullable({ type: 'integer' }),
    error: nullable({ type: 'string' }),
    response_body: nullable({ type: 'string' }),
  }),
};

const DELIVERY_FIELDS: Record<string, JsonSchema> = {
  id: ID,
  webhook_id: ID,
  event_id: ID,
  event_type: { type: 'string' },
  status: { type: 'string', enum: Object.values(DeliveryStatus) },
  attempt_count: { type: 'integer', minimum: 0 },
  last_attempt_at: nullable(TIMESTAMP),
  last_status_code: nullable({ type: 'integer' }),
  next_attempt_at: nullable(TIMESTAMP),
  last_throttled_at: { ...nullable(TIMESTAMP), description: "When the webhook's rate limit last held this delivery back (it waited; `next_attempt_at` says until when); null if it never did." },
  created_at: TIMESTAMP,
  updated_at: TIMESTAMP,
};

/** A delivery as the log lists it (`toDeliveryRecord`). */
export const deliveryRecordSchema: JsonSchema = { title: 'WebhookDelivery', ...objectOf(DELIVERY_FIELDS) };

/** A delivery with its attempts (`toDeliveryRecord(delivery, true)`). */
export const deliveryDetailSchema: JsonSchema = { title: 'WebhookDeliveryDetail', ...objectOf({ ...DELIVERY_FIELDS, attempts: arrayOf(deliveryAttemptSchema) }) };

/** A delivery of the log; the detail adds `attempts`. */
export function toDeliveryRecord(delivery: WebhookDelivery, withAttempts = false): Record<string, unknown> {
  return {
    id: bigId(delivery.id),
    webhook_id: delivery.webhookId,
    event_id: bigId(delivery.eventId),
    event_type: delivery.eventType,
    status: delivery.status,
    attempt_count: delivery.attemptCount,
    last_attempt_at: iso(delivery.lastAttemptAt),
    last_status_code: delivery.lastStatusCode,
    next_attempt_at: iso(delivery.nextAttemptAt),
    last_throttled_at: iso(delivery.lastThrottledAt),
    created_at: iso(delivery.createdAt),
    updated_at: iso(delivery.updatedAt),
    ...(withAttempts ? { attempts: (delivery.attempts ?? []).map(toAttemptRecord) } : {}),
  };
}
