import type { ApolloServerOptionsWithGateway, BaseContext } from '@apollo/server';
import { defaultFieldResolver, execute, type ExecutionResult, getVariableValues, type GraphQLSchema, isObjectType } from 'graphql';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';
import { LRUCache } from 'lru-cache';
import { LAZY_VALUE_EXTENSION } from './connection';
import { asGraphQLError } from './jit-errors';
import { optionalVariablesInLiterals, withDefaultsSent } from './jit-variables';

/**
 * Execution of POST and GET /graphql by graphql-jit (issue 23): a query is compiled into a
 * JavaScript function specialised to its selection, instead of graphql-js walking the document
 * and the schema again for every object of every answer (about 18% of the CPU of the nested
 * query, docs/benchmarks.md). Apollo Server's documented way to replace execution is the gateway
 * interface: everything before execution (parsing, validation, the plugins' didResolveOperation,
 * so the scope check and the cost limits) and after it (formatError, the plugins'
 * willSendResponse) stays Apollo's.
 *
 * Only what pays is compiled (issue 32): a query, once its text has been seen COMPILE_AT times.
 * Compiling costs 1 to 5 ms and holds heap; it pays back on a text that comes again, as partners'
 * fixed queries do. Mutations (each writes once, and their inputs are often written into the
 * text), subscriptions and texts seen fewer times run on graphql-js, which has nothing to compile.
 *
 * Answers are graphql-js's; where graphql-jit would differ, graphql-js decides:
 * - a document graphql-jit cannot compile runs on graphql-js (remembered, so it is tried once);
 * - a request leaving out a variable used inside a list or input-object literal (`orderBy:
 *   [{ direction: $d }]`): graphql-jit would put null where graphql-js leaves the field out, so
 *   its default applies (jit-variables.ts);
 * - a variable left out that has a default is given to graphql-jit as if sent, so custom scalars
 *   inside the default are parsed as graphql-js parses them (jit-variables.ts);
 * - variables are coerced by graphql-js first: its refusals, word for word, and nothing runs;
 * - a request naming no operation of its document gets graphql-js's refusal too;
 * - a field whose value may be a function reads it with graphql-js's default resolver (below);
 * - the errors of an answer are made real GraphQLErrors (jit-errors.ts); their order, and how
 *   many of the failures under one nulled position are listed, may differ (docs/decisions.md).
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
 * holds all of them with room for variants; COMPILED_QUERY_CACHE_BYTES bounds what they hold.
 */
export const COMPILED_QUERY_CACHE_SIZE = 200;

/**
 * Heap a compiled query is counted for, per character of its text. Just compiled, the nested query
 * (204 characters) takes 15.6 KB and a small one (69) 9.8 KB, measured after a full collection
 * over 500 of each; once run, V8 adds the bytecode and the feedback of its functions, about 90 KB
 * for the nested query (issue 23). 512 covers that.
 */
const COMPILED_BYTES_PER_CHARACTER = 512;

/** Heap the compiled queries may hold: about 160 nested queries, by the estimate above. */
export const COMPILED_QUERY_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * Sightings of a query's text before it is compiled. The nested query compiles in about 5 ms and
 * saves about 3 ms of each execution (18% of its CPU, docs/benchmarks.md): compiled at its third
 * sighting it has paid back by its fifth. A text sent once or twice (written with its values
 * inline, a retry) is never compiled; a fixed query runs its first two times on graphql-js.
 */
export const COMPILE_AT = 3;

/**
 * Texts whose sightings are counted, at most: an entry is the key (an operation name and a 64-
 * character hash) and a number; 10,000 of them, keys included, measured 2.0 MB of heap (207 bytes
 * each) after a full collection. A text that comes again within the last 10,000 new ones is
 * counted on; ever new texts push out the oldest.
 */
const SIGHTINGS_KEPT = 10_000;

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
  /** Queries compiled (a text seen COMPILE_AT times). */
  compiled: number;
  /** Requests answered by a query compiled before. */
  reused: number;
  /** Requests answered by graphql-js: mutations, subscriptions, texts not (yet) compiled, what graphql-jit would read differently. */
  graphqlJs: number;
  /** Compiled queries (and documents left to graphql-js) the cache holds now. */
  cached: number;
  /** Heap the cache holds now, by the estimate of COMPILED_BYTES_PER_CHARACTER. */
  cachedBytes: number;
}

