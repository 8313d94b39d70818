import type { EntityManager } from 'typeorm';
import { EVENT_CATALOGUE, EVENT_TYPES, type EventType } from '../../src/events/event-catalogue';
import { type EventOrigin, recordEvent } from '../../src/outbox/outbox';
import { eventRowProblem } from '../support/event-schemas';

/**
 * The payload schemas of the event catalogue: what recordEvent accepts at compile time, and the
 * check startTestApp's close() runs over every recorded event (test/support/event-schemas.ts).
 * Every real payload meets its schema there; here, payloads that drift do not.
 */

/**
 * Never called: `tsc -p tsconfig.json` (npm run typecheck) proves recordEvent's typing, each
 * `@ts-expect-error` failing the build the day its line compiles.
 */
export function recordEventTyping(manager: EntityManager, ctx: EventOrigin): void {
  void recordEvent(manager, ctx, { type: 'campaign_updated', resourceId: 1, payload: { campaign: {}, changed_fields: ['campaign_title'] } });
  void recordEvent(manager, ctx, { type: 'ping', resourceId: 1, payload: { webhook_id: 1, message: 'hello' } });
  // @ts-expect-error campaign_updated requires changed_fields
  void recordEvent(manager, ctx, { type: 'campaign_updated', resourceId: 1, payload: { campaign: {} } });
  // @ts-expect-error changed_fields is a list of names
  void recordEvent(manager, ctx, { type: 'campaign_updated', resourceId: 1, payload: { campaign: {}, changed_fields: 'campaign_title' } });
  // @ts-expect-error the record of another resource
  void recordEvent(manager, ctx, { type: 'campaign_created', resourceId: 1, payload: { content: {} } });
  // @ts-expect-error a key the payload does not have
  void recordEvent(manager, ctx, { type: 'ping', resourceId: 1, payload: { webhook_id: 1, message: 'hello', extra: true } });
  // @ts-expect-error the resource type is the catalogue's, never the caller's
  void recordEvent(manager, ctx, { type: 'ping', resourceType: 'webhook', resourceId: 1, payload: { webhook_id: 1, message: 'hello' } });
  // @ts-expect-error not a type of the catalogue
  void recordEvent(manager, ctx, { type: 'campaign_archived', resourceId: 1, payload: {} });
}

/** An outbox row as close() reads it, filed under its catalogue resource unless `resourceType` says otherwise. */
function row(eventType: string, payload: unknown, resourceType?: string): { id: string; event_type: string; resource_type: string; payload: unknown } {
  const catalogued = Object.hasOwn(EVENT_CATALOGUE, eventType) ? EVENT_CATALOGUE[eventType as EventType].resource : 'unknown';
  return { id: '7', event_type: eventType, resource_type: resourceType ?? catalogued, payload };
}

describe('the payload schemas', () => {
  it.each(EVENT_TYPES)('%s: a closed object naming every key it requires', (type) => {
    const schema = EVENT_CATALOGUE[type].payloadSchema;
    expect(schema).toMatchObject({ type: 'object', additionalProperties: false });
    expect(schema.required).toEqual(Object.keys(schema.properties));
  });
});

describe("close()'s check of a recorded event", () => {
  it('passes a payload of its declared shape', () => {
    expect(eventRowProblem(row('ping', { webhook_id: 3, message: 'A test event.' }))).toBeNull();
    expect(eventRowProblem(row('post_campaign_status', { campaign_id: 1, campaign_status: 2, previous_campaign_status: 1, changed_at: '2026-11-23T18:00:00.000Z' }))).toBeNull();
  });

  it('names the type, the event id and what drifted: a key missing, one too many, a value of the wrong type or outside its values', () => {
    expect(eventRowProblem(row('webhook_disabled', { webhook_id: 3 }))).toMatch(/^webhook_disabled event 7: its payload does not match.*\n.*must have required property 'reason'/);
    expect(eventRowProblem(row('ping', { webhook_id: 3, message: 'hi', sent_by: 'me' }))).toMatch(/must NOT have additional properties/);
    expect(eventRowProblem(row('ping', { webhook_id: '3', message: 'hi' }))).toMatch(/\/webhook_id must be integer/);
    expect(eventRowProblem(row('post_campaign_status', { campaign_id: 1, campaign_status: 9, previous_campaign_status: 1, changed_at: '2026-11-23T18:00:00.000Z' }))).toMatch(
      /\/campaign_status must be equal to one of the allowed values/,
    );
    expect(eventRowProblem(row('post_campaign_status', { campaign_id: 1, campaign_status: 2, previous_campaign_status: 1, changed_at: 'yesterday' }))).toMatch(/\/changed_at must match format "date-time"/);
  });

  it('holds embedded records to their record schema, which is closed', () => {
    expect(eventRowProblem(row('campaign_created', { campaign: { id: 1 } }))).toMatch(/\/campaign must have required property/);
    expect(eventRowProblem(row('campaign_media_added', { campaign_id: 1, content_id: 2, distribution_id: 3, media: [] }))).toMatch(/\/media must NOT have fewer than 1 items/);
  });

  it('refuses a resource type other than the catalogue entry’s, and a type the catalogue does not have', () => {
    expect(eventRowProblem(row('ping', { webhook_id: 3, message: 'hi' }, 'campaign'))).toBe('ping event 7: resource_type "campaign", the catalogue\'s is "webhook"');
    expect(eventRowProblem(row('campaign_archived', {}, 'campaign'))).toBe('campaign_archived event 7: not a type of the catalogue');
  });
});
