import { ErrorCode } from '../common/error-codes';
import { keyed, pageOf } from '../http/rest/openapi/response-schemas';
import { paginated } from '../http/rest/pagination';
import { arrayOf, objectOf } from '../common/json-schema';
import { integerParameter, listQuery, readQuery, throwIfProblems } from '../http/rest/list-query';
import { pathParam } from '../http/rest/request-input';
import type { ListQueryDeclaration, V2Route } from '../http/rest/v2-route';
import { requestContext } from '../http/request-context';
import { eventList } from './event.list';
import { EVENT_RETENTION_DAYS } from './event.service';
import { EVENT_RECORD_SCHEMA, toEventRecord } from './event.record';
import { DEFAULT_STREAM_LIMIT, MAX_STREAM_LIMIT, streamRequest } from './stream/event-stream.service';

const TAG = 'Events';

const LIST_QUERY = { paged: true, list: eventList } satisfies ListQueryDeclaration;

/** The stream's own parameters, besides the feed's filters. */
const STREAM_QUERY = {
  paged: false,
  list: eventList,
  parameters: [
    { name: 'after', description: 'A cursor (`next_cursor`, or an event\'s `cursor`): the events committed after it. Left out: from the start of the stream (30 days ago).', schema: { type: 'string' } },
    { name: 'limit', description: `Most events to return, 1 to ${MAX_STREAM_LIMIT} (default ${DEFAULT_STREAM_LIMIT}).`, schema: { type: 'integer', minimum: 1, maximum: MAX_STREAM_LIMIT, default: DEFAULT_STREAM_LIMIT } },
  ],
} satisfies ListQueryDeclaration;

/**
 * The event feed (designed: §6 says nothing of pulling events): `GET /v2/events`, `GET /v2/events/{id}`.
 */
export const eventRoutes = [
  {
    method: 'GET',
    path: '/events/stream',
    operationId: 'streamEvents',
    summary: 'Read the change stream',
    description:
      `The workspace's events of the last ${EVENT_RETENTION_DAYS} days in commit order, oldest first, from \`after\` (exclusive): resuming from the \`next_cursor\` of the last read yields every event committed since, exactly once, even when writes commit in another order than their ids. ` +
      '`next_cursor` is the last event\'s cursor, or `after` when none came (the live end). A cursor older than the stream keeps is 410 `CURSOR_EXPIRED`: resynchronise. The filters are the feed\'s.',
    tag: TAG,
    scope: 'events:read',
    query: STREAM_QUERY,
    refusals: [ErrorCode.CURSOR_EXPIRED],
    success: {
      message: 'Events retrieved successfully',
      data: objectOf({ events: arrayOf(EVENT_RECORD_SCHEMA), next_cursor: { type: ['string', 'null'], description: 'Where to resume: the last event\'s cursor, or `after` when none came; null when neither.' } }),
    },
    async handle(request, { services }) {
      const ctx = requestContext(request);
      const { filters, own, problems } = readQuery(request, eventList, ['after', 'limit']);
      const limit = integerParameter(problems, 'limit', own.get('limit'), DEFAULT_STREAM_LIMIT, MAX_STREAM_LIMIT);
      const read = streamRequest({ after: own.get('after'), limit, filters }, problems, MAX_STREAM_LIMIT, 'limit');
      throwIfProblems(problems);
      const page = await services.eventStream.read(ctx, read);
      return { events: page.events.map((event) => toEventRecord(event, ctx.organisationCode)), next_cursor: page.nextCursor };
    },
  },
  {
    method: 'GET',
    path: '/events',
    operationId: 'listEvents',
    summary: 'List events',
    description: `The workspace's events, newest first, each the very envelope a webhook delivery POSTs: a receiver that was down pulls what it missed and de-duplicates by \`id\`. Filters combine. Events are kept ${EVENT_RETENTION_DAYS} days.`,
    tag: TAG,
    scope: 'events:read',
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
    scope: 'events:read',
    params: { id: 'An event of this workspace (its ids are those deliveries carry).' },
    success: { message: 'Event retrieved successfully', data: keyed('event', EVENT_RECORD_SCHEMA) },
    async handle(request, { services }) {
      const ctx = requestContext(request);
      return { event: toEventRecord(await services.events.get(ctx, pathParam(request, 'id')), ctx.organisationCode) };
    },
  },
] satisfies V2Route[];
