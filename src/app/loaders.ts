/**
 * Part of the composition root (src/app/): the per-request DataLoaders of GraphQL, each resource's
 * declared next to it (`*.loaders.ts`). graphql-route.ts makes them for every request; a new
 * resource's loaders are added here.
 */
import { type AdvertiserAccountLoaders, advertiserAccountLoaders } from '../advertiser-accounts/advertiser-account.loaders';
import { type CampaignLoaders, campaignLoaders } from '../campaigns/campaign.loaders';
import type { RequestContext } from '../common/request-context';
import { type ContentLoaders, contentLoaders } from '../contents/content.loaders';
import { type DistributionLoaders, distributionLoaders } from '../distributions/distribution.loaders';
import { type EventLoaders, eventLoaders } from '../events/event.loaders';
import { type MemberLoaders, memberLoaders } from '../members/member.loaders';
import { type OrganisationUserLoaders, organisationUserLoaders } from '../organisation-users/organisation-user.loaders';
import { type PhaseLoaders, phaseLoaders } from '../phases/phase.loaders';
import { type PublisherProfileLoaders, publisherProfileLoaders } from '../publisher-profiles/publisher-profile.loaders';
import { type WebhookLoaders, webhookLoaders } from '../webhooks/webhook.loaders';
import type { Services } from './services';

/** What every resolver finds in `loaders`. */
export type Loaders = AdvertiserAccountLoaders &
  CampaignLoaders &
  PhaseLoaders &
  ContentLoaders &
  DistributionLoaders &
  OrganisationUserLoaders &
  MemberLoaders &
  PublisherProfileLoaders &
  WebhookLoaders &
  EventLoaders;

export function createLoaders(services: Services, ctx: RequestContext): Loaders {
  return {
    ...advertiserAccountLoaders(services, ctx),
    ...campaignLoaders(services, ctx),
    ...phaseLoaders(services, ctx),
    ...contentLoaders(services, ctx),
    ...distributionLoaders(services, ctx),
    ...organisationUserLoaders(services, ctx),
    ...memberLoaders(services, ctx),
    ...publisherProfileLoaders(services, ctx),
    ...webhookLoaders(services, ctx),
    ...eventLoaders(services, ctx),
  };
}

/*
 * Resolvers find these in their context (src/graphql/context.ts), which declares `ContextLoaders`
 * empty so as to import no resource; it is filled in here (declaration merging, as Fastify's
 * plugins augment FastifyInstance).
 */
declare module '../graphql/context' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a merge: the members are Loaders'
  interface ContextLoaders extends Loaders {}
}
