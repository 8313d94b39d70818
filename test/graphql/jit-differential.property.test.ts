import fc from 'fast-check';
import {
  getNamedType,
  GraphQLBoolean,
  GraphQLNonNull,
  getNullableType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from 'graphql';
import { RESOLVERS } from '../../src/app/resolvers';
import { jitExecutor } from '../../src/graphql/jit-executor';
import { createSchema } from '../../src/graphql/schema';
import { createCampaignsFixture, createContent, createDistributions, DISTRIBUTION_WITH_LINK_AND_MEDIA } from '../support/fixtures';
import { ExecutorPair } from '../support/jit-reference';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * graphql-jit against graphql-js on generated operations (src/graphql/jit-executor.ts promises
 * graphql-js's answers): each run picks a list of the schema's Query type, gives
 * its arguments generated values (by their input types, read from the schema: filters, orders,
 * pages, valid or not), each written as a literal or passed as a variable at any depth (given,
 * given null, or left out, with or without a default), selects some of its nodes' scalar fields
 * (some aliased, some under `@include` or `@skip`) and maybe a nested list with arguments of its
 * own, and sends the operation to
 * the production route twice over one database: executed by graphql-jit (compiled at first sight)
 * and by graphql-js. Status and body text must be equal, errors aside: the same failures
 * (test/support/jit-reference.ts, expectSameAnswer).
 *
 * Reproduce a run with PROPERTY_SEED=<seed> (fast-check prints seed and path on failure).
 */
const SEED = process.env.PROPERTY_SEED === undefined ? 20_261_127 : Number(process.env.PROPERTY_SEED);
if (!Number.isSafeInteger(SEED)) throw new Error(`PROPERTY_SEED must be an integer, not ${process.env.PROPERTY_SEED}`);
const RUNS = 1_000;

let app: TestApp;
let schema: GraphQLSchema;
let pair: ExecutorPair;

beforeAll(async () => {
  app = await startTestApp();
  const ws = await app.workspace();
  const fixture = await createCampaignsFixture(ws, String);
  const contentId = await createContent(ws, fixture.campaignId, fixture.phaseId, 'Generated content');
  await createDistributions(ws, contentId, 2, DISTRIBUTION_WITH_LINK_AND_MEDIA);
  schema = await createSchema(RESOLVERS);
  // Compiled at first sight: graphql-js against graphql-js would compare nothing.
  pair = await ExecutorPair.start(app.services, schema, jitExecutor(schema, { compileAt: 1 }).gateway, ws.key);
}, 120_000);
afterAll(async () => {
  await pair.close();
  await app.close();
});

/** A variable of the operation: its declared type and default, and what the request sends (undefined: left out). */
interface Variable {
  name: string;
  type: string;
  defaultValue: string | undefined;
  sent: { value: unknown } | undefined;
}

/** An input value as written in the document, with the variables standing inside it. */
interface Written {
  text: string;
  variables: Variable[];
}

interface Operation {
  text: string;
  variables: Record<string, unknown>;
}

const SCALARS: Record<string, fc.Arbitrary<unknown>> = {
  Int: fc.oneof(fc.integer({ min: -2, max: 30 }), fc.constant(1_000)),
  Float: fc.double({ min: -10, max: 10, noNaN: true }),
  String: fc.oneof(fc.constantFrom('', 'Campaign', 'a', 'é', '%'), fc.string({ maxLength: 6 })),
  Boolean: fc.boolean(),
  ID: fc.constantFrom(...['1', '2', '999999999', 'abc']),
  Date: fc.constantFrom('2026-11-27', '2020-01-01', '2026-02-30', 'not a date'),
  DateTime: fc.constantFrom('2026-11-27T10:00:00.000Z', '2026-11-27', 'not a time'),
  JSONObject: fc.constantFrom({}, { note: 'x' }),
};

/** A GraphQL literal for `value` of `type`. */
function literal(value: unknown, type: GraphQLInputType): string {
  if (value === null) return 'null';
  const nullable = getNullableType(type);
  if (isListType(nullable)) return `[${(value as unknown[]).map((item) => literal(item, nullable.ofType)).join(', ')}]`;
  if (isInputObjectType(nullable)) {
    const fields = nullable.getFields();
    return `{ ${Object.entries(value as Record<string, unknown>)
      .map(([name, field]) => `${name}: ${literal(field, fields[name].type)}`)
      .join(', ')} }`;
  }
  if (isEnumType(nullable)) return String(value);
  if (nullable.name === 'JSONObject')
    return `{ ${Object.entries(value as Record<string, unknown>)
      .map(([name, field]) => `${name}: ${JSON.stringify(field)}`)
      .join(', ')} }`;
  return JSON.stringify(value);
}

/** A value of `type` as the request would carry it (JSON), depth-bounded; null only where the type allows it. */
function valueOf(type: GraphQLInputType, depth: number): fc.Arbitrary<unknown> {
  const nonNull = isNonNullType(type);
  const inner = getNullableType(type);
  let arbitrary: fc.Arbitrary<unknown>;
  if (isListType(inner)) arbitrary = depth > 3 ? fc.constant([]) : fc.array(valueOf(inner.ofType, depth + 1), { maxLength: 2 });
  else if (isInputObjectType(inner)) {
    const fields = Object.values(inner.getFields());
    const required = fields.filter((field) => isNonNullType(field.type) && field.defaultValue === undefined);
    const optional = fields.filter((field) => !required.includes(field));
    arbitrary =
      depth > 3
        ? fc.constant({})
        : fc
            .tuple(
              fc.subarray(optional, {
                maxLength: Math.min(3, optional.length),
              }),
              ...required.map((field) => valueOf(field.type, depth + 1)),
            )
            .chain(([chosen, ...requiredValues]) =>
              fc.tuple(fc.constant(required.map((field, i) => [field.name, requiredValues[i]] as const)), ...(chosen as typeof optional).map((field) => valueOf(field.type, depth + 1).map((value) => [field.name, value] as const))),
            )
            .map(([requiredEntries, ...optionalEntries]) => Object.fromEntries([...requiredEntries, ...optionalEntries]));
  } else if (isEnumType(inner)) arbitrary = fc.constantFrom(...inner.getValues().map((value) => value.name));
  else arbitrary = SCALARS[(inner as GraphQLNamedType).name] ?? fc.string({ maxLength: 4 });
  return nonNull ? arbitrary : fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 6, arbitrary });
}

