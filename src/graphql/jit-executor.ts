import type { ApolloServerOptionsWithGateway, BaseContext } from '@apollo/server';
import { defaultFieldResolver, execute, type ExecutionResult, getVariableValues, type GraphQLSchema, isObjectType } from 'graphql';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';
import { LRUCache } from 'lru-cache';
import { LAZY_VALUE_EXTENSION } from './connection';
import { graphqlJsErrors } from './jit-errors';
import { hasVariableInScalarLiteral, optionalVariablesInLiterals, withDefaultsSent } from './jit-variables';

/**
 * Execution of POST and GET /graphql by graphql-jit (issue 23): each operation is compiled once
 * into a JavaScript function specialised to its selection, instead of graphql-js walking the
 * document and the schema again for every object of every answer (about 18% of the CPU of the
 * nested query, docs/benchmarks.md). Apollo Server's documented way to replace execution is the
 * gateway interface: everything before execution (parsing, validation, the plugins'
 * didResolveOperation, so the scope check and the cost limits) and after it (formatError, the
 * plugins' willSendResponse) stays Apollo's.
 *
 * Answers must be graphql-js's, byte for byte; where graphql-jit would differ, graphql-js decides:
 * - a document graphql-jit cannot compile runs on graphql-js (remembered, so it is tried once);
 * - so does one with a variable inside the literal of a custom scalar (`customFields: { note:
 *   $note }`): graphql-jit parses such a literal without the variables, and would drop the value;
 * - and a request leaving out a variable used inside a list or input-object literal
 *   (`orderBy: [{ direction: $d }]`): graphql-jit would put null where graphql-js leaves the
 *   field out, so its default applies or an update leaves the value as it is (jit-variables.ts);
 * - a variable left out that has a default is given to graphql-jit as if sent, so custom scalars
 *   inside the default are parsed as graphql-js parses them (jit-variables.ts);
 * - variables are coerced by graphql-js first: its refusals, word for word, and nothing runs;
 * - a request naming no operation of its document gets graphql-js's refusal too;
 * - a field whose value may be a function reads it with graphql-js's default resolver (below);
 * - the errors of an answer are made graphql-js's (jit-errors.ts).
 * No plugin of ours hooks into execution itself (executionDidStart, willResolveField), so none
 * sees a difference.
 */

/** The gateway Apollo Server takes instead of `schema` (GatewayInterface of @apollo/server-gateway-interface). */
export type ExecutionGateway = ApolloServerOptionsWithGateway<BaseContext>['gateway'];
type Executor = NonNullable<Awaited<ReturnType<ExecutionGateway['load']>>['executor']>;
/** What Apollo hands the executor: the request, its parsed and validated document, the resolvers' context. */
export type GatewayRequestContext = Parameters<Executor>[0];

/**
 * Compiled operations kept at most. Partners' integrations send a handful of fixed documents (the
 * metrics keep 100 operation names for the same reason, src/metrics/graphql-metrics.ts), so 200
 * holds all of them with room for variants. The benchmark's nested query compiles in about 3 ms
 * to about 90 KiB of heap, so a full cache of such operations stays under 20 MiB (issue 23 aims at
 * peak RSS too). A client sending ever new documents pays a compilation each and pushes the
 * least recently used out; the rate limit bounds how fast.
 */
export const COMPILED_QUERY_CACHE_SIZE = 200;

/** Cached for a document graphql-jit refused: it runs on graphql-js without a new attempt. */
const ON_GRAPHQL_JS: unique symbol = Symbol('graphql-js');
/** A compiled operation, with the variables whose absence graphql-jit reads differently (jit-variables.ts). */
interface CompiledOperation {
  query: CompiledQuery;
  optionalInLiterals: readonly string[];
}
type Compiled = CompiledOperation | typeof ON_GRAPHQL_JS;

/**
 * graphql-js reads a field without a resolver with defaultFieldResolver, which calls a
 * function-valued property (the connections' lazily counted `totalCount` and `pageInfo` flags,
 * marked LAZY_VALUE_EXTENSION in src/graphql/connection.ts); graphql-jit inlines a plain property
 * read and would serialise the function. Such fields are given graphql-js's default resolver
 * explicitly: the same resolver graphql-js would use, so the schema's other users (subscriptions,
 * the explorer) see no change. Every other field without a resolver holds a plain value
 * (lean-resolvers.ts), which graphql-jit reads inline.
 */
