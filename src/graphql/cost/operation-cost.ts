import { getVariableValues, GraphQLError, Kind, type DocumentNode, type FragmentDefinitionNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { getComplexity } from 'graphql-query-complexity';
import { ErrorCode } from '../../common/error-codes';
import { graphqlHttpStatusOf } from '../error-status';
import { costEstimator } from './estimator';
import type { CostBucketStore } from './bucket-store';
import type { CostErrorCode, CostLimits } from './limits';
import { measureSelection } from './selection';

/** Counting stops here, so a document expanding to millions of fields is refused as fast as one with 501. */
const COUNT_CAP_FACTOR = 10;

export function costRefusal(code: CostErrorCode, message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code, http: { status: graphqlHttpStatusOf(code) } } });
}

function fragmentsOf(document: DocumentNode): Record<string, FragmentDefinitionNode> {
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  return fragments;
}

/** Variable sets remembered per document; past it the document's are forgotten and counted afresh. */
const COSTS_PER_DOCUMENT = 64;
/**
 * A query's variables longer than this (as JSON) are not remembered: 64 of them per document
 * would hold more memory than their costing takes time.
 */
const MAX_REMEMBERED_VARIABLES_LENGTH = 2_048;

/**
 * Queries' costs already computed, per limits, per parsed document (Apollo keeps one parsed
 * document per query text, so a partner's fixed operations are the same objects request after
 * request), per operation name and variables. The cost is a function of these
 * alone; walking the document again for every request was about 4% of the nested query's CPU
 * (docs/benchmarks.md). Refusals are not kept: they throw each time, as they are computed.
 */
const computedCosts = new WeakMap<CostLimits, WeakMap<DocumentNode, Map<string, number | null>>>();

function costsOf(limits: CostLimits, document: DocumentNode): Map<string, number | null> {
  let byDocument = computedCosts.get(limits);
  if (!byDocument) computedCosts.set(limits, (byDocument = new WeakMap()));
  let costs = byDocument.get(document);
  if (!costs) byDocument.set(document, (costs = new Map()));
  return costs;
}

/**
 * An operation's requested cost (docs/graphql.md, "Limits"), judged before anything runs: refused
 * when it selects too many fields or aliases (TOO_MANY_FIELDS) or nests too deep (QUERY_TOO_DEEP).
 * Null when its variables do not coerce (execution refuses them with BAD_USER_INPUT). The same
 * judgement for queries and mutations over HTTP and for subscriptions (src/http/subscriptions).
 */
export function operationCost(limits: CostLimits, schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables: Readonly<Record<string, unknown>>): number | null {
  // Mutations (bulk inputs, rarely the same twice) and subscriptions (costed once each) are not remembered.
  if (operation.operation !== 'query') return computeCost(limits, schema, document, operation, variables);
  const serialised = JSON.stringify(variables);
  if (serialised.length > MAX_REMEMBERED_VARIABLES_LENGTH) return computeCost(limits, schema, document, operation, variables);
  const costs = costsOf(limits, document);
  const key = `${operation.name?.value ?? ''}\u0000${serialised}`;
  const known = costs.get(key);
  if (known !== undefined) return known;
  const cost = computeCost(limits, schema, document, operation, variables);
  if (costs.size >= COSTS_PER_DOCUMENT) costs.clear();
  costs.set(key, cost);
  return cost;
}

function computeCost(limits: CostLimits, schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables: Readonly<Record<string, unknown>>): number | null {
  const measure = measureSelection(operation, fragmentsOf(document), limits.maxFields * COUNT_CAP_FACTOR);
  if (measure.fields > limits.maxFields) {
    const value = measure.capped ? `at least ${measure.fields}` : String(measure.fields);
    throw costRefusal(ErrorCode.TOO_MANY_FIELDS, `Query selects ${value} fields (fragments expanded), more than the maximum of ${limits.maxFields}`);
  }
  if (measure.aliases > limits.maxAliases) {
    throw costRefusal(ErrorCode.TOO_MANY_FIELDS, `Query uses ${measure.aliases} aliases, more than the maximum of ${limits.maxAliases}`);
  }
  if (measure.depth > limits.maxDepth) {
    throw costRefusal(ErrorCode.QUERY_TOO_DEEP, `Query depth is ${measure.depth}, more than the maximum of ${limits.maxDepth}`);
  }
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables);
  // Variables that do not coerce: execution refuses them with BAD_USER_INPUT (below, as graphql-query-complexity finds them).
  const scope = { fragments: fragmentsOf(document), variables: coerced.coerced ?? {} };
  try {
    return getComplexity({ estimators: [costEstimator(limits, scope)], schema, query: document, variables, operationName: operation.name?.value, maxQueryNodes: limits.maxFields * COUNT_CAP_FACTOR });
  } catch (error) {
    if (error instanceof GraphQLError && error.message.startsWith('Variable "$')) return null;
    throw error;
  }
}

/** QUERY_TOO_COMPLEX past the maximum cost of one operation. */
export function assertWithinMaxCost(limits: CostLimits, cost: number): void {
  if (cost > limits.maxCost) throw costRefusal(ErrorCode.QUERY_TOO_COMPLEX, `Query cost is ${cost}, more than the maximum of ${limits.maxCost} per request`);
}

/**
 * QUERY_TOO_COMPLEX past what a key's bucket can ever hold (GRAPHQL_COST_BUCKET_SIZE below
 * GRAPHQL_MAX_COST): THROTTLED would tell the client to retry, and no wait makes it fit.
 */
export function assertFitsBudget(bucket: Pick<CostBucketStore, 'maximumAvailable'>, cost: number): void {
  if (cost > bucket.maximumAvailable) {
    throw costRefusal(ErrorCode.QUERY_TOO_COMPLEX, `Query cost is ${cost}, more than the ${bucket.maximumAvailable} points an API key's budget holds when full: it can never fit, whatever the wait`);
  }
}
