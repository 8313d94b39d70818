import { keyed, pageOf } from '../http/rest/openapi/response-schemas';
import { paginated } from '../http/rest/pagination';
import { listQuery } from '../http/rest/list-query';
import { pathParam } from '../http/rest/request-input';
import type { ListQueryDeclaration, V2Route } from '../http/rest/v2-route';
import { requestContext } from '../http/request-context';
import { eventList } from './event.list';
import { EVENT_RETENTION_DAYS } from './event.service';
import { EVENT_RECORD_SCHEMA, toEventRecord } from './event.record';

const TAG = 'Events';

const LIST_QUERY = { paged: true, list: eventList } satisfies ListQueryDeclaration;

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
      const slice = await services.events.list(ctx, listQuery(request, eventList));
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
