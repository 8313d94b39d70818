import { Kind, type FragmentDefinitionNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';

export interface SelectionMeasure {
  /** The deepest field, a root field being depth 1 (`ofType` adds none). */
  depth: number;
  /** Field selections, every fragment spread expanded where it is used. */
  fields: number;
  /** Field selections with an alias, counted the same way. */
  aliases: number;
  /** True when counting stopped at `cap` fields: the real counts are higher. */
  capped: boolean;
}

/**
 * Depth, fields and aliases of one operation after fragment expansion, before anything else
 * looks at it. Fragments can multiply a small document (a fragment spreading another twice, ten
 * levels down, is 1,024 copies), so counting stops once `cap` fields have been seen.
 */
export function measureSelection(operation: OperationDefinitionNode, fragments: Record<string, FragmentDefinitionNode>, cap: number): SelectionMeasure {
  const measure: SelectionMeasure = { depth: 0, fields: 0, aliases: 0, capped: false };
  // Iterative, so no document can exhaust the stack (validation has ruled out fragment cycles).
  const stack: { set: SelectionSetNode; depth: number }[] = [{ set: operation.selectionSet, depth: 1 }];
  while (stack.length > 0) {
    const { set, depth } = stack.pop()!;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        measure.fields += 1;
        if (selection.alias) measure.aliases += 1;
        measure.depth = Math.max(measure.depth, depth);
        if (measure.fields >= cap) {
          measure.capped = true;
          return measure;
        }
        // `__Type.ofType` unwraps a list or non-null type: the standard introspection query nests it 7
        // deep (15 in all), for wrappers that cost nothing, so it adds no depth.
        const below = selection.name.value === 'ofType' ? depth : depth + 1;
        if (selection.selectionSet) stack.push({ set: selection.selectionSet, depth: below });
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        stack.push({ set: selection.selectionSet, depth });
      } else {
        const fragment = fragments[selection.name.value];
        if (fragment) stack.push({ set: fragment.selectionSet, depth });
      }
    }
  }
  return measure;
}
