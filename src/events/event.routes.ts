import type { FastifyInstance } from 'fastify';
import { parseBigIdOrNotFound } from '../common/ids';
import { success } from '../http/rest/envelope';
import { paginated } from '../http/rest/pagination';
import { listQuery } from '../http/rest/request-input';
import type { RestDeps } from '../http/rest/rest-deps';
import { requestContext } from '../http/request-context';
import { EventFilter } from './event.input';
import { EVENT } from './event.service';
import { toEventRecord } from './event.record';

/** The event feed (designed: §6 says nothing of pulling events): `GET /v2/events`, `GET /v2/events/{id}`. */
export function registerEventRoutes(app: FastifyInstance, { services, publicUrl }: RestDeps): void {
  app.get('/events', async (request) => {
    const ctx = requestContext(request);
    const { filter, page } = listQuery(request, EventFilter, {
      type: { prop: 'type' },
      resource_type: { prop: 'resourceType' },
      resource_id: { prop: 'resourceId', integer: true },
      created_after: { prop: 'createdAfter' },
    });
    const slice = await services.events.list(ctx, filter, page);
    return success('Events retrieved successfully', { events: paginated(request, publicUrl, slice, (event) => toEventRecord(event, ctx.organisationCode)) });
  });

  app.get<{ Params: { id: string } }>('/events/:id', async (request) => {
    const ctx = requestContext(request);
    const id = parseBigIdOrNotFound(request.params.id, EVENT);
    return success('Event retrieved successfully', { event: toEventRecord(await services.events.get(ctx, id), ctx.organisationCode) });
  });
}
