import { type DocumentNode, GraphQLError, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import type { Scope } from '../common/scopes';
import { assertWithinMaxCost, type CostLimits, operationCost } from './cost';
import { nullInNonNullPosition } from './null-variables';
import { scopeRefusal } from './scopes/operation-scopes';

/** An operation parsed and validated, with what the request gives it: about to be admitted or refused. */
export interface OperationToAdmit {
  schema: GraphQLSchema;
  document: DocumentNode;
  operation: OperationDefinitionNode;
  variables: Readonly<Record<string, unknown>>;
  /** What the request's API key may do. */
  scopes: readonly Scope[];
}

/** What admission decided: the first refusal, or what the charge gave back. */
export interface Admission<Charged> {
  /** The operation's requested cost; null when it was refused before it was costed, or its variables do not coerce. */
  cost: number | null;
  /** The first check that refused it; nothing has run and nothing was charged. */
  refusal?: GraphQLError;
  /** What `charge` returned (a promise over HTTP, whose rejection is a refusal too). */
  charged?: Charged;
}

function asGraphQLError(error: unknown): GraphQLError {
  if (error instanceof GraphQLError) return error;
  const original = error instanceof Error ? error : new Error(String(error));
  return new GraphQLError(original.message, { originalError: original });
}

/**
 * The checks before an operation runs, the same for POST /graphql and both subscription
 * transports, in order, the first refusal winning:
 * 1. a variable given null where the schema requires a value (null-variables.ts);
 * 2. a scope the key lacks anywhere in the selection (scopes/operation-scopes.ts);
 * 3. the cost limits: fields, aliases, depth and the maximum cost of one operation (cost/);
 * 4. the charge, which only an admitted operation reaches: over HTTP the key's cost budget, for a
 *    subscription a place among the key's subscriptions. Its refusal (THROTTLED, too many
 *    subscriptions) is thrown by it, synchronously or as its promise's rejection.
 * Being one function, a refusal keeps every later step from running: nothing is charged for an
 * operation that will not run.
 */
export function admitOperation<Charged>(subject: OperationToAdmit, limits: CostLimits, charge: (cost: number | null) => Charged): Admission<Charged> {
  const { schema, document, operation, variables, scopes } = subject;
  const before = nullInNonNullPosition(schema, document, operation, variables) ?? scopeRefusal(schema, document, operation, scopes);
  if (before) return { cost: null, refusal: before };
  let cost: number | null = null;
  try {
    cost = operationCost(limits, schema, document, operation, variables);
    if (cost !== null) assertWithinMaxCost(limits, cost);
    return { cost, charged: charge(cost) };
  } catch (error) {
    return { cost, refusal: asGraphQLError(error) };
  }
}
