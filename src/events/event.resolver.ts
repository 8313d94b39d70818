import { Arg, Ctx, ID, Int, Query, Resolver } from 'type-graphql';
import { type Connection, connectionRequest, toConnection } from '../graphql/connection';
import type { GraphQLContext } from '../graphql/context';
import { eventTypeEntries } from './event-catalogue';
import { EventConnection, EventTypeEntry, FeedEvent, toFeedEvent } from './event.graphql';
import { EventFilter } from './event.input';
import { EVENT_RETENTION_DAYS } from './event.service';

@Resolver(() => FeedEvent)
export class EventResolver {
  @Query(() => EventConnection, {
    description: `The event feed: the events of the last ${EVENT_RETENTION_DAYS} days, newest first (the order is fixed), with the same ids webhooks deliver.`,
  })
  async events(
    @Ctx() { request, services }: GraphQLContext,
    @Arg('first', () => Int, { nullable: true, description: 'Page size, 1 to 100 (default 20).' }) first?: number | null,
    @Arg('after', () => String, { nullable: true }) after?: string | null,
    @Arg('filter', () => EventFilter, { nullable: true }) filter?: EventFilter | null,
  ): Promise<Connection<FeedEvent>> {
    const slice = await services.events.connection(request, filter ?? new EventFilter(), connectionRequest(first, after, null));
    return toConnection({ ...slice, items: slice.items.map(({ node, cursor }) => ({ node: toFeedEvent(node, request.organisationCode), cursor })) });
  }

  @Query(() => FeedEvent, { nullable: true, description: `One event of the feed; NOT_FOUND when it is not in this workspace or older than ${EVENT_RETENTION_DAYS} days.` })
  async event(@Ctx() { request, services }: GraphQLContext, @Arg('id', () => ID) id: string): Promise<FeedEvent> {
    return toFeedEvent(await services.events.get(request, id), request.organisationCode);
  }

  @Query(() => [EventTypeEntry], { description: 'The event catalogue: every event type, with what it means and the shape of its payload.' })
  eventTypes(): EventTypeEntry[] {
    return eventTypeEntries();
  }
}
