import type { FieldNode, GraphQLResolveInfo } from 'graphql';
import { AGGREGATE_FUNCTIONS, type AggregateSelection } from '../../db/lists/list-aggregates';
import { collectFields } from '../projection';

/**
 * graphql-js hands every sibling connection (every campaign's `contents`) the same `fieldNodes`
 * for a field, so a selection is read once per field of the operation.
 */
const selections = new WeakMap<readonly FieldNode[], AggregateSelection>();

/**
 * What an `aggregates` or `groupedAggregates` field asks for (every alias and fragment merged):
 * whether `count`, and the fields of `sum`, `avg`, `min` and `max`, so the statement computes
 * exactly those.
 */
export function aggregateSelectionOf(info: GraphQLResolveInfo): AggregateSelection {
  let selection = selections.get(info.fieldNodes);
  if (!selection) {
    const fields: FieldNode[] = [];
    for (const node of info.fieldNodes) collectFields(node.selectionSet, info, fields);
    const asked = (name: string): string[] => {
      const below: FieldNode[] = [];
      for (const field of fields) if (field.name.value === name) collectFields(field.selectionSet, info, below);
      return [...new Set(below.map((field) => field.name.value).filter((field) => !field.startsWith('__')))].sort();
    };
    const [sum, avg, min, max] = AGGREGATE_FUNCTIONS.map(asked);
    selection = { count: fields.some((field) => field.name.value === 'count'), sum, avg, min, max };
    selections.set(info.fieldNodes, selection);
  }
  return selection;
}
