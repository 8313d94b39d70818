import { apiClient } from '../support/test-app';
import type { Workspace } from '../support/test-app';
import { startMetricsTestApp, type MetricsTestApp } from './metrics-test-app';
import { samplesOf, scrape, valueOf, type Sample } from './scrape';

/** http_requests_total and http_request_duration_seconds: by route pattern, method and status, never by raw URL. */

let app: MetricsTestApp;
let ws: Workspace;
let samples: Sample[];
let accountId: number;

beforeAll(async () => {
  app = await startMetricsTestApp();
  ws = await app.workspace();
  const created = await ws.api.post('/v2/advertiser-accounts', { name: 'Acme Brands' });
  expect(created.status).toBe(200);
  accountId = created.body.data.advertiser_account.id;
  expect((await ws.api.get(`/v2/advertiser-accounts/${accountId}`)).status).toBe(200);
  expect((await ws.api.get('/v2/advertiser-accounts/999999?ignored=1')).status).toBe(404);
  expect((await ws.api.get('/v2/no-such-thing/1')).status).toBe(404);
  expect((await ws.api.get('/v2/no-such-thing/2')).status).toBe(404);
  expect((await apiClient(app.baseUrl).get('/v2/advertiser-accounts')).status).toBe(401);
  samples = (await scrape(app.metricsUrl!)).samples;
});
afterAll(async () => {
  await app.close();
});

describe('http_requests_total', () => {
  it('counts each request under its route pattern, method and status', () => {
    expect(valueOf(samples, 'http_requests_total', { method: 'POST', route: '/v2/advertiser-accounts', status_code: '200' })).toBe(1);
    expect(valueOf(samples, 'http_requests_total', { method: 'GET', route: '/v2/advertiser-accounts/:id', status_code: '200' })).toBe(1);
    expect(valueOf(samples, 'http_requests_total', { method: 'GET', route: '/v2/advertiser-accounts/:id', status_code: '404' })).toBe(1);
  });

  it('counts refusals before the handler (no API key) under the route too', () => {
    expect(valueOf(samples, 'http_requests_total', { method: 'GET', route: '/v2/advertiser-accounts', status_code: '401' })).toBe(1);
  });

  it('puts every unmatched path under one route value', () => {
    expect(valueOf(samples, 'http_requests_total', { method: 'GET', route: 'unmatched', status_code: '404' })).toBe(2);
  });

  it('never labels with the raw URL: no id appears in any route', () => {
    const routes = new Set(samplesOf(samples, 'http_requests_total').map((sample) => sample.labels.route));
    expect([...routes].sort()).toEqual(['/v2/advertiser-accounts', '/v2/advertiser-accounts/:id', 'unmatched']);
    for (const route of routes) expect(route).not.toMatch(/\/\d/);
  });
});

describe('http_request_duration_seconds', () => {
  it('has a histogram per route, method and status, with one observation per request', () => {
    const labels = { method: 'GET', route: '/v2/advertiser-accounts/:id', status_code: '200' };
    expect(valueOf(samples, 'http_request_duration_seconds_count', labels)).toBe(1);
    const sum = valueOf(samples, 'http_request_duration_seconds_sum', labels)!;
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(30);
    const buckets = samplesOf(samples, 'http_request_duration_seconds_bucket', labels);
    expect(buckets.map((bucket) => bucket.labels.le)).toEqual(['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10', '30', '+Inf']);
    expect(buckets.at(-1)?.value).toBe(1);
    expect(valueOf(samples, 'http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status_code: '404' })).toBe(2);
  });
});
