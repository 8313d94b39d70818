import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { type Connection, connectionRequest, toConnection } from '../graphql/connection';
import type { GraphQLContext } from '../graphql/context';
import { attempt } from '../graphql/user-error';
import { OrganisationUser } from './organisation-user.entity';
import { UserConnection, UserDeletePayload, UserOrder, UserPayload, UserRoleType } from './organisation-user.graphql';
import { UserFilter, UserUpsertInput } from './organisation-user.input';
import { rolesOf } from './organisation-user.record';

@Resolver(() => OrganisationUser)
export class OrganisationUserResolver {
  @Query(() => UserConnection, { description: 'Users of the workspace, a page at a time.' })
  async users(
    @Ctx() { request, services }: GraphQLContext,
    @Arg('first', () => Int, { nullable: true, description: 'Page size, 1 to 100 (default 20).' }) first?: number | null,
    @Arg('after', () => String, { nullable: true }) after?: string | null,
    @Arg('filter', () => UserFilter, { nullable: true }) filter?: UserFilter | null,
    @Arg('orderBy', () => UserOrder, { nullable: true }) orderBy?: UserOrder | null,
  ): Promise<Connection<OrganisationUser>> {
    const page = connectionRequest(first, after, orderBy);
    return toConnection(await services.organisationUsers.connection(request, filter ?? new UserFilter(), page));
  }

  @Query(() => OrganisationUser, { nullable: true, description: 'One user; NOT_FOUND when it is not in this workspace.' })
  async user(@Ctx() { request, services }: GraphQLContext, @Arg('id', () => ID) id: string): Promise<OrganisationUser> {
    return services.organisationUsers.get(request, id);
  }

  @Mutation(() => UserPayload, { description: 'Creates a user (no `id`) or updates one (`id`); custom fields merge, roles are replaced.' })
  async userUpsert(@Ctx() { request, services }: GraphQLContext, @Arg('input', () => UserUpsertInput) input: UserUpsertInput): Promise<UserPayload> {
    const { result, userErrors } = await attempt(() => services.organisationUsers.upsert(request, input), { fields: 'input', id: 'input.id' });
    return { user: result?.user ?? null, userErrors };
  }

  @Mutation(() => UserDeletePayload, { description: 'Soft-deletes the user: gone from every read.' })
  async userDelete(@Ctx() { request, services }: GraphQLContext, @Arg('id', () => ID) id: string): Promise<UserDeletePayload> {
    const { result, userErrors } = await attempt(() => services.organisationUsers.delete(request, id));
    return { deletedUserId: result ? String(result.id) : null, userErrors };
  }

  @FieldResolver(() => [UserRoleType])
  roles(@Root() user: OrganisationUser): UserRoleType[] {
    return rolesOf(user);
  }
}
