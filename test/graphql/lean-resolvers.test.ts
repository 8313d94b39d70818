import 'reflect-metadata';
import { graphql, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { Arg, Authorized, buildSchema, Ctx, Field, FieldResolver, Info, ObjectType, Query, Resolver, Root, UseMiddleware } from 'type-graphql';
import type { GraphQLResolveInfo } from 'graphql';
import { withLeanResolvers } from '../../src/graphql/lean-resolvers';

/**
 * type-graphql's wrappers of field resolvers are taken away where they do nothing
 * (src/graphql/lean-resolvers.ts): a field resolver taking the root, the context and the info is
 * called directly, and one whose wrapper does something (a role, a middleware, arguments, a root
 * class a copy would change) keeps type-graphql's. Answers do not change.
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

/** A root class whose copies differ from the object copied: type-graphql's copy gives it its prototype. */
@ObjectType({ description: 'A record with a method.' })
class WithMethod {
  @Field({ description: 'A value.' }) value!: string;
  shout(): string {
    return this.value.toUpperCase();
  }
}

@Resolver(() => Item)
class ItemResolver {
  @Query(() => Item, { description: 'The item.' })
  record(): Omit<Item, 'renamed' | 'computed' | 'withContext' | 'withArgument' | 'guardedComputed'> {
    return { inherited: 'i', plain: 'p', heldAs: 'h', guarded: 'g', watched: 'w' };
  }

  @Query(() => WithMethod, { description: 'A plain object standing for a WithMethod.' })
  withMethod(): { value: string } {
    return { value: 'v' };
  }

  @FieldResolver(() => String)
  computed(@Root() record: Item): string {
    calls.push(record instanceof Item ? 'a copy' : 'the root as it came');
    return `${record.plain}!`;
  }

  @FieldResolver(() => String)
  withContext(@Info() info: GraphQLResolveInfo, @Ctx('tag') tag: string, @Root() record: Item, @Ctx() context: { tag: string }): string {
    return `${info.fieldName} ${tag} ${context.tag} ${record.plain}`;
  }

  @FieldResolver(() => String)
  withArgument(@Root() record: Item, @Arg('suffix') suffix: string): string {
    return record.plain + suffix;
  }

  @Authorized('admin')
  @FieldResolver(() => String)
  guardedComputed(@Root() record: Item): string {
    return record.plain;
  }
}

@Resolver(() => WithMethod)
class WithMethodResolver {
  @FieldResolver(() => String)
  shouted(@Root() record: WithMethod): string {
    return record.shout();
  }
}

let schema: GraphQLSchema;
const fieldsOf = (target: GraphQLSchema, type: string) => (target.getType(type) as GraphQLObjectType).getFields();

beforeAll(async () => {
  const options = { resolvers: [ItemResolver, WithMethodResolver] as [typeof ItemResolver, typeof WithMethodResolver] };
  schema = await buildSchema({ ...options, validate: false, authChecker: ({ context }, roles) => roles.every((role) => (context as { roles: string[] }).roles.includes(role)) });
  withLeanResolvers(schema, options);
});

it("leaves property fields as type-graphql built them: a type's `simpleResolvers` decides, and Item does not declare it", () => {
  const fields = fieldsOf(schema, 'Item');
  for (const name of ['plain', 'inherited', 'renamed', 'guarded', 'watched']) expect({ name, resolve: typeof fields[name].resolve }).toEqual({ name, resolve: 'function' });
});

it('calls a field resolver directly with the root as it came, the context, a property of it and the info, in their order', async () => {
  calls.length = 0;
  expect(await graphql({ schema, source: '{ record { computed withContext } }', contextValue: { tag: 't', roles: [] } })).toEqual({
    data: { record: { computed: 'p!', withContext: 'withContext t t p' } },
  });
  expect(calls).toEqual(['the root as it came']);
});

it("keeps type-graphql's resolver for a field resolver with arguments, with a role, or whose root class a copy changes", async () => {
  const context = { roles: [] };
  expect(await graphql({ schema, source: '{ record { withArgument(suffix: "?") } }', contextValue: context })).toEqual({ data: { record: { withArgument: 'p?' } } });
  const guarded = await graphql({ schema, source: '{ record { guardedComputed } }', contextValue: context });
  expect(guarded.errors?.[0]?.message).toMatch(/Access denied/);
  expect(await graphql({ schema, source: '{ withMethod { shouted } }', contextValue: context })).toEqual({ data: { withMethod: { shouted: 'V' } } });
  calls.length = 0;
  await graphql({ schema, source: '{ record { computed } }', contextValue: context });
  expect(calls).toEqual(['the root as it came']);
});

it('answers as type-graphql did: values read, the role checked, the middleware run', async () => {
  calls.length = 0;
  const query = '{ record { inherited plain renamed watched computed } }';
  expect(await graphql({ schema, source: query, contextValue: { roles: [] } })).toEqual({ data: { record: { inherited: 'i', plain: 'p', renamed: 'h', watched: 'w', computed: 'p!' } } });
  expect(calls).toEqual(['watched', 'the root as it came']);
  const guarded = await graphql({ schema, source: '{ record { guarded } }', contextValue: { roles: [] } });
  expect(guarded.errors?.[0]?.message).toMatch(/Access denied/);
  expect(await graphql({ schema, source: '{ record { guarded } }', contextValue: { roles: ['admin'] } })).toEqual({ data: { record: { guarded: 'g' } } });
});

it('leaves a schema built with global middlewares as it is', async () => {
  const withMiddleware = await buildSchema({ resolvers: [ItemResolver, WithMethodResolver], validate: false, authChecker: () => true, globalMiddlewares: [(_data, next) => next()] });
  withLeanResolvers(withMiddleware, { resolvers: [ItemResolver, WithMethodResolver], globalMiddlewares: [(_data, next) => next()] });
  expect(fieldsOf(withMiddleware, 'Item').plain.resolve).toEqual(expect.any(Function));
  expect(fieldsOf(withMiddleware, 'Item').computed.resolve).toEqual(expect.any(Function));
});
