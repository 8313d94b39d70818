import { WireShape } from '../common/wire-shape';
import type { WebhookDeliveryAttempt } from './webhook-delivery-attempt.entity';
import type { WebhookDelivery } from './webhook-delivery.entity';
import type { WebhookServiceConfig } from './webhook-service.entity';
import type { Webhook } from './webhook.entity';

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
  { wire: 'has_client_secret', readOnly: true },
  { wire: 'created_at', readOnly: true },
  { wire: 'updated_at', readOnly: true },
]);

export function toWebhookServiceRecord(service: WebhookServiceConfig): Record<string, unknown> {
  return webhookServiceWire.toRecord(service, { has_client_secret: service.hasClientSecret });
}

/** Body fields of webhook writes (§4.9: `name`, `service_id`, `events`, `url`). */
export const webhookWire = new WireShape([{ wire: 'id', readOnly: true }, 'name', 'service_id', 'events', 'url']);

function serviceRef(webhook: Webhook): { id: number; name: string } | null {
  return webhook.service ? { id: webhook.service.id, name: webhook.service.name } : null;
}

/** What the spec's records leave out but a partner needs to see: the webhook's state. */
function state(webhook: Webhook): Record<string, unknown> {
  return { active: webhook.active ? 1 : 0, disabled_reason: webhook.disabledReason, previous_secret_expires_at: iso(webhook.previousSecretExpiresAt) };
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
    started_at: iso(attempt.startedAt),
    duration_ms: attempt.durationMs,
    status_code: attempt.statusCode,
    error: attempt.error,
    response_body: attempt.responseBody,
  };
}

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
    created_at: iso(delivery.createdAt),
    updated_at: iso(delivery.updatedAt),
    ...(withAttempts ? { attempts: (delivery.attempts ?? []).map(toAttemptRecord) } : {}),
  };
}
