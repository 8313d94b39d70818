import { Authorized, Extensions } from 'type-graphql';
import type { ScopeNeed } from '../../common/scopes';

/** Where a field's need is kept in the built schema (`GraphQLField.extensions.scope`), for operationScopes. */
export const SCOPE_EXTENSION = 'scope';

/**
 * The scope a GraphQL field needs: every root field declares one (`key` when any valid key may
 * call it), and so does every relation field that reaches another resource group
 * (`Campaign.primaryAdvertiserAccount` needs `accounts:read`). The need is kept twice: in the
 * schema's field extensions, which the operation check (operation-scopes.ts) reads to refuse an
 * operation whole before it runs, and as type-graphql's `@Authorized`, whose authChecker checks
 * each field again as it resolves.
 */
export function RequiresScope(need: ScopeNeed): MethodDecorator & PropertyDecorator {
  return (target: object, key: string | symbol, descriptor?: PropertyDescriptor) => {
    const applyTo = (decorator: MethodDecorator & PropertyDecorator): void => {
      if (descriptor) decorator(target, key, descriptor);
      else decorator(target, key);
    };
    applyTo(Extensions({ [SCOPE_EXTENSION]: need }));
    if (need !== 'key') applyTo(Authorized(need));
  };
}
