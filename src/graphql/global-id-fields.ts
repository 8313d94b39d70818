import {
  defaultFieldResolver,
  type GraphQLField,
  type GraphQLFieldResolver,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLSchema,
  getNullableType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isObjectType,
} from 'graphql';
import { globalIdPrefix, isBareDatabaseId, parseGlobalId } from '../common/global-id';
import { ValidationFailedError } from '../common/errors';
import { NODE_REF_EXTENSION, nodeArgExtension, nodeTypeOf } from './node';

/**
 * Global ids on the wire, database ids inside: once the schema is built, from its declarations
 * (node.ts), every `id` of a `Node` type and every field marked `NodeRef` is written as a global
 * id, and every argument or input field that names a record is read back to the database id
 * before the resolver (and type-graphql's validation and conversion) sees it. The service layer
 * and both faces' rules therefore stay on database ids, as REST /v2 speaks them.
 *
 * Reading an id where one type is expected:
 * - a global id of that type gives its database id;
 * - a bare database id (`"42"`) is taken as one of that type, for the transition (CHANGELOG);
 * - a global id of another type, or anything else, is refused: BAD_USER_INPUT naming the field,
 *   before anything runs; never a lookup in another type's table.
 */

type Resolver = GraphQLFieldResolver<unknown, unknown>;
type Decoder = (value: unknown, path: string) => unknown;

/** `a Campaign`, `an Event`. */
const withArticle = (typeName: string): string => `${/^[AEIOU]/.test(typeName) ? 'an' : 'a'} ${typeName}`;

/** The database id `value` names if it is an id of `typeName`, else the refusal. */
function databaseIdOf(value: unknown, typeName: string, path: string): string {
  const parts = parseGlobalId(value);
  if (parts?.typeName === typeName) return parts.databaseId;
  if (parts) throw ValidationFailedError.single(path, `is a global id of ${withArticle(parts.typeName)}; ${withArticle(typeName)} id is expected here`);
  if (isBareDatabaseId(value)) return (value as string).trim();
  throw ValidationFailedError.single(path, `must be a global id of ${withArticle(typeName)} (${globalIdPrefix(typeName)}<id>)`);
}

/** The value written for a database id (or a list of them) of `typeName`. */
function encoder(typeName: string): (value: unknown) => unknown {
  const prefix = globalIdPrefix(typeName);
  const encode = (value: unknown): unknown => {
    if (value === null || value === undefined) return value;
    if (Array.isArray(value)) return value.map(encode);
    return prefix + String(value);
  };
  return encode;
}

/**
 * The field's resolver, writing global ids: a property read where the field has none (the common
 * case, kept a plain read for graphql-jit), else the resolver's value, encoded.
 */
function encodingResolver(field: GraphQLField<unknown, unknown>, typeName: string): Resolver {
  const encode = encoder(typeName);
  const inner = field.resolve;
  if (!inner) {
    const property = field.name;
    return (source) => encode((source as Record<string, unknown>)[property]);
  }
  return (source, args, context, info) => {
    const value = inner(source, args, context, info);
    return value instanceof Promise ? value.then(encode) : encode(value);
  };
}

/** Reads each item of a list with `item` (`path.0`, `path.1`…). */
function eachItem(item: Decoder): Decoder {
  return (value, path) => (Array.isArray(value) ? value.map((entry, index) => (entry === null ? null : item(entry, `${path}.${index}`))) : value);
}

/**
 * Reads the named properties of an object with their decoders, in a copy (what graphql-js or
 * graphql-jit hands a resolver is not the resolver's to change); `pathOf` names each for errors.
 */
function eachProperty(properties: readonly [string, Decoder][], pathOf: (name: string, path: string) => string): Decoder {
  return (value, path) => {
    if (value === null || typeof value !== 'object') return value;
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const [name, decode] of properties) if (copy[name] !== null && copy[name] !== undefined) copy[name] = decode(copy[name], pathOf(name, path));
    return copy;
  };
}

function idDecoder(type: GraphQLInputType, typeName: string): Decoder {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return eachItem(idDecoder(nullable.ofType as GraphQLInputType, typeName));
  return (value, path) => databaseIdOf(value, typeName, path);
}

class Decoders {
  private readonly inputs = new Map<GraphQLInputObjectType, Decoder | null>();

  constructor(private readonly nodeTypes: ReadonlySet<string>) {}

  /** The record type a field or argument is marked with, checked against the schema's Node types. */
  marked(typeName: unknown, where: string): string | undefined {
    if (typeName === undefined) return undefined;
    if (typeof typeName !== 'string' || !this.nodeTypes.has(typeName)) throw new Error(`${where} names ${String(typeName)} as its record type, which is not a Node type`);
    return typeName;
  }

  /** How a value of `type` has its ids read, or null when nothing in it names a record. */
  of(type: GraphQLInputType, typeName: string | undefined): Decoder | null {
    if (typeName) return idDecoder(type, typeName);
    const nullable = getNullableType(type);
    if (isListType(nullable)) {
      const item = this.of(nullable.ofType as GraphQLInputType, undefined);
      return item && eachItem(item);
    }
    return isInputObjectType(nullable) ? this.inputObject(nullable) : null;
  }

  private inputObject(type: GraphQLInputObjectType): Decoder | null {
    if (this.inputs.has(type)) return this.inputs.get(type) ?? null;
    // Until it is made, a reference to itself (a recursive input) reads as "nothing to read".
    this.inputs.set(type, null);
    const fields: [string, Decoder][] = [];
    for (const field of Object.values(type.getFields())) {
      const decoder = this.of(field.type, this.marked(field.extensions?.[NODE_REF_EXTENSION], `${type.name}.${field.name}`));
      if (decoder) fields.push([field.name, decoder]);
    }
    const decoder = fields.length === 0 ? null : eachProperty(fields, (name, path) => `${path}.${name}`);
    this.inputs.set(type, decoder);
    return decoder;
  }
}

/** How a field's arguments have their ids read, or null when none names a record. */
function argumentsDecoder(field: GraphQLField<unknown, unknown>, where: string, decoders: Decoders): ((args: Record<string, unknown>) => Record<string, unknown>) | null {
  const readers: [string, Decoder][] = [];
  for (const arg of field.args) {
    const decoder = decoders.of(arg.type, decoders.marked(field.extensions?.[nodeArgExtension(arg.name)], `${where}(${arg.name})`));
    if (decoder) readers.push([arg.name, decoder]);
  }
  if (readers.length === 0) return null;
  // An argument's path is its name.
  const read = eachProperty(readers, (name) => name);
  return (args) => read(args, '') as Record<string, unknown>;
}

/** Writes and reads global ids on `schema` (above); throws when a declaration names no Node type. */
export function withGlobalIds(schema: GraphQLSchema): void {
  const node = schema.getType('Node');
  if (!isInterfaceType(node)) return;
  node.resolveType = nodeTypeOf;
  const nodeTypes = new Set(schema.getPossibleTypes(node).map((type) => type.name));
  const decoders = new Decoders(nodeTypes);
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const where = `${type.name}.${field.name}`;
      const refersTo = field.name === 'id' && nodeTypes.has(type.name) ? type.name : decoders.marked(field.extensions?.[NODE_REF_EXTENSION], where);
      if (refersTo) field.resolve = encodingResolver(field, refersTo);
      const decodeArgs = argumentsDecoder(field, where, decoders);
      if (!decodeArgs) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context, info) => resolve(source, decodeArgs(args), context, info);
      const subscribe = field.subscribe;
      if (subscribe) field.subscribe = (source, args, context, info) => subscribe(source, decodeArgs(args), context, info);
    }
  }
}

