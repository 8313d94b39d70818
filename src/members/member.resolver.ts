import { RequiresScope } from '../graphql/scopes/requires-scope';
import { Arg, Args, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { IdArg } from '../graphql/node';
import { AdvertiserAccount } from '../advertiser-accounts/advertiser-account.entity';
import { type ConnectionArgs, connectionRequest } from '../db/lists/list-request';
import { type Connection, toConnection } from '../graphql/connection';
import type { GraphQLContext } from '../graphql/context';
import { CREATE_INPUT_ARG, idArg, mutationIdArg, UPDATE_INPUT_ARG } from '../graphql/descriptions';
import { attempt } from '../graphql/user-error';
import { Member } from './member.entity';
import { MemberConnection, MemberListArgs, MemberDeletePayload, MemberPayload } from './member.graphql';
import { MemberInput } from './member.input';
import { memberList } from './member.list';
import { Reads } from '../graphql/field-reads';

@Resolver(() => Member)
export class MemberResolver {
  @RequiresScope('accounts:read')
  @Query(() => MemberConnection, { description: 'Members of the advertiser accounts of the workspace, a page at a time.' })
  async members(
    @Ctx() { request, services }: GraphQLContext,
    @Args(() => MemberListArgs) args: ConnectionArgs,
  ): Promise<Connection<Member>> {
    return toConnection(await services.members.connection(request, connectionRequest(memberList, args)));
  }

  @RequiresScope('accounts:read')
  @Query(() => Member, { nullable: true, description: 'One member; NOT_FOUND when it is not in this workspace.' })
  async member(@Ctx() { request, services }: GraphQLContext, @IdArg('id', 'Member', { description: idArg('member') }) id: string): Promise<Member> {
    return services.members.get(request, id);
  }

  @RequiresScope('accounts:write')
  @Mutation(() => MemberPayload, { description: 'Creates a member of an advertiser account, active unless the input says otherwise.' })
  async memberCreate(@Ctx() { request, services }: GraphQLContext, @Arg('input', () => MemberInput, { description: CREATE_INPUT_ARG }) input: MemberInput): Promise<MemberPayload> {
    const { result, userErrors } = await attempt(() => services.members.create(request, input));
    return { member: result?.member ?? null, userErrors };
  }

  @RequiresScope('accounts:write')
  @Mutation(() => MemberPayload, { description: 'Changes the given fields; a new password is hashed afresh.' })
  async memberUpdate(
    @Ctx() { request, services }: GraphQLContext,
    @IdArg('id', 'Member', { description: mutationIdArg('member') }) id: string,
    @Arg('input', () => MemberInput, { description: UPDATE_INPUT_ARG }) input: MemberInput,
  ): Promise<MemberPayload> {
    const { result, userErrors } = await attempt(() => services.members.update(request, id, input));
    return { member: result?.member ?? null, userErrors };
  }

  @RequiresScope('accounts:write')
  @Mutation(() => MemberDeletePayload, { description: 'Soft-deletes the member; an account it was primary contact of is left without one.' })
  async memberDelete(@Ctx() { request, services }: GraphQLContext, @IdArg('id', 'Member', { description: mutationIdArg('member') }) id: string): Promise<MemberDeletePayload> {
    const { result, userErrors } = await attempt(() => services.members.delete(request, id));
    return { deletedMemberId: result ? String(result.id) : null, userErrors };
  }

  @Reads('advertiserAccountId')
  @FieldResolver(() => AdvertiserAccount, { nullable: true, description: 'The account named by `advertiserAccountId`.' })
  async advertiserAccount(@Root() member: Member, @Ctx() { loaders }: GraphQLContext): Promise<AdvertiserAccount | null> {
    return loaders.advertiserAccountById.load(member.advertiserAccountId);
  }
}
