import { OperationTypeNode, parse, validate, type GraphQLSchema } from 'graphql';
import { RESOLVERS } from '../../src/app/resolvers';
import { seedHierarchy } from '../../src/cli/seed-demo';
import { createSchema, createSchemaSync } from '../../src/graphql/schema';
import { databaseFingerprint } from '../support/database-fingerprint';
import { expectGraphQLUnauthenticated } from '../support/graphql';
import { operationOn, rootFields } from '../support/graphql-operations';
import { createService, createWebhook, pingWebhook } from '../support/webhooks';
import { startTestApp, type AnyBody, type TestApp, type Workspace } from '../support/test-app';

/**
 * The rule every GraphQL operation shares, run over the schema itself: without an API key, or with
 * a key no workspace has, every root field (queries, mutations, and subscriptions should there ever
 * be any) answers HTTP 401 UNAUTHENTICATED, with no `data`, and changes nothing. Each resource's own
 * tests keep their own rules (a revoked key, the global reference libraries).
 */

/**
 * The sweep's table. Jest collects tests before any hook runs, so it is read from a schema built
 * synchronously from the same resolver classes; the first test checks it against the schema the
 * server builds (createSchema) and serves (introspection).
 */
const SWEPT = rootFields(createSchemaSync(RESOLVERS));

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
