import { type DocumentNode, type FragmentDefinitionNode, Kind, type OperationDefinitionNode, visit } from 'graphql';

/** The fragments the operation spreads, directly or through other fragments. */
export function reachableFragments(document: DocumentNode, operation: OperationDefinitionNode): FragmentDefinitionNode[] {
  const byName = new Map(document.definitions.flatMap((definition) => (definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition] as const] : [])));
  const reached = new Map<string, FragmentDefinitionNode>();
  const pending: (OperationDefinitionNode | FragmentDefinitionNode)[] = [operation];
  while (pending.length > 0) {
    visit(pending.pop()!, {
      FragmentSpread(spread) {
        const fragment = byName.get(spread.name.value);
        if (fragment && !reached.has(spread.name.value)) {
          reached.set(spread.name.value, fragment);
          pending.push(fragment);
        }
      },
    });
  }
  return [...reached.values()];
}
