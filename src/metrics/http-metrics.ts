import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';

/** The route label of every request no route matched: one value, whatever the path (bounded cardinality). */
export const UNMATCHED_ROUTE = 'unmatched';
/** The method label of anything but the usual methods; Fastify accepts a few dozen more, clients rarely send them. */
export const OTHER_METHOD = 'OTHER';

const METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const LABELS = ['method', 'route', 'status_code'] as const;
type HttpLabel = (typeof LABELS)[number];

/** Up to REQUEST_TIMEOUT_MS's default (30 s): a request cannot take longer than that to arrive. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export interface HttpInstruments {
  requests: Counter<HttpLabel>;
  duration: Histogram<HttpLabel>;
}

export function httpInstruments(registry: Registry): HttpInstruments {
  return {
    requests: new Counter({
      name: 'http_requests_total',
      help: 'Requests answered on the partner port, by method, route pattern and status.',
      labelNames: LABELS,
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to the end of its answer, by method, route pattern and status.',
      labelNames: LABELS,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
  };
}

/**
 * The route's pattern (`/v2/campaigns/:id`), never the URL: ids and query strings in labels would
 * make a new series per record.
 */
function routeOf(request: FastifyRequest): string {
  return request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
}

function methodOf(request: FastifyRequest): string {
  return METHODS.has(request.method) ? request.method : OTHER_METHOD;
}

/**
 * Times every request of the partner server, refusals by the limits and the 404 handler included.
 * Registered at the root before any route, so every route and plugin inherits the hook. Nothing is
 * registered when metrics are off.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: { http: HttpInstruments } | undefined): void {
  if (!metrics) return;
  const { requests, duration } = metrics.http;
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: methodOf(request), route: routeOf(request), status_code: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });
}
