import { MessageType } from 'graphql-ws';

/**
 * graphql-ws's `next` message for subscription `id`, in the parts a fan-out writes around a
 * payload serialised once for many subscribers: `head` (per subscription), the payload, `END`.
 * Byte for byte what graphql-ws's own serialiser writes (test/events/stream/subscriptions.test.ts).
 */
export function nextMessageHead(id: string): Buffer {
  return Buffer.from(`{"id":${JSON.stringify(id)},"type":"${MessageType.Next}","payload":`);
}

/** What closes a `next` message after its payload. */
export const NEXT_MESSAGE_END = Buffer.from('}');
