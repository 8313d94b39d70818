import { type GraphQLFieldResolver, type GraphQLSchema, isObjectType } from 'graphql';
import { type BuildSchemaOptions, getMetadataStorage } from 'type-graphql';
import { prototypesAreEmpty } from '../common/empty-prototypes';

/**
 * type-graphql wraps every field resolver (`@FieldResolver() phases(@Root() campaign, @Ctx()
 * context)`) in a resolver of its own that builds an object for its middlewares, sorts the
 * method's parameters, asks its container for the class's instance and copies the root into a new
 * instance of the root's class, on every call. A nested answer makes thousands of such calls, and
 * type-graphql has no option to leave them out (`simpleResolvers`, which every object type of the
 * project declares, only takes the resolver away from property fields). Where the wrapper does
 * nothing those steps change, the method is called directly once the schema is built, on one
 * instance of its class, with the root as it came: a field resolver taking only the root, the
 * context (or one of its properties) and the info, whose root class has nothing a copy would add
 * (no prototype members, no initialised fields). A field resolver with a role (`@Authorized`), a
 * middleware or any other parameter (arguments) keeps type-graphql's, and so does every field of
 * a schema built with global middlewares. docs/benchmarks.md has what it saves.
 *
 * Reads type-graphql's metadata, so it runs on a schema type-graphql has just built from `options`.
 */

type Storage = ReturnType<typeof getMetadataStorage>;
type FieldResolverMetadata = Storage['fieldResolvers'][number];
type ParamMetadata = NonNullable<FieldResolverMetadata['params']>[number];
type Class = FieldResolverMetadata['target'];
type Resolver = GraphQLFieldResolver<unknown, unknown>;
type Method = (...params: unknown[]) => unknown;

/**
 * Nothing on its prototypes and no field its constructor gives a value: type-graphql's copy (a new
 * instance, its fields left undefined removed, the root's own properties assigned) then holds
 * what the root holds.
 */
function copiesAddNothing(target: unknown): boolean {
  if (typeof target !== 'function' || target.length > 0 || !prototypesAreEmpty(target.prototype as object)) return false;
  return Object.values(new (target as new () => object)()).every((value) => value === undefined);
}

/** How one parameter is read from a call, or undefined when type-graphql's handling must stay. */
function parameterReader(param: ParamMetadata): ((root: unknown, context: unknown, info: unknown) => unknown) | undefined {
  switch (param.kind) {
    case 'root': {
      if (param.propertyName !== undefined || (param.getType && !copiesAddNothing(param.getType()))) return undefined;
      return (root) => root;
    }
    case 'context': {
      const property = param.propertyName;
      return property === undefined ? (_root, context) => context : (_root, context) => (context as Record<string, unknown>)[property];
    }
    case 'info':
      return (_root, _context, info) => info;
    default:
      return undefined;
  }
}

/** The field resolver called without type-graphql's wrapper, or undefined when the wrapper does something. */
function directResolver(resolver: FieldResolverMetadata, instances: Map<Class, object>): Resolver | undefined {
  if (resolver.kind !== 'external' || resolver.roles !== undefined || resolver.middlewares?.length) return undefined;
  // type-graphql's default container makes each resolver class's one instance without arguments.
  if (resolver.target.length > 0) return undefined;
  const readers = [...(resolver.params ?? [])].sort((a, b) => a.index - b.index).map(parameterReader);
  if (readers.some((reader) => reader === undefined)) return undefined;
  const read = readers as NonNullable<(typeof readers)[number]>[];
  let instance = instances.get(resolver.target);
  if (!instance) {
    instance = new (resolver.target as new () => object)();
    instances.set(resolver.target, instance);
  }
  const method = (instance as Record<string, unknown>)[resolver.methodName];
  if (typeof method !== 'function') return undefined;
  const target = instance;
  return (root, _args, context, info) => (method as Method).apply(target, read.map((reader) => reader(root, context, info)));
}

/** Calls the field resolvers of `schema` directly where type-graphql's wrapper does nothing (above). */
export function withLeanResolvers(schema: GraphQLSchema, options: Pick<BuildSchemaOptions, 'resolvers' | 'globalMiddlewares'>): void {
  if (options.globalMiddlewares?.length) return;
  const resolverClasses: readonly unknown[] = options.resolvers;
  const storage = getMetadataStorage();
  // The field resolvers type-graphql used: those of the classes the schema was built from.
  const used = storage.fieldResolvers.filter((resolver) => resolver.kind === 'external' && resolverClasses.includes(resolver.target));
  const instances = new Map<Class, object>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    const declared = storage.objectTypes.find((objectType) => objectType.name === type.name);
    if (!declared) continue;
    for (const field of Object.values(type.getFields())) {
      // As type-graphql matches a field with its resolver (schema-generator.js).
      const resolver = used.find((candidate) => candidate.getObjectType?.() === declared.target && candidate.schemaName === field.name);
      if (resolver && field.resolve) field.resolve = directResolver(resolver, instances) ?? field.resolve;
    }
  }
}
