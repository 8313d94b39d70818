import { RequiresScope } from '../graphql/scopes/requires-scope';
import { Arg, Args, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { IdArg } from '../graphql/node';
import { type ConnectionArgs, connectionRequest } from '../db/lists/list-request';
import { type Connection, toConnection } from '../graphql/connection';
import type { GraphQLContext } from '../graphql/context';
import { CREATE_INPUT_ARG, idArg, mutationIdArg, UPDATE_INPUT_ARG } from '../graphql/descriptions';
import { attempt } from '../graphql/user-error';
import { Member } from '../members/member.entity';
import { AdvertiserAccount } from './advertiser-account.entity';
import { AdvertiserAccountConnection, AdvertiserAccountListArgs, AdvertiserAccountDeletePayload, AdvertiserAccountPayload } from './advertiser-account.graphql';
import { AdvertiserAccountInput } from './advertiser-account.input';
import { advertiserAccountList } from './advertiser-account.list';
import { Reads } from '../graphql/field-reads';

@Resolver(() => AdvertiserAccount)
export class AdvertiserAccountResolver {
  @RequiresScope('accounts:read')
  @Query(() => AdvertiserAccountConnection, { description: 'Advertiser accounts of the workspace, a page at a time.' })
  async advertiserAccounts(
    @Ctx() { request, services }: GraphQLContext,
    @Args(() => AdvertiserAccountListArgs) args: ConnectionArgs,
  ): Promise<Connection<AdvertiserAccount>> {
    return toConnection(await services.advertiserAccounts.connection(request, connectionRequest(advertiserAccountList, args)));
  }

  @RequiresScope('accounts:read')
  @Query(() => AdvertiserAccount, { nullable: true, description: 'One advertiser account; NOT_FOUND when it is not in this workspace.' })
  async advertiserAccount(@Ctx() { request, services }: GraphQLContext, @IdArg('id', 'AdvertiserAccount', { description: idArg('advertiser account') }) id: string): Promise<AdvertiserAccount> {
    return services.advertiserAccounts.get(request, id);
  }

  @RequiresScope('accounts:write')
  @Mutation(() => AdvertiserAccountPayload, { description: 'Creates an advertiser account, ACTIVE and BRAND unless the input says otherwise.' })
  async advertiserAccountCreate(
    @Ctx() { request, services }: GraphQLContext,
    @Arg('input', () => AdvertiserAccountInput, { description: CREATE_INPUT_ARG }) input: AdvertiserAccountInput,
  ): Promise<AdvertiserAccountPayload> {
    const { result, userErrors } = await attempt(() => services.advertiserAccounts.create(request, input));
    return { advertiserAccount: result, userErrors };
  }

  @RequiresScope('accounts:write')
  @Mutation(() => AdvertiserAccountPayload, { description: 'Changes the given fields; omitted fields stay as they are.' })
  async advertiserAccountUpdate(
    @Ctx() { request, services }: GraphQLContext,
    @IdArg('id', 'AdvertiserAccount', { description: mutationIdArg('advertiser account') }) id: string,
    @Arg('input', () => AdvertiserAccountInput, { description: UPDATE_INPUT_ARG }) input: AdvertiserAccountInput,
  ): Promise<AdvertiserAccountPayload> {
    const { result, userErrors } = await attempt(() => services.advertiserAccounts.update(request, id, input));
    return { advertiserAccount: result, userErrors };
  }

  @RequiresScope('accounts:write')
  @Mutation(() => AdvertiserAccountDeletePayload, { description: 'Soft-deletes the account with its members; refused (BAD_USER_INPUT on `["id"]`) while any campaign, whatever its status, is run for it.' })
  async advertiserAccountDelete(@Ctx() { request, services }: GraphQLContext, @IdArg('id', 'AdvertiserAccount', { description: mutationIdArg('advertiser account') }) id: string): Promise<AdvertiserAccountDeletePayload> {
    const { result, userErrors } = await attempt(() => services.advertiserAccounts.delete(request, id));
    return { deletedAdvertiserAccountId: result ? String(result.id) : null, userErrors };
  }

  @FieldResolver(() => [Member], { description: 'Live members of the account, by id.' })
  async members(@Root() account: AdvertiserAccount, @Ctx() { loaders }: GraphQLContext): Promise<Member[]> {
    return loaders.membersByAdvertiserAccountId.load(account.id);
  }

  @Reads('primaryContactId')
  @FieldResolver(() => Member, { nullable: true, description: 'The member named by `primaryContactId`; null when none is set.' })
  async primaryContact(@Root() account: AdvertiserAccount, @Ctx() { loaders }: GraphQLContext): Promise<Member | null> {
    return account.primaryContactId === null ? null : loaders.memberById.load(account.primaryContactId);
  }
}
