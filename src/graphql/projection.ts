import { getNamedType, Kind, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import type { Projection } from '../db/projection';

/** Connection types (connection.ts) carry their objects under `nodes` and `edges { node }`. */
function isConnectionTypeName(name: string): boolean {
  return name.endsWith('Connection');
}

function collectFields(selectionSet: SelectionSetNode | undefined, info: GraphQLResolveInfo, into: FieldNode[]): void {
  if (!selectionSet) return;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) into.push(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT) collectFields(selection.selectionSet, info, into);
    else collectFields(info.fragments[selection.name.value]?.selectionSet, info, into);
  }
}

function fieldsNamed(fields: FieldNode[], name: string, info: GraphQLResolveInfo): FieldNode[] {
  const found: FieldNode[] = [];
  for (const field of fields) if (field.name.value === name) collectFields(field.selectionSet, info, found);
  return found;
}

/**
 * graphql-js hands every sibling object of a list the same `fieldNodes` array for a field, so the
 * projection is worked out once per field of the operation, not once per parent object.
 */
const projections = new WeakMap<readonly FieldNode[], Projection>();

/**
 * The fields the resolving field's objects are asked for (every alias and fragment merged; through
 * a connection's `nodes` and `edges.node`), as the properties a read must fill. Fields resolved by
 * field resolvers are in it too; selectOnly ignores names that are not columns.
 */
export function projectionOf(info: GraphQLResolveInfo): Projection {
  let projection = projections.get(info.fieldNodes);
  if (!projection) {
    projection = collectProjection(info);
    projections.set(info.fieldNodes, projection);
  }
  return projection;
}

function collectProjection(info: GraphQLResolveInfo): Projection {
  let fields: FieldNode[] = [];
  for (const node of info.fieldNodes) collectFields(node.selectionSet, info, fields);
  if (isConnectionTypeName(getNamedType(info.returnType).name)) {
    fields = [...fieldsNamed(fields, 'nodes', info), ...fieldsNamed(fieldsNamed(fields, 'edges', info), 'node', info)];
  }
  return new Set(fields.map((field) => field.name.value).filter((name) => !name.startsWith('__')));
}
