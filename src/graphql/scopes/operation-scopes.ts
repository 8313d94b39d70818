import { type DocumentNode, GraphQLError, type GraphQLSchema, type OperationDefinitionNode, TypeInfo, visit, visitWithTypeInfo } from 'graphql';
import { ErrorCode } from '../../common/error-codes';
import { ForbiddenError } from '../../common/errors';
import { missingScopes, type Scope, type ScopeNeed } from '../../common/scopes';
import { reachableFragments } from '../reachable-fragments';
import { graphqlHttpStatusOf } from '../error-status';
import { SCOPE_EXTENSION } from './requires-scope';

/**
 * Every scope an operation's selection needs: the `scope` extension (RequiresScope) of each field
 * it selects, fragments followed, whatever `@skip`/`@include` will decide. Read from the document
 * and the schema alone, before anything runs.
 */
export function operationScopes(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): Set<ScopeNeed> {
  const needs = new Set<ScopeNeed>();
  for (const node of [operation, ...reachableFragments(document, operation)]) {
    const typeInfo = new TypeInfo(schema);
    visit(
      node,
      visitWithTypeInfo(typeInfo, {
        Field() {
          const need = typeInfo.getFieldDef()?.extensions?.[SCOPE_EXTENSION] as ScopeNeed | undefined;
          if (need) needs.add(need);
        },
      }),
    );
  }
  return needs;
}

/** FORBIDDEN, with the scopes missing, when the key cannot run the whole operation (admission.ts); undefined when it can. */
export function scopeRefusal(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, scopes: readonly Scope[]): GraphQLError | undefined {
  const missing = missingScopes(scopes, operationScopes(schema, document, operation));
  if (missing.length === 0) return undefined;
  const forbidden = new ForbiddenError(missing);
  return new GraphQLError(forbidden.message, { originalError: forbidden, extensions: { http: { status: graphqlHttpStatusOf(ErrorCode.FORBIDDEN) } } });
}
