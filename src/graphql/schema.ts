import 'reflect-metadata';
import { type GraphQLSchema, lexicographicSortSchema, printSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { AdvertiserAccountResolver } from '../advertiser-accounts/advertiser-account.resolver';
import { CampaignResolver } from '../campaigns/campaign.resolver';
import { ContentResolver } from '../contents/content.resolver';
import { DistributionResolver } from '../distributions/distribution.resolver';
import { EventResolver } from '../events/event.resolver';
import { MemberResolver } from '../members/member.resolver';
import { OrganisationUserResolver } from '../organisation-users/organisation-user.resolver';
import { OrganisationResolver } from '../organisations/organisation.resolver';
import { PhaseResolver } from '../phases/phase.resolver';
import { PublisherProfileResolver, PublisherTitleResolver } from '../publisher-profiles/publisher-profile.resolver';
import { ReferenceLibraryResolver } from '../reference-libraries/reference-library.resolver';
import { WebhookDeliveryResolver, WebhookResolver } from '../webhooks/webhook.resolver';

export const RESOLVERS = [
  OrganisationResolver,
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
] as const;

/**
 * Validation is off here on purpose: the service layer validates every input, once, for both
 * faces, so refusals look the same on REST and GraphQL.
 */
export async function createSchema(): Promise<GraphQLSchema> {
  return buildSchema({ resolvers: RESOLVERS, validate: false, emitSchemaFile: false });
}

/** The SDL checked in as schema.graphql. */
export function printSchemaFile(schema: GraphQLSchema): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
