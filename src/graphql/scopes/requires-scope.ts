import { Extensions } from 'type-graphql';
import type { ScopeNeed } from '../../common/scopes';

/** Where a field's need is kept in the built schema (`GraphQLField.extensions.scope`), for operationScopes. */
export const SCOPE_EXTENSION = 'scope';

/**
 * The scope a GraphQL field needs: every root field declares one (`key` when any valid key may
 * call it), and so does every relation field that reaches another resource group
 * (`Campaign.primaryAdvertiserAccount` needs `accounts:read`). Kept in the schema's field
 * extensions and checked once, before anything runs: the operation check (operation-scopes.ts)
 * refuses an operation whole, on every transport, for any field its selection reaches (fragments
 * followed, whatever `@skip` will decide). Not also type-graphql's `@Authorized`: checking each
 * field again as it resolves found nothing that check misses, and kept type-graphql's asynchronous
 * wrapper on every such field.
 */
export function RequiresScope(need: ScopeNeed): MethodDecorator & PropertyDecorator {
  return Extensions({ [SCOPE_EXTENSION]: need });
}
