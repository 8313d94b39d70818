import 'reflect-metadata';
import { graphql, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { Authorized, buildSchema, Field, FieldResolver, ObjectType, Query, Resolver, Root, UseMiddleware } from 'type-graphql';
import { RESOLVERS } from '../../src/app/resolvers';
import { readPropertyFieldsDirectly } from '../../src/graphql/plain-fields';
import { createSchema } from '../../src/graphql/schema';

/**
 * A field whose type-graphql resolver only reads its property is left without a resolver
 * (src/graphql/plain-fields.ts), so executors read the property themselves; a field whose
 * resolver does more keeps it, and answers do not change.
 */

const calls: string[] = [];

@ObjectType({ description: 'A base type.' })
class Base {
  @Field({ description: 'Inherited.' }) inherited!: string;
}

@ObjectType({ description: 'A record.' })
class Item extends Base {
  @Field({ description: 'Read as it is.' }) plain!: string;
  @Field({ name: 'renamed', description: 'Held under another property.' }) heldAs!: string;
  @Authorized('admin')
  @Field({ description: 'Needs a role.' })
  guarded!: string;
  @UseMiddleware(({ info }, next) => {
    calls.push(info.fieldName);
    return next();
  })
  @Field({ description: 'Passes a middleware.' })
  watched!: string;
  @Field({ description: 'Computed by a field resolver.' }) computed!: string;
}

@Resolver(() => Item)
class ItemResolver {
  @Query(() => Item, { description: 'The record.' })
  record(): Omit<Item, 'renamed' | 'computed'> {
    return { inherited: 'i', plain: 'p', heldAs: 'h', guarded: 'g', watched: 'w' };
  }

  @FieldResolver(() => String)
  computed(@Root() record: Item): string {
    return `${record.plain}!`;
  }
}

let schema: GraphQLSchema;
const fieldsOf = (target: GraphQLSchema, type: string) => (target.getType(type) as GraphQLObjectType).getFields();

beforeAll(async () => {
  schema = await buildSchema({ resolvers: [ItemResolver], validate: false, authChecker: ({ context }, roles) => roles.every((role) => (context as { roles: string[] }).roles.includes(role)) });
  readPropertyFieldsDirectly(schema);
});

it('leaves a property field, declared or inherited, without a resolver', () => {
  const fields = fieldsOf(schema, 'Item');
  expect(fields.plain.resolve).toBeUndefined();
  expect(fields.inherited.resolve).toBeUndefined();
});

it('keeps the resolver of a renamed field, a field with a role, one with a middleware and a field resolver', () => {
  const fields = fieldsOf(schema, 'Item');
  for (const name of ['renamed', 'guarded', 'watched', 'computed']) expect({ name, resolve: typeof fields[name].resolve }).toEqual({ name, resolve: 'function' });
});

it('answers as type-graphql did: values read, the role checked, the middleware run', async () => {
  calls.length = 0;
  const query = '{ record { inherited plain renamed watched computed } }';
  expect(await graphql({ schema, source: query, contextValue: { roles: [] } })).toEqual({ data: { record: { inherited: 'i', plain: 'p', renamed: 'h', watched: 'w', computed: 'p!' } } });
  expect(calls).toEqual(['watched']);
  const guarded = await graphql({ schema, source: '{ record { guarded } }', contextValue: { roles: [] } });
  expect(guarded.errors?.[0]?.message).toMatch(/Access denied/);
  expect(await graphql({ schema, source: '{ record { guarded } }', contextValue: { roles: ['admin'] } })).toEqual({ data: { record: { guarded: 'g' } } });
});

it("applies to the application's schema: property fields read directly, relations, scoped and renamed fields keep their resolvers", async () => {
  const app = await createSchema(RESOLVERS);
  expect(fieldsOf(app, 'Content').contentName.resolve).toBeUndefined();
  expect(fieldsOf(app, 'Distribution').status.resolve).toBeUndefined();
  expect(fieldsOf(app, 'Campaign').phases.resolve).toEqual(expect.any(Function));
  expect(fieldsOf(app, 'Campaign').primaryAdvertiserAccount.resolve).toEqual(expect.any(Function));
  expect(fieldsOf(app, 'ReferenceLibraryEntry').code.resolve).toEqual(expect.any(Function));
});
