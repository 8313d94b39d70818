import { getNamedType, getNullableType, isLeafType, isListType, isObjectType, type GraphQLNamedType } from 'graphql';
import type { ComplexityEstimator } from 'graphql-query-complexity';
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
 * Nested lists multiply, so the cost bounds the number of objects in the answer.
 */
export function costEstimator(limits: CostLimits): ComplexityEstimator {
  return ({ type: parent, field, args, childComplexity }) => {
    const returned = getNamedType(field.type);
    if (isLeafType(returned)) return 0;
    if (isConnection(returned)) return 1 + pageSize(args.first, limits) * childComplexity;
    // `nodes` and `edges` of a connection: the connection field multiplied them already.
    if (isConnection(parent)) return 1 + childComplexity;
    if (isListType(getNullableType(field.type))) return (Array.isArray(args.ids) ? args.ids.length : limits.assumedListSize) * (1 + childComplexity);
    return 1 + childComplexity;
  };
}
