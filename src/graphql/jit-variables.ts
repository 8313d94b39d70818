import {
  type ASTNode,
  BREAK,
  type DocumentNode,
  getNullableType,
  type GraphQLSchema,
  isScalarType,
  Kind,
  type OperationDefinitionNode,
  TypeInfo,
  type ValueNode,
  valueFromASTUntyped,
  type VariableDefinitionNode,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import { reachableFragments } from './reachable-fragments';

/**
 * Where graphql-jit reads a request's variables differently from graphql-js (jit-executor.ts keeps
 * its answers graphql-js's).
 */

/** A variable anywhere inside an object or list literal: graphql-js hands it to the scalar's parseLiteral, graphql-jit does not. */
function containsVariable(value: ValueNode): boolean {
  let found = false;
  visit(value, {
    Variable() {
      found = true;
      return BREAK;
    },
  });
  return found;
}

/** Whether a custom scalar's literal in the document holds a variable (jit-executor.ts runs such a document on graphql-js); checked once per compilation. */
export function hasVariableInScalarLiteral(schema: GraphQLSchema, document: DocumentNode): boolean {
  const typeInfo = new TypeInfo(schema);
  let found = false;
  const inScalarLiteral = (node: ValueNode): unknown => {
    const type = typeInfo.getInputType();
    // An input object's or a list's own values are visited in turn; a scalar's literal is checked whole.
    if (!type || !isScalarType(getNullableType(type))) return undefined;
    if (!containsVariable(node)) return false;
    found = true;
    return BREAK;
  };
  visit(document, visitWithTypeInfo(typeInfo, { [Kind.OBJECT]: inScalarLiteral, [Kind.LIST]: inScalarLiteral }));
  return found;
}

/**
 * The variables of `operation` without a default that it uses inside a list or input-object
 * literal (`orderBy: [{ field: ID, direction: $d }]`, `input: { note: $n }`), rather than as a
 * whole argument. When a request leaves such a variable out, graphql-js leaves the field out
 * (its default applies, an update leaves the value as it is) or gives the list item null;
 * graphql-jit keeps null in the field (jit-executor.ts hands those requests to graphql-js).
 */
export function optionalVariablesInLiterals(document: DocumentNode, operation: OperationDefinitionNode): string[] {
  const withoutDefault = new Set((operation.variableDefinitions ?? []).filter((definition) => !definition.defaultValue).map((definition) => definition.variable.name.value));
  const found = new Set<string>();
  for (const node of [operation, ...reachableFragments(document, operation)]) {
    visit(node, {
      VariableDefinition: () => false,
      Variable(variable, _key, parent: ASTNode | readonly ASTNode[] | undefined) {
        // A whole argument's variable has the argument as its parent; one inside a literal, an
        // object field or a list's values.
        const inLiteral = Array.isArray(parent) || (parent as ASTNode | undefined)?.kind === Kind.OBJECT_FIELD;
        if (inLiteral && withoutDefault.has(variable.name.value)) found.add(variable.name.value);
      },
    });
  }
  return [...found];
}

/**
 * The request's variables with each one it left out that has a default written in, as a client
 * would send it (the default's JSON value). graphql-jit reads a default itself without the custom
 * scalars' parsing (a `DateTime` inside a default input object stays text, where graphql-js makes
 * it an instant); given as if sent, every value goes through the same parsing.
 */
export function withDefaultsSent(definitions: readonly VariableDefinitionNode[], variables: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  const missing = definitions.filter((definition) => definition.defaultValue && !Object.hasOwn(variables, definition.variable.name.value));
  if (missing.length === 0) return variables;
  return { ...variables, ...Object.fromEntries(missing.map((definition) => [definition.variable.name.value, valueFromASTUntyped(definition.defaultValue!)])) };
}