/**
 * A value of `type` written into the document: a literal; a variable of the position's type,
 * sent, sent as null or left out (when its type allows null); or, for an input object or a list,
 * written field by field or item by item, so variables stand at any depth.
 */
function written(type: GraphQLInputType, depth: number, names: { next: number }, positionHasDefault = false): fc.Arbitrary<Written> {
  const inner = getNullableType(type);
  // Weighted towards variables and literals written part by part, where executors differ most.
  const options: fc.WeightedArbitrary<Written>[] = [
    {
      weight: 1,
      arbitrary: valueOf(type, depth).map((value) => ({
        text: literal(value, type),
        variables: [],
      })),
    },
    // GraphQL lets a nullable variable stand in a non-null position that has a default, or when
    // the variable has one of its own.
    {
      weight: 2,
      arbitrary: fc
        .record({
          value: valueOf(type, depth),
          how: fc.constantFrom('sent', 'null', 'left out'),
          nullable: fc.boolean(),
          withDefault: fc.option(valueOf(inner, depth), { nil: undefined }),
        })
        .map(({ value, how, nullable, withDefault }) => {
          const declared = nullable || !isNonNullType(type) ? inner : type;
          const defaultValue = withDefault === undefined || withDefault === null ? undefined : literal(withDefault, inner);
          const allowed = declared === type || positionHasDefault || defaultValue !== undefined;
          const declaredType = allowed ? declared : type;
          const variable: Variable = {
            name: `v${names.next++}`,
            type: String(declaredType),
            defaultValue,
            sent: how === 'left out' ? undefined : { value: how === 'null' ? null : value },
          };
          // A non-null variable with no default must be sent, and not as null.
          if (isNonNullType(declaredType) && defaultValue === undefined) variable.sent = { value };
          return { text: `$${variable.name}`, variables: [variable] };
        }),
    },
  ];
  if (depth < 3 && isInputObjectType(inner)) {
    const fields = Object.values(inner.getFields());
    const required = fields.filter((field) => isNonNullType(field.type) && field.defaultValue === undefined);
    const optional = fields.filter((field) => !required.includes(field));
    options.push({
      weight: 2,
      arbitrary: fc
        .subarray(optional, { maxLength: Math.min(3, optional.length) })
        .chain((chosen) => fc.tuple(...[...required, ...chosen].map((field) => written(field.type, depth + 1, names, field.defaultValue !== undefined).map((value) => ({ field: field.name, value })))))
        .map((entries) => ({
          text: `{ ${entries.map(({ field, value }) => `${field}: ${value.text}`).join(', ')} }`,
          variables: entries.flatMap(({ value }) => value.variables),
        })),
    });
  }
  if (depth < 3 && isListType(inner)) {
    options.push({
      weight: 2,
      arbitrary: fc
        .array(written(inner.ofType, depth + 1, names), {
          minLength: 1,
          maxLength: 2,
        })
        .map((items) => ({
          text: `[${items.map((item) => item.text).join(', ')}]`,
          variables: items.flatMap((item) => item.variables),
        })),
    });
  }
  return fc.oneof(...options);
}

