import { keyed, pageOf } from '../http/rest/openapi/response-schemas';
import { paginated } from '../http/rest/pagination';
import { listQuery, pathParam } from '../http/rest/request-input';
import type { ListQueryDeclaration, V2Route } from '../http/rest/v2-route';
import { requestContext } from '../http/request-context';
import { EventFilter } from './event.input';
import { EVENT_RETENTION_DAYS } from './event.service';
import { EVENT_RECORD_SCHEMA, toEventRecord } from './event.record';

const TAG = 'Events';

const LIST_QUERY = {
  paged: true,
  filterClass: EventFilter,
  filters: {
    type: { prop: 'type', description: 'Only events of this type (see `GET /v2/libraries/event-types`).' },
    resource_type: { prop: 'resourceType', description: 'Only events about this kind of record (`campaign`, `content`…): the `resource` of the type in the catalogue.' },
    resource_id: { prop: 'resourceId', integer: true, description: 'Only events about the record with this id (with `resource_type`).' },
    created_after: { prop: 'createdAfter', description: 'Only events created after this instant: a date, or a date-time with its zone (2026-11-23 or 2026-11-23T18:00:00Z).' },
  },
} satisfies ListQueryDeclaration;

/**
 * The event feed (designed: §6 says nothing of pulling events): `GET /v2/events`, `GET /v2/events/{id}`.
 */
export const eventRoutes = [
  {
    method: 'GET',
    path: '/events',
    operationId: 'listEvents',
    summary: 'List events',
    description: `The workspace's events, newest first, each the very envelope a webhook delivery POSTs: a receiver that was down pulls what it missed and de-duplicates by \`id\`. Filters combine. Events are kept ${EVENT_RETENTION_DAYS} days.`,
    tag: TAG,
    query: LIST_QUERY,
    success: { message: 'Events retrieved successfully', data: keyed('events', pageOf(EVENT_RECORD_SCHEMA)) },
    async handle(request, { services, publicUrl }) {
      const ctx = requestContext(request);
      const { filter, page } = listQuery(request, EventFilter, LIST_QUERY.filters);
      const slice = await services.events.list(ctx, filter, page);
      return { events: paginated(request, publicUrl, slice, (event) => toEventRecord(event, ctx.organisationCode)) };
    },
  },
  {
    method: 'GET',
    path: '/events/:id',
    operationId: 'getEvent',
    summary: 'Get an event',
    description: `Events older than ${EVENT_RETENTION_DAYS} days answer 404, like unknown ids.`,
    tag: TAG,
    params: { id: 'An event of this workspace (its ids are those deliveries carry).' },
    success: { message: 'Event retrieved successfully', data: keyed('event', EVENT_RECORD_SCHEMA) },
    async handle(request, { services }) {
      const ctx = requestContext(request);
      return { event: toEventRecord(await services.events.get(ctx, pathParam(request, 'id')), ctx.organisationCode) };
    },
  },
] satisfies V2Route[];
