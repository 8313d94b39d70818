import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import Fastify from 'fastify';
import { frameworkAnswerOptions } from '../../src/http/framework-errors';
import { createLogger } from '../../src/logging/logger';
import { apiClient, startTestApp, type AnyBody } from '../support/test-app';
import { eventually } from '../support/webhook-receiver';
import { appForFile } from '../support/file-app';

/**
 * Answers that Fastify and Node's HTTP server used to write on their own, in their own format:
 * each must be our envelope (GraphQL's error shape under /graphql) with a sensible status.
 * Requests that fetch cannot send are written byte for byte on a socket.
 */

const { app, ws } = appForFile();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ENVELOPE_KEYS = ['code', 'message', 'request_id', 'success'];

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: AnyBody;
}

function portOf(baseUrl: string): number {
  return Number(new URL(baseUrl).port);
}

/** Reads one HTTP/1.1 response (Content-Length framed) from a socket. */
function readResponse(socket: net.Socket): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      buffered = Buffer.concat([buffered, chunk]);
      const headEnd = buffered.indexOf('\r\n\r\n');
      if (headEnd === -1) return;
      const [statusLine, ...lines] = buffered.subarray(0, headEnd).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      const length = Number(headers['content-length'] ?? 0);
      if (buffered.length < headEnd + 4 + length) return;
      socket.off('data', onData);
      socket.off('error', reject);
      const text = buffered.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8');
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: text ? JSON.parse(text) : undefined });
    };
    socket.on('data', onData);
    socket.once('error', reject);
  });
}

