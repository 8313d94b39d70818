import { RequiresScope } from '../../graphql/scopes/requires-scope';
import { Args, ArgsType, Ctx, Field, Int, Query, Resolver, Root, type SubscribeResolverData, Subscription } from 'type-graphql';
import { FieldErrorCollector } from '../../common/validation';
import { checkFilters, MAX_PAGE_SIZE } from '../../db/lists/list-request';
import type { Connection } from '../../graphql/connection';
import type { GraphQLContext } from '../../graphql/context';
import { listTypes } from '../../graphql/lists/list-types';
import type { OutboxEvent } from '../../outbox/outbox-event.entity';
import { EventConnection, FeedEvent, toFeedEvent } from '../event.graphql';
import { eventList } from '../event.list';
import { EVENT_RETENTION_DAYS } from '../event.service';
import { DEFAULT_STREAM_LIMIT, streamRequest } from './event-stream.service';
import { decodeStreamCursor, streamCursorOf } from './stream-cursor';

const EventFilter = listTypes(eventList).filter;

const AFTER = 'A cursor (`pageInfo.endCursor`, an `Event.cursor`, or a webhook delivery\'s `cursor`): only events committed after it. Omitted: ';

interface EventFilterValues {
  filter?: Record<string, unknown> | null;
}

@ArgsType()
class EventStreamArgs implements EventFilterValues {
  @Field(() => String, { nullable: true, description: `${AFTER}from the start of the stream (${EVENT_RETENTION_DAYS} days ago).` })
  after?: string | null;

  @Field(() => Int, { nullable: true, description: `Most events to return, 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_STREAM_LIMIT}).` })
  first?: number | null;

  @Field(() => EventFilter, { nullable: true, description: "Narrows the stream with the feed's filters; they combine." })
  filter?: Record<string, unknown> | null;
}

@ArgsType()
class EventSubscriptionArgs implements EventFilterValues {
  @Field(() => String, { nullable: true, description: `${AFTER}only events committed from now on. Given: those committed since (within ${EVENT_RETENTION_DAYS} days) first, then live ones, with no gap and none twice.` })
  after?: string | null;

  @Field(() => EventFilter, { nullable: true, description: "Only events matching the feed's filters; they combine." })
  filter?: Record<string, unknown> | null;
}

/** Starts a subscription: its arguments judged like the stream's, then the process's event hub. */
async function subscribeToEvents({ args, context }: SubscribeResolverData<unknown, EventSubscriptionArgs, GraphQLContext>): Promise<AsyncIterable<OutboxEvent>> {
  const problems = new FieldErrorCollector();
  const filters = checkFilters(eventList, args.filter, problems);
  let after;
  if (args.after !== undefined && args.after !== null) {
    try {
      after = decodeStreamCursor(args.after, 'after');
    } catch (error) {
      problems.absorbError(error);
    }
  }
  problems.throwIfAny();
  return context.services.eventHub.subscribe(context.request, filters, after);
}

/** The change stream on GraphQL: pulled (`eventStream`) and live (`subscription { events }`). */
@Resolver(() => FeedEvent)
export class EventStreamResolver {
  @RequiresScope('events:read')
  @Query(() => EventConnection, {
    description:
      `The change stream: the workspace's events of the last ${EVENT_RETENTION_DAYS} days in commit order, oldest first, after \`after\`. Continue from \`pageInfo.endCursor\` (the given \`after\` when no event came); ` +
      '`hasNextPage` is false at the live end. Resuming yields every event committed since, exactly once, even when writes commit in another order than their ids. ' +
      `A cursor older than ${EVENT_RETENTION_DAYS} days is CURSOR_EXPIRED: resynchronise. \`totalCount\` counts the stream's events matching the filter, wherever the page starts.`,
  })
  async eventStream(@Ctx() { request, services }: GraphQLContext, @Args(() => EventStreamArgs) args: EventStreamArgs): Promise<Connection<FeedEvent>> {
    const problems = new FieldErrorCollector();
    const filters = checkFilters(eventList, args.filter, problems);
    const read = streamRequest({ after: args.after, limit: args.first, filters }, problems, MAX_PAGE_SIZE, 'first');
    problems.throwIfAny();
    const page = await services.eventStream.read(request, read);
    const edges = page.events.map((event) => ({ node: toFeedEvent(event, request.organisationCode), cursor: streamCursorOf(event) }));
    return {
      edges,
      nodes: edges.map((edge) => edge.node),
      // Backward paging is not offered: the stream is read forward from a cursor.
      pageInfo: { hasNextPage: page.hasMore, hasPreviousPage: false, startCursor: edges[0]?.cursor ?? null, endCursor: page.nextCursor },
      totalCount: page.total,
      readGroups: page.aggregates,
    };
  }

  @RequiresScope('events:read')
  @Subscription(() => FeedEvent, {
    subscribe: subscribeToEvents,
    description:
      "Every event of the workspace matching `filter`, as it commits, in commit order: the same events, ids and cursors as the feed, the stream and webhooks. Resume with `after` (the last event's `cursor`) after a disconnection: nothing is missed or repeated. " +
      'Ends with SLOW_CONSUMER (`extensions.cursor` to resume from) when more events wait to be sent than SUBSCRIPTIONS_MAX_BUFFERED.',
  })
  events(@Root() event: OutboxEvent, @Ctx() { request }: GraphQLContext, @Args(() => EventSubscriptionArgs) _args: EventSubscriptionArgs): FeedEvent {
    return toFeedEvent(event, request.organisationCode);
  }
}
