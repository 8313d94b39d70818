import 'reflect-metadata';
import type { GraphQLObjectType, GraphQLSchema } from 'graphql';
import { RESOLVERS } from '../../src/app/resolvers';
import { createSchema } from '../../src/graphql/schema';

/**
 * lean-resolvers.ts on the application's schema (its file of its own: lean-resolvers.test.ts
 * declares `@Authorized` fields, which type-graphql would then ask every schema to check).
 */
const fieldsOf = (target: GraphQLSchema, type: string) => (target.getType(type) as GraphQLObjectType).getFields();

it("applies to the application's schema: property fields read directly, relations and renamed fields keep a resolver", async () => {
  const app = await createSchema(RESOLVERS);
  expect(fieldsOf(app, 'Content').contentName.resolve).toBeUndefined();
  expect(fieldsOf(app, 'Distribution').status.resolve).toBeUndefined();
  expect(fieldsOf(app, 'Campaign').phases.resolve).toEqual(expect.any(Function));
  expect(fieldsOf(app, 'Content').distributions.resolve).toEqual(expect.any(Function));
  expect(fieldsOf(app, 'Campaign').primaryAdvertiserAccount.resolve).toEqual(expect.any(Function));
  expect(fieldsOf(app, 'ReferenceLibraryEntry').code.resolve).toEqual(expect.any(Function));
});
