import { contextOf } from '../support/fixtures';
import Fastify, { type FastifyInstance } from 'fastify';
import { getIntrospectionQuery } from 'graphql';
import { createLoaders } from '../../src/app/loaders';
import { RESOLVERS } from '../../src/app/resolvers';
import { seedHierarchy } from '../../src/cli/seed-demo';
import { countStatements, type StatementCounter } from '../../src/db/statement-counter';
import { DEFAULT_COST_LIMITS, MemoryCostBuckets, secondsUntil, type CostLimits } from '../../src/graphql/cost';
import { createSchema } from '../../src/graphql/schema';
import { registerGraphQL } from '../../src/http/graphql-route';
import { gid } from '../support/global-ids';
import { ContentStatus } from '../../src/contents/content-status';
import { MAX_GROUPS } from '../../src/db/lists/list-aggregates';
import { apiClient, startTestApp, TEST_LIMITS, type AnyBody, type ApiClient, type ApiResponse, type TestApp, type Workspace } from '../support/test-app';
import { eventually } from '../support/webhook-receiver';

/**
 * The GraphQL cost limits (src/graphql/cost, docs/graphql.md "Limits"): fields, aliases, depth,
 * cost per request and the per-key budget, each refused before any resolver runs, and
 * `extensions.cost` on every answer. Through real HTTP over a real PostgreSQL.
 */

/** The benchmark's nested query (bench/nested-and-list.ts), which the default limits must let through. */
const BENCH_QUERY = `{ campaigns(first: 50) { nodes { id campaignTitle phases { id phaseTitle contents { nodes { id contentName distributions { id status primaryLink { originalLink } mediaLibrary { fileUrl } } } } } } } }`;
const BENCH_QUERY_COST = 1_211_051;

/** One alias of the query that answered 62 MB after 35 s (issue 10). */
function attackAlias(i: number): string {
  return `a${i}: campaigns(first: 100) { nodes { phases { contents(first: 100) { nodes { distributions { mediaLibrary { fileUrl } } } } } } } `;
}
const ATTACK_ALIAS_COST = 11_102_101;

let app: TestApp;
let counter: StatementCounter;

beforeAll(async () => {
  app = await startTestApp();
  counter = countStatements(app.dataSource);
}, 120_000);
afterAll(async () => {
  counter.stop();
  await app.close();
});

/** A workspace whose key has been used once, so later requests cost one SQL statement (the key lookup). */
async function warmWorkspace(): Promise<Workspace> {
  const ws = await app.workspace();
  await ws.api.graphql('{ __typename }');
  return ws;
}

/** The answer and the SQL statements sent for it, authentication included. */
async function measured(api: ApiClient, query: string): Promise<{ response: ApiResponse<AnyBody>; statements: number; ms: number }> {
  counter.reset();
  const started = performance.now();
  const response = await api.graphql(query);
  const ms = performance.now() - started;
  return { response, statements: counter.count, ms };
}

/** Statements a trivial query costs: the key lookup only. */
async function baseline(api: ApiClient): Promise<number> {
  return (await measured(api, '{ __typename }')).statements;
}

function expectRefused(response: ApiResponse<AnyBody>, code: string, status = 400): void {
  expect(response.status).toBe(status);
  expect(response.body.data).toBeUndefined();
  expect(response.body.errors).toEqual([{ message: expect.any(String), extensions: { code } }]);
}

function expectCostExtension(body: AnyBody, requested: number | null, actual: number | null = requested): void {
  expect(body.extensions.cost).toEqual({
    requestedQueryCost: requested,
    actualQueryCost: actual,
    throttleStatus: {
      maximumAvailable: DEFAULT_COST_LIMITS.bucket.maximumAvailable,
      currentlyAvailable: expect.any(Number),
      restoreRate: DEFAULT_COST_LIMITS.bucket.restoreRate,
    },
  });
}

/** `2^levels` copies of `organisation { id name }` through fragments that spread the one below twice. */
function doublingFragments(levels: number): string {
  const fragments = ['fragment F0 on Query { organisation { id name } }'];
  for (let i = 1; i <= levels; i += 1) fragments.push(`fragment F${i} on Query { ...F${i - 1} ...F${i - 1} }`);
  return `{ ...F${levels} }\n${fragments.join('\n')}`;
}

