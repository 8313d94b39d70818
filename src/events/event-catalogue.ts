import { type Static, type TObject, Type } from '@sinclair/typebox';
import { canRead, type Scope, type ScopeGroup } from '../common/scopes';
import { campaignStatuses } from '../campaigns/campaign-status';
import { contentStatuses } from '../contents/content-status';
import { CLOSED, deletedPayload, ID, recordPayload, statusOf, TIMESTAMP, updatedPayload } from './event-payload-schemas';
import { MEDIA_ENTRY } from './event-record-schemas';
import { payloadShape } from './payload-shape';

/**
 * Every event type the service emits, with what it means and the shape of its payload (the
 * `data` of a delivered envelope). Subscriptions are checked against this list, the docs and
 * `GET /v2/libraries/event-types` are made from it, and `recordEvent` only accepts its names,
 * each with the payload its `payloadSchema` declares.
 */
export interface EventTypeSpec {
  /** `resource_type` of the event: what kind of record `resource_id` names (recordEvent files it). */
  resource: string;
  description: string;
  /**
   * The payload as JSON Schema (always an object): served to partners, its static type demanded by
   * recordEvent. `TObject`, not `TSchema`: checking the catalogue against `TSchema` makes the
   * compiler expand each schema's static type too deep (TS2589).
   */
  payloadSchema: TObject;
}

export const EVENT_CATALOGUE = {
  advertiser_account_created: { resource: 'advertiser_account', description: 'An advertiser account was created.', payloadSchema: recordPayload('advertiser_account') },
  advertiser_account_updated: {
    resource: 'advertiser_account',
    description: 'An advertiser account changed (also when its primary contact was deleted: `changed_fields` is `["primary_contact_id"]`).',
   
    payloadSchema: updatedPayload('advertiser_account'),
  },
  advertiser_account_deleted: {
    resource: 'advertiser_account',
    description: 'An advertiser account was deleted, with its members.',
    payloadSchema: deletedPayload('advertiser_account', ['members']),
  },
  member_created: { resource: 'member', description: 'A member was added to an advertiser account.', payloadSchema: recordPayload('member') },
  member_updated: { resource: 'member', description: 'A member changed (a new password is named in `changed_fields`, never sent).', payloadSchema: updatedPayload('member') },
  member_deleted: { resource: 'member', description: 'A member was deleted.', payloadSchema: recordPayload('member') },
  user_created: { resource: 'user', description: 'An organisation user was created.', payloadSchema: recordPayload('user') },
  user_updated: { resource: 'user', description: 'An organisation user changed.', payloadSchema: updatedPayload('user') },
  user_deleted: { resource: 'user', description: 'An organisation user was deleted.', payloadSchema: recordPayload('user') },
  publisher_profile_created: { resource: 'publisher_profile', description: 'A publisher profile was created (by an operator).', payloadSchema: recordPayload('publisher_profile') },
  publisher_profile_deleted: { resource: 'publisher_profile', description: 'A publisher profile was deleted, with its titles.', payloadSchema: recordPayload('publisher_profile') },
  campaign_created: { resource: 'campaign', description: 'A campaign was created.', payloadSchema: recordPayload('campaign') },
  campaign_updated: { resource: 'campaign', description: 'A campaign changed.', payloadSchema: updatedPayload('campaign') },
  campaign_deleted: {
    resource: 'campaign',
    description: 'A campaign was deleted, with its phases, contents and distributions.',
    payloadSchema: deletedPayload('campaign', ['phases', 'contents', 'distributions']),
  },
  campaign_media_added: {
    resource: 'campaign',
    description: "Media files were added to one of the campaign's distributions.",
    // Only the entries this write added; never recorded for none.
    payloadSchema: Type.Object({ campaign_id: ID, content_id: ID, distribution_id: ID, media: Type.Array(MEDIA_ENTRY, { minItems: 1 }) }, CLOSED),
  },
  phase_created: { resource: 'phase', description: 'A phase was created.', payloadSchema: recordPayload('phase') },
  phase_updated: { resource: 'phase', description: 'A phase changed.', payloadSchema: updatedPayload('phase') },
  phase_deleted: {
    resource: 'phase',
    description: 'A phase was deleted, with its contents and their distributions.',
    payloadSchema: deletedPayload('phase', ['contents', 'distributions']),
  },
  content_created: { resource: 'content', description: 'A content piece was created.', payloadSchema: recordPayload('content') },
  content_updated: { resource: 'content', description: 'A content piece changed.', payloadSchema: updatedPayload('content') },
  content_deleted: {
    resource: 'content',
    description: 'A content piece was deleted, with its distributions.',
    payloadSchema: deletedPayload('content', ['distributions']),
  },
  distribution_created: { resource: 'distribution', description: 'A distribution was created.', payloadSchema: recordPayload('distribution') },
  distribution_updated: {
    resource: 'distribution',
    description: 'A distribution changed (also when its content piece moved to another campaign).',
   
    payloadSchema: updatedPayload('distribution'),
  },
  distribution_deleted: { resource: 'distribution', description: 'A distribution was deleted.', payloadSchema: recordPayload('distribution') },
  post_campaign_status: {
    resource: 'campaign',
    description: "A campaign's status changed (spec §6 notification; request schema in docs/webhooks.md).",
    payloadSchema: Type.Object(
      { campaign_id: ID, campaign_status: statusOf(campaignStatuses), previous_campaign_status: statusOf(campaignStatuses), changed_at: TIMESTAMP },
      CLOSED,
    ),
  },
  post_content_status: {
    resource: 'content',
    description: "A content piece's status changed (spec §6 notification; request schema in docs/webhooks.md).",
    payloadSchema: Type.Object(
      { content_id: ID, campaign_id: ID, phase_id: ID, status: statusOf(contentStatuses), previous_status: statusOf(contentStatuses), changed_at: TIMESTAMP },
      CLOSED,
    ),
  },
  webhook_disabled: {
    resource: 'webhook',
    description: 'A webhook was switched off by the service: its receiver answered 410, or it failed for 5 days in a row.',
    payloadSchema: Type.Object({ webhook_id: ID, reason: Type.String({ minLength: 1 }) }, CLOSED),
  },
  ping: {
    resource: 'webhook',
    description: 'A test event, sent to one webhook when asked (`POST /v2/webhooks/{id}/test`); never sent to subscriptions.',
    payloadSchema: Type.Object({ webhook_id: ID, message: Type.String() }, CLOSED),
  },
} as const satisfies Record<string, EventTypeSpec>;