function listQueries(): GraphQLField<unknown, unknown>[] {
  return Object.values(schema.getQueryType()!.getFields()).filter((field) => getNamedType(field.type).name.endsWith('Connection') && field.args.length > 0);
}

/** `field(args)` with its arguments generated: the text, and the variables standing in it. */
function withArguments(field: GraphQLField<unknown, unknown>, names: { next: number }): fc.Arbitrary<Written> {
  const argument = (arg: GraphQLArgument): fc.Arbitrary<{ name: string; value: Written }> => written(arg.type, 0, names, arg.defaultValue !== undefined).map((value) => ({ name: arg.name, value }));
  return fc
    .subarray([...field.args], { maxLength: Math.min(3, field.args.length) })
    .chain((args) => fc.tuple(...args.map(argument)))
    .map((args) => ({ text: `${field.name}${args.length > 0 ? `(${args.map(({ name, value }) => `${name}: ${value.text}`).join(', ')})` : ''}`, variables: args.flatMap(({ value }) => value.variables) }));
}

/** A connection's selection: its count, page info and some of its nodes' scalar fields, and (at the top) maybe one nested connection with arguments of its own. */
function connectionSelection(connection: GraphQLObjectType, names: { next: number }, nested: boolean): fc.Arbitrary<Written> {
  const node = getNamedType(connection.getFields().nodes.type);
  const fields = isObjectType(node) ? Object.values(node.getFields()) : [];
  const scalars = fields.filter((f) => f.args.length === 0 && (isScalarType(getNamedType(f.type)) || isEnumType(getNamedType(f.type)))).map((f) => f.name);
  const connections = nested ? fields.filter((f) => f.args.length > 0 && getNamedType(f.type).name.endsWith('Connection')) : [];
  const inner =
    connections.length === 0
      ? fc.constant<Written | undefined>(undefined)
      : fc.option(
          fc.constantFrom(...connections).chain((f) => fc.tuple(withArguments(f, names), connectionSelection(getNamedType(f.type) as GraphQLObjectType, names, false)).map(([call, selection]) => ({ text: `${call.text} ${selection.text}`, variables: [...call.variables, ...selection.variables] }))),
          { nil: undefined },
        );
  // A scalar field as selected: maybe under an alias, maybe under @include or @skip with a generated condition.
  const scalarSelection = (name: string): fc.Arbitrary<Written> =>
    fc
      .tuple(fc.option(fc.constantFrom('a', 'b'), { nil: undefined }), fc.option(fc.tuple(fc.constantFrom('include', 'skip'), written(new GraphQLNonNull(GraphQLBoolean), 0, names)), { nil: undefined, freq: 3 }))
      .map(([alias, directive]) => ({
        text: `${alias ? `${alias}_${name}: ` : ''}${name}${directive ? ` @${directive[0]}(if: ${directive[1].text})` : ''}`,
        variables: directive?.[1].variables ?? [],
      }));
  return fc
    .tuple(
      fc.subarray(scalars, { minLength: 1, maxLength: Math.min(4, scalars.length) }).chain((selected) => fc.tuple(...selected.map(scalarSelection))),
      inner,
    )
    .map(([selected, child]) => ({
      text: `{ totalCount pageInfo { hasNextPage hasPreviousPage endCursor } nodes { ${selected.map((field) => field.text).join(' ')}${child ? ` ${child.text}` : ''} } }`,
      variables: [...selected.flatMap((field) => field.variables), ...(child?.variables ?? [])],
    }));
}

function operationFor(field: GraphQLField<unknown, unknown>): fc.Arbitrary<Operation> {
  const names = { next: 0 };
  return fc.tuple(withArguments(field, names), connectionSelection(getNamedType(field.type) as GraphQLObjectType, names, true)).map(([call, selection]) => {
    const variables = [...call.variables, ...selection.variables];
    const definitions = variables.map((variable) => `$${variable.name}: ${variable.type}${variable.defaultValue === undefined ? '' : ` = ${variable.defaultValue}`}`);
    return {
      text: `query Generated${definitions.length > 0 ? `(${definitions.join(', ')})` : ''} { ${call.text} ${selection.text} }`,
      variables: Object.fromEntries(variables.flatMap((variable) => (variable.sent ? [[variable.name, variable.sent.value]] : []))),
    };
  });
}

it('answers every generated list query as graphql-js does', async () => {
  const operations = fc.constantFrom(...listQueries()).chain(operationFor);
  await fc.assert(
    fc.asyncProperty(operations, async ({ text, variables }) => {
      await pair.sameAnswers({ query: text, variables });
    }),
    { seed: SEED, numRuns: RUNS },
  );
}, 300_000);