/** `members { advertiserAccount { … } }` nested until the query is `depth` fields deep. */
function nestedQuery(depth: number): string {
  // campaigns, nodes, primaryAdvertiserAccount, then members/advertiserAccount pairs, then id.
  let inner = 'id';
  let level = depth - 1;
  let members = level % 2 === 0;
  while (level > 3) {
    inner = `${members ? 'members' : 'advertiserAccount'} { ${inner} }`;
    members = !members;
    level -= 1;
  }
  return `{ campaigns(first: 1) { nodes { primaryAdvertiserAccount { ${inner} } } } }`;
}

describe('cost per request (QUERY_TOO_COMPLEX)', () => {
  it('lets the benchmark query through, costed by `first` and the assumed list size, and reports the cost', async () => {
    const ws = await warmWorkspace();
    await seedHierarchy(app.services, contextOf(ws), 2);

    const { response } = await measured(ws.api, BENCH_QUERY);
    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.campaigns.nodes).toHaveLength(2);
    // 2 campaigns × 3 phases × 4 contents × 2 distributions, each with its link and 2 media files.
    const objects = 1 + 2 * (1 + 3 * (1 + 1 + 4 * (1 + 2 * (1 + 1 + 2))));
    expectCostExtension(response.body, BENCH_QUERY_COST, objects);
    expect(BENCH_QUERY_COST).toBeLessThanOrEqual(DEFAULT_COST_LIMITS.maxCost);
  }, 60_000);

  it('costs scalars nothing, objects 1 and a connection `first` (default 20) times its selection', async () => {
    const ws = await warmWorkspace();
    const cases: [string, number][] = [
      ['{ __typename }', 0],
      ['{ organisation { id name } }', 1],
      ['{ campaigns { nodes { id } } }', 1 + 20],
      ['{ campaigns(first: 100) { nodes { id } pageInfo { hasNextPage } } }', 1 + 100 * 2],
      ['{ campaigns(first: 5) { nodes { phases { id } } } }', 1 + 5 * (1 + 10)],
      ['{ campaigns(first: 2) { edges { node { contents(first: 3) { nodes { id } } } } } }', 1 + 2 * (1 + 1 + (1 + 3))],
    ];
    for (const [query, cost] of cases) {
      const response = await ws.api.graphql(query);
      expect(response.status).toBe(200);
      expect(response.body.extensions.cost.requestedQueryCost).toBe(cost);
    }
  });

  it(`costs a connection's aggregates 1 and its groups 1 per possible group (at most ${MAX_GROUPS}), not multiplied by \`first\``, async () => {
    const ws = await warmWorkspace();
    const statuses = Object.keys(ContentStatus).filter((name) => Number.isNaN(Number(name))).length;
    const cases: [string, number][] = [
      ['{ contents(first: 50) { aggregates { count sum { gImpressions } avg { eImpressions } min { liveDate } max { createdAt } } } }', 1 + 1],
      ['{ contents(first: 50) { nodes { id } aggregates { count } } }', 1 + 50 + 1],
      [`{ contents { groupedAggregates(groupBy: [STATUS]) { keys count sum { gImpressions } } } }`, 1 + statuses],
      ['{ contents { groupedAggregates(groupBy: [CAMPAIGN_ID]) { count } } }', 1 + MAX_GROUPS],
      ['{ contents { groupedAggregates(groupBy: [STATUS, PHASE_ID]) { count } } }', 1 + MAX_GROUPS],
      ['{ contents { ...Totals } } fragment Totals on ContentConnection { aggregates { count } byStatus: groupedAggregates(groupBy: [STATUS]) { count } }', 1 + 1 + statuses],
      // What is not counted is not taken off either: a skipped or excluded group selection lowers no page's cost.
      [
        '{ contents(first: 100) { nodes { id } ...Groups ...Groups @skip(if: true) ... @include(if: false) { ...Groups } } } fragment Groups on ContentConnection { groupedAggregates(groupBy: [CAMPAIGN_ID]) { count } }',
        1 + 100 + MAX_GROUPS,
      ],
      ['{ contents(first: 100) { nodes { id } a: aggregates { count } b: aggregates { count } } }', 1 + 100 + 2],
      // Per parent: every campaign's contents have their own aggregates, the page of each not multiplying them.
      ['{ campaigns(first: 10) { nodes { contents(first: 30) { aggregates { count } groupedAggregates(groupBy: [STATUS]) { count } } } } }', 1 + 10 * (1 + 1 + 1 + statuses)],
    ];
    for (const [query, cost] of cases) {
      const response = await ws.api.graphql(query);
      expect({ query, status: response.status, cost: response.body.extensions.cost.requestedQueryCost }).toEqual({ query, status: 200, cost });
    }
  });

  it('costs the same document afresh for other variables and another operation, and alike when it comes again', async () => {
    const ws = await warmWorkspace();
    const document = 'query Few($first: Int) { campaigns(first: $first) { nodes { id } } } query Org { organisation { id } }';
    const costOf = async (operationName: string, variables: Record<string, unknown>): Promise<number> => {
      const response = await ws.api.post('/graphql', { query: document, variables, operationName });
      expect(response.status).toBe(200);
      return response.body.extensions.cost.requestedQueryCost;
    };
    // Each parsed document's costs are remembered by operation and variables (operation-cost.ts).
    for (let round = 0; round < 2; round += 1) {
      expect(await costOf('Few', { first: 3 })).toBe(1 + 3);
      expect(await costOf('Few', { first: 40 })).toBe(1 + 40);
      expect(await costOf('Few', {})).toBe(1 + 20);
      expect(await costOf('Org', {})).toBe(1);
    }
  });

  it('refuses the 4 KB aliased query that answered 62 MB, in milliseconds and before any SQL', async () => {
    const ws = await warmWorkspace();
    let query = '{ ';
    for (let i = 1; query.length < 4000; i += 1) query += attackAlias(i);
    query += '}';
    const aliases = query.match(/a\d+: /g)!.length;

    const trivial = await baseline(ws.api);
    const { response, statements, ms } = await measured(ws.api, query);

    expectRefused(response, 'QUERY_TOO_COMPLEX');
    expect(response.body.errors[0].message).toBe(`Query cost is ${aliases * ATTACK_ALIAS_COST}, more than the maximum of ${DEFAULT_COST_LIMITS.maxCost} per request`);
    expectCostExtension(response.body, aliases * ATTACK_ALIAS_COST, 0);
    expect(statements).toBe(trivial);
    expect(statements).toBeLessThanOrEqual(1);
    expect(ms).toBeLessThan(1000);
  });

  it('refuses one alias of it too, and takes nothing from the budget', async () => {
    const ws = await warmWorkspace();
    const trivial = await baseline(ws.api);
    const { response, statements } = await measured(ws.api, `{ ${attackAlias(1)} }`);
    expectRefused(response, 'QUERY_TOO_COMPLEX');
    expect(response.body.errors[0].message).toBe(`Query cost is ${ATTACK_ALIAS_COST}, more than the maximum of ${DEFAULT_COST_LIMITS.maxCost} per request`);
    expect(response.body.extensions.cost.throttleStatus.currentlyAvailable).toBe(DEFAULT_COST_LIMITS.bucket.maximumAvailable);
    expect(statements).toBe(trivial);
  });
});

