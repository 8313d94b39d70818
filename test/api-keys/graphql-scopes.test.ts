import {
  getNamedType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  isObjectType,
  isRequiredArgument,
  isUnionType,
  Kind,
  type OperationDefinitionNode,
  OperationTypeNode,
  parse,
  validate,
} from 'graphql';
import { RESOLVERS } from '../../src/app/resolvers';
import { seedHierarchy } from '../../src/cli/seed-demo';
import { ALL_SCOPES, grants, type GroupScope, type Scope, type ScopeNeed } from '../../src/common/scopes';
import { createSchemaSync } from '../../src/graphql/schema';
import { operationScopes } from '../../src/graphql/scopes/operation-scopes';
import { SCOPE_EXTENSION } from '../../src/graphql/scopes/requires-scope';
import { databaseFingerprint } from '../support/database-fingerprint';
import { contextOf } from '../support/fixtures';
import { literal, operationOn, rootFields } from '../support/graphql-operations';
import { closeSubscriptions, subscribeWs, subscribersOpen, wsClient } from '../support/subscriptions';
import { startTestApp, type AnyBody, type TestApp, type Workspace } from '../support/test-app';
import { createService, createWebhook, pingWebhook } from '../support/webhooks';

/**
 * Every GraphQL root field, and every relation field that reaches another resource group, from
 * the schema's own declarations (RequiresScope): a key without the scope is refused whole with
 * FORBIDDEN and `extensions.missingScopes`, before anything runs and with nothing changed; a key
 * with exactly the scopes the operation needs gets past it. The subscription is swept over
 * graphql-ws, where it runs.
 */

const SCHEMA = createSchemaSync(RESOLVERS);

function needOf(field: GraphQLField<unknown, unknown>): ScopeNeed {
  const need = field.extensions?.[SCOPE_EXTENSION] as ScopeNeed | undefined;
  if (!need) throw new Error(`${field.name} declares no scope`);
  return need;
}

/** Every scope that does not by itself allow `needed`. */
function allBut(needed: ScopeNeed): Scope[] {
  return ALL_SCOPES.filter((scope) => scope !== '*' && !grants([scope], needed));
}

const ROOTS = rootFields(SCHEMA).map(([operation, name]) => {
  const field = SCHEMA.getRootType(operation)!.getFields()[name];
  return { operation, name, field, need: needOf(field) };
});

let app: TestApp;
let ws: Workspace;

beforeAll(async () => {
  app = await startTestApp();
  ws = await app.workspace('GraphQL scope sweep');
  await seedHierarchy(app.services, contextOf(ws), 1);
  const service = await createService(ws);
  const webhook = await createWebhook(ws, { service_id: service.id });
  await pingWebhook(ws, webhook.id);
});
afterEach(() => closeSubscriptions(app));
afterAll(() => app.close());

async function expectForbidden(key: Scope[], document: string, missing: GroupScope[]): Promise<void> {
  const client = await app.keyFor(ws, { scopes: key });
  const before = await databaseFingerprint(app);
  const response = await client.api.graphql(document);
  expect(response.status).toBe(403);
  expect(response.body.data).toBeUndefined();
  expect(response.body.errors).toEqual([{ message: expect.stringContaining('lacks the'), extensions: { code: 'FORBIDDEN', missingScopes: missing } }]);
  expect(await databaseFingerprint(app)).toEqual(before);
}

async function expectLetThrough(key: Scope[], document: string): Promise<void> {
  const client = await app.keyFor(ws, { scopes: key });
  const response = await client.api.graphql(document);
  expect(response.status).not.toBe(403);
  expect((response.body.errors ?? []).map((error: AnyBody) => error.extensions?.code)).not.toContain('FORBIDDEN');
}

it('has a scope declared on every root field', () => {
  expect(ROOTS.filter((root) => root.field.extensions?.[SCOPE_EXTENSION] === undefined)).toEqual([]);
  expect(ROOTS.length).toBeGreaterThan(50);
});

describe.each(ROOTS.filter((root) => root.operation !== OperationTypeNode.SUBSCRIPTION).map((root) => [`${root.operation} ${root.name}`, root] as const))('%s', (_title, root) => {
  const document = operationOn(root.operation, root.field);

  if (root.need === 'key') {
    it('answers any valid key, one with no scope at all', async () => {
      await expectLetThrough([], document);
    });
  } else {
    it(`is refused whole with FORBIDDEN to a key without ${root.need}, changing nothing`, async () => {
      expect(validate(SCHEMA, parse(document))).toEqual([]);
      await expectForbidden(allBut(root.need), document, [root.need as GroupScope]);
    });

    it(`gets past the check with ${root.need} alone`, async () => {
      await expectLetThrough([root.need as Scope], document);
    });
  }
});

