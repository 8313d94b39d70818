import {
  BREAK,
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
import { graphqlHttpStatusOf } from './error-status';
import { reachableFragments } from './reachable-fragments';

/**
 * GraphQL lets a nullable variable stand where a non-null value is required when it has a default
 * or the position has one (`query($v: Boolean = true) { … @include(if: $v) }`), so validation
 * passes; but a request that sends the variable as null gives that position null, and graphql-js
 * throws in the middle of execution: the answer was an internal error. Such a request is refused
 * here instead, before anything runs, as BAD_USER_INPUT with HTTP 400 like every other unusable
 * variable, naming the variable, the position and the way out. It is judged on its document and
 * variables, as validation is: a use under `@skip(if: true)` or in a fragment the data would
 * never reach is refused too, so the answer does not depend on the data.
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

/** What a client can do about it: leaving the variable out helps unless its own default is null. */
function wayOut(definition: VariableDefinitionNode): string {
  if (!definition.defaultValue) return 'send a value, or leave the variable out to use the default of that position';
  return definition.defaultValue.kind === Kind.NULL ? 'send a value' : 'send a value, or leave the variable out to use its default';
}

/** Whether the request gives the variable null: sent as null, or left out with a default of null. */
function isNull(definition: VariableDefinitionNode, variables: Readonly<Record<string, unknown>>): boolean {
  const name = definition.variable.name.value;
  return Object.hasOwn(variables, name) ? variables[name] === null : definition.defaultValue?.kind === Kind.NULL;
}

/** The refusal of the first use of a variable that is null where the schema requires a value, or undefined when the request can run. */
export function nullInNonNullPosition(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables: Readonly<Record<string, unknown>>): GraphQLError | undefined {
  const nullable = new Map((operation.variableDefinitions ?? []).filter((definition) => definition.type.kind !== Kind.NON_NULL_TYPE && isNull(definition, variables)).map((definition) => [definition.variable.name.value, definition]));
  if (nullable.size === 0) return undefined;
  let refusal: GraphQLError | undefined;
  for (const node of [operation, ...reachableFragments(document, operation)]) {
    const typeInfo = new TypeInfo(schema);
    visit(
      node,
      visitWithTypeInfo(typeInfo, {
        // The operation's own variable definitions are not uses.
        VariableDefinition: () => false,
        Variable(variable) {
          const expected = typeInfo.getInputType();
          const definition = nullable.get(variable.name.value);
          if (!expected || !isNonNullType(expected) || !definition) return undefined;
          refusal = new GraphQLError(`Variable "$${variable.name.value}" is null where a value of type ${String(expected)} is required (${positionOf(typeInfo)}): ${wayOut(definition)}`, {
            nodes: [variable],
            extensions: { code: ErrorCode.BAD_USER_INPUT, http: { status: graphqlHttpStatusOf(ErrorCode.BAD_USER_INPUT) } },
          });
          return BREAK;
        },
      }),
    );
    if (refusal) return refusal;
  }
  return undefined;
}
