import { RequiresScope } from '../graphql/scopes/requires-scope';
import { Arg, Args, Ctx, FieldResolver, Info, Mutation, Query, Resolver, Root } from 'type-graphql';
import { IdArg } from '../graphql/node';
import { Campaign } from '../campaigns/campaign.entity';
import { Distribution } from '../distributions/distribution.entity';
import { type ConnectionArgs, connectionRequest } from '../db/lists/list-request';
import { type Connection, toConnection } from '../graphql/connection';
import type { GraphQLContext } from '../graphql/context';
import { CREATE_INPUT_ARG, idArg, mutationIdArg, UPDATE_INPUT_ARG } from '../graphql/descriptions';
import { attempt } from '../graphql/user-error';
import { OrganisationUser } from '../organisation-users/organisation-user.entity';
import { Phase } from '../phases/phase.entity';
import { PublisherTitle } from '../publisher-profiles/publisher-title.entity';
import { Content } from './content.entity';
import { ContentConnection, ContentDeletePayload, ContentListArgs, ContentPayload } from './content.graphql';
import { ContentInput } from './content.input';
import { contentList } from './content.list';
import type { GraphQLResolveInfo } from 'graphql';
import { childProjectionOf, projectionOf } from '../graphql/projection';
import { Reads } from '../graphql/field-reads';

@Resolver(() => Content)
export class ContentResolver {
  @RequiresScope('campaigns:read')
  @Query(() => ContentConnection, { description: 'Content pieces of the workspace, a page at a time.' })
  async contents(
    @Ctx() { request, services }: GraphQLContext,
    @Args(() => ContentListArgs) args: ConnectionArgs,
  ): Promise<Connection<Content>> {
    return toConnection(await services.contents.connection(request, connectionRequest(contentList, args)));
  }

  @RequiresScope('campaigns:read')
  @Query(() => Content, { nullable: true, description: 'One content piece; NOT_FOUND when it is not in this workspace.' })
  async content(@Ctx() { request, services }: GraphQLContext, @IdArg('id', 'Content', { description: idArg('content piece') }) id: string): Promise<Content> {
    return services.contents.get(request, id);
  }

  @Reads('campaignId')
  @FieldResolver(() => Campaign, { nullable: true, description: 'The campaign named by `campaignId`.' })
  async campaign(@Root() content: Content, @Ctx() { loaders }: GraphQLContext): Promise<Campaign | null> {
    return loaders.campaignById.load(content.campaignId);
  }

  @Reads('phaseId')
  @FieldResolver(() => Phase, { nullable: true, description: 'The phase named by `phaseId`.' })
  async phase(@Root() content: Content, @Ctx() { loaders }: GraphQLContext): Promise<Phase | null> {
    return loaders.phaseById.load(content.phaseId);
  }

  @RequiresScope('users:read')
  @Reads('contentEditorId')
  @FieldResolver(() => OrganisationUser, { nullable: true, description: 'The user named by `contentEditorId`; null when none is set or the user has been deleted.' })
  async editor(@Root() content: Content, @Ctx() { loaders }: GraphQLContext): Promise<OrganisationUser | null> {
    return content.contentEditorId === null ? null : loaders.userById.load(content.contentEditorId);
  }

  @RequiresScope('publishers:read')
  @Reads('publisherTitleId')
  @FieldResolver(() => PublisherTitle, { nullable: true, description: 'The title named by `publisherTitleId`; null when none is set or it has been deleted.' })
  async publisherTitle(@Root() content: Content, @Ctx() { loaders }: GraphQLContext): Promise<PublisherTitle | null> {
    return content.publisherTitleId === null ? null : loaders.publisherTitleById.load(content.publisherTitleId);
  }

  @FieldResolver(() => [Distribution], { description: 'The live distributions of the piece, by id (read whole, not paged).' })
  async distributions(@Root() content: Content, @Ctx() { loaders }: GraphQLContext, @Info() info: GraphQLResolveInfo): Promise<Distribution[]> {
    // Read with the page of pieces when the page's selection asked for them (distribution-selection.ts).
    const embedded = (content as Content & { distributions?: Distribution[] }).distributions;
    return embedded ?? loaders.distributionsByContentId(projectionOf(info), childProjectionOf(info, 'mediaLibrary')).load(content.id);
  }

  @RequiresScope('campaigns:write')
  @Mutation(() => ContentPayload, { description: 'Creates a content piece in a phase of a campaign, DRAFT unless created IN_REVIEW.' })
  async contentCreate(@Ctx() { request, services }: GraphQLContext, @Arg('input', () => ContentInput, { description: CREATE_INPUT_ARG }) input: ContentInput): Promise<ContentPayload> {
    const { result, userErrors } = await attempt(() => services.contents.create(request, input));
    return { content: result, userErrors };
  }

  @RequiresScope('campaigns:write')
  @Mutation(() => ContentPayload, { description: 'Changes the given fields; omitted fields stay as they are.' })
  async contentUpdate(
    @Ctx() { request, services }: GraphQLContext,
    @IdArg('id', 'Content', { description: mutationIdArg('content piece') }) id: string,
    @Arg('input', () => ContentInput, { description: UPDATE_INPUT_ARG }) input: ContentInput,
  ): Promise<ContentPayload> {
    const { result, userErrors } = await attempt(() => services.contents.update(request, id, input));
    return { content: result, userErrors };
  }

  @RequiresScope('campaigns:write')
  @Mutation(() => ContentDeletePayload, { description: 'Soft-deletes the piece with its distributions.' })
  async contentDelete(@Ctx() { request, services }: GraphQLContext, @IdArg('id', 'Content', { description: mutationIdArg('content piece') }) id: string): Promise<ContentDeletePayload> {
    const { result, userErrors } = await attempt(() => services.contents.delete(request, id));
    return { deletedContentId: result ? String(result.id) : null, userErrors };
  }
}
