import { type ASTNode, type DocumentNode, Kind, type OperationDefinitionNode, visit } from 'graphql';
import { reachableFragments } from './reachable-fragments';

/**
 * The variables of `operation` without a default that it uses inside a list or input-object
 * literal (`orderBy: [{ field: ID, direction: $d }]`, `input: { note: $n }`), rather than as a
 * whole argument. When a request leaves such a variable out, graphql-js leaves the field out
 * (its default applies, an update leaves the value as it is) or gives the list item null;
 * graphql-jit keeps null in the field (jit-executor.ts hands those requests to graphql-js).
 */
export function optionalVariablesInLiterals(document: DocumentNode, operation: OperationDefinitionNode): string[] {
  const withoutDefault = new Set((operation.variableDefinitions ?? []).filter((definition) => !definition.defaultValue).map((definition) => definition.variable.name.value));
  const found = new Set<string>();
  for (const node of [operation, ...reachableFragments(document, operation)]) {
    visit(node, {
      VariableDefinition: () => false,
      Variable(variable, _key, parent: ASTNode | readonly ASTNode[] | undefined) {
        // A whole argument's variable has the argument as its parent; one inside a literal, an
        // object field or a list's values.
        const inLiteral = Array.isArray(parent) || (parent as ASTNode | undefined)?.kind === Kind.OBJECT_FIELD;
        if (inLiteral && withoutDefault.has(variable.name.value)) found.add(variable.name.value);
      },
    });
  }
  return [...found];
}
