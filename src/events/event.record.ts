import type { OutboxEvent } from '../outbox/outbox-event.entity';

/**
 * An event as the feed shows it: exactly the envelope a webhook delivery POSTs
 * (`id`, `type`, `created_at`, `organization_code`, `data`), so one handler serves both.
 */
export function toEventRecord(event: OutboxEvent, organizationCode: string): Record<string, unknown> {
  return { id: Number(event.id), type: event.eventType, created_at: event.createdAt.toISOString(), organization_code: organizationCode, data: event.payload };
}
