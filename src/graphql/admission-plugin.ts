import type { ApolloServerPlugin } from '@apollo/server';
import { ErrorCode } from '../common/error-codes';
import { admitOperation } from './admission';
import type { GraphQLContext } from './context';
import { type CostBucketStore, secondsUntil, type TakeOutcome, throttleStatus, type ThrottleStatus } from './cost/bucket-store';
import { DEFAULT_COST_LIMITS, type CostLimits } from './cost/limits';
import { MemoryCostBuckets } from './cost/memory-bucket-store';
import { assertFitsBudget, costRefusal } from './cost/operation-cost';

/** What every GraphQL answer carries in `extensions.cost`. */
export interface CostExtension {
  /** The cost computed before execution; null when the request was refused before it could be costed. */
  requestedQueryCost: number | null;
  /** Objects in the answer, at most the requested cost; 0 when nothing ran. */
  actualQueryCost: number | null;
  throttleStatus: ThrottleStatus;
}

export interface CostBudget {
  /** Where the per-key buckets live; in this process's memory (limits.bucket) unless given. */
  store?: CostBucketStore;
  /** The store failed: the request goes on uncounted, and this hears of it (count, log). */
  onStoreError?: (error: unknown) => void;
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
 * Admission of POST /graphql's operations (admission.ts) and the cost they report (docs/graphql.md,
 * "Limits"). Once an operation is parsed, validated and resolved, and before any resolver (so any
 * SQL) runs, it is refused by the first check it fails: a variable null where a value is required,
 * a scope the key lacks, too many fields or aliases (TOO_MANY_FIELDS), too deep (QUERY_TOO_DEEP),
 * costing more than a request may or than a key's bucket can ever hold (QUERY_TOO_COMPLEX), or more
 * than its API key has left in its bucket (THROTTLED, HTTP 429 with Retry-After). Every answer
 * reports `extensions.cost`. When the bucket's store cannot be asked, the operation runs uncounted
 * (docs/limits.md) and `currentlyAvailable` is null.
 */
export function admissionPlugin(limits: CostLimits = DEFAULT_COST_LIMITS, budget: CostBudget = {}): ApolloServerPlugin<GraphQLContext> {
  const store = budget.store ?? new MemoryCostBuckets(limits.bucket.maximumAvailable, limits.bucket.restoreRate);
  const onStoreError = budget.onStoreError ?? (() => undefined);

  return {
    async requestDidStart() {
      let requested: number | null = null;
      let charged: { key: number; points: number } | undefined;
      /** The store failed during this request: it is not asked again, the answer reports no bucket. */
      let storeFailed = false;
      let retryAfter: number | undefined;

      /** Takes the operation's cost from its key's bucket, or refuses it. */
      const charge = async (key: number, cost: number): Promise<void> => {
        // Told to wait, it would wait forever: no bucket ever holds this many points.
        assertFitsBudget(store, cost);
        let outcome: TakeOutcome;
        try {
          outcome = await store.take(key, cost);
        } catch (error) {
          storeFailed = true;
          onStoreError(error);
          return; // served uncounted
        }
        if (!outcome.taken) {
          retryAfter = secondsUntil(store, outcome.available, cost);
          throw costRefusal(
            ErrorCode.THROTTLED,
            `Query cost is ${cost}, more than the ${Math.floor(outcome.available)} points available to this API key (maximum ${store.maximumAvailable}, restoring ${store.restoreRate} per second); retry after ${retryAfter} s`,
          );
        }
        charged = { key, points: cost };
      };

      return {
        async didResolveOperation({ document, operation, request, schema, contextValue }) {
          // Apollo has refused the request already (no single operation to run).
          if (!operation) return;
          const { apiKeyId, scopes } = contextValue.request;
          const subject = { schema, document, operation, variables: request.variables ?? {}, scopes };
          // Variables that do not coerce (no cost): execution refuses them (BAD_USER_INPUT) before any resolver runs.
          const admission = admitOperation(subject, limits, (cost) => (cost === null ? undefined : charge(apiKeyId, cost)));
          requested = admission.cost;
          if (admission.refusal) throw admission.refusal;
          await admission.charged;
        },

        async willSendResponse({ response, contextValue }) {
          const key = contextValue?.request?.apiKeyId;
          if (key === undefined || response.body.kind !== 'single') return;
          const result = response.body.singleResult;
          // Ran when it was charged, or when the store failed to charge it and it went on uncounted.
          const ran = charged !== undefined || storeFailed;
          const actual = requested === null ? null : ran ? Math.min(requested, objectsIn(result.data)) : 0;
          let available: number | null = null;
          if (!storeFailed) {
            try {
              // What the answer did not use goes back; otherwise the bucket is only read.
              available = await store.refund(key, charged && actual !== null ? charged.points - actual : 0);
            } catch (error) {
              onStoreError(error);
            }
          }
          const cost: CostExtension = { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: throttleStatus(store, available) };
          result.extensions = { ...result.extensions, cost };
          if (retryAfter !== undefined) response.http.headers.set('retry-after', String(retryAfter));
        },
      };
    },
  };
}
