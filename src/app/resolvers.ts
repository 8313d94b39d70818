/**
 * Part of the composition root (src/app/): every type-graphql resolver class, the list the GraphQL
 * schema is built from (schema.graphql included). A new resolver is added here.
 */
import 'reflect-metadata';
import { AdvertiserAccountResolver } from '../advertiser-accounts/advertiser-account.resolver';
import { ApiKeyResolver } from '../api-keys/api-key.resolver';
import { CampaignResolver } from '../campaigns/campaign.resolver';
import { ContentResolver } from '../contents/content.resolver';
import { DistributionResolver } from '../distributions/distribution.resolver';
import { EventResolver } from '../events/event.resolver';
import { EventStreamResolver } from '../events/stream/event-stream.resolver';
import { EventResourceResolver } from './event-resources';
import type { ResolverClasses } from '../graphql/schema';
import { nodeResolvers } from '../graphql/node-resolver';
import { NODE_SOURCES } from './nodes';
import { MemberResolver } from '../members/member.resolver';
import { OrganisationUserResolver } from '../organisation-users/organisation-user.resolver';
import { OrganisationResolver } from '../organisations/organisation.resolver';
import { PhaseResolver } from '../phases/phase.resolver';
import { PublisherProfileResolver, PublisherTitleResolver } from '../publisher-profiles/publisher-profile.resolver';
import { ReferenceLibraryResolver } from '../reference-libraries/reference-library.resolver';
import { WebhookDeliveryResolver, WebhookResolver } from '../webhooks/webhook.resolver';

export const RESOLVERS: ResolverClasses = [
  OrganisationResolver,
  ApiKeyResolver,
  OrganisationUserResolver,
  AdvertiserAccountResolver,
  MemberResolver,
  CampaignResolver,
  PhaseResolver,
  ContentResolver,
  DistributionResolver,
  PublisherProfileResolver,
  PublisherTitleResolver,
  ReferenceLibraryResolver,
  WebhookResolver,
  WebhookDeliveryResolver,
  EventResolver,
  EventStreamResolver,
  EventResourceResolver,
  ...nodeResolvers(NODE_SOURCES),
];
