import {
  type ASTNode,
  type DocumentNode,
  Kind,
  type OperationDefinitionNode,
  valueFromASTUntyped,
  type VariableDefinitionNode,
  visit,
} from 'graphql';
import { reachableFragments } from './reachable-fragments';

/**
 * Where graphql-jit reads a query's variables differently from graphql-js (jit-executor.ts keeps
 * its answers graphql-js's). Only queries are compiled: a variable inside a custom scalar's literal
 * (graphql-jit parses the literal without it, and drops its value) can stand only in a mutation's
 * input (`customFields: { note: $n }`, the one scalar taking object literals, JSONObject, is no
 * query's argument; test/graphql/jit-executor.test.ts checks it stays so), so nothing here looks
 * for it.
 */

/**
 * The variables of `operation` without a default that it uses inside a list or input-object
 * literal (`orderBy: [{ field: ID, direction: $d }]`, `filter: { status: $s }`), rather than as a
 * whole argument. When a request leaves such a variable out, graphql-js leaves the field out
 * (its default applies) or gives the list item null;
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
