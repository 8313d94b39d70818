import {
  type FieldNode,
  type FragmentDefinitionNode,
  getDirectiveValues,
  getNamedType,
  getNullableType,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isLeafType,
  isListType,
  isObjectType,
  Kind,
  type GraphQLNamedType,
  type SelectionNode,
  type SelectionSetNode,
} from 'graphql';
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

/** Whether a selection is counted: not under `@skip(if: true)` or `@include(if: false)`, as graphql-query-complexity decides. */
function counted(selection: SelectionNode, variables: Readonly<Record<string, unknown>>): boolean {
  if (getDirectiveValues(GraphQLSkipDirective, selection, variables)?.if === true) return false;
  return getDirectiveValues(GraphQLIncludeDirective, selection, variables)?.if !== false;
}

/** What an operation's aggregate fields are costed in: its fragments and its variables' values. */
export interface OperationScope {
  fragments: Readonly<Record<string, FragmentDefinitionNode>>;
  variables: Readonly<Record<string, unknown>>;
}

/**
 * The aggregate fields' costs in a connection's selection (through its fragments), which paging
 * does not multiply: the selections counted in the connection's child complexity, no more.
 */
function aggregatesIn(selectionSet: SelectionSetNode | undefined, costs: WeakMap<FieldNode, number>, scope: OperationScope, spreading: Set<string> = new Set()): number {
  let total = 0;
  for (const selection of selectionSet?.selections ?? []) {
    if (!counted(selection, scope.variables)) continue;
    if (selection.kind === Kind.FIELD) total += costs.get(selection) ?? 0;
    else if (selection.kind === Kind.INLINE_FRAGMENT) total += aggregatesIn(selection.selectionSet, costs, scope, spreading);
    else if (!spreading.has(selection.name.value)) {
      spreading.add(selection.name.value);
      total += aggregatesIn(scope.fragments[selection.name.value]?.selectionSet, costs, scope, spreading);
      spreading.delete(selection.name.value);
    }
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
 * belongs to one operation (`scope`: its document's fragments, its variables' values).
 */
export function costEstimator(limits: CostLimits, scope: OperationScope): ComplexityEstimator {
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
      // Never more than was counted, whatever the document: a cost is only ever an upper bound.
      const once = Math.min(aggregatesIn(node.selectionSet, aggregateCosts, scope), childComplexity);
      return 1 + pageSize(args.first, limits) * (childComplexity - once) + once;
    }
    // `nodes` and `edges` of a connection: the connection field multiplied them already.
    if (isConnection(parent)) return 1 + childComplexity;
    if (isListType(getNullableType(field.type))) return (Array.isArray(args.ids) ? args.ids.length : limits.assumedListSize) * (1 + childComplexity);
    return 1 + childComplexity;
  };
}
