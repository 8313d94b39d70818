import { type GraphQLSchema, isObjectType } from 'graphql';
import { getMetadataStorage } from 'type-graphql';

type FieldMetadata = ReturnType<typeof getMetadataStorage>['fields'][number];

/** The classes a type-graphql object type's fields come from: its own, then each superclass's (a subclass's field wins). */
function fieldsOf(target: FieldMetadata['target']): Map<string, FieldMetadata> {
  const storage = getMetadataStorage();
  const byName = new Map<string, FieldMetadata>();
  for (let at: unknown = target; typeof at === 'function' && at !== Function.prototype; at = Object.getPrototypeOf(at)) {
    for (const field of storage.fields) if (field.target === at && !byName.has(field.schemaName)) byName.set(field.schemaName, field);
  }
  return byName;
}

/** Whether type-graphql's resolver of a field does nothing but read the property of the same name. */
function readsItsPropertyOnly(field: FieldMetadata): boolean {
  if (field.name !== field.schemaName) return false;
  if (field.roles?.length || field.middlewares?.length) return false;
  return !getMetadataStorage().fieldResolvers.some((resolver) => resolver.methodName === field.name && resolver.getObjectType?.() === field.target);
}

/**
 * type-graphql gives each property field of an object type (`@Field() name`) a resolver of its own
 * unless the type is declared with `simpleResolvers`: a closure that builds an object for its
 * middlewares and reads `root[name]`, and there are none, as no field of ours has a middleware or
 * a role. A nested answer holds thousands of such values; each one was a function call, and
 * through graphql-jit (jit-executor.ts) a `GraphQLResolveInfo` built for it too, where a field
 * without a resolver compiles to a property read. So once the schema is built, every field whose
 * resolver only reads its property loses the resolver: graphql-js and graphql-jit then read the
 * same property, and the answer is the same. Fields with a field resolver, a role (`@Authorized`,
 * RequiresScope), a middleware or another property's name (`@Field({ name })`) keep theirs.
 *
 * Reads type-graphql's metadata, so it must run on a schema type-graphql has just built.
 */
export function readPropertyFieldsDirectly(schema: GraphQLSchema): void {
  const storage = getMetadataStorage();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    const declared = storage.objectTypes.find((objectType) => objectType.name === type.name);
    if (!declared) continue;
    const metadata = fieldsOf(declared.target);
    for (const field of Object.values(type.getFields())) {
      const source = metadata.get(field.name);
      if (field.resolve && source && readsItsPropertyOnly(source)) field.resolve = undefined;
    }
  }
}
