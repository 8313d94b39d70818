import { Arg, Extensions, Field, ID, InterfaceType } from 'type-graphql';

/**
 * The Global Object Identification interface (graphql.org; what Relay's `@refetchable`, `node`
 * and its normalised store need): every record type implements it, its `id` unique across the
 * whole schema (`gid://partner-api/<Type>/<database id>`, src/common/global-id.ts). The ids are
 * written and read in one place, once the schema is built (global-id-fields.ts), from the
 * declarations below: `implements: Node` on a record type, `NodeRef` on a field that names a
 * record, `IdArg` on an argument that does.
 */

/** The type an answer of `node`/`nodes` is, set by the node resolver as it loads it. */
const typeNames = new WeakMap<object, string>();

/** Marks `record` as a `typeName`, for `Node`'s type resolution. */
export function asNode<T extends object>(record: T, typeName: string): T {
  typeNames.set(record, typeName);
  return record;
}

/**
 * The type of a `Node` answer. Set on the built schema (global-id-fields.ts) rather than as
 * type-graphql's `resolveType` option, which it wraps in an async function that graphql-jit does
 * not wait for.
 */
export function nodeTypeOf(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? typeNames.get(value) : undefined;
}

@InterfaceType('Node', {
  description: 'A record with a global identity (GraphQL Global Object Identification): read any one again with `node(id:)`.',
})
export abstract class Node {
  @Field(() => ID, {
    description: 'Global id of the record, unique across every type and stable forever: `gid://partner-api/<Type>/<databaseId>`. Pass it to `node(id:)` and to every argument that names the record.',
  })
  id!: string;
}

/** Where a field's record type is kept in the built schema (`extensions.nodeRef`). */
export const NODE_REF_EXTENSION = 'nodeRef';

/** Where an argument's record type is kept: in its field's extensions, one key per argument. */
export const nodeArgExtension = (argument: string): string => `${NODE_REF_EXTENSION}:${argument}`;

/**
 * The field holds ids of records of `typeName`: written as their global ids (an object type's
 * field), or taken as them and read back to database ids before any resolver sees them (an input
 * type's field).
 */
export function NodeRef(typeName: string): PropertyDecorator & MethodDecorator {
  return Extensions({ [NODE_REF_EXTENSION]: typeName });
}

interface IdArgOptions {
  description: string;
  nullable?: boolean;
}

/** An argument naming a record of `typeName` (`campaign(id:)`): the resolver receives its database id. */
export function IdArg(name: string, typeName: string, options: IdArgOptions): ParameterDecorator {
  return (prototype, method, index) => {
    if (typeof method !== 'string') throw new Error('IdArg is for resolver methods');
    Arg(name, () => ID, options)(prototype, method, index);
    Extensions({ [nodeArgExtension(name)]: typeName })(prototype, method);
  };
}
