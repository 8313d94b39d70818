import 'reflect-metadata';
import { type GraphQLSchema, lexicographicSortSchema, printSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { AdvertiserAccountResolver } from '../advertiser-accounts/advertiser-account.resolver';
import { CampaignResolver } from '../campaigns/campaign.resolver';
import { ContentResolver } from '../contents/content.resolver';
import { DistributionResolver } from '../distributions/distribution.resolver';
import { PhaseResolver } from '../phases/phase.resolver';

export const RESOLVERS = [AdvertiserAccountResolver, CampaignResolver, PhaseResolver, ContentResolver, DistributionResolver] as const;

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
