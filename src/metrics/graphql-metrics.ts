import type { ApolloServerPlugin } from '@apollo/server';
import type { OperationDefinitionNode } from 'graphql';
import { Counter, type Registry } from 'prom-client';
import { isErrorCode } from '../common/error-codes';
import type { GraphQLContext } from '../graphql/context';

/**
 * Label values that cannot be GraphQL names (those are `[_A-Za-z][_0-9A-Za-z]*`), so they never
 * collide with an operation a client named.
 */
export const ANONYMOUS_OPERATION = '(anonymous)';
export const OTHER_OPERATION = '(other)';
/** The document did not parse or validate, or named no operation it holds: nothing ran. */
export const UNRESOLVED_OPERATION = '(unresolved)';
export const UNRESOLVED_TYPE = 'unresolved';
/** An `extensions.code` outside the error catalogue (none is expected: format-error.ts maps every error). */
export const OTHER_CODE = '(other)';

/**
 * Operation names are chosen by clients, so they are bounded here: the first this many distinct
 * names this process sees keep their own series, later ones share OTHER_OPERATION. Partners'
 * integrations use a handful of fixed names; a client generating names would otherwise add a
 * series per request. Long names count as other too.
 */
export const MAX_OPERATION_NAMES = 100;
export const MAX_OPERATION_NAME_LENGTH = 100;

/** The label of an operation's name: its own while names stay few, OTHER_OPERATION past the cap. */
export class OperationNameLabels {
  private readonly seen = new Set<string>();

  constructor(private readonly max = MAX_OPERATION_NAMES) {}

  labelOf(operation: OperationDefinitionNode | undefined): string {
    if (!operation) return UNRESOLVED_OPERATION;
    const name = operation.name?.value;
    if (name === undefined) return ANONYMOUS_OPERATION;
    if (name.length > MAX_OPERATION_NAME_LENGTH) return OTHER_OPERATION;
    if (this.seen.has(name)) return name;
    if (this.seen.size >= this.max) return OTHER_OPERATION;
    this.seen.add(name);
    return name;
  }
}

export interface GraphQLInstruments {
  operations: Counter<'operation_type' | 'operation_name'>;
  errors: Counter<'code'>;
  names: OperationNameLabels;
}

export function graphqlInstruments(registry: Registry): GraphQLInstruments {
  return {
    operations: new Counter({
      name: 'graphql_operations_total',
      help: `GraphQL requests Apollo answered, by operation type (query, mutation, or ${UNRESOLVED_TYPE}) and name (at most ${MAX_OPERATION_NAMES} distinct names, then ${OTHER_OPERATION}).`,
      labelNames: ['operation_type', 'operation_name'],
      registers: [registry],
    }),
    errors: new Counter({
      name: 'graphql_errors_total',
      help: 'Errors in GraphQL answers, one per entry of `errors`, by their extensions.code.',
      labelNames: ['code'],
      registers: [registry],
    }),
    names: new OperationNameLabels(),
  };
}

/**
 * Counts each operation and each error of its answer as the client receives it: willSendResponse
 * sees the errors after formatError gave them their codes. Requests refused before Apollo runs
 * (no key, rate limit, shedding) are in the HTTP metrics only. Does nothing when metrics are off.
 */
export function graphqlMetricsPlugin(metrics: { graphql: GraphQLInstruments } | undefined): ApolloServerPlugin<GraphQLContext> {
  if (!metrics) return {};
  const { operations, errors, names } = metrics.graphql;
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ operation, response }) {
          operations.inc({ operation_type: operation?.operation ?? UNRESOLVED_TYPE, operation_name: names.labelOf(operation) });
          const answered = response.body.kind === 'single' ? response.body.singleResult.errors : undefined;
          for (const error of answered ?? []) {
            const code = error.extensions?.code;
            errors.inc({ code: isErrorCode(code) ? code : OTHER_CODE });
          }
        },
      };
    },
  };
}
