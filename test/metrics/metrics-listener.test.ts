import { apiClient } from '../support/test-app';
import { startMetricsTestApp, type MetricsTestApp } from './metrics-test-app';
import { scrape, valueOf } from './scrape';

/** `/metrics` has a listener of its own (METRICS_PORT, METRICS_HOST), never the partner port, and none unless it is set. */

/** TCP servers this process listens with (every app's partner port, every metrics listener). */
function listeningServers(): number {
  return process.getActiveResourcesInfo().filter((resource) => resource === 'TCPServerWrap').length;
}

describe('with METRICS_PORT set', () => {
  let app: MetricsTestApp;
  let serversBefore: number;
  beforeAll(async () => {
    serversBefore = listeningServers();
    app = await startMetricsTestApp({ metrics: { port: 0, host: '127.0.0.1' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('listens on its own port, on METRICS_HOST, beside the partner port', () => {
    expect(listeningServers()).toBe(serversBefore + 2);
    const metricsPort = app.running.metrics?.port;
    expect(metricsPort).toBeGreaterThan(0);
    expect(app.metricsUrl).toBe(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(app.baseUrl).not.toContain(`:${metricsPort}`);
  });

  it('answers GET /metrics in the Prometheus text format, with the process metrics', async () => {
    const result = await scrape(app.metricsUrl!);
    expect(result.status).toBe(200);
    expect(result.contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(result.text).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(valueOf(result.samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(valueOf(result.samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(result.text).toContain('# TYPE http_requests_total counter');
    expect(result.text).toContain('# TYPE http_request_duration_seconds histogram');
  });

  it('serves nothing else: other paths are 404, other methods 405', async () => {
    const origin = new URL(app.metricsUrl!).origin;
    expect((await fetch(`${origin}/`)).status).toBe(404);
    expect((await fetch(`${origin}/v2/ws-org`)).status).toBe(404);
    const post = await fetch(app.metricsUrl!, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('is not on the partner port: /metrics there is a 404 in the v2 envelope', async () => {
    const response = await apiClient(app.baseUrl).get('/metrics');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, message: 'No route for GET /metrics', code: 'NOT_FOUND', request_id: expect.any(String) });
  });
});

describe('with METRICS_PORT unset', () => {
  it('listens on the partner port only, and records nothing', async () => {
    const before = listeningServers();
    const app = await startMetricsTestApp({ metrics: undefined });
    try {
      expect(app.running.metrics).toBeUndefined();
      expect(listeningServers()).toBe(before + 1);
      const response = await apiClient(app.baseUrl).get('/metrics');
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    } finally {
      await app.close();
    }
  });
});

describe('one registry per app', () => {
  it('keeps two apps of one process apart: each counts its own requests', async () => {
    const first = await startMetricsTestApp();
    const second = await startMetricsTestApp();
    try {
      await apiClient(first.baseUrl).get('/healthz');
      await apiClient(first.baseUrl).get('/healthz');
      const healthz = { method: 'GET', route: '/healthz', status_code: '200' };
      expect(valueOf((await scrape(first.metricsUrl!)).samples, 'http_requests_total', healthz)).toBe(2);
      expect(valueOf((await scrape(second.metricsUrl!)).samples, 'http_requests_total', healthz)).toBeUndefined();
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('stopping', () => {
  it('closes the metrics listener with the app', async () => {
    const app = await startMetricsTestApp();
    const url = app.metricsUrl!;
    expect((await scrape(url)).status).toBe(200);
    await app.close();
    await expect(fetch(url)).rejects.toThrow();
  });
});
