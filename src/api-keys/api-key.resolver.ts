import { Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../graphql/context';
import { RequiresScope } from '../graphql/scopes/requires-scope';
import { ApiKeyDescription } from './api-key.graphql';

@Resolver(() => ApiKeyDescription)
export class ApiKeyResolver {
  @RequiresScope('key')
  @Query(() => ApiKeyDescription, { description: 'The API key of the request: its prefix, label, scopes and expiry, so an integration can check what it may do.' })
  async apiKey(@Ctx() { request, services }: GraphQLContext): Promise<ApiKeyDescription> {
    const { id, prefix, label, scopes, expiresAt, createdAt, lastUsedAt } = await services.apiKeys.describe(request);
    return Object.assign(new ApiKeyDescription(), { id: String(id), prefix, label, scopes, expiresAt, createdAt, lastUsedAt });
  }
}
