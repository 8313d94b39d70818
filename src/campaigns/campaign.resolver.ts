import { Arg, Ctx, FieldResolver, ID, Info, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { AdvertiserAccount } from '../advertiser-accounts/advertiser-account.entity';
import type { Content } from '../contents/content.entity';
import { ContentConnection } from '../contents/content.graphql';
import { type Connection, connectionRequest, toConnection } from '../graphql/connection';
import type { GraphQLContext } from '../graphql/context';
import { attempt } from '../graphql/user-error';
import { Phase } from '../phases/phase.entity';
import { Campaign } from './campaign.entity';
import { CampaignConnection, CampaignDeletePayload, CampaignOrder, CampaignPayload } from './campaign.graphql';
import { CampaignFilter, CampaignInput } from './campaign.input';
import type { GraphQLResolveInfo } from 'graphql';
import { distributionSelectionOf } from '../distributions/distribution-selection';
import { projectionOf } from '../graphql/projection';

@Resolver(() => Campaign)
export class CampaignResolver {
  @Query(() => CampaignConnection, { description: 'Campaigns of the workspace, a page at a time.' })
  async campaigns(
    @Ctx() { request, services }: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
    @Arg('first', () => Int, { nullable: true, description: 'Page size, 1 to 100 (default 20).' }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('filter', () => CampaignFilter, { nullable: true }) filter?: CampaignFilter,
    @Arg('orderBy', () => CampaignOrder, { nullable: true }) orderBy?: CampaignOrder,
  ): Promise<Connection<Campaign>> {
    return toConnection(await services.campaigns.connection(request, filter ?? new CampaignFilter(), connectionRequest(first, after, orderBy), projectionOf(info)));
  }

  @Query(() => Campaign, { nullable: true, description: 'One campaign; NOT_FOUND when it is not in this workspace.' })
  async campaign(@Ctx() { request, services }: GraphQLContext, @Arg('id', () => ID) id: string): Promise<Campaign> {
    return services.campaigns.get(request, id);
  }

  @FieldResolver(() => AdvertiserAccount, { nullable: true, description: 'Null only if the account has since been deleted.' })
  async primaryAdvertiserAccount(@Root() campaign: Campaign, @Ctx() { loaders }: GraphQLContext): Promise<AdvertiserAccount | null> {
    return loaders.advertiserAccountById.load(campaign.primaryAdvertiserAccountId);
  }

  @FieldResolver(() => [Phase], { description: 'Phases of the campaign, in phase order.' })
  async phases(@Root() campaign: Campaign, @Ctx() { loaders }: GraphQLContext, @Info() info: GraphQLResolveInfo): Promise<Phase[]> {
    return loaders.phasesByCampaignId(projectionOf(info)).load(campaign.id);
  }

  @FieldResolver(() => ContentConnection, { description: 'Content pieces of the campaign, by id.' })
  async contents(
    @Root() campaign: Campaign,
    @Ctx() { loaders }: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
    @Arg('first', () => Int, { nullable: true, description: 'Page size, 1 to 100 (default 20).' }) first?: number | null,
    @Arg('after', () => String, { nullable: true }) after?: string | null,
  ): Promise<Connection<Content>> {
    return toConnection(await loaders.contentPages('campaignId', connectionRequest(first, after, null), projectionOf(info), distributionSelectionOf(info)).load(campaign.id));
  }

  @Mutation(() => CampaignPayload)
  async campaignCreate(@Ctx() { request, services }: GraphQLContext, @Arg('input', () => CampaignInput) input: CampaignInput): Promise<CampaignPayload> {
    const { result, userErrors } = await attempt(() => services.campaigns.create(request, input));
    return { campaign: result, userErrors };
  }

  @Mutation(() => CampaignPayload, { description: 'Changes the given fields; omitted fields stay as they are.' })
  async campaignUpdate(
    @Ctx() { request, services }: GraphQLContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => CampaignInput) input: CampaignInput,
  ): Promise<CampaignPayload> {
    const { result, userErrors } = await attempt(() => services.campaigns.update(request, id, input));
    return { campaign: result, userErrors };
  }

  @Mutation(() => CampaignDeletePayload, { description: 'Soft-deletes the campaign.' })
  async campaignDelete(@Ctx() { request, services }: GraphQLContext, @Arg('id', () => ID) id: string): Promise<CampaignDeletePayload> {
    const { result, userErrors } = await attempt(() => services.campaigns.delete(request, id));
    return { deletedCampaignId: result ? String(result.id) : null, userErrors };
  }
}
