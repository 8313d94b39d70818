import { allRows } from './database-state';
import type { AnyBody, TestApp, Workspace } from './test-app';

/**
 * What the webhook and event-feed REST tests share: record shapes, valid bodies, builders that
 * go through the API, a delivery log entry as the worker writes one, and the state a refused
 * request must leave as it was.
 */

export const WEBHOOKS_PATH = '/v2/webhooks';
export const SERVICES_PATH = '/v2/webhooks/services';

/** The full webhook record (§2.11 create response, in its order), then service and state; `secret` only when just made. */
export const WEBHOOK_RECORD_KEYS = ['id', 'name', 'events', 'url', 'created_at', 'updated_at', 'service', 'rate_limit', 'active', 'disabled_reason', 'previous_secret_expires_at'];

/** The listed webhook record (§2.11 `data` array elements, in its order), then the state. */
export const LISTED_WEBHOOK_KEYS = ['id', 'name', 'url', 'service', 'events', 'rate_limit', 'active', 'disabled_reason', 'previous_secret_expires_at'];

/** The webhook service record: §2.11's request fields without the secret, then what is derived and stored. */
export const SERVICE_RECORD_KEYS = ['id', 'name', 'client_id', 'auth_url', 'is_default', 'has_client_secret', 'created_at', 'updated_at'];

/** A delivery of the log; the detail adds `attempts`. */
export const DELIVERY_RECORD_KEYS = [
  'id',
  'webhook_id',
  'event_id',
  'event_type',
  'status',
  'attempt_count',
  'last_attempt_at',
  'last_status_code',
  'next_attempt_at',
  'last_throttled_at',
  'created_at',
  'updated_at',
];

export const ATTEMPT_RECORD_KEYS = ['attempt', 'outcome', 'started_at', 'duration_ms', 'status_code', 'error', 'response_body'];

/** The event envelope, the same in the feed as in a delivery. */
export const EVENT_RECORD_KEYS = ['id', 'type', 'created_at', 'organization_code', 'cursor', 'data'];

/** The seven subscribable event names of spec §6. */
export const SPEC_EVENT_NAMES = ['campaign_created', 'campaign_updated', 'campaign_media_added', 'content_created', 'content_updated', 'distribution_created', 'distribution_updated'];

/** A Standard Webhooks signing secret: `whsec_` and 32 bytes in base64. */
export const SIGNING_SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

/** A create body for a webhook: every §4.9 field but `service_id` (left to the workspace default). */
export function webhookBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: 'Order receiver', url: 'https://receiver.example.com/hooks', events: ['campaign_created', 'content_updated'], ...overrides };
}

/** A create body for a webhook service with client credentials. */
export function serviceBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: 'Partner OAuth', client_id: 'client-123', client_secret: 'very-secret-value', auth_url: 'https://auth.example.com/oauth/token', ...overrides };
}

/** Creates a webhook through POST /v2/webhooks; returns its record (with `secret`). */
export async function createWebhook(ws: Workspace, overrides: Record<string, unknown> = {}): Promise<AnyBody> {
  const response = await ws.api.post(WEBHOOKS_PATH, webhookBody(overrides));
  expect(response.status).toBe(200);
  return response.body.data.webhook;
}

/** Creates a webhook service through POST /v2/webhooks/services; returns its record. */
export async function createService(ws: Workspace, overrides: Record<string, unknown> = {}): Promise<AnyBody> {
  const response = await ws.api.post(SERVICES_PATH, serviceBody(overrides));
  expect(response.status).toBe(200);
  return response.body.data.service;
}

/** Queues a test ping through POST /v2/webhooks/{id}/test; returns the delivery record. */
export async function pingWebhook(ws: Workspace, webhookId: number): Promise<AnyBody> {
  const response = await ws.api.post(`${WEBHOOKS_PATH}/${webhookId}/test`);
  expect(response.status).toBe(200);
  return response.body.data.delivery;
}

/** Creates an advertiser account through the API (it records `advertiser_account_created`); returns its record. */
export async function createAccountRecord(ws: Workspace, name = 'Acme Foods'): Promise<AnyBody> {
  const response = await ws.api.post('/v2/advertiser-accounts', { name });
  expect(response.status).toBe(200);
  return response.body.data.advertiser_account;
}

/** The newest outbox event id of a workspace (of one type, when given). */
export async function latestEventId(app: TestApp, ws: Workspace, eventType?: string): Promise<number> {
  const [row] = await app.dataSource.query(
    `SELECT id FROM outbox_events WHERE organisation_id = $1 AND ($2::text IS NULL OR event_type = $2) ORDER BY id DESC LIMIT 1`,
    [ws.organisationId, eventType ?? null],
  );
  return Number(row.id);
}

export interface LoggedAttempt {
  statusCode: number | null;
  error?: string | null;
  responseBody?: string | null;
}

/**
 * A delivery of an event to a webhook as the worker leaves it in the log (the worker is off in
 * these tests): its status and attempts, the last one's answer summarised on the delivery.
 */
export async function logDelivery(
  app: TestApp,
  ws: Workspace,
  webhookId: number,
  eventId: number,
  { status, attempts = [] }: { status: 'pending' | 'succeeded' | 'failed'; attempts?: LoggedAttempt[] },
): Promise<number> {
  const [event] = await app.dataSource.query('SELECT event_type FROM outbox_events WHERE id = $1', [eventId]);
  const last = attempts.at(-1);
  const [delivery] = await app.dataSource.query(
    `INSERT INTO webhook_deliveries (organisation_id, webhook_id, event_id, event_type, status, attempt_count, next_attempt_at, last_attempt_at, last_status_code)
     VALUES ($1, $2, $3, $4, $5::varchar, $6::int, CASE WHEN $5::varchar = 'pending' THEN now() + interval '1 minute' END, CASE WHEN $6::int > 0 THEN now() END, $7)
     RETURNING id`,
    [ws.organisationId, webhookId, eventId, event.event_type, status, attempts.length, last?.statusCode ?? null],
  );
  for (const [index, attempt] of attempts.entries()) {
    await app.dataSource.query(
      `INSERT INTO webhook_delivery_attempts (organisation_id, delivery_id, attempt_no, started_at, duration_ms, status_code, error, response_body, outcome)
       VALUES ($1, $2, $3, now() - make_interval(secs => $4::int), 40, $5, $6, $7, CASE WHEN $5 BETWEEN 200 AND 299 THEN 'succeeded' ELSE 'failed' END)`,
      [ws.organisationId, delivery.id, index + 1, attempts.length - index, attempt.statusCode, attempt.error ?? null, attempt.responseBody ?? null],
    );
  }
  return Number(delivery.id);
}

/**
 * Every row of the webhook tables and the outbox (every workspace, deleted rows too): "nothing
 * was stored" compares two of these.
 */
export async function webhookState(app: TestApp): Promise<Record<string, AnyBody[]>> {
  return {
    webhooks: await allRows(app, 'webhooks'),
    webhook_services: await allRows(app, 'webhook_services'),
    webhook_deliveries: await allRows(app, 'webhook_deliveries'),
    webhook_delivery_attempts: await allRows(app, 'webhook_delivery_attempts'),
    outbox_events: await allRows(app, 'outbox_events'),
  };
}
