import { RequiresScope } from '../graphql/scopes/requires-scope';
import { Arg, Args, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { IdArg } from '../graphql/node';
import { type ConnectionArgs, connectionRequest } from '../db/lists/list-request';
import { type Connection, toConnection } from '../graphql/connection';
import type { GraphQLContext } from '../graphql/context';
import { idArg, mutationIdArg } from '../graphql/descriptions';
import { attempt } from '../graphql/user-error';
import { OrganisationUser } from './organisation-user.entity';
import { UserConnection, UserListArgs, UserDeletePayload, UserPayload, UserRoleType } from './organisation-user.graphql';
import { UserUpsertInput } from './organisation-user.input';
import { organisationUserList } from './organisation-user.list';
import { rolesOf } from './organisation-user.record';
import { Reads } from '../graphql/field-reads';

@Resolver(() => OrganisationUser)
export class OrganisationUserResolver {
  @RequiresScope('users:read')
  @Query(() => UserConnection, { description: 'Users of the workspace, a page at a time.' })
  async users(
    @Ctx() { request, services }: GraphQLContext,
    @Args(() => UserListArgs) args: ConnectionArgs,
  ): Promise<Connection<OrganisationUser>> {
    return toConnection(await services.organisationUsers.connection(request, connectionRequest(organisationUserList, args)));
  }

  @RequiresScope('users:read')
  @Query(() => OrganisationUser, { nullable: true, description: 'One user; NOT_FOUND when it is not in this workspace.' })
  async user(@Ctx() { request, services }: GraphQLContext, @IdArg('id', 'User', { description: idArg('user') }) id: string): Promise<OrganisationUser> {
    return services.organisationUsers.get(request, id);
  }

  @RequiresScope('users:write')
  @Mutation(() => UserPayload, { description: 'Creates a user (no `id`) or updates one (`id`); custom fields merge, roles are replaced.' })
  async userUpsert(
    @Ctx() { request, services }: GraphQLContext,
    @Arg('input', () => UserUpsertInput, { description: 'The user: with `id` that user is updated, without it one is created.' }) input: UserUpsertInput,
  ): Promise<UserPayload> {
    const { result, userErrors } = await attempt(() => services.organisationUsers.upsert(request, input), { fields: 'input', id: 'input.id' });
    return { user: result?.user ?? null, userErrors };
  }

  @RequiresScope('users:write')
  @Mutation(() => UserDeletePayload, { description: 'Soft-deletes the user: gone from every read. Content pieces keep the id in `contentEditorId`.' })
  async userDelete(@Ctx() { request, services }: GraphQLContext, @IdArg('id', 'User', { description: mutationIdArg('user') }) id: string): Promise<UserDeletePayload> {
    const { result, userErrors } = await attempt(() => services.organisationUsers.delete(request, id));
    return { deletedUserId: result ? String(result.id) : null, userErrors };
  }

  @Reads('roleTypes')
  @FieldResolver(() => [UserRoleType], { description: 'The roles the user holds, by role type.' })
  roles(@Root() user: OrganisationUser): UserRoleType[] {
    return rolesOf(user);
  }
}
