/**
 * Part of the composition root (src/app/): `Event.resource`, the record an event is about as it
 * is now. Each kind of record the catalogue names (`resource_type`) is mapped to its GraphQL type
 * and its loader here, exhaustively: a new kind in the catalogue does not compile until it is.
 */
import { type ClassType, createUnionType, Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { AdvertiserAccount } from '../advertiser-accounts/advertiser-account.entity';
import { Campaign } from '../campaigns/campaign.entity';
import { Content } from '../contents/content.entity';
import { Distribution } from '../distributions/distribution.entity';
import type { EventResourceType } from '../events/event-catalogue';
import { FeedEvent } from '../events/event.graphql';
import type { GraphQLContext } from '../graphql/context';
import { Member } from '../members/member.entity';
import { OrganisationUser } from '../organisation-users/organisation-user.entity';
import { Phase } from '../phases/phase.entity';
import { PublisherProfile } from '../publisher-profiles/publisher-profile.entity';
import { Webhook } from '../webhooks/webhook.entity';
import type { Loaders } from './loaders';

interface EventResourceSource {
  /** The GraphQL object type of the record. */
  type: ClassType;
  /** The record by id through the request's loaders (batched with every other event of the answer); null when it is gone. */
  load(loaders: Loaders, id: number): Promise<object | null>;
}

const EVENT_RESOURCES: Record<EventResourceType, EventResourceSource> = {
  advertiser_account: { type: AdvertiserAccount, load: (loaders, id) => loaders.advertiserAccountById.load(id) },
  member: { type: Member, load: (loaders, id) => loaders.memberById.load(id) },
  user: { type: OrganisationUser, load: (loaders, id) => loaders.userById.load(id) },
  publisher_profile: { type: PublisherProfile, load: (loaders, id) => loaders.publisherProfileById.load(id) },
  campaign: { type: Campaign, load: (loaders, id) => loaders.campaignById.load(id) },
  phase: { type: Phase, load: (loaders, id) => loaders.phaseById.load(id) },
  content: { type: Content, load: (loaders, id) => loaders.contentById.load(id) },
  distribution: { type: Distribution, load: (loaders, id) => loaders.distributionById.load(id) },
  webhook: { type: Webhook, load: (loaders, id) => loaders.webhookById.load(id) },
};

export const EventResource = createUnionType({
  name: 'EventResource',
  description: 'A record an event can be about: one type per `resource` of the event catalogue.',
  types: () => Object.values(EVENT_RESOURCES).map((source) => source.type) as [ClassType, ...ClassType[]],
});

@Resolver(() => FeedEvent)
export class EventResourceResolver {
  @FieldResolver(() => EventResource, {
    nullable: true,
    description:
      'The record the event is about, as it is now (not as it was when the event was recorded: that is `data`), with all its fields and connections; null once it has been deleted. Costs as its selection.',
  })
  resource(@Root() event: FeedEvent, @Ctx() { loaders }: GraphQLContext): Promise<object | null> {
    return EVENT_RESOURCES[event.resourceType as EventResourceType].load(loaders, event.resourceId);
  }
}