describe('depth (QUERY_TOO_DEEP)', () => {
  it(`lets a query ${DEFAULT_COST_LIMITS.maxDepth} fields deep through`, async () => {
    const ws = await warmWorkspace();
    const response = await ws.api.graphql(nestedQuery(DEFAULT_COST_LIMITS.maxDepth));
    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    expect(response.body.extensions.cost.requestedQueryCost).toBeGreaterThan(0);
  });

  it('refuses one level more before any SQL', async () => {
    const ws = await warmWorkspace();
    const trivial = await baseline(ws.api);
    const { response, statements } = await measured(ws.api, nestedQuery(DEFAULT_COST_LIMITS.maxDepth + 1));
    expectRefused(response, 'QUERY_TOO_DEEP');
    expect(response.body.errors[0].message).toBe(`Query depth is ${DEFAULT_COST_LIMITS.maxDepth + 1}, more than the maximum of ${DEFAULT_COST_LIMITS.maxDepth}`);
    expectCostExtension(response.body, null);
    expect(statements).toBe(trivial);
  });

  it('lets the standard introspection query through (`ofType` adds no depth)', async () => {
    const ws = await warmWorkspace();
    const response = await ws.api.graphql(getIntrospectionQuery());
    expect(response.status).toBe(200);
    expect(response.body.data.__schema.queryType.name).toBe('Query');
  });
});

