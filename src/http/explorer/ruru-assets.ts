import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { handleNotFound } from '../error-handler';
import { PAGE_PATHS, RURU_PACKAGE_DIR } from './paths';
import { compress, entityTag, preferredEncoding, sendValidators, type Compressed } from './static-document';

/**
 * Ruru's files (scripts, styles, web workers, a font), served from the `static` folder of the
 * `ruru` package, the folder its default `staticPath` points to on a CDN: the explorer needs no
 * CDN. The folder is named after ruru's version in the URL, so the files are cached for a year and
 * never revalidated. Source maps and licence texts are not served.
 *
 * (ruru/static's getStaticFile serves the same files from a bundle, but loads it with a dynamic
 * import() that Jest's module sandbox refuses.)
 */

const STATIC_DIR = path.join(RURU_PACKAGE_DIR, 'static');
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.ttf': 'font/ttf',
};
const HEADERS = { 'cache-control': 'public, max-age=31536000, immutable' };

interface Asset extends Compressed {
  etag: string;
  contentType: string;
}

/** The names a request may ask for, listed once: a request never names a path on disk. */
const FILES: ReadonlySet<string> = new Set(readdirSync(STATIC_DIR).filter((name) => Object.hasOwn(CONTENT_TYPES, path.extname(name))));

/**
 * Compressed on first request and kept (at most the 11 MB of the folder, compressed: about 3 MB
 * per coding, and most files are chunks a page rarely asks for). The uncompressed file is read
 * from disk each time: almost no client asks for it.
 */
const assets = new Map<string, Promise<Asset>>();

async function loadAsset(name: string): Promise<Asset> {
  const content = await readFile(path.join(STATIC_DIR, name));
  return { etag: entityTag(content), contentType: CONTENT_TYPES[path.extname(name)], ...(await compress(content)) };
}

function assetNamed(name: string): Promise<Asset> {
  let asset = assets.get(name);
  if (!asset) {
    asset = loadAsset(name);
    assets.set(name, asset);
    asset.catch(() => assets.delete(name));
  }
  return asset;
}

async function sendAsset(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const name = request.url.slice(PAGE_PATHS.ruruAssets.length).split('?', 1)[0];
  if (!FILES.has(name)) return handleNotFound(request, reply);
  const asset = await assetNamed(name);
  if (sendValidators(request, reply, asset.etag, HEADERS)) return reply;
  void reply.type(asset.contentType);
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding) return reply.header('content-encoding', encoding).send(asset[encoding]);
  return reply.send(await readFile(path.join(STATIC_DIR, name)));
}

export function registerRuruAssets(app: FastifyInstance): void {
  app.get(`${PAGE_PATHS.ruruAssets}*`, sendAsset);
}
