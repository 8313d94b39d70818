import { RequiresScope } from '../graphql/scopes/requires-scope';
import { Arg, Ctx, FieldResolver, Info, Mutation, Query, Resolver, Root } from 'type-graphql';
import { IdArg } from '../graphql/node';
import { Content } from '../contents/content.entity';
import type { GraphQLContext } from '../graphql/context';
import { idArg, mutationIdArg } from '../graphql/descriptions';
import { attempt } from '../graphql/user-error';
import { PublisherTitle } from '../publisher-profiles/publisher-title.entity';
import { Distribution } from './distribution.entity';
import { DistributionDeletePayload, DistributionsPayload } from './distribution.graphql';
import { DistributionInput, DistributionsInput, MAX_DISTRIBUTIONS_PER_REQUEST } from './distribution.input';
import { MediaItem } from './media-item.entity';
import type { GraphQLResolveInfo } from 'graphql';
import { projectionOf } from '../graphql/projection';
import { Reads } from '../graphql/field-reads';
const BULK_ARGUMENTS = { fields: null, id: 'contentId' };
const CONTENT_ID_ARG = 'The content piece the distributions place; one that names no live content piece of this workspace is NOT_FOUND in `userErrors` (`["contentId"]`).';

@Resolver(() => Distribution)
export class DistributionResolver {
  @RequiresScope('campaigns:read')
  @Query(() => Distribution, { nullable: true, description: 'One distribution; NOT_FOUND when it is not in this workspace.' })
  async distribution(@Ctx() { request, services }: GraphQLContext, @IdArg('id', 'Distribution', { description: idArg('distribution') }) id: string): Promise<Distribution> {
    return services.distributions.get(request, id);
  }

  @Reads('contentId')
  @FieldResolver(() => Content, { nullable: true, description: 'The content piece named by `contentId`.' })
  async content(@Root() distribution: Distribution, @Ctx() { loaders }: GraphQLContext): Promise<Content | null> {
    return loaders.contentById.load(distribution.contentId);
  }

  @RequiresScope('publishers:read')
  @Reads('publisherTitleId')
  @FieldResolver(() => PublisherTitle, { nullable: true, description: 'The title named by `publisherTitleId`; null when none is set or it has been deleted.' })
  async publisherTitle(@Root() distribution: Distribution, @Ctx() { loaders }: GraphQLContext): Promise<PublisherTitle | null> {
    return distribution.publisherTitleId === null ? null : loaders.publisherTitleById.load(distribution.publisherTitleId);
  }

  @FieldResolver(() => [MediaItem], { description: 'Media files of the distribution, by id: at most 50, read whole, not paged (v2 `distribution_media_library`).' })
  async mediaLibrary(@Root() distribution: Distribution, @Ctx() { loaders }: GraphQLContext, @Info() info: GraphQLResolveInfo): Promise<MediaItem[]> {
    return distribution.mediaLibrary ?? loaders.mediaByDistributionId(projectionOf(info)).load(distribution.id);
  }

  @RequiresScope('campaigns:write')
  @Mutation(() => DistributionsPayload, { description: 'Creates distributions for a content piece, all or nothing; `distributions` of the payload are in request order.' })
  async distributionsCreate(
    @Ctx() { request, services }: GraphQLContext,
    @IdArg('contentId', 'Content', { description: CONTENT_ID_ARG }) contentId: string,
    @Arg('distributions', () => [DistributionInput], {
      description: `1 to ${MAX_DISTRIBUTIONS_PER_REQUEST} new distributions, each with its \`distributionTypeId\` and without \`id\`; a refusal points into the list (\`["distributions", "0", …]\`).`,
    })
    distributions: DistributionInput[],
  ): Promise<DistributionsPayload> {
    const input = Object.assign(new DistributionsInput(), { contentId, distributions });
    const { result, userErrors } = await attempt(() => services.distributions.createMany(request, input), BULK_ARGUMENTS);
    return { distributions: result, userErrors };
  }

  @RequiresScope('campaigns:write')
  @Mutation(() => DistributionsPayload, {
    description: 'Entries with `id` change that distribution, entries without create one; distributions and media left out are kept. All or nothing.',
  })
  async distributionsUpdate(
    @Ctx() { request, services }: GraphQLContext,
    @IdArg('contentId', 'Content', { description: CONTENT_ID_ARG }) contentId: string,
    @Arg('distributions', () => [DistributionInput], {
      description: `1 to ${MAX_DISTRIBUTIONS_PER_REQUEST} entries: with \`id\` (a distribution of this content piece, at most once) it is changed, without one it is created; a refusal points into the list.`,
    })
    distributions: DistributionInput[],
  ): Promise<DistributionsPayload> {
    const input = Object.assign(new DistributionsInput(), { contentId, distributions });
    const { result, userErrors } = await attempt(() => services.distributions.updateMany(request, input), BULK_ARGUMENTS);
    return { distributions: result, userErrors };
  }

  @RequiresScope('campaigns:write')
  @Mutation(() => DistributionDeletePayload, { description: 'Soft-deletes the distribution; its link and media files are no longer returned.' })
  async distributionDelete(@Ctx() { request, services }: GraphQLContext, @IdArg('id', 'Distribution', { description: mutationIdArg('distribution') }) id: string): Promise<DistributionDeletePayload> {
    const { result, userErrors } = await attempt(() => services.distributions.delete(request, id));
    return { deletedDistributionId: result ? String(result.id) : null, userErrors };
  }
}