export interface JitExecutor {
  /** For ApolloServer's `gateway` option. */
  gateway: ExecutionGateway;
  stats(): JitExecutorStats;
}

export interface JitExecutorOptions {
  /** Compiled queries kept; COMPILED_QUERY_CACHE_SIZE unless given. */
  cacheSize?: number;
  /** Heap the compiled queries may hold; COMPILED_QUERY_CACHE_BYTES unless given. */
  cacheBytes?: number;
  /** Sightings of a query's text at which it is compiled; COMPILE_AT unless given (1: at once). */
  compileAt?: number;
}

/** The key of an operation of a text: Apollo's queryHash (SHA-256 of the text) and the operation's name (one text may hold several). */
const keyOf = (requestContext: GatewayRequestContext): string => `${requestContext.operationName ?? ''}:${requestContext.queryHash}`;

/** The gateway executing queries seen often enough through graphql-jit, compiled ones kept in a bounded LRU, everything else through graphql-js. */
export function jitExecutor(schema: GraphQLSchema, options: JitExecutorOptions = {}): JitExecutor {
  withExplicitDefaultResolvers(schema);
  const compileAt = options.compileAt ?? COMPILE_AT;
  const cache = new LRUCache<string, Compiled>({ max: options.cacheSize ?? COMPILED_QUERY_CACHE_SIZE, maxSize: options.cacheBytes ?? COMPILED_QUERY_CACHE_BYTES });
  const sightings = new LRUCache<string, number>({ max: SIGHTINGS_KEPT });
  const counts = { compiled: 0, reused: 0, graphqlJs: 0 };

  function graphqlJs(requestContext: GatewayRequestContext): Promise<ExecutionResult> | ExecutionResult {
    counts.graphqlJs += 1;
    const { document, request, context } = requestContext;
    return execute({ schema, document, contextValue: context, variableValues: request.variables, operationName: request.operationName });
  }

  function compile(requestContext: GatewayRequestContext): Compiled {
    try {
      const { document, operation } = requestContext;
      const result = compileQuery(schema, document, requestContext.request.operationName);
      return isCompiledQuery(result) && operation ? { query: result, optionalInLiterals: optionalVariablesInLiterals(document, operation) } : ON_GRAPHQL_JS;
    } catch {
      // graphql-jit throws for some shapes it does not support; graphql-js runs them.
      return ON_GRAPHQL_JS;
    }
  }

  /** The compiled query for this request's text, compiled now at its COMPILE_AT-th sighting; undefined before. */
  function compiledFor(requestContext: GatewayRequestContext): Compiled | undefined {
    const key = keyOf(requestContext);
    const cached = cache.get(key);
    if (cached !== undefined) {
      counts.reused += 1;
      return cached;
    }
    const seen = (sightings.get(key) ?? 0) + 1;
    if (seen < compileAt) {
      sightings.set(key, seen);
      return undefined;
    }
    sightings.delete(key);
    counts.compiled += 1;
    const compiled = compile(requestContext);
    // A text too large for the cache's bound is not kept: it is counted and compiled afresh.
    cache.set(key, compiled, { size: Math.max(1, requestContext.source.length * COMPILED_BYTES_PER_CHARACTER) });
    return compiled;
  }

  async function executor(requestContext: GatewayRequestContext): Promise<ExecutionResult> {
    const { operation, request, context } = requestContext;
    // Without an operation (none of that name), graphql-js's refusal is what Apollo expects.
    if (operation?.operation !== 'query') return graphqlJs(requestContext);
    const compiled = compiledFor(requestContext);
    if (compiled === undefined || compiled === ON_GRAPHQL_JS) return graphqlJs(requestContext);
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
    return result.errors ? { data: result.data, errors: result.errors.map(asGraphQLError) } : result;
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
      sightings.clear();
    },
  };
  return { gateway, stats: () => ({ ...counts, cached: cache.size, cachedBytes: cache.calculatedSize }) };
}
