import type { ErrorCode } from '../../common/error-codes';
import { DEFAULT_CONNECTION_SIZE, MAX_PAGE_SIZE } from '../../common/pagination';

/**
 * Every number of the GraphQL cost limits, in one place (docs/graphql.md, "Limits"). A point is
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
  /** The per-API-key leaky bucket (THROTTLED): its size and refill per second, in points. */
  bucket: { maximumAvailable: number; restoreRate: number };
}

export const DEFAULT_COST_LIMITS: CostLimits = {
  defaultPageSize: DEFAULT_CONNECTION_SIZE,
  maxPageSize: MAX_PAGE_SIZE,
  assumedListSize: 10,
  maxCost: 2_000_000,
  maxDepth: 12,
  maxFields: 500,
  maxAliases: 50,
  // Room for about 25 of the heaviest queries in flight at once per key (each reserves its
  // requested cost and gets back what it did not use), refilled in 10 s.
  bucket: { maximumAvailable: 50_000_000, restoreRate: 5_000_000 },
};

/** The `extensions.code` of each refusal (its HTTP status is graphqlHttpStatusOf's). */
export type CostErrorCode = ErrorCode.QUERY_TOO_COMPLEX | ErrorCode.QUERY_TOO_DEEP | ErrorCode.TOO_MANY_FIELDS | ErrorCode.THROTTLED;
