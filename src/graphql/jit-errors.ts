import { type GraphQLError, locatedError } from 'graphql';

/**
 * graphql-jit's error objects only look like GraphQLErrors: `extensions` is undefined unless the
 * thrown error had some (Apollo reads `extensions.code` of every error and, failing, answers a bare
 * "Internal server error"), and there are no `nodes`. Each becomes the error graphql-js's
 * locatedError makes of the same failure: a located GraphQLError thrown by a resolver as it is,
 * anything else wrapped with the field's path and locations and the thrown error as originalError
 * (which format-error.ts and the error log read). Errors graphql-jit raised itself (a null for a
 * non-null field, a value a scalar cannot serialise) wrap an Error of their message, as
 * graphql-js's do; format-error.ts answers them all as INTERNAL_SERVER_ERROR anyway.
 *
 * The list is graphql-jit's: every failure it met, in its order. graphql-js reports only the first
 * failure under a position a null stopped at, and in the order they happened; the same failures,
 * maybe more of them and in another order (docs/decisions.md).
 */
export function asGraphQLError(error: GraphQLError): GraphQLError {
  const located = locatedError(error.originalError ?? new Error(error.message), undefined, error.path);
  // graphql-js takes the locations from the field's nodes, which graphql-jit computed the same way.
  if (located !== error.originalError && located.locations === undefined && error.locations) Object.assign(located, { locations: error.locations });
  return located;
}