describe('fields and aliases (TOO_MANY_FIELDS)', () => {
  it(`counts fields with fragments expanded: ${3 * 2 ** 7} pass, ${3 * 2 ** 8} are refused before any SQL`, async () => {
    const ws = await warmWorkspace();
    const under = await ws.api.graphql(doublingFragments(7));
    expect(under.status).toBe(200);
    expect(under.body.data.organisation.id).toBe(gid('Organisation', ws.organisationId));

    const trivial = await baseline(ws.api);
    const { response, statements } = await measured(ws.api, doublingFragments(8));
    expectRefused(response, 'TOO_MANY_FIELDS');
    expect(response.body.errors[0].message).toBe(`Query selects ${3 * 2 ** 8} fields (fragments expanded), more than the maximum of ${DEFAULT_COST_LIMITS.maxFields}`);
    expectCostExtension(response.body, null);
    expect(statements).toBe(trivial);
  });

  it('stops counting a fragment bomb early and refuses it in milliseconds', async () => {
    const ws = await warmWorkspace();
    const { response, ms } = await measured(ws.api, doublingFragments(40));
    expectRefused(response, 'TOO_MANY_FIELDS');
    expect(response.body.errors[0].message).toBe(`Query selects at least ${DEFAULT_COST_LIMITS.maxFields * 10} fields (fragments expanded), more than the maximum of ${DEFAULT_COST_LIMITS.maxFields}`);
    expect(ms).toBeLessThan(1000);
  });

  it(`lets ${DEFAULT_COST_LIMITS.maxAliases} aliases through and refuses one more before any SQL`, async () => {
    const ws = await warmWorkspace();
    const aliased = (count: number) => `{ ${Array.from({ length: count }, (_, i) => `o${i}: organisation { id }`).join(' ')} }`;
    const under = await ws.api.graphql(aliased(DEFAULT_COST_LIMITS.maxAliases));
    expect(under.status).toBe(200);
    expect(Object.keys(under.body.data)).toHaveLength(DEFAULT_COST_LIMITS.maxAliases);
    expectCostExtension(under.body, DEFAULT_COST_LIMITS.maxAliases);

    const trivial = await baseline(ws.api);
    const { response, statements } = await measured(ws.api, aliased(DEFAULT_COST_LIMITS.maxAliases + 1));
    expectRefused(response, 'TOO_MANY_FIELDS');
    expect(response.body.errors[0].message).toBe(`Query uses ${DEFAULT_COST_LIMITS.maxAliases + 1} aliases, more than the maximum of ${DEFAULT_COST_LIMITS.maxAliases}`);
    expect(statements).toBe(trivial);
  });
});

