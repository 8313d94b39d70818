import type { ApolloServerPlugin } from '@apollo/server';
import {
  type DocumentNode,
  GraphQLError,
  type GraphQLSchema,
  isNonNullType,
  Kind,
  type OperationDefinitionNode,
  TypeInfo,
  type VariableDefinitionNode,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import { ErrorCode } from '../common/error-codes';
import type { GraphQLContext } from './context';
import { graphqlHttpStatusOf } from './error-status';
import { reachableFragments } from './reachable-fragments';

/**
 * GraphQL lets a nullable variable with a default stand where a non-null value is required
 * (`query($v: Boolean = true) { … @include(if: $v) }`), so validation passes; but a request that
 * sends the variable as null gives that position null, which execution can only fail: graphql-js
 * throws in the middle of it, and the answer was an internal error. Such a request is refused
 * here instead, before anything runs, as BAD_USER_INPUT with HTTP 400 like every other unusable
 * variable, naming the variable, the position and the way out (leave it out: its default then applies).
 */

function positionOf(typeInfo: TypeInfo): string {
  const argument = typeInfo.getArgument();
  if (!argument) return 'a value';
  const directive = typeInfo.getDirective();
  if (directive) return `argument "${argument.name}" of @${directive.name}`;
  const field = typeInfo.getFieldDef();
  const parent = typeInfo.getParentType();
  return field && parent ? `argument "${argument.name}" of ${parent.name}.${field.name}` : `argument "${argument.name}"`;
}

/** Whether the request gives the variable null: sent as null, or left out with a default of null. */
function isNull(definition: VariableDefinitionNode, variables: Readonly<Record<string, unknown>>): boolean {
  const name = definition.variable.name.value;
  return Object.hasOwn(variables, name) ? variables[name] === null : definition.defaultValue?.kind === Kind.NULL;
}

/** One error per use of a variable that is null where the schema requires a value; none when the request can run. */
export function nullsInNonNullPositions(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables: Readonly<Record<string, unknown>>): GraphQLError[] {
  const nullable = new Map((operation.variableDefinitions ?? []).filter((definition) => definition.type.kind !== Kind.NON_NULL_TYPE && isNull(definition, variables)).map((definition) => [definition.variable.name.value, definition]));
  if (nullable.size === 0) return [];
  const errors: GraphQLError[] = [];
  for (const node of [operation, ...reachableFragments(document, operation)]) {
    const typeInfo = new TypeInfo(schema);
    visit(
      node,
      visitWithTypeInfo(typeInfo, {
        // The operation's own variable definitions are not uses.
        VariableDefinition: () => false,
        Variable(variable) {
          const expected = typeInfo.getInputType();
          const name = variable.name.value;
          if (!expected || !isNonNullType(expected) || !nullable.has(name)) return;
          errors.push(
            new GraphQLError(`Variable "$${name}" is null where a value of type ${String(expected)} is required (${positionOf(typeInfo)}): send a value, or leave the variable out to use its default`, {
              nodes: [variable],
              extensions: { code: ErrorCode.BAD_USER_INPUT, http: { status: graphqlHttpStatusOf(ErrorCode.BAD_USER_INPUT) } },
            }),
          );
        },
      }),
    );
  }
  return errors;
}

/** Refuses, before any plugin charges for it or anything runs, a request giving null where its operation requires a value (above). */
export function nullVariablesPlugin(): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, operation, request, schema }) {
          if (!operation) return;
          const [first] = nullsInNonNullPositions(schema, document, operation, request.variables ?? {});
          if (first) throw first;
        },
      };
    },
  };
}
