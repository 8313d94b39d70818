import { RequiresScope } from '../graphql/scopes/requires-scope';
import { Arg, Args, Ctx, FieldResolver, Info, Mutation, Query, Resolver, Root } from 'type-graphql';
import { IdArg } from '../graphql/node';
import { Campaign } from '../campaigns/campaign.entity';
import { ContentConnection } from '../contents/content.graphql';
import type { Content } from '../contents/content.entity';
import { contentList } from '../contents/content.list';
import { type ConnectionArgs, connectionRequest } from '../db/lists/list-request';
import { type Connection, PagingArgs, toConnection } from '../graphql/connection';
import type { GraphQLContext } from '../graphql/context';
import { idArg, mutationIdArg, UPDATE_INPUT_ARG } from '../graphql/descriptions';
import { attempt } from '../graphql/user-error';
import { Phase } from './phase.entity';
import { PhaseConnection, PhaseDeletePayload, PhaseListArgs, PhasePayload, PhasesCreatePayload } from './phase.graphql';
import { phaseList } from './phase.list';
import { MAX_PHASES_PER_REQUEST, PhaseInput, PhasesCreateInput } from './phase.input';
import type { GraphQLResolveInfo } from 'graphql';
import { distributionSelectionOf } from '../distributions/distribution-selection';
import { projectionOf } from '../graphql/projection';
import { Reads } from '../graphql/field-reads';

@Resolver(() => Phase)
export class PhaseResolver {
  @RequiresScope('campaigns:read')
  @Query(() => PhaseConnection, { description: 'Phases of the workspace, a page at a time: by campaign, then `phaseNo`, unless `orderBy` says otherwise.' })
  async phases(@Ctx() { request, services }: GraphQLContext, @Info() info: GraphQLResolveInfo, @Args(() => PhaseListArgs) args: ConnectionArgs): Promise<Connection<Phase>> {
    return toConnection(await services.phases.connection(request, connectionRequest(phaseList, args), projectionOf(info)));
  }

  @RequiresScope('campaigns:read')
  @Query(() => Phase, { nullable: true, description: 'One phase; NOT_FOUND when it is not in this workspace.' })
  async phase(@Ctx() { request, services }: GraphQLContext, @IdArg('id', 'Phase', { description: idArg('phase') }) id: string): Promise<Phase> {
    return services.phases.get(request, id);
  }

  @Reads('campaignId')
  @FieldResolver(() => Campaign, { nullable: true, description: 'The campaign named by `campaignId`.' })
  async campaign(@Root() phase: Phase, @Ctx() { loaders }: GraphQLContext): Promise<Campaign | null> {
    return loaders.campaignById.load(phase.campaignId);
  }

  @FieldResolver(() => ContentConnection, { description: 'The live content pieces of the phase, by id, a page at a time (use the top-level `contents` to filter or sort).' })
  async contents(
    @Root() phase: Phase,
    @Ctx() { loaders }: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
    @Args(() => PagingArgs) paging: PagingArgs,
  ): Promise<Connection<Content>> {
    return toConnection(await loaders.contentPages('phaseId', connectionRequest(contentList, paging), projectionOf(info), distributionSelectionOf(info)).load(phase.id));
  }

  @RequiresScope('campaigns:write')
  @Mutation(() => PhasesCreatePayload, { description: 'Creates phases for a campaign, all or nothing; `phases` of the payload are in request order.' })
  async phasesCreate(
    @Ctx() { request, services }: GraphQLContext,
    @IdArg('campaignId', 'Campaign', { description: 'The campaign the phases are for; one that names no campaign of this workspace is NOT_FOUND in `userErrors` (`["campaignId"]`).' })
    campaignId: string,
    @Arg('phases', () => [PhaseInput], { description: `1 to ${MAX_PHASES_PER_REQUEST} new phases, each with its \`phaseTitle\`; a refusal points into the list (\`["phases", "0", "phaseTitle"]\`).` })
    phases: PhaseInput[],
  ): Promise<PhasesCreatePayload> {
    const input = Object.assign(new PhasesCreateInput(), { campaignId, phases });
    const { result, userErrors } = await attempt(() => services.phases.createMany(request, input), { fields: null, id: 'campaignId' });
    return { phases: result, userErrors };
  }

  @RequiresScope('campaigns:write')
  @Mutation(() => PhasePayload, { description: 'Changes the given fields; omitted fields stay as they are.' })
  async phaseUpdate(
    @Ctx() { request, services }: GraphQLContext,
    @IdArg('id', 'Phase', { description: mutationIdArg('phase') }) id: string,
    @Arg('input', () => PhaseInput, { description: UPDATE_INPUT_ARG }) input: PhaseInput,
  ): Promise<PhasePayload> {
    const { result, userErrors } = await attempt(() => services.phases.update(request, id, input));
    return { phase: result, userErrors };
  }

  @RequiresScope('campaigns:write')
  @Mutation(() => PhaseDeletePayload, { description: "Soft-deletes the phase with its content pieces and their distributions." })
  async phaseDelete(@Ctx() { request, services }: GraphQLContext, @IdArg('id', 'Phase', { description: mutationIdArg('phase') }) id: string): Promise<PhaseDeletePayload> {
    const { result, userErrors } = await attempt(() => services.phases.delete(request, id));
    return { deletedPhaseId: result ? String(result.id) : null, userErrors };
  }
}