describe('per-key budget (THROTTLED)', () => {
  describe('the bucket', () => {
    it('takes, refuses what is not there, refunds and restores over time', async () => {
      let now = 0;
      const buckets = new MemoryCostBuckets(100, 10, () => now);
      expect(await buckets.take(1, 60)).toEqual({ taken: true, available: 40 });
      expect(await buckets.take(1, 50)).toEqual({ taken: false, available: 40 });
      expect(await buckets.refund(1, 0)).toBe(40);
      expect(secondsUntil(buckets, 40, 50)).toBe(1);
      expect(await buckets.refund(2, 0)).toBe(100); // keys do not share a bucket
      now = 1500;
      expect(await buckets.refund(1, 0)).toBe(55);
      expect((await buckets.take(1, 50)).taken).toBe(true);
      expect(await buckets.refund(1, 45)).toBe(50);
      now = 60_000;
      expect(await buckets.refund(1, 0)).toBe(100);
    });
  });

  describe('over HTTP, with a small budget', () => {
    const limits: CostLimits = { ...DEFAULT_COST_LIMITS, bucket: { maximumAvailable: 50, restoreRate: 10 } };
    /** 20 aliases of one object each: requested and actual cost 20. */
    const TWENTY = `{ ${Array.from({ length: 20 }, (_, i) => `o${i}: organisation { id }`).join(' ')} }`;
    let server: FastifyInstance;
    let baseUrl: string;

    beforeAll(async () => {
      // The production route (graphql-route.ts) on its own server, with the budget given to it.
      server = Fastify();
      await registerGraphQL(server, await createSchema(RESOLVERS), app.services, false, { loaders: createLoaders, costLimits: limits });
      baseUrl = await server.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await server.close();
    });

    async function keyed(): Promise<ApiClient> {
      const ws = await app.workspace();
      const api = apiClient(baseUrl, { 'x-api-key': ws.key });
      await api.graphql('{ __typename }');
      return api;
    }

    it('drains, refuses with 429 and Retry-After before any SQL, and refills', async () => {
      const api = await keyed();
      const first = await api.graphql(TWENTY);
      expect(first.status).toBe(200);
      expect(first.body.extensions.cost).toEqual({ requestedQueryCost: 20, actualQueryCost: 20, throttleStatus: { maximumAvailable: 50, currentlyAvailable: expect.any(Number), restoreRate: 10 } });
      expect(first.body.extensions.cost.throttleStatus.currentlyAvailable).toBeGreaterThanOrEqual(30);
      expect(first.body.extensions.cost.throttleStatus.currentlyAvailable).toBeLessThan(35);
      const second = await api.graphql(TWENTY);
      expect(second.status).toBe(200);
      expect(second.body.extensions.cost.throttleStatus.currentlyAvailable).toBeLessThan(20);

      const trivial = await baseline(api);
      const { response, statements } = await measured(api, TWENTY);
      const refusedBy = performance.now();
      expectRefused(response, 'THROTTLED', 429);
      expect(response.body.errors[0].message).toMatch(/^Query cost is 20, more than the \d+ points available to this API key \(maximum 50, restoring 10 per second\); retry after [12] s$/);
      expect(response.headers.get('retry-after')).toMatch(/^[12]$/);
      expect(response.body.extensions.cost).toEqual({ requestedQueryCost: 20, actualQueryCost: 0, throttleStatus: { maximumAvailable: 50, currentlyAvailable: expect.any(Number), restoreRate: 10 } });
      expect(statements).toBe(trivial);

      // Other keys have their own bucket.
      expect((await (await keyed()).graphql(TWENTY)).status).toBe(200);

      // Polled rather than slept for Retry-After: a refused request takes no points. The server (in
      // this process, on this clock) decided the refusal before `refusedBy`, and decides each retry
      // after it is sent; so every retry sent Retry-After seconds past `refusedBy` must get through.
      const retryAfterEnds = refusedBy + Number(response.headers.get('retry-after')) * 1000;
      const again = await eventually(
        async () => {
          const sent = performance.now();
          return { sent, answer: await api.graphql(TWENTY) };
        },
        ({ sent, answer }) => {
          if (answer.status !== 200) expect({ status: answer.status, sentBeforeRetryAfterEnds: sent < retryAfterEnds }).toEqual({ status: 429, sentBeforeRetryAfterEnds: true });
          return answer.status === 200;
        },
        5_000,
      );
      expect(again.answer.body.errors).toBeUndefined();
    }, 15_000);

    it('takes the requested cost before execution and gives back what the answer did not use', async () => {
      const api = await keyed();
      // An empty workspace: 41 points asked for, the connection object alone answered.
      const response = await api.graphql('{ campaigns(first: 40) { nodes { id } } }');
      expect(response.status).toBe(200);
      expect(response.body.extensions.cost.requestedQueryCost).toBe(41);
      expect(response.body.extensions.cost.actualQueryCost).toBe(1);
      expect(response.body.extensions.cost.throttleStatus.currentlyAvailable).toBeGreaterThanOrEqual(49);
      // More than is available is refused outright, even when the answer would have been small.
      expect((await api.graphql(TWENTY)).status).toBe(200);
      expect((await api.graphql(TWENTY)).status).toBe(200);
      const over = await api.graphql('{ campaigns(first: 40) { nodes { id } } }');
      expectRefused(over, 'THROTTLED', 429);
      expect(over.body.extensions.cost.requestedQueryCost).toBe(41);
    });

    it('refuses a cost the bucket can never hold as too complex, not to be retried, and takes nothing', async () => {
      const api = await keyed();
      const never = await api.graphql('{ campaigns(first: 60) { nodes { id } } }');
      expectRefused(never, 'QUERY_TOO_COMPLEX');
      expect(never.body.errors[0].message).toBe("Query cost is 61, more than the 50 points an API key's budget holds when full: it can never fit, whatever the wait");
      expect(never.headers.get('retry-after')).toBeNull();
      expect(never.body.extensions.cost).toEqual({ requestedQueryCost: 61, actualQueryCost: 0, throttleStatus: { maximumAvailable: 50, currentlyAvailable: 50, restoreRate: 10 } });
    });
  });
});

