import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { MetricsSettings } from '../config/config';

export const METRICS_PATH = '/metrics';
/** Scrapers send small requests; nothing on this port should hold a connection long. */
const REQUEST_TIMEOUT_MS = 10_000;

export interface MetricsListener {
  /** The bound port (METRICS_PORT, or the one the system chose for 0). */
  port: number;
  /** `http://host:port/metrics`. */
  url: string;
  /** Stops accepting; a scrape in flight is answered first. */
  close(): Promise<void>;
}

/** `/metrics` and nothing else: a bare node:http server, so none of the partner server's hooks, limits or keys apply. */
async function answer(registry: Registry, request: IncomingMessage, response: ServerResponse, logger: Logger): Promise<void> {
  const path = (request.url ?? '').split('?', 1)[0];
  if (path !== METRICS_PATH) {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
    return;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
    return;
  }
  try {
    const body = await registry.metrics();
    response.writeHead(200, { 'content-type': registry.contentType }).end(request.method === 'HEAD' ? undefined : body);
  } catch (error) {
    logger.error({ err: error }, 'metrics: scrape failed');
    response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics unavailable\n');
  }
}

function urlOf(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}${METRICS_PATH}`;
}

export async function startMetricsListener(registry: Registry, settings: MetricsSettings, logger: Logger): Promise<MetricsListener> {
  const server = createServer((request, response) => void answer(registry, request, response, logger));
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.headersTimeout = REQUEST_TIMEOUT_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // After listening, a socket error must not take the process (and the partner port) down with it.
  server.on('error', (error) => logger.error({ err: error }, 'metrics listener error'));
  const { port } = server.address() as AddressInfo;
  const url = urlOf(settings.host, port);
  logger.info({ metrics: url }, 'metrics listening');
  return {
    port,
    url,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // A scraper's keep-alive connection would otherwise hold close() open until it times out.
        server.closeIdleConnections();
      }),
  };
}
