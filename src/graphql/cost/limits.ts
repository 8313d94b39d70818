import type { ErrorCode } from '../../common/error-codes';
import { DEFAULT_CONNECTION_SIZE, MAX_PAGE_SIZE } from '../../db/lists/list-request';
import type { GraphQLCostSettings } from '../../config/config';
import { DEFAULT_GRAPHQL_COST } from '../../config/config-defaults';

/**
 * The GraphQL cost limits (docs/limits.md, docs/graphql.md "Limits"): the configurable ones come
 * from the settings (GRAPHQL_MAX_COST, …), the page sizes from pagination. A point is
 * one object of the answer: scalars and enums cost nothing, every object costs 1, a connection
 * multiplies its selection by `first` and a plain list by an assumed size, nested lists multiply.
 */
export interface CostLimits {
  /** Page size counted for a connection asked without `first` (the connections' default). */
  defaultPageSize: number;
  /** `first` above this is refused by the services anyway; counted as this at most. */
  maxPageSize: number;
  /** Objects counted for a plain list (`Campaign.phases`, `Content.distributions`, `webhooks`, …). */
  assumedListSize: number;
  /** QUERY_TOO_COMPLEX above this requested cost. */
  maxCost: number;
  /** QUERY_TOO_DEEP above this nesting of fields (a root field is depth 1). */
  maxDepth: number;
  /** TOO_MANY_FIELDS above this many field selections, fragments expanded. */
  maxFields: number;
  /** TOO_MANY_FIELDS above this many aliased field selections, fragments expanded. */
  maxAliases: number;
  /** Operations in one batched POST (a JSON array of requests); more is a 400 BAD_REQUEST. */
  maxBatch: number;
  /** The per-API-key leaky bucket (THROTTLED): its size and refill per second, in points. */
  bucket: { maximumAvailable: number; restoreRate: number };
}

/** The limits of the given settings (GRAPHQL_MAX_COST, …; docs/limits.md). */
export function costLimitsOf(settings: GraphQLCostSettings): CostLimits {
  return {
    defaultPageSize: DEFAULT_CONNECTION_SIZE,
    maxPageSize: MAX_PAGE_SIZE,
    assumedListSize: 10,
    maxCost: settings.maxCost,
    maxDepth: settings.maxDepth,
    maxFields: settings.maxFields,
    maxAliases: settings.maxAliases,
    maxBatch: settings.maxBatch,
    bucket: { maximumAvailable: settings.bucketSize, restoreRate: settings.restoreRate },
  };
}

export const DEFAULT_COST_LIMITS: CostLimits = costLimitsOf(DEFAULT_GRAPHQL_COST);

/** The `extensions.code` of each refusal (its HTTP status is graphqlHttpStatusOf's). */
export type CostErrorCode = ErrorCode.QUERY_TOO_COMPLEX | ErrorCode.QUERY_TOO_DEEP | ErrorCode.TOO_MANY_FIELDS | ErrorCode.THROTTLED;