describe('the limits as settings (GRAPHQL_MAX_COST, GRAPHQL_MAX_DEPTH, …)', () => {
  let configured: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    const graphql = { maxCost: 30, maxDepth: 4, maxFields: 20, maxAliases: 2, maxBatch: 2, bucketSize: 1000, restoreRate: 100 };
    configured = await startTestApp({ limits: { ...TEST_LIMITS, graphql } });
    api = (await configured.workspace()).api;
  }, 60_000);
  afterAll(async () => {
    await configured?.close();
  });

  it('refuses by the configured numbers and reports the configured bucket', async () => {
    const fits = await api.graphql('{ campaigns(first: 29) { nodes { id } } }');
    expect(fits.status).toBe(200);
    expect(fits.body.extensions.cost.throttleStatus).toEqual({ maximumAvailable: 1000, currentlyAvailable: expect.any(Number), restoreRate: 100 });

    const costly = await api.graphql('{ campaigns(first: 30) { nodes { id } } }');
    expectRefused(costly, 'QUERY_TOO_COMPLEX');
    expect(costly.body.errors[0].message).toBe('Query cost is 31, more than the maximum of 30 per request');

    const deep = await api.graphql('{ campaigns(first: 1) { nodes { primaryAdvertiserAccount { members { id } } } } }');
    expectRefused(deep, 'QUERY_TOO_DEEP');
    expect(deep.body.errors[0].message).toBe('Query depth is 5, more than the maximum of 4');

    const aliased = await api.graphql('{ a: organisation { id } b: organisation { id } c: organisation { id } }');
    expectRefused(aliased, 'TOO_MANY_FIELDS');
    expect(aliased.body.errors[0].message).toBe('Query uses 3 aliases, more than the maximum of 2');
  });
});

describe('field suggestions', () => {
  const TYPO = '{ campaigns { nodes { campaignTitel } } }';
  const ARGUMENT_TYPO = '{ campaigns(firts: 1) { nodes { id } } }';

  it('are given outside production', async () => {
    const ws = await warmWorkspace();
    const response = await ws.api.graphql(TYPO);
    expect(response.status).toBe(400);
    expect(response.body.errors[0].message).toMatch(/^Cannot query field "campaignTitel" on type "Campaign"\. Did you mean "campaignTitle"/);
    expectCostExtension(response.body, null);
  });

  it('are left out in production', async () => {
    const production = await startTestApp({ nodeEnv: 'production' });
    try {
      const ws = await production.workspace();
      const field = await ws.api.graphql(TYPO);
      expect(field.status).toBe(400);
      expect(field.body.errors).toEqual([{ message: 'Cannot query field "campaignTitel" on type "Campaign".', locations: [{ line: 1, column: 23 }], extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }]);
      const argument = await ws.api.graphql(ARGUMENT_TYPO);
      expect(argument.body.errors[0].message).toBe('Unknown argument "firts" on field "Query.campaigns".');
      const enumValue = await ws.api.graphql('query($f: CampaignFilter) { campaigns(filter: $f) { nodes { id } } }', { f: { campaignStatus: 'ACTIV' } });
      expect(enumValue.status).toBe(400);
      expect(enumValue.body.errors[0].message).not.toMatch(/Did you mean/);
    } finally {
      await production.close();
    }
  }, 60_000);
});
