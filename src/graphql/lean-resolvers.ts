import { type GraphQLFieldResolver, type GraphQLSchema, isObjectType } from 'graphql';
import { type BuildSchemaOptions, getMetadataStorage } from 'type-graphql';
import { prototypesAreEmpty } from '../common/empty-prototypes';

/**
 * type-graphql wraps every field of an object type in a resolver of its own: a property field
 * (`@Field() name`) in one that builds an object for its middlewares and reads `root[name]`, a
 * field resolver (`@FieldResolver() phases(@Root() campaign, @Ctx() context)`) in one that also
 * sorts its parameters, asks its container for the class's instance and copies the root into a
 * new instance of the root's class, on every call. A nested answer makes thousands of such calls
 * (docs/benchmarks.md: the wrapper was 6–7% of the nested query's CPU, and the copies its
 * garbage). Where the wrapper does nothing those steps change, it is taken away once the schema
 * is built, and the answer stays the same:
 * - a property field that only reads its property loses its resolver: graphql-js and graphql-jit
 *   read the property themselves (graphql-jit inlines the read);
 * - a field resolver taking only the root, the context (or one of its properties) and the info,
 *   whose root class has nothing a copy would add (no prototype members, no initialised fields),
 *   is called directly on one instance of its class, with the root as it came.
 * A field with a role (`@Authorized`, RequiresScope), a middleware, another property's name
 * (`@Field({ name })`) or any other parameter (arguments) keeps type-graphql's resolver, and so
 * does every field of a schema built with global middlewares.
 *
 * Reads type-graphql's metadata, so it runs on a schema type-graphql has just built from `options`.
 */

type Storage = ReturnType<typeof getMetadataStorage>;
type FieldMetadata = Storage['fields'][number];
type FieldResolverMetadata = Storage['fieldResolvers'][number];
type ParamMetadata = NonNullable<FieldResolverMetadata['params']>[number];
type Class = FieldMetadata['target'];
type Resolver = GraphQLFieldResolver<unknown, unknown>;
type Method = (...params: unknown[]) => unknown;

/**
 * The fields type-graphql built a type from: its own (with those its field resolvers add), then
 * each object type it extends (a subclass's field wins).
 */
function fieldsOf(storage: Storage, target: Class): Map<string, FieldMetadata> {
  const byName = new Map<string, FieldMetadata>();
  for (let at: unknown = target; typeof at === 'function' && at !== Function.prototype; at = Object.getPrototypeOf(at)) {
    const fields = storage.objectTypes.find((objectType) => objectType.target === at)?.fields ?? [];
    for (const field of fields) if (!byName.has(field.schemaName)) byName.set(field.schemaName, field);
  }
  return byName;
}

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

/** Takes type-graphql's wrappers away from the fields of `schema` where they do nothing (above). */
export function withLeanResolvers(schema: GraphQLSchema, options: Pick<BuildSchemaOptions, 'resolvers' | 'globalMiddlewares'>): void {
  if (options.globalMiddlewares?.length) return;
  const resolverClasses: readonly unknown[] = options.resolvers;
  const storage = getMetadataStorage();
  // The field resolvers type-graphql used: its own, and those of the classes the schema was built from.
  const used = storage.fieldResolvers.filter((resolver) => resolver.kind === 'internal' || resolverClasses.includes(resolver.target));
  const instances = new Map<Class, object>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    const declared = storage.objectTypes.find((objectType) => objectType.name === type.name);
    if (!declared) continue;
    const metadata = fieldsOf(storage, declared.target);
    for (const field of Object.values(type.getFields())) {
      const source = metadata.get(field.name);
      if (!field.resolve || !source) continue;
      // As type-graphql matches a field with its resolver (schema-generator.js).
      const resolves = (candidate: FieldResolverMetadata): boolean => candidate.getObjectType?.() === source.target && candidate.methodName === source.name;
      const resolver = used.find(resolves);
      if (resolver) {
        field.resolve = directResolver(resolver, instances) ?? field.resolve;
      } else if (source.name === source.schemaName && source.roles === undefined && !source.middlewares?.length && !storage.fieldResolvers.some(resolves)) {
        field.resolve = undefined;
      }
    }
  }
}
