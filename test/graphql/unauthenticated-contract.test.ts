import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isRequiredArgument,
  isRequiredInputField,
  OperationTypeNode,
  parse,
  validate,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { RESOLVERS } from '../../src/app/resolvers';
import { seedHierarchy } from '../../src/cli/seed-demo';
import { createSchema, createSchemaSync } from '../../src/graphql/schema';
import { databaseFingerprint } from '../support/database-fingerprint';
import { expectGraphQLUnauthenticated } from '../support/graphql';
import { createService, createWebhook, pingWebhook } from '../support/webhooks';
import { startTestApp, type AnyBody, type TestApp, type Workspace } from '../support/test-app';

/**
 * The rule every GraphQL operation shares, run over the schema itself: without an API key, or with
 * a key no workspace has, every root field (queries, mutations, and subscriptions should there ever
 * be any) answers HTTP 401 UNAUTHENTICATED, with no `data`, and changes nothing. Each resource's own
 * tests keep their own rules (a revoked key, the global reference libraries).
 */

/** A root field: its operation type and its name (titled `query campaigns`, `mutation campaignCreate`). */
type RootField = readonly [operation: OperationTypeNode, field: string];

/** Every root field of the schema, by operation type, in schema order. */
function rootFields(schema: GraphQLSchema): RootField[] {
  return Object.values(OperationTypeNode).flatMap((operation) => Object.keys(schema.getRootType(operation)?.getFields() ?? {}).map((field) => [operation, field] as const));
}

/**
 * The sweep's table. Jest collects tests before any hook runs, so it is read from a schema built
 * synchronously from the same resolver classes; the first test checks it against the schema the
 * server builds (createSchema) and serves (introspection).
 */
const SWEPT = rootFields(createSchemaSync(RESOLVERS));

/** A literal each scalar accepts; a scalar missing here fails the operations that need it. Ids are "1": see beforeAll. */
const SCALAR_LITERALS: Record<string, string> = {
  ID: '"1"',
  String: '"x"',
  Int: '1',
  Float: '1.5',
  Boolean: 'true',
  Date: '"2030-01-01"',
  DateTime: '"2030-01-01T00:00:00.000Z"',
  JSONObject: '{}',
};

/**
 * A valid literal of `type`, `at` naming where it goes (for the error when none can be made): the
 * required fields of input objects, the first value of enums, one element in lists (none where
 * the element would nest an input object in itself, which would never end).
 */
function literal(type: GraphQLInputType, at: string, enclosing: readonly string[] = []): string {
  if (isNonNullType(type)) return literal(type.ofType, at, enclosing);
  if (isListType(type)) {
    const element = getNamedType(type);
    if (isInputObjectType(element) && enclosing.includes(element.name)) return '[]';
    return `[${literal(type.ofType, `${at}[0]`, enclosing)}]`;
  }
  if (isEnumType(type)) {
    const [first] = type.getValues();
    if (!first) throw new Error(`${at}: enum ${type.name} has no values`);
    return first.name;
  }
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields());
    // A @oneOf input takes exactly one field, and none of its fields is required.
    const given = type.isOneOf ? fields.slice(0, 1) : fields.filter(isRequiredInputField);
    if (given.length === 0) return '{}';
    return `{ ${given.map((field) => `${field.name}: ${literal(field.type, `${at}.${field.name}`, [...enclosing, type.name])}`).join(', ')} }`;
  }
  const scalar = SCALAR_LITERALS[type.name];
  if (scalar === undefined) throw new Error(`${at}: no literal for the scalar ${type.name}; add one to SCALAR_LITERALS`);
  return scalar;
}

/** The smallest operation on `field`: every required argument, and `__typename` of a composite result. */
function operationOn(operation: OperationTypeNode, field: GraphQLField<unknown, unknown>): string {
  const args = field.args.filter(isRequiredArgument).map((arg) => `${arg.name}: ${literal(arg.type, `${field.name}(${arg.name})`)}`);
  const argumentList = args.length === 0 ? '' : `(${args.join(', ')})`;
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  return `${operation} { ${field.name}${argumentList}${selection} }`;
}

const ROOT_TYPES_QUERY = `{
  __schema {
    queryType { fields(includeDeprecated: true) { name } }
    mutationType { fields(includeDeprecated: true) { name } }
    subscriptionType { fields(includeDeprecated: true) { name } }
  }
}`;

let app: TestApp;
/** A workspace with one of everything (the demo hierarchy, a webhook service, a webhook and a delivery). */
let ws: Workspace;
/** The schema exactly as the server builds it: every operation is validated against it. */
let schema: GraphQLSchema;

beforeAll(async () => {
  app = await startTestApp();
  schema = await createSchema(RESOLVERS);
  // One of everything in a fresh database, so that the operations' "1" ids name real rows and a
  // refusal that touched them would show in the fingerprint. (Distributions share their id
  // sequence with contents: "1" is a content's.)
  ws = await app.workspace('Unauthenticated contract tests');
  await seedHierarchy(app.services, await app.services.apiKeys.authenticate(ws.key, 'unauthenticated contract tests'), 1);
  const service = await createService(ws);
  const webhook = await createWebhook(ws, { service_id: service.id });
  await pingWebhook(ws, webhook.id);
});

afterAll(async () => {
  await app.close();
});

it('sweeps every root field of the schema the server builds and serves', async () => {
  expect(SWEPT.length).toBeGreaterThan(0);
  expect(SWEPT).toEqual(rootFields(schema));
  const response = await ws.api.graphql(ROOT_TYPES_QUERY);
  expect(response.status).toBe(200);
  const served = Object.values(OperationTypeNode).flatMap((operation) => {
    const type: AnyBody = response.body.data.__schema[`${operation}Type`];
    return (type?.fields ?? []).map((field: AnyBody) => `${operation} ${field.name}`);
  });
  expect(SWEPT.map(([operation, field]) => `${operation} ${field}`).sort()).toEqual(served.sort());
});

describe.each(SWEPT)('%s %s', (operation, name) => {
  it('answers HTTP 401 UNAUTHENTICATED without a key and with an unknown key, with no data, changing nothing', async () => {
    const field = schema.getRootType(operation)?.getFields()[name];
    if (!field) throw new Error(`${operation} ${name} is not in the schema the server builds`);
    const document = operationOn(operation, field);
    // A valid document: the 401 must come from authentication, not from a refused operation.
    expect(validate(schema, parse(document))).toEqual([]);
    await expectGraphQLUnauthenticated(app, document, {}, () => databaseFingerprint(app));
  });
});
