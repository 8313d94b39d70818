import { RequiresScope } from '../graphql/scopes/requires-scope';
import { Arg, Args, Ctx, FieldResolver, Info, Mutation, Query, Resolver, Root } from 'type-graphql';
import { IdArg } from '../graphql/node';
import { AdvertiserAccount } from '../advertiser-accounts/advertiser-account.entity';
import type { Content } from '../contents/content.entity';
import { ContentConnection } from '../contents/content.graphql';
import { contentList } from '../contents/content.list';
import { type ConnectionArgs, connectionRequest } from '../db/lists/list-request';
import { type Connection, PagingArgs, toConnection } from '../graphql/connection';
import type { GraphQLContext } from '../graphql/context';
import { CREATE_INPUT_ARG, idArg, mutationIdArg, UPDATE_INPUT_ARG } from '../graphql/descriptions';
import { attempt } from '../graphql/user-error';
import { Phase } from '../phases/phase.entity';
import { Campaign } from './campaign.entity';
import { CampaignConnection, CampaignDeletePayload, CampaignListArgs, CampaignPayload } from './campaign.graphql';
import { CampaignInput } from './campaign.input';
import { campaignList } from './campaign.list';
import type { GraphQLResolveInfo } from 'graphql';
import { distributionSelectionOf } from '../distributions/distribution-selection';
import { projectionOf } from '../graphql/projection';
import { Reads } from '../graphql/field-reads';

@Resolver(() => Campaign)
export class CampaignResolver {
  @RequiresScope('campaigns:read')
  @Query(() => CampaignConnection, { description: 'Campaigns of the workspace, a page at a time.' })
  async campaigns(
    @Ctx() { request, services }: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
    @Args(() => CampaignListArgs) args: ConnectionArgs,
  ): Promise<Connection<Campaign>> {
    return toConnection(await services.campaigns.connection(request, connectionRequest(campaignList, args), projectionOf(info)));
  }

  @RequiresScope('campaigns:read')
  @Query(() => Campaign, { nullable: true, description: 'One campaign; NOT_FOUND when it is not in this workspace.' })
  async campaign(@Ctx() { request, services }: GraphQLContext, @IdArg('id', 'Campaign', { description: idArg('campaign') }) id: string): Promise<Campaign> {
    return services.campaigns.get(request, id);
  }

  @RequiresScope('accounts:read')
  @Reads('primaryAdvertiserAccountId')
  @FieldResolver(() => AdvertiserAccount, { nullable: true, description: 'The account named by `primaryAdvertiserAccountId`; null only if it has since been deleted.' })
  async primaryAdvertiserAccount(@Root() campaign: Campaign, @Ctx() { loaders }: GraphQLContext): Promise<AdvertiserAccount | null> {
    return loaders.advertiserAccountById.load(campaign.primaryAdvertiserAccountId);
  }

  @FieldResolver(() => [Phase], { description: 'The live phases of the campaign, in `phaseNo` order (read whole, not paged).' })
  async phases(@Root() campaign: Campaign, @Ctx() { loaders }: GraphQLContext, @Info() info: GraphQLResolveInfo): Promise<Phase[]> {
    return loaders.phasesByCampaignId(projectionOf(info)).load(campaign.id);
  }

  @FieldResolver(() => ContentConnection, { description: 'The live content pieces of the campaign, by id, a page at a time (use the top-level `contents` to filter or sort).' })
  async contents(
    @Root() campaign: Campaign,
    @Ctx() { loaders }: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
    @Args(() => PagingArgs) paging: PagingArgs,
  ): Promise<Connection<Content>> {
    return toConnection(await loaders.contentPages('campaignId', connectionRequest(contentList, paging), projectionOf(info), distributionSelectionOf(info)).load(campaign.id));
  }

  @RequiresScope('campaigns:write')
  @Mutation(() => CampaignPayload, { description: 'Creates a campaign for an advertiser account, DRAFT unless created ACTIVE.' })
  async campaignCreate(@Ctx() { request, services }: GraphQLContext, @Arg('input', () => CampaignInput, { description: CREATE_INPUT_ARG }) input: CampaignInput): Promise<CampaignPayload> {
    const { result, userErrors } = await attempt(() => services.campaigns.create(request, input));
    return { campaign: result, userErrors };
  }

  @RequiresScope('campaigns:write')
  @Mutation(() => CampaignPayload, { description: 'Changes the given fields; omitted fields stay as they are.' })
  async campaignUpdate(
    @Ctx() { request, services }: GraphQLContext,
    @IdArg('id', 'Campaign', { description: mutationIdArg('campaign') }) id: string,
    @Arg('input', () => CampaignInput, { description: UPDATE_INPUT_ARG }) input: CampaignInput,
  ): Promise<CampaignPayload> {
    const { result, userErrors } = await attempt(() => services.campaigns.update(request, id, input));
    return { campaign: result, userErrors };
  }

  @RequiresScope('campaigns:write')
  @Mutation(() => CampaignDeletePayload, { description: 'Soft-deletes the campaign with its phases, content pieces and distributions.' })
  async campaignDelete(@Ctx() { request, services }: GraphQLContext, @IdArg('id', 'Campaign', { description: mutationIdArg('campaign') }) id: string): Promise<CampaignDeletePayload> {
    const { result, userErrors } = await attempt(() => services.campaigns.delete(request, id));
    return { deletedCampaignId: result ? String(result.id) : null, userErrors };
  }
}
