import { Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../graphql/context';
import type { NodeSource } from '../graphql/node-resolver';
import { RequiresScope } from '../graphql/scopes/requires-scope';
import { ApiKeyDescription } from './api-key.graphql';

/** The calling key as GraphQL describes it. */
async function describeKey({ request, services }: GraphQLContext): Promise<ApiKeyDescription> {
  const { id, prefix, label, scopes, expiresAt, createdAt, lastUsedAt } = await services.apiKeys.describe(request);
  return Object.assign(new ApiKeyDescription(), { id: String(id), prefix, label, scopes, expiresAt, createdAt, lastUsedAt });
}

@Resolver(() => ApiKeyDescription)
export class ApiKeyResolver {
  @RequiresScope('key')
  @Query(() => ApiKeyDescription, { description: 'The API key of the request: its prefix, label, scopes and expiry, so an integration can check what it may do.' })
  async apiKey(@Ctx() context: GraphQLContext): Promise<ApiKeyDescription> {
    return describeKey(context);
  }
}

/** A key sees itself through `node`, as through `apiKey`; the workspace's other keys are the operator's business, not its. */
export const apiKeyNode: NodeSource = {
  typeName: 'ApiKey',
  objectType: ApiKeyDescription,
  scope: 'key',
  idKind: 'integer',
  databaseIdNote: "As the operator's key:list shows it (for asking to rotate or revoke the key).",
  load: async (context, ids) => {
    const own = ids.includes(context.request.apiKeyId) ? await describeKey(context) : null;
    return ids.map((id) => (id === context.request.apiKeyId ? own : null));
  },
};