function withExplicitDefaultResolvers(schema: GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) if (field.extensions[LAZY_VALUE_EXTENSION]) field.resolve ??= defaultFieldResolver;
  }
}

/** What the executor did so far, for tests and for a look at a running process. */
export interface JitExecutorStats {
  /** Operations compiled (a cache miss). */
  compiled: number;
  /** Requests answered by an operation compiled before (a cache hit). */
  reused: number;
  /** Requests answered by graphql-js: a document graphql-jit cannot compile, or variables it read differently. */
  graphqlJs: number;
  /** Compiled operations (and documents left to graphql-js) the cache holds now. */
  cached: number;
}

export interface JitExecutor {
  /** For ApolloServer's `gateway` option. */
  gateway: ExecutionGateway;
  stats(): JitExecutorStats;
}

export interface JitExecutorOptions {
  /** Compiled operations kept; COMPILED_QUERY_CACHE_SIZE unless given. */
  cacheSize?: number;
}

/** The gateway executing every operation of `schema` through graphql-jit, compiled operations kept in a bounded LRU. */
export function jitExecutor(schema: GraphQLSchema, options: JitExecutorOptions = {}): JitExecutor {
  withExplicitDefaultResolvers(schema);
  const cache = new LRUCache<string, Compiled>({ max: options.cacheSize ?? COMPILED_QUERY_CACHE_SIZE });
  const counts = { compiled: 0, reused: 0, graphqlJs: 0 };

  function graphqlJs(requestContext: GatewayRequestContext): Promise<ExecutionResult> | ExecutionResult {
    counts.graphqlJs += 1;
    const { document, request, context } = requestContext;
    return execute({ schema, document, contextValue: context, variableValues: request.variables, operationName: request.operationName });
  }

  function compiledFor(requestContext: GatewayRequestContext): Compiled {
    // Apollo's queryHash is the SHA-256 of the query text: stable whether or not Apollo still
    // holds the parsed document, and one document may hold several operations.
    const key = `${requestContext.operationName ?? ''}:${requestContext.queryHash}`;
    const cached = cache.get(key);
    if (cached !== undefined) {
      counts.reused += 1;
      return cached;
    }
    counts.compiled += 1;
    let compiled: Compiled;
    try {
      const { document } = requestContext;
      const result = hasVariableInScalarLiteral(schema, document) ? undefined : compileQuery(schema, document, requestContext.request.operationName);
      compiled = result && isCompiledQuery(result) && requestContext.operation ? { query: result, optionalInLiterals: optionalVariablesInLiterals(document, requestContext.operation) } : ON_GRAPHQL_JS;
    } catch {
      // graphql-jit throws for some shapes it does not support; graphql-js runs them.
      compiled = ON_GRAPHQL_JS;
    }
    cache.set(key, compiled);
    return compiled;
  }

  async function executor(requestContext: GatewayRequestContext): Promise<ExecutionResult> {
    const { operation, request, context } = requestContext;
    // Without an operation (none of that name), graphql-js's refusal is what Apollo expects.
    if (!operation) return graphqlJs(requestContext);
    const compiled = compiledFor(requestContext);
    if (compiled === ON_GRAPHQL_JS) return graphqlJs(requestContext);
    const variables = request.variables ?? {};
    if (compiled.optionalInLiterals.some((name) => !Object.hasOwn(variables, name))) return graphqlJs(requestContext);
    if (operation.variableDefinitions?.length) {
      // graphql-jit's own coercion words its refusals differently; graphql-js's come first (the
      // values are coerced again by the compiled query, which wants the raw ones).
      const coerced = getVariableValues(schema, operation.variableDefinitions, variables, { maxErrors: 50 });
      if (coerced.errors) return { errors: coerced.errors };
    }
    const result = await compiled.query.query(undefined, context, withDefaultsSent(operation.variableDefinitions ?? [], variables));
    // Only a refusal of the variables leaves `data` out: graphql-jit refused what graphql-js took.
    if (!('data' in result) || result.data === undefined) return graphqlJs(requestContext);
    return result.errors ? { data: result.data, errors: graphqlJsErrors(schema, requestContext.document, operation, result.errors) } : result;
  }

  const gateway: ExecutionGateway = {
    async load() {
      return { executor };
    },
    onSchemaLoadOrUpdate(callback) {
      // One static schema: announced once, never updated.
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => undefined;
    },
    async stop() {
      cache.clear();
    },
  };
  return { gateway, stats: () => ({ ...counts, cached: cache.size }) };
}