function connect(baseUrl: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(portOf(baseUrl), '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** One request written as given, one response read; the socket is closed afterwards. */
async function exchange(request: string, baseUrl = app.baseUrl): Promise<RawResponse> {
  const socket = await connect(baseUrl);
  try {
    const answer = readResponse(socket);
    socket.write(request);
    return await answer;
  } finally {
    socket.destroy();
  }
}

function get(path: string, headers: Record<string, string> = {}): string {
  const lines = Object.entries({ host: 'localhost', connection: 'close', ...headers }).map(([name, value]) => `${name}: ${value}\r\n`);
  return `GET ${path} HTTP/1.1\r\n${lines.join('')}\r\n`;
}

function expectEnvelope(body: AnyBody, message: string, code = 'BAD_REQUEST'): void {
  expect(body).toEqual({ success: false, message, code, request_id: expect.stringMatching(/\S/) });
  expect(Object.keys(body).sort()).toEqual(ENVELOPE_KEYS);
}

describe('a query string longer than the header limit (20,000 characters)', () => {
  const long = 'a'.repeat(20_000);

  it('is a 414 envelope under /v2, with a request id, and the connection closed', async () => {
    const response = await fetch(`${app.baseUrl}/v2/campaigns?search=${long}`, { headers: { 'x-api-key': ws.key } });
    expect(response.status).toBe(414);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('x-request-id')).toMatch(UUID);
    expect(response.headers.get('connection')).toBe('close');
    expectEnvelope(await response.json(), 'Request URL is too long');
  });

  it('is a 414 envelope elsewhere too', async () => {
    const response = await fetch(`${app.baseUrl}/healthz?x=${long}`);
    expect(response.status).toBe(414);
    expectEnvelope(await response.json(), 'Request URL is too long');
  });

  it("is GraphQL's error shape under /graphql", async () => {
    const response = await fetch(`${app.baseUrl}/graphql?query=${long}`, { headers: { 'x-api-key': ws.key, 'apollo-require-preflight': 'true' } });
    expect(response.status).toBe(414);
    expect(response.headers.get('x-request-id')).toMatch(UUID);
    expect(await response.json()).toEqual({ errors: [{ message: 'Request URL is too long', extensions: { code: 'BAD_REQUEST' } }] });
  });

  it('is a 431 envelope when the headers, not the URL, are too large', async () => {
    const response = await fetch(`${app.baseUrl}/v2/campaigns`, { headers: { 'x-api-key': ws.key, 'x-padding': long } });
    expect(response.status).toBe(431);
    expect(response.headers.get('x-request-id')).toMatch(UUID);
    expectEnvelope(await response.json(), 'Request headers are too large');
  });
});

describe('a path id longer than the router allows (101 digits)', () => {
  const longId = '9'.repeat(101);

  it('is answered by its route like any id that names nothing: 404 with the resource name', async () => {
    for (const [path, message] of [
      ['/v2/campaigns', 'Campaign not found'],
      ['/v2/phases', 'Phase not found'],
      ['/v2/advertiser-accounts', 'Advertiser account not found'],
      ['/v2/events', 'Event not found'],
    ]) {
      const unknown = await ws.api.get(`${path}/2147483000`);
      const long = await ws.api.get(`${path}/${longId}`, { 'x-request-id': 'trace-long-id' });
      expect({ path, status: long.status, body: long.body }).toEqual({ path, status: 404, body: { ...unknown.body, request_id: 'trace-long-id' } });
      expectEnvelope(long.body, message, 'NOT_FOUND');
      expect(long.headers.get('x-request-id')).toBe('trace-long-id');
    }
  });

  it('is authenticated first, like every other id', async () => {
    const response = await apiClient(app.baseUrl).get(`/v2/campaigns/${longId}`);
    expect(response.status).toBe(401);
    expectEnvelope(response.body, 'API key is missing', 'UNAUTHENTICATED');
  });

  it('holds for writes too', async () => {
    const response = await ws.api.delete(`/v2/campaigns/${longId}`);
    expect(response.status).toBe(404);
    expectEnvelope(response.body, 'Campaign not found', 'NOT_FOUND');
  });
});

describe('a path that is not valid percent-encoded UTF-8 (/v2/campaigns/%FF)', () => {
  const headers = { 'x-request-id': 'trace-bad-escape' };

  it('is answered by its route like any id that names nothing: 404 envelope, request id kept', async () => {
    for (const segment of ['%FF', '%E0%A4', '%zz', '%', '12%FF']) {
      const response = await exchange(get(`/v2/campaigns/${segment}`, { 'x-api-key': ws.key, ...headers }));
      expect({ segment, status: response.status }).toEqual({ segment, status: 404 });
      expectEnvelope(response.body, 'Campaign not found', 'NOT_FOUND');
      expect(response.headers['x-request-id']).toBe('trace-bad-escape');
    }
  });

  it('is authenticated first, like every other id', async () => {
    const response = await exchange(get('/v2/campaigns/%FF', headers));
    expect(response.status).toBe(401);
    expectEnvelope(response.body, 'API key is missing', 'UNAUTHENTICATED');
  });

  it('leaves well-formed escapes alone: an id written as %3x digits still names its record', async () => {
    const account = await ws.api.post('/v2/advertiser-accounts', { name: 'Café' });
    const id = account.body.data.advertiser_account.id as number;
    const encoded = [...String(id)].map((digit) => `%3${digit}`).join('');
    const wellFormed = await exchange(get(`/v2/advertiser-accounts/${encoded}`, { 'x-api-key': ws.key }));
    expect(wellFormed.status).toBe(200);
    expect(wellFormed.body.data.advertiser_account.name).toBe('Café');
  });

  it('is a 404 envelope on a path no route serves', async () => {
    const response = await exchange(get('/v2/%FF/x', { 'x-api-key': ws.key }));
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, message: expect.stringMatching(/^No route for GET \/v2\//), code: 'NOT_FOUND', request_id: expect.any(String) });
  });
});

describe('router errors that remain (frameworkErrors)', () => {
  // With the real server neither can happen any more (ids of any length and ill-formed escapes
  // reach their route); this server keeps Fastify's default router limits to show what is
  // answered should one come back.
  let server: ReturnType<typeof Fastify>;
  let baseUrl: string;

  beforeAll(async () => {
    const logger = createLogger('silent');
    const options = frameworkAnswerOptions(logger);
    const genReqId = (request: http.IncomingMessage): string => String(request.headers['x-request-id'] ?? randomUUID());
    server = Fastify({ ...options, loggerInstance: logger, genReqId, rewriteUrl: undefined, routerOptions: { maxParamLength: 5 } });
    server.get('/v2/things/:id', async () => ({ success: true }));
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.server.address() as net.AddressInfo;
    baseUrl = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await server.close();
  });

  it('FST_ERR_MAX_PARAM_LENGTH is a 404 envelope (the id names nothing), request id kept', async () => {
    const response = await exchange(get('/v2/things/123456', { 'x-request-id': 'trace-router' }), baseUrl);
    expect(response.status).toBe(404);
    expectEnvelope(response.body, 'Not found', 'NOT_FOUND');
    expect(response.headers['x-request-id']).toBe('trace-router');
  });

  it('FST_ERR_BAD_URL is a 400 envelope that does not echo the path', async () => {
    const response = await exchange(get('/v2/things/%FF'), baseUrl);
    expect(response.status).toBe(400);
    expectEnvelope(response.body, 'Malformed request URL');
    expect(response.headers['x-request-id']).toMatch(UUID);
  });
});

describe('a request Node cannot parse', () => {
  it('is a 400 envelope with a request id, the connection closed', async () => {
    for (const request of ['HELLO THERE\r\n\r\n', 'POST /v2/campaigns HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}', 'GET /v2/campaigns HTTP/1.1\r\nHost: x\r\nBad Header Name: 1\r\n\r\n']) {
      const response = await exchange(request);
      expect({ request, status: response.status }).toEqual({ request, status: 400 });
      expectEnvelope(response.body, 'Malformed HTTP request');
      expect(response.headers['x-request-id']).toMatch(UUID);
      expect(response.headers.connection).toBe('close');
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    }
  });

  it("is GraphQL's error shape when the request line names /graphql", async () => {
    const response = await exchange('POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ errors: [{ message: 'Malformed HTTP request', extensions: { code: 'BAD_REQUEST' } }] });
  });
});

describe('an HTTP/1.1 request without Host', () => {
  it('is a 400 envelope (Node answered an empty 400), request id kept', async () => {
    const response = await exchange('GET /v2/campaigns HTTP/1.1\r\nx-request-id: trace-no-host\r\nconnection: close\r\n\r\n');
    expect(response.status).toBe(400);
    expectEnvelope(response.body, 'Host header is required');
    expect(response.headers['x-request-id']).toBe('trace-no-host');
  });

  it('is still served over HTTP/1.0, which has no Host', async () => {
    const response = await exchange('GET /healthz HTTP/1.0\r\n\r\n');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });
});

describe('an Expect header other than 100-continue', () => {
  it('is a 417 envelope (Node answered an empty 417), request id kept', async () => {
    const response = await exchange(get('/v2/campaigns', { expect: 'something-else', 'x-request-id': 'trace-expect', 'x-api-key': ws.key }));
    expect(response.status).toBe(417);
    expectEnvelope(response.body, 'Only "Expect: 100-continue" is supported');
    expect(response.headers['x-request-id']).toBe('trace-expect');
  });
});

describe('a request that arrives while the server shuts down', () => {
  it('is a 503 envelope with Retry-After and Connection: close (Fastify answered in its own format)', async () => {
    const closing = await startTestApp();
    const accepted = new Promise<net.Socket>((resolve) => closing.running.server.server.once('connection', resolve));
    const socket = await connect(closing.baseUrl);
    const serverSide = await accepted;
    const answer = readResponse(socket);
    // Half a request keeps the connection busy, so shutdown waits for it instead of closing it as idle;
    // shutdown starts once the server has read it (its parser is then inside a request).
    const head = 'GET /healthz HTTP/1.1\r\nhost: localhost\r\n';
    socket.write(head);
    await eventually(async () => serverSide.bytesRead, (read) => read >= Buffer.byteLength(head));
    const stopped = closing.close();
    try {
      await waitUntilRefused(closing.baseUrl);
      socket.write('x-request-id: trace-shutdown\r\n\r\n');
      const response = await answer;
      expect(response.status).toBe(503);
      expectEnvelope(response.body, 'The server is shutting down', 'SERVICE_UNAVAILABLE');
      expect(response.headers['retry-after']).toBe('1');
      expect(response.headers.connection).toBe('close');
      expect(response.headers['x-request-id']).toBe('trace-shutdown');
    } finally {
      socket.destroy();
      await stopped;
    }
  });
});

/** Once the listening socket is closed, Fastify is in its closing state. */
async function waitUntilRefused(baseUrl: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const refused = await connect(baseUrl).then(
      (socket) => {
        socket.destroy();
        return false;
      },
      () => true,
    );
    if (refused) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the server kept accepting connections');
}

describe('a 5 MB body', () => {
  const FIVE_MB = Buffer.from(JSON.stringify({ name: 'x'.repeat(5 * 1024 * 1024) }));
  const ROUNDS = 20;

  /** The body as a real network delivers it: 256 KiB at a time, still arriving after the 413 is sent. */
  function trickle(): ReadableStream<Uint8Array> {
    let offset = 0;
    return new ReadableStream({
      async pull(controller) {
        if (offset >= FIVE_MB.length) return controller.close();
        await new Promise((resolve) => setTimeout(resolve, 1));
        controller.enqueue(FIVE_MB.subarray(offset, offset + 256 * 1024));
        offset += 256 * 1024;
      },
    });
  }

  async function upload(declareLength: boolean): Promise<{ status: number; requestId: string | null; body: AnyBody } | { error: string }> {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-api-key': ws.key };
    if (declareLength) headers['content-length'] = String(FIVE_MB.length);
    try {
      const response = await fetch(`${app.baseUrl}/v2/advertiser-accounts`, { method: 'POST', headers, body: trickle(), duplex: 'half' } as RequestInit);
      return { status: response.status, requestId: response.headers.get('x-request-id'), body: await response.json() };
    } catch (error) {
      // Before the fix: "fetch failed", cause "write EPIPE" (the server closed while we wrote).
      return { error: `${(error as Error).message}: ${String((error as { cause?: Error }).cause?.message)}` };
    }
  }

  /** node:http, asking for `Connection: close` itself (then Node closes after the answer whatever we say). */
  function uploadAskingToClose(): Promise<Awaited<ReturnType<typeof upload>>> {
    return new Promise((resolve) => {
      const headers = { connection: 'close', 'content-type': 'application/json', 'content-length': FIVE_MB.length, 'x-api-key': ws.key };
      const request = http.request(`${app.baseUrl}/v2/advertiser-accounts`, { method: 'POST', agent: false, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, requestId: String(response.headers['x-request-id']), body: JSON.parse(Buffer.concat(chunks).toString()) }));
      });
      request.on('error', (error) => resolve({ error: error.message }));
      let offset = 0;
      const trickleOut = (): void => {
        if (offset >= FIVE_MB.length) return void request.end();
        request.write(FIVE_MB.subarray(offset, offset + 256 * 1024));
        offset += 256 * 1024;
        setTimeout(trickleOut, 1);
      };
      trickleOut();
    });
  }

  async function expectEvery413(send: () => ReturnType<typeof upload>): Promise<void> {
    const outcomes = [];
    for (let round = 0; round < ROUNDS; round += 1) outcomes.push(await send());
    expect(outcomes).toEqual(Array.from({ length: ROUNDS }, () => ({ status: 413, requestId: expect.stringMatching(UUID), body: { success: false, message: 'Request body is too large', code: 'BAD_REQUEST', request_id: expect.any(String) } })));
    const [{ count }] = await app.dataSource.query('SELECT count(*)::int AS count FROM advertiser_accounts WHERE organisation_id = $1 AND length(name) > 1000', [ws.organisationId]);
    expect(count).toBe(0);
  }

  it(`gets the 413 envelope ${ROUNDS} times out of ${ROUNDS} with Content-Length (refused before reading)`, async () => {
    await expectEvery413(() => upload(true));
  });

  it(`gets the 413 envelope ${ROUNDS} times out of ${ROUNDS} when chunked (refused after 1 MB)`, async () => {
    await expectEvery413(() => upload(false));
  });

  it(`gets the 413 envelope ${ROUNDS} times out of ${ROUNDS} when the client asks for Connection: close`, async () => {
    await expectEvery413(uploadAskingToClose);
  });

  it('closes the connection in stages: the answer and our FIN first, the rest of the body still read, no reset', async () => {
    const socket = await connect(app.baseUrl);
    const events: string[] = [];
    socket.on('end', () => events.push('server closed its side'));
    socket.on('error', (error) => events.push(`error: ${error.message}`));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    const answer = readResponse(socket);
    socket.write(`POST /v2/advertiser-accounts HTTP/1.1\r\nhost: localhost\r\nx-api-key: ${ws.key}\r\ncontent-type: application/json\r\ncontent-length: ${FIVE_MB.length}\r\n\r\n`);
    const response = await answer;
    expect(response.status).toBe(413);
    expect(response.headers.connection).toBe('close');
    expectEnvelope(response.body, 'Request body is too large');
    // The whole body can still be written after the answer came…
    await new Promise<void>((resolve, reject) => socket.write(FIVE_MB, (error) => (error ? reject(error) : resolve())));
    events.push('body written');
    // …and once we are done, the connection closes without a reset.
    socket.end();
    await closed;
    expect(events.filter((event) => event !== 'server closed its side')).toEqual(['body written']);
    expect(events).toContain('server closed its side');
  });

  it('reaches a client that stops sending halfway, without waiting for the rest', async () => {
    const socket = await connect(app.baseUrl);
    try {
      const answer = readResponse(socket);
      socket.write(`POST /v2/advertiser-accounts HTTP/1.1\r\nhost: localhost\r\nx-api-key: ${ws.key}\r\ncontent-type: application/json\r\ncontent-length: ${FIVE_MB.length}\r\n\r\n`);
      socket.write(FIVE_MB.subarray(0, 2 * 1024 * 1024));
      const response = await answer;
      expect(response.status).toBe(413);
      expectEnvelope(response.body, 'Request body is too large');
    } finally {
      socket.destroy();
    }
  });
});
