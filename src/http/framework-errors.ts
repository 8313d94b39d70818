import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyBaseLogger, FastifyError, FastifyHttpOptions, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { ErrorCode } from '../common/error-codes';
import { INTERNAL_ERROR_MESSAGE } from './error-handler';
import { codeOfStatus } from './error-status';
import { failure, type ErrorEnvelope } from './rest/envelope';

/**
 * Answers that Fastify or Node's HTTP server would otherwise write on their own, in their own
 * format, before (or instead of) our handlers: parser errors, router errors, requests during
 * shutdown, a missing Host, an unknown Expect, and bodies refused before they were read.
 * Each is answered in the shape of the face that was called: the v2 envelope, or GraphQL's
 * `{errors: [{message, extensions: {code}}]}` under /graphql. No message names a path, a
 * Fastify code or a parser state.
 */

/** Node's default, made explicit: the request line and all headers together. */
export const MAX_HEADER_BYTES = 16 * 1024;

/**
 * For `routerOptions.maxParamLength`: no path parameter can outgrow the URL Node accepts, so an id
 * of any length reaches its route, which answers it like every id that names nothing (after
 * authentication), instead of the router's 414.
 */
export const MAX_PARAM_LENGTH = MAX_HEADER_BYTES;

/**
 * How long a connection may go on sending a body we answered without reading (413 and friends)
 * before it is cut. The bytes are read and thrown away meanwhile, so the client's writes do not
 * meet a reset before it has read our answer (see closeInStages).
 */
export const UNREAD_BODY_DRAIN_MS = 10_000;

/** After a parser error the connection is closed; this long for the client to read the answer first. */
const CLIENT_ERROR_LINGER_MS = 2_000;

export interface GraphQLFailure {
  errors: { message: string; extensions: { code: ErrorCode } }[];
}

type GenReqId = (request: { headers: IncomingMessage['headers'] }) => string;

function pathOf(target: string): string {
  if (target.startsWith('/')) return target.split(/[?#]/, 1)[0];
  try {
    return new URL(target).pathname;
  } catch {
    return target;
  }
}

export function isGraphQLTarget(target: string | undefined): boolean {
  return target !== undefined && /^\/graphql(?:\/stream)?\/?$/.test(pathOf(target));
}

/**
 * The body of a refusal, in the shape of the face the request target names (the envelope when
 * unknown). The code is the status's (codeOfStatus) unless given.
 */
export function failureBody(
  target: string | undefined,
  requestId: string,
  status: number,
  message: string,
  code: ErrorCode = codeOfStatus(status),
): ErrorEnvelope | GraphQLFailure {
  return isGraphQLTarget(target) ? { errors: [{ message, extensions: { code } }] } : failure(message, code, requestId);
}

/* ---------------------------------------------------------------- router errors (frameworkErrors) */

/**
 * A path segment that is not valid percent-encoded UTF-8 (`/v2/campaigns/%FF`) is routed as the
 * literal text it is, so the route answers it like any other id that names nothing (401 without a
 * key, then 404 "… not found"), instead of the router refusing the whole URL before authentication.
 * Only the path is touched, and only when it cannot be decoded.
 */
export function routableUrl(request: IncomingMessage): string {
  const url = request.url ?? '/';
  const split = url.search(/[?#]/);
  const path = split === -1 ? url : url.slice(0, split);
  if (!path.includes('%') || decodes(path, decodeURI)) return url;
  const literal = path
    .split('/')
    .map((segment) => (decodes(segment, decodeURIComponent) ? segment : segment.replaceAll('%', '%25')))
    .join('/');
  return split === -1 ? literal : literal + url.slice(split);
}

function decodes(text: string, decode: (text: string) => string): boolean {
  try {
    decode(text);
    return true;
  } catch {
    return false;
  }
}

const ROUTER_REFUSALS: Record<string, { status: number; message: string }> = {
  // A target the router cannot read at all (e.g. `GET *`); ill-formed escapes are handled by routableUrl.
  FST_ERR_BAD_URL: { status: 400, message: 'Malformed request URL' },
  // Unreachable while maxParamLength is MAX_PARAM_LENGTH; kept as "names nothing" should either change.
  FST_ERR_MAX_PARAM_LENGTH: { status: 404, message: 'Not found' },
};

/** Fastify's `frameworkErrors`: errors its router raises before any hook or handler runs. */
export function answerRouterError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const outcome = ROUTER_REFUSALS[error.code] ?? { status: 500, message: INTERNAL_ERROR_MESSAGE };
  if (outcome.status >= 500) request.log.error({ err: error }, 'request failed in the router');
  else request.log.info({ status: outcome.status, reason: error.code }, 'request refused by the router');
  void reply.header('x-request-id', request.id).status(outcome.status).send(failureBody(request.url, request.id, outcome.status, outcome.message));
}

/* ------------------------------------------------------- parser errors (clientErrorHandler) */

function requestLine(packet: Buffer | undefined): { target?: string; length: number } {
  if (!packet) return { length: 0 };
  const head = packet.subarray(0, MAX_HEADER_BYTES * 4).toString('latin1');
  const end = head.indexOf('\r\n');
  const line = end === -1 ? head : head.slice(0, end);
  const match = /^[A-Z]+ (\S+)/.exec(line);
  return { target: match?.[1], length: match ? line.length : 0 };
}

function clientErrorOutcome(error: ConnectionError, lineLength: number): { status: number; message: string } {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      // Node cannot tell the two apart: a request line that alone is over the limit is a long URL.
      return lineLength >= MAX_HEADER_BYTES ? { status: 414, message: 'Request URL is too long' } : { status: 431, message: 'Request headers are too large' };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, message: 'Request body is too large' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'Request timed out' };
    default:
      return { status: 400, message: 'Malformed HTTP request' };
  }
}

/**
 * Fastify's `clientErrorHandler`: Node's parser gave up on the bytes, so there is no request object.
 * The answer still gets a request id (logged with the refusal) and, when the request line could be
 * read, the shape of its face. The connection is ended, not destroyed: a socket closed with unread
 * bytes sends a reset that can overtake the answer.
 */
export function answerClientError(logger: FastifyBaseLogger): (error: ConnectionError, socket: Socket) => void {
  const answered = new WeakSet<Socket>();
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
    answered.add(socket);
    const packet: unknown = (error as { rawPacket?: unknown }).rawPacket;
    const line = requestLine(Buffer.isBuffer(packet) ? packet : undefined);
    const { status, message } = clientErrorOutcome(error, line.length);
    const id = randomUUID();
    logger.info({ reqId: id, status, reason: error.code }, 'request refused by the HTTP parser');
    if (socket.writable) {
      const body = JSON.stringify(failureBody(line.target, id, status, message));
      socket.end(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
          `x-request-id: ${id}\r\nconnection: close\r\n\r\n${body}`,
      );
    }
    const cut = setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS);
    cut.unref();
    socket.once('close', () => clearTimeout(cut));
  };
}

