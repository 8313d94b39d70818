import { Arg, Ctx, FieldResolver, ID, Info, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Content } from '../contents/content.entity';
import type { GraphQLContext } from '../graphql/context';
import { attempt } from '../graphql/user-error';
import { PublisherTitle } from '../publisher-profiles/publisher-title.entity';
import { Distribution } from './distribution.entity';
import { DistributionDeletePayload, DistributionsPayload } from './distribution.graphql';
import { DistributionInput, DistributionsInput } from './distribution.input';
import { MediaItem } from './media-item.entity';
import type { GraphQLResolveInfo } from 'graphql';
import { projectionOf } from '../graphql/projection';
const BULK_ARGUMENTS = { fields: null, id: 'contentId' };

@Resolver(() => Distribution)
export class DistributionResolver {
  @Query(() => Distribution, { nullable: true, description: 'One distribution; NOT_FOUND when it is not in this workspace.' })
  async distribution(@Ctx() { request, services }: GraphQLContext, @Arg('id', () => ID) id: string): Promise<Distribution> {
    return services.distributions.get(request, id);
  }

  @FieldResolver(() => Content, { nullable: true })
  async content(@Root() distribution: Distribution, @Ctx() { loaders }: GraphQLContext): Promise<Content | null> {
    return loaders.contentById.load(distribution.contentId);
  }

  @FieldResolver(() => PublisherTitle, { nullable: true, description: 'The title named by `publisherTitleId`; null when none is set or it has been deleted.' })
  async publisherTitle(@Root() distribution: Distribution, @Ctx() { loaders }: GraphQLContext): Promise<PublisherTitle | null> {
    return distribution.publisherTitleId === null ? null : loaders.publisherTitleById.load(distribution.publisherTitleId);
  }

  @FieldResolver(() => [MediaItem], { description: 'Media files of the distribution, by id (bounded, not paged).' })
  async mediaLibrary(@Root() distribution: Distribution, @Ctx() { loaders }: GraphQLContext, @Info() info: GraphQLResolveInfo): Promise<MediaItem[]> {
    return distribution.mediaLibrary ?? loaders.mediaByDistributionId(projectionOf(info)).load(distribution.id);
  }

  @Mutation(() => DistributionsPayload, { description: 'Creates distributions for a content piece, all or nothing.' })
  async distributionsCreate(
    @Ctx() { request, services }: GraphQLContext,
    @Arg('contentId', () => ID) contentId: string,
    @Arg('distributions', () => [DistributionInput]) distributions: DistributionInput[],
  ): Promise<DistributionsPayload> {
    const input = Object.assign(new DistributionsInput(), { contentId, distributions });
    const { result, userErrors } = await attempt(() => services.distributions.createMany(request, input), BULK_ARGUMENTS);
    return { distributions: result, userErrors };
  }

  @Mutation(() => DistributionsPayload, {
    description: 'Entries with `id` change that distribution, entries without create one; distributions and media left out are kept. All or nothing.',
  })
  async distributionsUpdate(
    @Ctx() { request, services }: GraphQLContext,
    @Arg('contentId', () => ID) contentId: string,
    @Arg('distributions', () => [DistributionInput]) distributions: DistributionInput[],
  ): Promise<DistributionsPayload> {
    const input = Object.assign(new DistributionsInput(), { contentId, distributions });
    const { result, userErrors } = await attempt(() => services.distributions.updateMany(request, input), BULK_ARGUMENTS);
    return { distributions: result, userErrors };
  }

  @Mutation(() => DistributionDeletePayload, { description: 'Soft-deletes the distribution.' })
  async distributionDelete(@Ctx() { request, services }: GraphQLContext, @Arg('id', () => ID) id: string): Promise<DistributionDeletePayload> {
    const { result, userErrors } = await attempt(() => services.distributions.delete(request, id));
    return { deletedDistributionId: result ? String(result.id) : null, userErrors };
  }
}
