import { RequiresScope } from '../graphql/scopes/requires-scope';
import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { IdArg } from '../graphql/node';
import { type ConnectionArgs, connectionRequest } from '../db/lists/list-request';
import { type Connection, toConnection } from '../graphql/connection';
import type { GraphQLContext } from '../graphql/context';
import { idArg } from '../graphql/descriptions';
import { eventTypeEntries } from './event-catalogue';
import { EventConnection, EventListArgs, EventTypeEntry, FeedEvent, toFeedEvent } from './event.graphql';
import { eventList } from './event.list';
import { EVENT_RETENTION_DAYS } from './event.service';

@Resolver(() => FeedEvent)
export class EventResolver {
  @RequiresScope('events:read')
  @Query(() => EventConnection, {
    description: `The event feed: the events of the last ${EVENT_RETENTION_DAYS} days, newest first (the order is fixed), with the same ids webhooks deliver.`,
  })
  async events(
    @Ctx() { request, services }: GraphQLContext,
    @Args(() => EventListArgs) args: ConnectionArgs,
  ): Promise<Connection<FeedEvent>> {
    const slice = await services.events.connection(request, connectionRequest(eventList, args));
    return toConnection({ ...slice, items: slice.items.map(({ node, cursor }) => ({ node: toFeedEvent(node, request.organisationCode), cursor })) });
  }

  @RequiresScope('events:read')
  @Query(() => FeedEvent, { nullable: true, description: `One event of the feed; NOT_FOUND when it is not in this workspace or older than ${EVENT_RETENTION_DAYS} days.` })
  async event(@Ctx() { request, services }: GraphQLContext, @IdArg('id', 'Event', { description: idArg('event') }) id: string): Promise<FeedEvent> {
    return toFeedEvent(await services.events.get(request, id), request.organisationCode);
  }

  @RequiresScope('key')
  @Query(() => [EventTypeEntry], { description: 'The event catalogue: every event type, with what it means and the shape of its payload.' })
  eventTypes(): EventTypeEntry[] {
    return eventTypeEntries();
  }
}
