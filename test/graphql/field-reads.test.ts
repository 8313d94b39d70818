import 'reflect-metadata';
import type { FastifyInstance } from 'fastify';
import { graphql, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';
import { Arg, Ctx, FieldResolver, Info, Int, Query, Resolver, Root } from 'type-graphql';
import { createLoaders } from '../../src/app/loaders';
import { RESOLVERS } from '../../src/app/resolvers';
import { V2_ROUTES } from '../../src/app/v2-routes';
import { Campaign } from '../../src/campaigns/campaign.entity';
import { seedHierarchy } from '../../src/cli/seed-demo';
import { embeddedChildren } from '../../src/db/embedded-json';
import { checkProjectedReads, checksProjectedReads, UndeclaredReadError } from '../../src/db/projected-reads';
import { readProjected } from '../../src/db/projection';
import { tenantQuery } from '../../src/db/tenant-scope';
import type { GraphQLContext } from '../../src/graphql/context';
import { Reads } from '../../src/graphql/field-reads';
import { formatGraphQLError } from '../../src/graphql/format-error';
import { projectionOf } from '../../src/graphql/projection';
import { createSchema } from '../../src/graphql/schema';
import { RequiresScope } from '../../src/graphql/scopes/requires-scope';
import { Readiness } from '../../src/http/readiness';
import { buildServer } from '../../src/http/server';
import { createLogger } from '../../src/logging/logger';
import { Phase } from '../../src/phases/phase.entity';
import { contextOf } from '../support/fixtures';
import { apiClient, startTestApp, TEST_LIMITS, type TestApp, type Workspace } from '../support/test-app';

/**
 * A read narrowed to a GraphQL selection leaves out the columns nothing asked for; a field resolver
 * reading one it did not declare with `@Reads` would get undefined (src/graphql/field-reads.ts).
 * In the tests (test/support/read-checks.ts) such a read throws instead, naming the column and
 * the field that must declare it (src/db/projected-reads.ts). Shown on a schema of its own: the
 * real Campaign type, read as the application reads its lists, with one field resolver declaring
 * what it reads and one not.
 */

let app: TestApp;

@Resolver(() => Campaign)
class ProbeResolver {
  @RequiresScope('campaigns:read')
  @Query(() => [Campaign], { description: "The workspace's campaigns, narrowed to the selection as the lists read them." })
  probeCampaigns(@Ctx() { request }: GraphQLContext, @Info() info: GraphQLResolveInfo): Promise<Campaign[]> {
    return readProjected(tenantQuery(app.dataSource.manager, Campaign, 'c', request).orderBy('c.id', 'ASC'), projectionOf(info));
  }

  @Reads('primaryAdvertiserAccountId')
  @FieldResolver(() => Int, { description: 'Reads the account id, declared.' })
  declaredAccount(@Root() campaign: Campaign): number {
    return campaign.primaryAdvertiserAccountId;
  }

  @FieldResolver(() => Int, { nullable: true, description: 'Reads the account id without declaring it.' })
  undeclaredAccount(@Root() campaign: Campaign): number | null {
    return campaign.primaryAdvertiserAccountId;
  }

  /** An argument keeps type-graphql's wrapper (lean-resolvers.ts), which would copy a root that is no instance of Campaign. */
  @FieldResolver(() => Int, { nullable: true, description: 'Reads the account id without declaring it, through a resolver with an argument.' })
  undeclaredAccountPlus(@Root() campaign: Campaign, @Arg('plus', () => Int, { description: 'Added to the id.' }) plus: number): number | null {
    return campaign.primaryAdvertiserAccountId + plus;
  }
}

const MESSAGE =
  "Campaign.primaryAdvertiserAccountId was read, but the read was narrowed to the selection and left it out: Campaign.undeclaredAccount must declare it with @Reads('primaryAdvertiserAccountId') (src/graphql/field-reads.ts)";

let schema: GraphQLSchema;
let context: Pick<GraphQLContext, 'request'>;
let accountIds: number[];
let server: FastifyInstance;
let ws: Workspace;

beforeAll(async () => {
  app = await startTestApp();
  ws = await app.workspace();
  await seedHierarchy(app.services, contextOf(ws), 2);
  context = { request: contextOf(ws) };
  accountIds = (await tenantQuery(app.dataSource.manager, Campaign, 'c', context.request).orderBy('c.id', 'ASC').getMany()).map((campaign) => campaign.primaryAdvertiserAccountId);
  schema = await createSchema([ProbeResolver]);
  // The application's server with the probe's fields: what a test sees through HTTP, Apollo and graphql-jit.
  server = await buildServer({
    config: { publicUrl: undefined, nodeEnv: 'test', limits: TEST_LIMITS },
    logger: createLogger('silent'),
    services: app.services,
    routes: V2_ROUTES,
    resolvers: [...RESOLVERS, ProbeResolver],
    loaders: createLoaders,
    readiness: new Readiness(app.dataSource),
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await app?.close();
});

const run = (source: string) => graphql({ schema, source, contextValue: context });

function probeApi() {
  const address = server.addresses().find((a) => typeof a === 'object');
  return apiClient(`http://127.0.0.1:${address?.port}`, { 'x-api-key': ws.key });
}

it('is on in the tests', () => {
  expect(checksProjectedReads()).toBe(true);
});

it('answers a field resolver reading a column it declares', async () => {
  const result = await run('{ probeCampaigns { id declaredAccount } }');
  expect(result.errors).toBeUndefined();
  expect(accountIds).toHaveLength(2);
  expect((result.data?.probeCampaigns as { declaredAccount: number }[]).map((campaign) => campaign.declaredAccount)).toEqual(accountIds);
});

it('fails a field resolver reading a column it does not declare, naming the entity, the column and the field', async () => {
  const result = await run('{ probeCampaigns { id undeclaredAccount } }');
  expect(result.errors).toHaveLength(2);
  const [error] = result.errors!;
  expect(error.originalError).toBeInstanceOf(UndeclaredReadError);
  expect(error.path).toEqual(['probeCampaigns', 0, 'undeclaredAccount']);
  // What a client of the test app reads: the message in full, where other internal errors say only "Internal server error".
  expect(formatGraphQLError(error.toJSON(), error)).toEqual({ message: MESSAGE, locations: error.locations, path: error.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } });
});

it('fails it through a resolver type-graphql wraps (one with an argument)', async () => {
  const result = await run('{ probeCampaigns { id undeclaredAccountPlus(plus: 1) } }');
  expect(result.errors?.map((error) => formatGraphQLError(error.toJSON(), error).message)).toEqual([
    MESSAGE.replace('Campaign.undeclaredAccount ', 'Campaign.undeclaredAccountPlus '),
    MESSAGE.replace('Campaign.undeclaredAccount ', 'Campaign.undeclaredAccountPlus '),
  ]);
});

it('says so to the test through HTTP, in place of "Internal server error"', async () => {
  const response = await probeApi().graphql('{ probeCampaigns { id undeclaredAccount } }');
  expect(response.status).toBe(200);
  expect(response.body.data.probeCampaigns).toEqual(accountIds.map(() => ({ id: expect.any(String), undeclaredAccount: null })));
  expect(response.body.errors).toEqual([0, 1].map((index) => ({ message: MESSAGE, locations: expect.any(Array), path: ['probeCampaigns', index, 'undeclaredAccount'], extensions: { code: 'INTERNAL_SERVER_ERROR' } })));
});

it('answers the undeclared read when the selection asks for the column anyway', async () => {
  const result = await run('{ probeCampaigns { primaryAdvertiserAccountId undeclaredAccount } }');
  expect(result.errors).toBeUndefined();
  expect((result.data?.probeCampaigns as { undeclaredAccount: number }[]).map((campaign) => campaign.undeclaredAccount)).toEqual(accountIds);
});

it('without the check, answers null for the undeclared read: the silent failure the check catches', async () => {
  checkProjectedReads(false);
  try {
    const result = await run('{ probeCampaigns { id undeclaredAccount } }');
    expect(result.errors).toBeUndefined();
    expect(result.data?.probeCampaigns).toEqual([
      { id: expect.any(String), undeclaredAccount: null },
      { id: expect.any(String), undeclaredAccount: null },
    ]);
  } finally {
    checkProjectedReads();
  }
});

it('guards the rows of an embedding too, and a property given a value after the read', async () => {
  const embedding = embeddedChildren(app.dataSource.manager, 'c', { entity: Phase, parentProperty: 'campaignId', property: 'phases', projection: new Set(['phaseTitle']) });
  const [campaign] = await readProjected(tenantQuery(app.dataSource.manager, Campaign, 'c', context.request).orderBy('c.id', 'ASC').limit(1), new Set(['campaignTitle']), [], [embedding]);
  expect(typeof campaign.campaignTitle).toBe('string');
  expect(() => campaign.campaignStatus).toThrow(new UndeclaredReadError('Campaign', 'campaignStatus'));
  const phases = (campaign as Campaign & { phases: Phase[] }).phases;
  expect(phases.length).toBeGreaterThan(0);
  expect(typeof phases[0].phaseTitle).toBe('string');
  expect(() => phases[0].keyMessage).toThrow("Phase.keyMessage was read, but the read was narrowed to the selection and left it out: the field resolver that reads it must declare it with @Reads('keyMessage')");
  phases[0].keyMessage = 'set since';
  expect(phases[0].keyMessage).toBe('set since');
});
