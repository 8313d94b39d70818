import 'reflect-metadata';
import { getNamedType, GraphQLID, type GraphQLObjectType, type GraphQLSchema, isObjectType } from 'graphql';
import { getMetadataStorage } from 'type-graphql';
import { RESOLVERS } from '../../src/app/resolvers';
import { createSchema } from '../../src/graphql/schema';

/**
 * The application's schema: property fields without type-graphql's resolver (`simpleResolvers`),
 * in a file of its own (lean-resolvers.test.ts declares `@Authorized` fields, which type-graphql
 * would then ask every schema to check).
 */
const fieldsOf = (target: GraphQLSchema, type: string) => (target.getType(type) as GraphQLObjectType).getFields();

it('reads every property field of the application directly: each object type declares `simpleResolvers`', async () => {
  const app = await createSchema(RESOLVERS);
  const storage = getMetadataStorage();
  const withResolver: string[] = [];
  for (const declared of storage.objectTypes) {
    const type = app.getType(declared.name);
    if (!isObjectType(type)) continue;
    for (const field of declared.fields ?? []) {
      const built = type.getFields()[field.schemaName];
      // A field resolver's, a field held under another property's name (ReferenceLibraryEntry.code),
      // or a global id made from the database's (global-id-fields.ts).
      const computed =
        storage.fieldResolvers.some((resolver) => resolver.getObjectType?.() === declared.target && resolver.methodName === field.name) ||
        field.name !== field.schemaName ||
        getNamedType(built?.type) === GraphQLID;
      if (!computed && built?.resolve) withResolver.push(`${declared.name}.${field.schemaName}`);
    }
  }
  expect(withResolver).toEqual([]);
  expect(fieldsOf(app, 'Content').contentName.resolve).toBeUndefined();
  expect(fieldsOf(app, 'ReferenceLibraryEntry').code.resolve).toEqual(expect.any(Function));
  expect(fieldsOf(app, 'Campaign').phases.resolve).toEqual(expect.any(Function));
  expect(fieldsOf(app, 'Campaign').primaryAdvertiserAccount.resolve).toEqual(expect.any(Function));
});

