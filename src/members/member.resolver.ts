import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { AdvertiserAccount } from '../advertiser-accounts/advertiser-account.entity';
import { AFTER_ARG_OPTIONS, type Connection, connectionRequest, FIRST_ARG_OPTIONS, toConnection } from '../graphql/connection';
import type { GraphQLContext } from '../graphql/context';
import { CREATE_INPUT_ARG, FILTER_ARG, idArg, mutationIdArg, ORDER_BY_ARG, UPDATE_INPUT_ARG } from '../graphql/descriptions';
import { attempt } from '../graphql/user-error';
import { Member } from './member.entity';
import { MemberConnection, MemberDeletePayload, MemberOrder, MemberPayload } from './member.graphql';
import { MemberFilter, MemberInput } from './member.input';

@Resolver(() => Member)
export class MemberResolver {
  @Query(() => MemberConnection, { description: 'Members of the advertiser accounts of the workspace, a page at a time.' })
  async members(
    @Ctx() { request, services }: GraphQLContext,
    @Arg('first', () => Int, FIRST_ARG_OPTIONS) first?: number | null,
    @Arg('after', () => String, AFTER_ARG_OPTIONS) after?: string | null,
    @Arg('filter', () => MemberFilter, { nullable: true, description: FILTER_ARG }) filter?: MemberFilter | null,
    @Arg('orderBy', () => MemberOrder, { nullable: true, description: ORDER_BY_ARG }) orderBy?: MemberOrder | null,
  ): Promise<Connection<Member>> {
    const page = connectionRequest(first, after, orderBy);
    return toConnection(await services.members.connection(request, filter ?? new MemberFilter(), page));
  }

  @Query(() => Member, { nullable: true, description: 'One member; NOT_FOUND when it is not in this workspace.' })
  async member(@Ctx() { request, services }: GraphQLContext, @Arg('id', () => ID, { description: idArg('member') }) id: string): Promise<Member> {
    return services.members.get(request, id);
  }

  @Mutation(() => MemberPayload, { description: 'Creates a member of an advertiser account, active unless the input says otherwise.' })
  async memberCreate(@Ctx() { request, services }: GraphQLContext, @Arg('input', () => MemberInput, { description: CREATE_INPUT_ARG }) input: MemberInput): Promise<MemberPayload> {
    const { result, userErrors } = await attempt(() => services.members.create(request, input));
    return { member: result?.member ?? null, userErrors };
  }

  @Mutation(() => MemberPayload, { description: 'Changes the given fields; a new password is hashed afresh.' })
  async memberUpdate(
    @Ctx() { request, services }: GraphQLContext,
    @Arg('id', () => ID, { description: mutationIdArg('member') }) id: string,
    @Arg('input', () => MemberInput, { description: UPDATE_INPUT_ARG }) input: MemberInput,
  ): Promise<MemberPayload> {
    const { result, userErrors } = await attempt(() => services.members.update(request, id, input));
    return { member: result?.member ?? null, userErrors };
  }

  @Mutation(() => MemberDeletePayload, { description: 'Soft-deletes the member; an account it was primary contact of is left without one.' })
  async memberDelete(@Ctx() { request, services }: GraphQLContext, @Arg('id', () => ID, { description: mutationIdArg('member') }) id: string): Promise<MemberDeletePayload> {
    const { result, userErrors } = await attempt(() => services.members.delete(request, id));
    return { deletedMemberId: result ? String(result.id) : null, userErrors };
  }

  @FieldResolver(() => AdvertiserAccount, { nullable: true, description: 'The account named by `advertiserAccountId`.' })
  async advertiserAccount(@Root() member: Member, @Ctx() { loaders }: GraphQLContext): Promise<AdvertiserAccount | null> {
    return loaders.advertiserAccountById.load(member.advertiserAccountId);
  }
}