export type EventType = keyof typeof EVENT_CATALOGUE;

/** The kinds of record events are about (`resource_type`): `campaign`, `content`… */
export type EventResourceType = (typeof EVENT_CATALOGUE)[EventType]['resource'];

/** The scope group each kind of record belongs to: a key sees an event only if it can read its group. */
export const EVENT_RESOURCE_GROUPS: Readonly<Record<EventResourceType, ScopeGroup>> = {
  advertiser_account: 'accounts',
  member: 'accounts',
  user: 'users',
  publisher_profile: 'publishers',
  campaign: 'campaigns',
  phase: 'campaigns',
  content: 'campaigns',
  distribution: 'campaigns',
  webhook: 'webhooks',
};

/** The kinds of record whose events a key may see; undefined when it may see them all. */
export function readableResourceTypes(scopes: readonly Scope[]): EventResourceType[] | undefined {
  const readable = (Object.keys(EVENT_RESOURCE_GROUPS) as EventResourceType[]).filter((resource) => canRead(scopes, EVENT_RESOURCE_GROUPS[resource]));
  return readable.length === Object.keys(EVENT_RESOURCE_GROUPS).length ? undefined : readable;
}

/** The event types a key may see (and a webhook it creates may subscribe to). */
export function readableEventTypes(scopes: readonly Scope[]): EventType[] {
  return EVENT_TYPES.filter((type) => canRead(scopes, EVENT_RESOURCE_GROUPS[EVENT_CATALOGUE[type].resource]));
}

/** What `recordEvent` must be given as the payload of a `T` event. */
export type EventPayload<T extends EventType> = Static<(typeof EVENT_CATALOGUE)[T]['payloadSchema']>;

export const EVENT_TYPES = Object.keys(EVENT_CATALOGUE) as EventType[];

/** Event types a webhook may subscribe to: every type but `ping`, which only `test` sends. */
export const SUBSCRIBABLE_EVENT_TYPES: readonly EventType[] = EVENT_TYPES.filter((type) => type !== 'ping');


/** How the catalogue is published among the reference libraries (`GET /v2/libraries/event-types`). */
export const EVENT_TYPES_LIBRARY = {
  name: 'event-types',
  description: 'Event types: what `events` of a webhook may name, and `type` of a delivered or pulled event.',
} as const;

/**
 * A type's payload schema as partners get it: plain JSON (TypeBox marks its schemas with symbol
 * keys) stating its dialect, the one the OpenAPI document uses. Made once: the catalogue is fixed.
 */
const SERVED_PAYLOAD_SCHEMAS = new Map(
  EVENT_TYPES.map((name) => [name, { $schema: 'https://json-schema.org/draft/2020-12/schema', ...(JSON.parse(JSON.stringify(EVENT_CATALOGUE[name].payloadSchema)) as Record<string, unknown>) }]),
);

export function payloadJsonSchema(type: EventType): Record<string, unknown> {
  return SERVED_PAYLOAD_SCHEMAS.get(type)!;
}

export interface EventTypeEntryValues {
  name: EventType;
  resource: string;
  description: string;
  payload: string;
  payloadSchema: Record<string, unknown>;
  subscribable: boolean;
}

/** Each type's payload written out as a shape (`<campaign record>` stands for the v2 record): from its schema, once. */
const PAYLOAD_SHAPES = new Map(EVENT_TYPES.map((name) => [name, payloadShape(EVENT_CATALOGUE[name].payloadSchema)]));

export function eventTypeEntries(): EventTypeEntryValues[] {
  return EVENT_TYPES.map((name) => {
    const { resource, description } = EVENT_CATALOGUE[name];
    return { name, resource, description, payload: PAYLOAD_SHAPES.get(name)!, payloadSchema: payloadJsonSchema(name), subscribable: SUBSCRIBABLE_EVENT_TYPES.includes(name) };
  });
}