describe('subscription events (over graphql-ws)', () => {
  const document = 'subscription { events { id } }';

  it('is refused with FORBIDDEN to a key without events:read, and starts with events:read alone', async () => {
    const lacking = await app.keyFor(ws, { scopes: allBut('events:read') });
    const refused = subscribeWs(wsClient(app, { 'X-API-Key': lacking.key }), document);
    const ended = (await refused.waitForEnd()) as { error: AnyBody[] };
    expect(ended.error).toEqual([{ message: expect.stringContaining('lacks the scope events:read'), extensions: { code: 'FORBIDDEN', missingScopes: ['events:read'] } }]);
    expect(app.running.services.eventHub.size).toBe(0);

    const exact = await app.keyFor(ws, { scopes: ['events:read'] });
    subscribeWs(wsClient(app, { 'X-API-Key': exact.key }), document);
    await subscribersOpen(app, 1);
  });
});

/**
 * A selection reaching `type` from a root query: the shortest path of fields (required arguments
 * filled, connections through `nodes`, unions through an inline fragment), as text around `inner`.
 */
function pathTo(schema: GraphQLSchema, target: string): ((inner: string) => string) | undefined {
  const query = schema.getQueryType()!;
  type Step = { type: GraphQLObjectType; wrap: (inner: string) => string };
  const seen = new Set<string>([query.name]);
  let frontier: Step[] = [{ type: query, wrap: (inner) => `query { ${inner} }` }];
  while (frontier.length > 0) {
    const next: Step[] = [];
    for (const { type, wrap } of frontier) {
      for (const field of Object.values(type.getFields())) {
        const args = field.args.filter(isRequiredArgument).map((arg) => `${arg.name}: ${literal(arg.type, `${field.name}(${arg.name})`)}`);
        const call = `${field.name}${args.length > 0 ? `(${args.join(', ')})` : ''}`;
        const named = getNamedType(field.type);
        const members = isUnionType(named) ? named.getTypes() : isObjectType(named) ? [named] : [];
        for (const member of members) {
          const through = isUnionType(named) ? (inner: string) => wrap(`${call} { ... on ${member.name} { ${inner} } }`) : (inner: string) => wrap(`${call} { ${inner} }`);
          if (member.name === target) return through;
          if (seen.has(member.name)) continue;
          seen.add(member.name);
          next.push({ type: member, wrap: through });
        }
      }
    }
    frontier = next;
  }
  return undefined;
}

/** Fields of records (not root fields) that declare a scope: the relations that reach another group. */
const RELATIONS = Object.values(SCHEMA.getTypeMap())
  .filter(isObjectType)
  .filter((type) => !type.name.startsWith('__') && ![SCHEMA.getQueryType(), SCHEMA.getMutationType(), SCHEMA.getSubscriptionType()].includes(type))
  .flatMap((type) => Object.values(type.getFields()).flatMap((field) => (field.extensions?.[SCOPE_EXTENSION] ? [{ type, field, need: needOf(field) as GroupScope }] : [])));

it('finds the relation fields that cross groups', () => {
  expect(RELATIONS.map(({ type, field, need }) => `${type.name}.${field.name}: ${need}`).sort()).toEqual([
    'Campaign.primaryAdvertiserAccount: accounts:read',
    'Content.editor: users:read',
    'Content.publisherTitle: publishers:read',
    'Distribution.publisherTitle: publishers:read',
    'WebhookDelivery.event: events:read',
  ]);
});

describe.each(RELATIONS.map((relation) => [`${relation.type.name}.${relation.field.name}`, relation] as const))('%s', (_title, { type, field, need }) => {
  const reach = pathTo(SCHEMA, type.name);
  const document = reach?.(`${field.name} { __typename }`) ?? '';
  const needs = (): GroupScope[] => {
    const parsed = parse(document);
    const operation = parsed.definitions.find((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION)!;
    return [...operationScopes(SCHEMA, parsed, operation)].filter((scope): scope is GroupScope => scope !== 'key');
  };

  it(`refuses the whole query with FORBIDDEN, missing ${need}, to a key with every other scope the query needs`, async () => {
    expect(reach).toBeDefined();
    expect(validate(SCHEMA, parse(document))).toEqual([]);
    const others = needs().filter((scope) => scope !== need);
    expect(others.every((scope) => !grants([scope], need))).toBe(true);
    await expectForbidden(others, document, [need]);
  });

  it(`answers it with ${need} added`, async () => {
    await expectLetThrough(needs(), document);
  });
});
