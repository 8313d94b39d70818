import { RequiresScope } from '../graphql/scopes/requires-scope';
import { Args, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { IdArg } from '../graphql/node';
import { type ConnectionArgs, connectionRequest } from '../db/lists/list-request';
import { type Connection, toConnection } from '../graphql/connection';
import type { GraphQLContext } from '../graphql/context';
import { idArg, mutationIdArg } from '../graphql/descriptions';
import { attempt } from '../graphql/user-error';
import { PublisherProfile } from './publisher-profile.entity';
import { PublisherProfileConnection, PublisherProfileListArgs, PublisherProfileDeletePayload } from './publisher-profile.graphql';
import { publisherProfileList } from './publisher-profile.list';
import { PublisherTitle } from './publisher-title.entity';
import { Reads } from '../graphql/field-reads';

@Resolver(() => PublisherProfile)
export class PublisherProfileResolver {
  @RequiresScope('publishers:read')
  @Query(() => PublisherProfileConnection, { description: 'Publisher profiles of the workspace, a page at a time.' })
  async publisherProfiles(
    @Ctx() { request, services }: GraphQLContext,
    @Args(() => PublisherProfileListArgs) args: ConnectionArgs,
  ): Promise<Connection<PublisherProfile>> {
    return toConnection(await services.publisherProfiles.connection(request, connectionRequest(publisherProfileList, args)));
  }

  @RequiresScope('publishers:read')
  @Query(() => PublisherProfile, { nullable: true, description: 'One publisher profile; NOT_FOUND when it is not in this workspace.' })
  async publisherProfile(@Ctx() { request, services }: GraphQLContext, @IdArg('id', 'PublisherProfile', { description: idArg('publisher profile') }) id: string): Promise<PublisherProfile> {
    return services.publisherProfiles.getProfile(request, id);
  }

  @RequiresScope('publishers:write')
  @Mutation(() => PublisherProfileDeletePayload, { description: 'Soft-deletes the profile and its titles. Content pieces and distributions keep the title ids they carry.' })
  async publisherProfileDelete(@Ctx() { request, services }: GraphQLContext, @IdArg('id', 'PublisherProfile', { description: mutationIdArg('publisher profile') }) id: string): Promise<PublisherProfileDeletePayload> {
    const { result, userErrors } = await attempt(() => services.publisherProfiles.delete(request, id));
    return { deletedPublisherProfileId: result ? String(result.id) : null, userErrors };
  }

  @FieldResolver(() => [PublisherTitle], { description: 'The live titles of the profile, oldest first.' })
  titles(@Root() profile: PublisherProfile, @Ctx() { loaders }: GraphQLContext): Promise<PublisherTitle[]> {
    return loaders.titlesByPublisherProfileId.load(profile.id);
  }
}

@Resolver(() => PublisherTitle)
export class PublisherTitleResolver {
  @Reads('publisherProfileId')
  @FieldResolver(() => PublisherProfile, { nullable: true, description: 'The profile named by `publisherProfileId`.' })
  async publisherProfile(@Root() title: PublisherTitle, @Ctx() { loaders }: GraphQLContext): Promise<PublisherProfile | null> {
    return loaders.publisherProfileById.load(title.publisherProfileId);
  }
}
