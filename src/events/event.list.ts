import { INSTANT_MESSAGE, instantText, isInstant } from '../common/instant';
import { defineList } from '../db/lists/define-list';
import { custom } from '../db/lists/filters';
import { EVENT_RESOURCE_GROUPS, EVENT_TYPES } from './event-catalogue';
import { MAX_ID, parseId } from '../common/ids';
import { parseGlobalId } from '../common/global-id';

const TYPE_MESSAGE = 'must name an event type of the catalogue (GET /v2/libraries/event-types)';
const RESOURCE_MESSAGE = 'must be the global id of a record events are about, or a positive integer id';

/** `AdvertiserAccount` → `advertiser_account`: a GraphQL type's name as the catalogue's `resource` spells it. */
const resourceTypeOf = (typeName: string): string => typeName.replace(/(?<=[a-z])(?=[A-Z])/g, '_').toLowerCase();

/** The record a `resourceId` value names: a global id gives its kind too; a database id (/v2, or GraphQL's transition) does not. */
function resourceOf(value: unknown): { type?: string; id: number } | null {
  const parts = parseGlobalId(value);
  if (!parts) {
    const id = parseId(value);
    return id === null ? null : { id };
  }
  const type = resourceTypeOf(parts.typeName);
  const id = parseId(parts.databaseId);
  return type in EVENT_RESOURCE_GROUPS && id !== null ? { type, id } : null;
}

/**
 * The event feed of both faces (GraphQL `events`, `GET /v2/events`): newest first, always. Its
 * filters also narrow the change stream and the subscriptions, which match them in memory.
 */
export const eventList = defineList({
  name: 'Event',
  records: 'events',
  idKind: 'bigint',
  defaultDirection: 'DESC',
  timestamps: ['createdAt'],
  filters: {
    type: custom({
      type: { scalar: 'String' },
      description: 'Only events of this type, a name of `eventTypes`.',
      rest: 'type',
      restDescription: 'Only events of this type (see `GET /v2/libraries/event-types`).',
      schema: { type: 'string', enum: [...EVENT_TYPES] },
      check: (value) => ((EVENT_TYPES as readonly unknown[]).includes(value) ? undefined : TYPE_MESSAGE),
      where: (alias, value, param) => ({ sql: `${alias}.eventType = :${param}`, parameters: { [param]: value } }),
      matches: (event, value) => event.eventType === value,
    }),
    resourceType: custom({
      type: { scalar: 'String' },
      description: 'Only events about this kind of record (`campaign`, `content`…).',
      rest: 'resource_type',
      restDescription: 'Only events about this kind of record (`campaign`, `content`…): the `resource` of the type in the catalogue.',
      schema: { type: 'string', maxLength: 64 },
      check: (value) => (typeof value === 'string' && value.length <= 64 ? undefined : 'must be a string of at most 64 characters'),
      where: (alias, value, param) => ({ sql: `${alias}.resourceType = :${param}`, parameters: { [param]: value } }),
      matches: (event, value) => event.resourceType === value,
    }),
    resourceId: custom({
      type: { scalar: 'ID' },
      description: 'Only events about this record: its global id (`Event.resource { id }`), which names its kind too. A bare database id, for the transition, needs `resourceType` beside it.',
      rest: 'resource_id',
      restDescription: 'Only events about the record with this id (with `resource_type`).',
      schema: { type: 'integer', minimum: 1, maximum: MAX_ID },
      check: (value) => (resourceOf(value) ? undefined : RESOURCE_MESSAGE),
      where: (alias, value, param) => {
        const { type, id } = resourceOf(value)!;
        const sql = `${alias}.resourceId = :${param}${type ? ` AND ${alias}.resourceType = :${param}_type` : ''}`;
        return { sql, parameters: { [param]: id, [`${param}_type`]: type } };
      },
      matches: (event, value) => {
        const { type, id } = resourceOf(value)!;
        return String(event.resourceId) === String(id) && (type === undefined || event.resourceType === type);
      },
    }),
    createdAfter: custom({
      type: { scalar: 'String' },
      description: 'Only events created after this instant (exclusive): a date (`2026-11-23`) or a date-time with its zone (`2026-11-23T18:00:00Z`). `createdAt: {gte}` is the inclusive form every list has.',
      schema: { type: 'string' },
      check: (value) => (isInstant(value) ? undefined : INSTANT_MESSAGE),
      where: (alias, value, param) => ({ sql: `${alias}.createdAt > CAST(:${param} AS timestamptz)`, parameters: { [param]: instantText(value as string) } }),
      matches: (event, value) => event.createdAt instanceof Date && event.createdAt.getTime() > new Date(instantText(value as string)).getTime(),
    }),
  },
});