/* ------------------------------------------------------------- the options and the hooks */

/** The Fastify options behind the answers above; spread into `Fastify({...})`. */
export function frameworkAnswerOptions(logger: FastifyBaseLogger): FastifyHttpOptions<Server> {
  return {
    // Node's own limit, explicit; a longer request line or header set is the parser's 414/431 above.
    // The Host check moves to onRequest (below), where its answer can be the envelope.
    http: { maxHeaderSize: MAX_HEADER_BYTES, requireHostHeader: false },
    rewriteUrl: routableUrl,
    frameworkErrors: answerRouterError as FastifyServerOptions['frameworkErrors'],
    clientErrorHandler: answerClientError(logger),
    // Fastify's shutdown 503 is written in its own format; the onRequest hook below answers instead.
    return503OnClosing: false,
  };
}

const stagedSockets = new WeakSet<Socket>();

/**
 * RFC 9112 §9.6's staged close. Node's HTTP server ends a connection after its last response with
 * `socket.destroySoon()`: FIN, then destroy as soon as the answer is written, while the client may
 * still be sending a body we did not read; the unread bytes make the kernel send a reset, and the
 * client's next write fails (EPIPE/ECONNRESET) before it has read our answer. Here the FIN goes
 * out the same, but the socket stays open for reading (Node's parser goes on discarding the body)
 * until the client closes its side, or UNREAD_BODY_DRAIN_MS have passed.
 */
function closeInStages(socket: Socket | null): void {
  if (!socket || stagedSockets.has(socket)) return;
  stagedSockets.add(socket);
  socket.destroySoon = function closeWhenTheClientHasStoppedSending(this: Socket): void {
    this.end();
    const cut = setTimeout(() => this.destroy(), UNREAD_BODY_DRAIN_MS);
    cut.unref();
    this.once('close', () => clearTimeout(cut));
  };
}

function refuse(request: FastifyRequest, reply: FastifyReply, status: number, message: string): FastifyReply {
  request.log.info({ status, reason: message }, 'request refused');
  return reply.status(status).send(failureBody(request.url, request.id, status, message));
}

/**
 * Hooks and listeners for the answers Fastify would otherwise give in its own format. Register
 * after the hook that sets `x-request-id`, so these answers carry it too.
 */
export function registerFrameworkAnswers(app: FastifyInstance, genReqId: GenReqId): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  app.addHook('onRequest', async (request, reply) => {
    if (closing) {
      // Fastify has already asked for `Connection: close` on this response.
      void reply.header('retry-after', '1');
      return refuse(request, reply, 503, 'The server is shutting down');
    }
    // RFC 9112 §3.2, which Node enforces by default with an empty 400.
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) return refuse(request, reply, 400, 'Host header is required');
  });

  // A body answered before it was read (413 on Content-Length, or mid-stream): the connection
  // must close, but closing it at once resets it while the client is still writing, and the client
  // then reports the reset instead of our answer. It is closed in stages instead (below).
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!request.raw.complete && !request.raw.destroyed) closeInStages(request.raw.socket);
    return payload;
  });

  // Node answers an Expect other than 100-continue with an empty 417 unless someone listens.
  app.server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    const id = genReqId(request);
    app.log.info({ reqId: id, status: 417, reason: 'Expect header' }, 'request refused');
    const body = JSON.stringify(failureBody(request.url, id, 417, 'Only "Expect: 100-continue" is supported'));
    response.writeHead(417, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), 'x-request-id': id });
    response.end(body);
  });
}
