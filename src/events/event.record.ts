import { type JsonSchema, objectOf } from '../common/json-schema';
import type { OutboxEvent } from '../outbox/outbox-event.entity';
import { streamCursorOf } from './stream/stream-cursor';
import { EVENT_TYPES } from './event-catalogue';

/** What an envelope is made of, besides its payload and the workspace's code: the event as stored. */
export type EnvelopeSource = Pick<OutboxEvent, 'id' | 'eventType' | 'createdAt' | 'txid'>;

/** The envelope without `data`, in the order partners get its fields (`data` comes last). */
function envelopeHead(event: EnvelopeSource, organizationCode: string): Record<string, unknown> {
  return { id: Number(event.id), type: event.eventType, created_at: event.createdAt.toISOString(), organization_code: organizationCode, cursor: streamCursorOf(event) };
}

/**
 * An event as the feed and the stream show it: exactly the envelope a webhook delivery POSTs
 * (`id`, `type`, `created_at`, `organization_code`, `cursor`, `data`), so one handler serves all.
 */
export function toEventRecord(event: OutboxEvent, organizationCode: string): Record<string, unknown> {
  return { ...envelopeHead(event, organizationCode), data: event.payload };
}

/**
 * The same envelope as the text a delivery POSTs, with the payload spliced in as PostgreSQL holds
 * it (`payloadJson`): the worker never parses a payload only to write it out again.
 */
export function envelopeJson(event: EnvelopeSource, organizationCode: string, payloadJson: string): string {
  return `${JSON.stringify(envelopeHead(event, organizationCode)).slice(0, -1)},"data":${payloadJson}}`;
}

/** The JSON Schema of `toEventRecord`'s answer. */
export const EVENT_RECORD_SCHEMA: JsonSchema = {
  title: 'Event',
  ...objectOf({
    id: { type: 'integer', minimum: 1, description: 'The same id a delivery of the event carries: de-duplicate by it.' },
    type: { type: 'string', enum: [...EVENT_TYPES] },
    created_at: { type: 'string', format: 'date-time' },
    organization_code: { type: 'string', description: "The workspace's code." },
    cursor: { type: 'string', description: "The event's position in the change stream (commit order): resume `GET /v2/events/stream?after=` from it." },
    data: { type: 'object', description: 'The payload, shaped as the `payload` of its type in `GET /v2/libraries/event-types`.' },
  }),
};
