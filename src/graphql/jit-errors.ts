import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  getNamedType,
  getNullableType,
  type GraphQLError,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  isAbstractType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  locatedError,
  type OperationDefinitionNode,
  type SelectionSetNode,
  TypeNameMetaFieldDef,
} from 'graphql';

/**
 * The errors of an answer graphql-jit executed, made the ones graphql-js gives for the same
 * failures (src/graphql/jit-executor.ts). Only answers with errors come here.
 */

/**
 * graphql-jit's error objects only look like GraphQLErrors: `extensions` is undefined unless the
 * thrown error had some (Apollo reads `extensions.code` of every error and, failing, answers a bare
 * "Internal server error"), and there are no `nodes`. Each becomes the error graphql-js's
 * locatedError makes of the same failure: a located GraphQLError thrown by a resolver as it is,
 * anything else wrapped with the field's path and locations and the thrown error as originalError.
 * Errors graphql-jit raised itself (a null for a non-null field, a value a scalar cannot serialise)
 * wrap an Error of their message, as graphql-js's do; format-error.ts answers them all as
 * INTERNAL_SERVER_ERROR anyway.
 */
function asGraphqlJsError(error: GraphQLError): GraphQLError {
  const located = locatedError(error.originalError ?? new Error(error.message), undefined, error.path);
  // graphql-js takes the locations from the field's nodes, which graphql-jit computed the same way.
  if (located !== error.originalError && located.locations === undefined && error.locations) Object.assign(located, { locations: error.locations });
  return located;
}

interface Walk {
  schema: GraphQLSchema;
  fragments: ReadonlyMap<string, FragmentDefinitionNode>;
}

/** Whether selections under `condition` apply to an object of `type`. */
function applies(walk: Walk, condition: string | undefined, type: GraphQLObjectType): boolean {
  if (condition === undefined || condition === type.name) return true;
  const conditionType = walk.schema.getType(condition);
  return conditionType !== undefined && isAbstractType(conditionType) && walk.schema.isSubType(conditionType, type);
}

/** The field nodes answering `responseName` on an object of `type`, fragments followed (@skip and @include do not change a field's type). */
function fieldNodesOf(walk: Walk, type: GraphQLObjectType, selectionSets: readonly SelectionSetNode[], responseName: string): FieldNode[] {
  const found: FieldNode[] = [];
  const visited = new Set<string>();
  const collect = (selectionSet: SelectionSetNode): void => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if ((selection.alias ?? selection.name).value === responseName) found.push(selection);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        if (applies(walk, selection.typeCondition?.name.value, type)) collect(selection.selectionSet);
      } else if (!visited.has(selection.name.value)) {
        visited.add(selection.name.value);
        const fragment = walk.fragments.get(selection.name.value);
        if (fragment && applies(walk, fragment.typeCondition.name.value, type)) collect(fragment.selectionSet);
      }
    }
  };
  for (const selectionSet of selectionSets) collect(selectionSet);
  return found;
}

/**
 * How many segments of `path` lead to the nearest position that may be null (the field itself, a
 * list item, or 0 for `data`): where graphql-js stops a null coming up from a non-null field.
 * Undefined when the path does not follow the operation (then the error is left as it is).
 * Fields of one response name have the same shape in every possible type of an abstract type
 * (validation's OverlappingFieldsCanBeMerged), so the first that has it decides.
 */
function nullableDepth(walk: Walk, operation: OperationDefinitionNode, path: readonly (string | number)[]): number | undefined {
  let type: GraphQLOutputType | undefined | null = walk.schema.getRootType(operation.operation);
  if (!type) return undefined;
  let selectionSets: readonly SelectionSetNode[] = [operation.selectionSet];
  let depth = 0;
  for (const [i, segment] of path.entries()) {
    if (typeof segment === 'number') {
      const list: GraphQLOutputType = getNullableType(type);
      if (!isListType(list)) return undefined;
      type = list.ofType as GraphQLOutputType;
      if (!isNonNullType(type)) depth = i + 1;
      continue;
    }
    const named = getNamedType(type);
    const objects = isAbstractType(named) ? walk.schema.getPossibleTypes(named) : isObjectType(named) ? [named] : [];
    let fieldType: GraphQLOutputType | undefined;
    const next: SelectionSetNode[] = [];
    for (const object of objects) {
      const nodes = fieldNodesOf(walk, object, selectionSets, segment);
      if (nodes.length === 0) continue;
      const name = nodes[0].name.value;
      fieldType ??= name === TypeNameMetaFieldDef.name ? TypeNameMetaFieldDef.type : object.getFields()[name]?.type;
      for (const node of nodes) if (node.selectionSet) next.push(node.selectionSet);
    }
    if (!fieldType) return undefined;
    type = fieldType;
    selectionSets = next;
    if (!isNonNullType(type)) depth = i + 1;
  }
  return depth;
}

/**
 * graphql-jit reports every error whose null climbed to the same nullable position; graphql-js
 * reports the first (the others' promises are left behind once that position is null). So only
 * the first error per such position is kept; an error of a nullable field itself always is.
 */
function oncePerNulledPosition(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, errors: readonly GraphQLError[]): GraphQLError[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const walk: Walk = { schema, fragments };
  const nulled = new Set<string>();
  return errors.filter((error) => {
    const path = error.path;
    if (!path) return true;
    const depth = nullableDepth(walk, operation, path);
    if (depth === undefined || depth === path.length) return true;
    const position = JSON.stringify(path.slice(0, depth));
    if (nulled.has(position)) return false;
    nulled.add(position);
    return true;
  });
}

/** graphql-jit's errors of one answer as graphql-js would have reported them. */
export function graphqlJsErrors(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, errors: readonly GraphQLError[]): GraphQLError[] {
  return oncePerNulledPosition(schema, document, operation, errors).map(asGraphqlJsError);
}
