import { type FieldNode, type FragmentDefinitionNode, getNamedType, getNullableType, isLeafType, isListType, isObjectType, Kind, type GraphQLNamedType, type SelectionSetNode } from 'graphql';
import type { ComplexityEstimator } from 'graphql-query-complexity';
import { MAX_GROUPS } from '../../db/lists/list-aggregates';
import { POSSIBLE_GROUPS_EXTENSION } from '../connection';
import type { CostLimits } from './limits';

/** `CampaignConnection`, `ContentConnection`, …: the Relay connection types of connection.ts. */
function isConnection(type: GraphQLNamedType): boolean {
  return isObjectType(type) && type.name.endsWith('Connection');
}

/** The page size a connection field is counted with: its `first`, or the default, within 1–max. */
function pageSize(first: unknown, limits: CostLimits): number {
  const size = typeof first === 'number' && Number.isFinite(first) ? Math.trunc(first) : limits.defaultPageSize;
  return Math.min(Math.max(size, 1), limits.maxPageSize);
}

/** The most groups a `groupBy` can make: the product of its keys' possible groups, at most MAX_GROUPS. */
function possibleGroups(groupBy: unknown, perKey: Readonly<Record<string, number | null>>): number {
  let groups = 1;
  for (const key of Array.isArray(groupBy) ? groupBy : []) groups *= perKey[key as string] ?? MAX_GROUPS;
  return Math.min(groups, MAX_GROUPS);
}

/** The aggregate fields' costs counted in a connection's selection (through its fragments), which paging does not multiply. */
function aggregatesIn(selectionSet: SelectionSetNode | undefined, costs: WeakMap<FieldNode, number>, fragments: Readonly<Record<string, FragmentDefinitionNode>>): number {
  let total = 0;
  for (const selection of selectionSet?.selections ?? []) {
    if (selection.kind === Kind.FIELD) total += costs.get(selection) ?? 0;
    else if (selection.kind === Kind.INLINE_FRAGMENT) total += aggregatesIn(selection.selectionSet, costs, fragments);
    else total += aggregatesIn(fragments[selection.name.value]?.selectionSet, costs, fragments);
  }
  return total;
}

/**
 * The cost of one field, from the schema's types alone (no annotations to keep up to date):
 *
 * - a scalar or enum (lists of them too) costs 0;
 * - an object costs 1 plus its selection;
 * - a connection costs 1 plus `first` (default 20, at most 100) times its selection, whose
 *   `nodes` and `edges` are then counted once per item;
 * - a plain list of objects costs the assumed list size times (1 plus its selection), or, when
 *   it is the records of an `ids` argument (`nodes`), their number times it: each as `node`.
 *
 * - a connection's `aggregates` costs 1, like one object, whatever it selects, and its
 *   `groupedAggregates` 1 per possible group (an enum key's values, MAX_GROUPS for any other key,
 *   their product at most MAX_GROUPS): one set per connection, not multiplied by `first`.
 *
 * Nested lists multiply, so the cost bounds the number of objects in the answer. The estimator
 * belongs to one operation (`fragments` are its document's).
 */
export function costEstimator(limits: CostLimits, fragments: Readonly<Record<string, FragmentDefinitionNode>>): ComplexityEstimator {
  // Children are costed before their parent: a connection finds its aggregates' costs here.
  const aggregateCosts = new WeakMap<FieldNode, number>();
  return ({ type: parent, field, node, args, childComplexity }) => {
    const returned = getNamedType(field.type);
    if (isLeafType(returned)) return 0;
    if (isConnection(parent) && (field.name === 'aggregates' || field.name === 'groupedAggregates')) {
      const perKey = field.extensions[POSSIBLE_GROUPS_EXTENSION] as Readonly<Record<string, number | null>> | undefined;
      const cost = perKey ? possibleGroups(args.groupBy, perKey) : 1;
      aggregateCosts.set(node, cost);
      return cost;
    }
    if (isConnection(returned)) {
      const once = aggregatesIn(node.selectionSet, aggregateCosts, fragments);
      return 1 + pageSize(args.first, limits) * (childComplexity - once) + once;
    }
    // `nodes` and `edges` of a connection: the connection field multiplied them already.
    if (isConnection(parent)) return 1 + childComplexity;
    if (isListType(getNullableType(field.type))) return (Array.isArray(args.ids) ? args.ids.length : limits.assumedListSize) * (1 + childComplexity);
    return 1 + childComplexity;
  };
}
