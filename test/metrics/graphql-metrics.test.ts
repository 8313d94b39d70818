import { MAX_OPERATION_NAMES } from '../../src/metrics/graphql-metrics';
import { startMetricsTestApp } from './metrics-test-app';
import { samplesOf, scrape, valueOf, type Sample } from './scrape';
import { appForFile } from '../support/file-app';

/** graphql_operations_total by operation type and (bounded) name; graphql_errors_total by the answer's extensions.code. */

const { app, ws } = appForFile({ start: startMetricsTestApp });

async function samples(): Promise<Sample[]> {
  return (await scrape(app.metricsUrl!)).samples;
}

describe('graphql_operations_total', () => {
  it('counts operations by type and name, unnamed ones as (anonymous)', async () => {
    expect((await ws.api.graphql('query AccountList { advertiserAccounts(first: 1) { nodes { id } } }')).status).toBe(200);
    expect((await ws.api.graphql('query AccountList { advertiserAccounts(first: 2) { nodes { id } } }')).status).toBe(200);
    expect((await ws.api.graphql('{ advertiserAccounts(first: 1) { nodes { id } } }')).status).toBe(200);
    const created = await ws.api.graphql('mutation NewAccount($input: AdvertiserAccountInput!) { advertiserAccountCreate(input: $input) { userErrors { message } } }', {
      input: { name: 'Acme Brands' },
    });
    expect(created.status).toBe(200);
    expect(created.body.data.advertiserAccountCreate.userErrors).toEqual([]);

    const scraped = await samples();
    expect(valueOf(scraped, 'graphql_operations_total', { operation_type: 'query', operation_name: 'AccountList' })).toBe(2);
    expect(valueOf(scraped, 'graphql_operations_total', { operation_type: 'query', operation_name: '(anonymous)' })).toBe(1);
    expect(valueOf(scraped, 'graphql_operations_total', { operation_type: 'mutation', operation_name: 'NewAccount' })).toBe(1);
    // The same requests on the HTTP side, under the one /graphql route.
    expect(valueOf(scraped, 'http_requests_total', { method: 'POST', route: '/graphql', status_code: '200' })).toBe(4);
  });

  it('counts a document that does not validate as (unresolved), since no operation ran', async () => {
    expect((await ws.api.graphql('query Broken { noSuchField }')).status).toBe(400);
    expect(valueOf(await samples(), 'graphql_operations_total', { operation_type: 'unresolved', operation_name: '(unresolved)' })).toBe(1);
  });
});

describe('graphql_errors_total', () => {
  it("counts each error of an answer under the project's extensions.code", async () => {
    const before = await samples();
    const notFound = await ws.api.graphql('query Missing { a: advertiserAccount(id: "999999") { id } b: advertiserAccount(id: "999998") { id } }');
    expect(notFound.body.errors.map((error: { extensions: { code: string } }) => error.extensions.code)).toEqual(['NOT_FOUND', 'NOT_FOUND']);
    const invalid = await ws.api.graphql('{ noSuchField }');
    expect(invalid.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const unparsable = await ws.api.graphql('{ advertiserAccounts(');
    expect(unparsable.body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');

    const after = await samples();
    const increase = (code: string): number => (valueOf(after, 'graphql_errors_total', { code }) ?? 0) - (valueOf(before, 'graphql_errors_total', { code }) ?? 0);
    expect(increase('NOT_FOUND')).toBe(2);
    expect(increase('GRAPHQL_VALIDATION_FAILED')).toBe(1);
    expect(increase('GRAPHQL_PARSE_FAILED')).toBe(1);
    expect(valueOf(after, 'graphql_operations_total', { operation_type: 'query', operation_name: 'Missing' })).toBe(1);
  });

  it('labels errors with catalogue codes only', async () => {
    const codes = samplesOf(await samples(), 'graphql_errors_total').map((sample) => sample.labels.code);
    expect(codes.length).toBeGreaterThan(0);
    for (const code of codes) expect(code).toMatch(/^[A-Z_]+$/);
  });
});

// Last: once the cap is reached, every new name is (other) for the rest of this app's life.
describe('operation names past the cap', () => {
  it(`keeps at most ${MAX_OPERATION_NAMES} names; the rest share (other)`, async () => {
    const before = new Set(samplesOf(await samples(), 'graphql_operations_total').map((sample) => sample.labels.operation_name));
    const extra = 5;
    for (let i = 0; i < MAX_OPERATION_NAMES + extra; i += 1) {
      expect((await ws.api.graphql(`query Generated${i} { __typename }`)).status).toBe(200);
    }
    const scraped = await samples();
    const named = samplesOf(scraped, 'graphql_operations_total').filter((sample) => !sample.labels.operation_name.startsWith('('));
    expect(named).toHaveLength(MAX_OPERATION_NAMES);
    const keptBefore = [...before].filter((name) => !name.startsWith('(')).length;
    expect(valueOf(scraped, 'graphql_operations_total', { operation_type: 'query', operation_name: '(other)' })).toBe(keptBefore + extra);
    // A name kept once keeps its series.
    expect((await ws.api.graphql('query AccountList { __typename }')).status).toBe(200);
    expect(valueOf(await samples(), 'graphql_operations_total', { operation_type: 'query', operation_name: 'AccountList' })).toBe(3);
  });
});
