import { Arg, Ctx, FieldResolver, ID, Info, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Campaign } from '../campaigns/campaign.entity';
import { ContentConnection } from '../contents/content.graphql';
import type { Content } from '../contents/content.entity';
import { type Connection, connectionRequest, toConnection } from '../graphql/connection';
import type { GraphQLContext } from '../graphql/context';
import { attempt } from '../graphql/user-error';
import { Phase } from './phase.entity';
import { PhaseDeletePayload, PhasePayload, PhasesCreatePayload } from './phase.graphql';
import { PhaseInput, PhasesCreateInput } from './phase.input';
import type { GraphQLResolveInfo } from 'graphql';
import { distributionSelectionOf } from '../distributions/distribution-selection';
import { projectionOf } from '../graphql/projection';

@Resolver(() => Phase)
export class PhaseResolver {
  @Query(() => Phase, { nullable: true, description: 'One phase; NOT_FOUND when it is not in this workspace.' })
  async phase(@Ctx() { request, services }: GraphQLContext, @Arg('id', () => ID) id: string): Promise<Phase> {
    return services.phases.get(request, id);
  }

  @FieldResolver(() => Campaign, { nullable: true })
  async campaign(@Root() phase: Phase, @Ctx() { loaders }: GraphQLContext): Promise<Campaign | null> {
    return loaders.campaignById.load(phase.campaignId);
  }

  @FieldResolver(() => ContentConnection, { description: 'Content pieces of the phase, by id.' })
  async contents(
    @Root() phase: Phase,
    @Ctx() { loaders }: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
    @Arg('first', () => Int, { nullable: true, description: 'Page size, 1 to 100 (default 20).' }) first?: number | null,
    @Arg('after', () => String, { nullable: true }) after?: string | null,
  ): Promise<Connection<Content>> {
    return toConnection(await loaders.contentPages('phaseId', connectionRequest(first, after, null), projectionOf(info), distributionSelectionOf(info)).load(phase.id));
  }

  @Mutation(() => PhasesCreatePayload, { description: 'Creates phases for a campaign, all or nothing.' })
  async phasesCreate(
    @Ctx() { request, services }: GraphQLContext,
    @Arg('campaignId', () => ID) campaignId: string,
    @Arg('phases', () => [PhaseInput]) phases: PhaseInput[],
  ): Promise<PhasesCreatePayload> {
    const input = Object.assign(new PhasesCreateInput(), { campaignId, phases });
    const { result, userErrors } = await attempt(() => services.phases.createMany(request, input), { fields: null, id: 'campaignId' });
    return { phases: result, userErrors };
  }

  @Mutation(() => PhasePayload, { description: 'Changes the given fields; omitted fields stay as they are.' })
  async phaseUpdate(@Ctx() { request, services }: GraphQLContext, @Arg('id', () => ID) id: string, @Arg('input', () => PhaseInput) input: PhaseInput): Promise<PhasePayload> {
    const { result, userErrors } = await attempt(() => services.phases.update(request, id, input));
    return { phase: result, userErrors };
  }

  @Mutation(() => PhaseDeletePayload, { description: "Soft-deletes the phase with its content pieces and their distributions." })
  async phaseDelete(@Ctx() { request, services }: GraphQLContext, @Arg('id', () => ID) id: string): Promise<PhaseDeletePayload> {
    const { result, userErrors } = await attempt(() => services.phases.delete(request, id));
    return { deletedPhaseId: result ? String(result.id) : null, userErrors };
  }
}
