import { getNamedType, Kind, type FieldNode, type GraphQLObjectType, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import type { Projection } from '../db/projection';
import { objectTypeOf, readsOf } from './field-reads';

/** Connection types (connection.ts) carry their objects under `nodes` and `edges { node }`. */
function isConnectionTypeName(name: string): boolean {
  return name.endsWith('Connection');
}

/** The fields of a selection set, its fragments' included (aliases and repeats kept). */
export function collectFields(selectionSet: SelectionSetNode | undefined, info: GraphQLResolveInfo, into: FieldNode[]): void {
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
 * a connection's `nodes` and `edges.node`), as the properties a read must fill, with what their
 * field resolvers declare they read (field-reads.ts). Fields resolved by field resolvers are in it
 * too; selectOnly ignores names that are not columns.
 */
export function projectionOf(info: GraphQLResolveInfo): Projection {
  let projection = projections.get(info.fieldNodes);
  if (!projection) {
    projection = collectProjection(info);
    projections.set(info.fieldNodes, projection);
  }
  return projection;
}

/** The fields asked of the resolving field's objects, through a connection's `nodes` and `edges.node`. */
function objectFields(info: GraphQLResolveInfo): FieldNode[] {
  const fields: FieldNode[] = [];
  for (const node of info.fieldNodes) collectFields(node.selectionSet, info, fields);
  if (!isConnectionTypeName(getNamedType(info.returnType).name)) return fields;
  return [...fieldsNamed(fields, 'nodes', info), ...fieldsNamed(fieldsNamed(fields, 'edges', info), 'node', info)];
}

/** The type of the resolving field's objects: its own, or its connection's nodes'. */
function objectType(info: GraphQLResolveInfo): GraphQLObjectType | undefined {
  const returned = objectTypeOf(info.returnType);
  if (!returned || !isConnectionTypeName(returned.name)) return returned;
  return objectTypeOf(returned.getFields().nodes?.type);
}

/** The names of `fields` (objects of `type`), and what their field resolvers read. */
function namesOf(fields: FieldNode[], type: GraphQLObjectType | undefined): Set<string> {
  const names = new Set<string>();
  for (const field of fields) {
    const name = field.name.value;
    if (name.startsWith('__')) continue;
    names.add(name);
    for (const read of readsOf(type, name)) names.add(read);
  }
  return names;
}

function collectProjection(info: GraphQLResolveInfo): Projection {
  return namesOf(objectFields(info), objectType(info));
}

const childProjections = new WeakMap<readonly FieldNode[], Map<string, { projection: Projection } | undefined>>();

/**
 * The projection of a field of the resolving field's objects, or of a path of plain fields below
 * them (`mediaLibrary`, or `distributions.primaryLink` from a contents connection), for a read that
 * embeds those rows; undefined when no selection asks for it.
 */
export function childProjectionOf(info: GraphQLResolveInfo, path: string): { projection: Projection } | undefined {
  let byPath = childProjections.get(info.fieldNodes);
  if (!byPath) {
    byPath = new Map();
    childProjections.set(info.fieldNodes, byPath);
  }
  if (!byPath.has(path)) {
    const names = path.split('.');
    const fields = fieldsAt(objectFields(info), names, info);
    byPath.set(path, fields ? { projection: namesOf(fields, typeAt(objectType(info), names)) } : undefined);
  }
  return byPath.get(path);
}

/** The object type at the end of a path of fields from `type`. */
function typeAt(type: GraphQLObjectType | undefined, path: readonly string[]): GraphQLObjectType | undefined {
  let at = type;
  for (const name of path) at = objectTypeOf(at?.getFields()[name]?.type);
  return at;
}

/** The fields asked below `path` (merged over aliases and fragments); undefined when nothing asks for it. */
function fieldsAt(fields: FieldNode[], path: string[], info: GraphQLResolveInfo): FieldNode[] | undefined {
  const named = fields.filter((node) => node.name.value === path[0]);
  if (named.length === 0) return undefined;
  const below: FieldNode[] = [];
  for (const node of named) collectFields(node.selectionSet, info, below);
  return path.length === 1 ? below : fieldsAt(below, path.slice(1), info);
}
