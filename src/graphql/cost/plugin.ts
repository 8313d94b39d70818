import type { ApolloServerPlugin } from '@apollo/server';
import type { GraphQLContext } from '../context';
import { CostBuckets, type ThrottleStatus } from './bucket';
import { ErrorCode } from '../../common/error-codes';
import { DEFAULT_COST_LIMITS, type CostLimits } from './limits';
import { assertWithinMaxCost, costRefusal, operationCost } from './operation-cost';

/** What every GraphQL answer carries in `extensions.cost`. */
export interface CostExtension {
  /** The cost computed before execution; null when the request was refused before it could be costed. */
  requestedQueryCost: number | null;
  /** Objects in the answer, at most the requested cost; 0 when nothing ran. */
  actualQueryCost: number | null;
  throttleStatus: ThrottleStatus;
}


/**
 * Objects in an answer's `data` (lists are not objects; the items are), walked without recursion.
 * It runs on every answer, so only objects and lists are stacked (most values are scalars) and
 * keys are visited with for…in rather than a copied array of values.
 */
function objectsIn(data: unknown): number {
  let count = 0;
  const stack: object[] = [];
  if (data !== null && typeof data === 'object') stack.push(data);
  while (stack.length > 0) {
    const value = stack.pop()!;
    if (Array.isArray(value)) {
      for (const item of value as unknown[]) if (item !== null && typeof item === 'object') stack.push(item);
      continue;
    }
    count += 1;
    const record = value as Record<string, unknown>;
    for (const key in record) {
      const item = record[key];
      if (item !== null && typeof item === 'object') stack.push(item);
    }
  }
  return Math.max(0, count - 1); // `data` itself is the root, not an object of the answer
}

/**
 * Cost analysis before execution (docs/graphql.md, "Limits"). Once the operation is parsed,
 * validated and resolved, and before any resolver (so any SQL) runs, it is refused when it
 * selects too many fields or aliases (TOO_MANY_FIELDS), nests too deep (QUERY_TOO_DEEP), costs
 * more than a request may (QUERY_TOO_COMPLEX), or more than its API key has left in its bucket
 * (THROTTLED, HTTP 429 with Retry-After). Every answer reports `extensions.cost`.
 */
export function costLimitsPlugin(limits: CostLimits = DEFAULT_COST_LIMITS): ApolloServerPlugin<GraphQLContext> {
  const buckets = new CostBuckets(limits.bucket.maximumAvailable, limits.bucket.restoreRate);

  return {
    async requestDidStart() {
      let requested: number | null = null;
      let charged: { key: number; points: number } | undefined;
      let retryAfter: number | undefined;

      return {
        async didResolveOperation({ document, operation, request, schema, contextValue }) {
          if (!operation) return; // Apollo has refused the request already
          const cost = operationCost(limits, schema, document, operation, request.variables ?? {});
          // Variables that do not coerce: execution refuses them (BAD_USER_INPUT) before any resolver runs.
          if (cost === null) return;
          requested = cost;
          assertWithinMaxCost(limits, cost);

          const key = contextValue.request.apiKeyId;
          if (!buckets.take(key, cost)) {
            retryAfter = buckets.secondsUntil(key, cost);
            const available = Math.floor(buckets.available(key));
            throw costRefusal(
              ErrorCode.THROTTLED,
              `Query cost is ${cost}, more than the ${available} points available to this API key (maximum ${limits.bucket.maximumAvailable}, restoring ${limits.bucket.restoreRate} per second); retry after ${retryAfter} s`,
            );
          }
          charged = { key, points: cost };
        },

        async willSendResponse({ response, contextValue }) {
          const key = contextValue?.request?.apiKeyId;
          if (key === undefined || response.body.kind !== 'single') return;
          const result = response.body.singleResult;
          let actual: number | null = requested === null ? null : 0;
          if (charged) {
            actual = Math.min(charged.points, objectsIn(result.data));
            buckets.refund(charged.key, charged.points - actual);
          }
          const cost: CostExtension = { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: buckets.status(key) };
          result.extensions = { ...result.extensions, cost };
          if (retryAfter !== undefined) response.http.headers.set('retry-after', String(retryAfter));
        },
      };
    },
  };
}
