import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsEncoding, etagMatches } from './negotiation';

/**
 * Documents made once (a page, the SDL, the introspection result, Ruru's files) and sent as they
 * are: with an ETag, so a browser revalidates its copy for a 304, and compressed once, not per
 * request (the introspection result is 196 kB, 14 kB in brotli; Ruru's script 1.2 MB).
 */

export interface Compressed {
  readonly br: Buffer;
  readonly gzip: Buffer;
}

export interface StaticDocument extends Compressed {
  readonly contentType: string;
  readonly etag: string;
  readonly identity: Buffer;
  /** Sent with the document, over the defaults (Content-Security-Policy of a page, Vary of a negotiated one, Cache-Control). */
  readonly headers: Readonly<Record<string, string>>;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Quality 5: within 15% of brotli's best, in 2 ms instead of 170 ms for the introspection result.
const BROTLI_QUALITY = 5;

/** In the thread pool, so that compressing Ruru's script on its first request does not stall other requests. */
export async function compress(content: Buffer): Promise<Compressed> {
  const [br, gzipped] = await Promise.all([brotliAsync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }), gzipAsync(content)]);
  return { br, gzip: gzipped };
}

export function entityTag(content: Buffer): string {
  return `"${createHash('sha256').update(content).digest('base64url').slice(0, 27)}"`;
}

/** The coding to answer with: brotli, else gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): keyof Compressed | undefined {
  if (acceptsEncoding(acceptEncoding, 'br')) return 'br';
  return acceptsEncoding(acceptEncoding, 'gzip') ? 'gzip' : undefined;
}

export async function staticDocument(body: string, contentType: string, headers: Record<string, string> = {}): Promise<StaticDocument> {
  const identity = Buffer.from(body, 'utf8');
  return { contentType, etag: entityTag(identity), identity, ...(await compress(identity)), headers };
}

/** Headers of every answer here, and whether the client's copy is current (then the answer is a bodiless 304, already sent). */
export function sendValidators(request: FastifyRequest, reply: FastifyReply, etag: string, headers: Readonly<Record<string, string>>): boolean {
  void reply.headers({ 'cache-control': 'no-cache', vary: 'accept-encoding', 'x-content-type-options': 'nosniff', ...headers, etag });
  if (!etagMatches(request.headers['if-none-match'], etag)) return false;
  void reply.status(304).send();
  return true;
}

export function sendDocument(request: FastifyRequest, reply: FastifyReply, document: StaticDocument): FastifyReply {
  if (sendValidators(request, reply, document.etag, document.headers)) return reply;
  void reply.type(document.contentType);
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  return encoding ? reply.header('content-encoding', encoding).send(document[encoding]) : reply.send(document.identity);
}
