import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { type Connection, connectionRequest, toConnection } from '../graphql/connection';
import type { GraphQLContext } from '../graphql/context';
import { attempt } from '../graphql/user-error';
import { Member } from '../members/member.entity';
import { AdvertiserAccount } from './advertiser-account.entity';
import { AdvertiserAccountConnection, AdvertiserAccountDeletePayload, AdvertiserAccountOrder, AdvertiserAccountPayload } from './advertiser-account.graphql';
import { AdvertiserAccountFilter, AdvertiserAccountInput } from './advertiser-account.input';

@Resolver(() => AdvertiserAccount)
export class AdvertiserAccountResolver {
  @Query(() => AdvertiserAccountConnection, { description: 'Advertiser accounts of the workspace, a page at a time.' })
  async advertiserAccounts(
    @Ctx() { request, services }: GraphQLContext,
    @Arg('first', () => Int, { nullable: true, description: 'Page size, 1 to 100 (default 20).' }) first?: number | null,
    @Arg('after', () => String, { nullable: true }) after?: string | null,
    @Arg('filter', () => AdvertiserAccountFilter, { nullable: true }) filter?: AdvertiserAccountFilter | null,
    @Arg('orderBy', () => AdvertiserAccountOrder, { nullable: true }) orderBy?: AdvertiserAccountOrder | null,
  ): Promise<Connection<AdvertiserAccount>> {
    const page = connectionRequest(first, after, orderBy);
    return toConnection(await services.advertiserAccounts.connection(request, filter ?? new AdvertiserAccountFilter(), page));
  }

  @Query(() => AdvertiserAccount, { nullable: true, description: 'One advertiser account; NOT_FOUND when it is not in this workspace.' })
  async advertiserAccount(@Ctx() { request, services }: GraphQLContext, @Arg('id', () => ID) id: string): Promise<AdvertiserAccount> {
    return services.advertiserAccounts.get(request, id);
  }

  @Mutation(() => AdvertiserAccountPayload)
  async advertiserAccountCreate(@Ctx() { request, services }: GraphQLContext, @Arg('input', () => AdvertiserAccountInput) input: AdvertiserAccountInput): Promise<AdvertiserAccountPayload> {
    const { result, userErrors } = await attempt(() => services.advertiserAccounts.create(request, input));
    return { advertiserAccount: result, userErrors };
  }

  @Mutation(() => AdvertiserAccountPayload, { description: 'Changes the given fields; omitted fields stay as they are.' })
  async advertiserAccountUpdate(
    @Ctx() { request, services }: GraphQLContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => AdvertiserAccountInput) input: AdvertiserAccountInput,
  ): Promise<AdvertiserAccountPayload> {
    const { result, userErrors } = await attempt(() => services.advertiserAccounts.update(request, id, input));
    return { advertiserAccount: result, userErrors };
  }

  @Mutation(() => AdvertiserAccountDeletePayload, { description: 'Soft-deletes the account; refused while campaigns run for it.' })
  async advertiserAccountDelete(@Ctx() { request, services }: GraphQLContext, @Arg('id', () => ID) id: string): Promise<AdvertiserAccountDeletePayload> {
    const { result, userErrors } = await attempt(() => services.advertiserAccounts.delete(request, id));
    return { deletedAdvertiserAccountId: result ? String(result.id) : null, userErrors };
  }

  @FieldResolver(() => [Member], { description: 'Live members of the account, by id.' })
  async members(@Root() account: AdvertiserAccount, @Ctx() { loaders }: GraphQLContext): Promise<Member[]> {
    return loaders.membersByAdvertiserAccountId.load(account.id);
  }

  @FieldResolver(() => Member, { nullable: true, description: 'The member named by `primaryContactId`; null when none is set.' })
  async primaryContact(@Root() account: AdvertiserAccount, @Ctx() { loaders }: GraphQLContext): Promise<Member | null> {
    return account.primaryContactId === null ? null : loaders.memberById.load(account.primaryContactId);
  }
}
