import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { handleNotFound } from '../error-handler';
import { compress, entityTag, preferredEncoding, sendValidators, type Compressed } from './static-document';

/**
 * Files served to the explorer's browser from a folder: an installed npm package's (Ruru's bundle,
 * graphql-ws's client) or the page's own modules (assets/). Each folder is served under a path
 * named after the package's version or a hash of the files, so a change is a new URL and the files
 * are cached for a year and never revalidated. A request names one of the files listed when the
 * server starts, never a path on disk.
 */

export const ASSET_CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.ttf': 'font/ttf',
};
const HEADERS = { 'cache-control': 'public, max-age=31536000, immutable' };

interface Asset extends Compressed {
  etag: string;
  contentType: string;
}

export interface ImmutableAssets {
  /** The route's path, ending in a slash (PAGE_PATHS). */
  prefix: string;
  /** The folder the files are read from. */
  dir: string;
  /** The names a request may ask for: plain file names of `dir`, with a type in ASSET_CONTENT_TYPES. */
  files: ReadonlySet<string>;
}

export function registerImmutableAssets(app: FastifyInstance, { prefix, dir, files }: ImmutableAssets): void {
  /**
   * Compressed on first request and kept (most of Ruru's files are chunks a page rarely asks for).
   * The uncompressed file is read from disk each time: almost no client asks for it.
   */
  const assets = new Map<string, Promise<Asset>>();

  async function loadAsset(name: string): Promise<Asset> {
    const content = await readFile(path.join(dir, name));
    return { etag: entityTag(content), contentType: ASSET_CONTENT_TYPES[path.extname(name)], ...(await compress(content)) };
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
    const name = request.url.slice(prefix.length).split('?', 1)[0];
    if (!files.has(name)) return handleNotFound(request, reply);
    const asset = await assetNamed(name);
    if (sendValidators(request, reply, asset.etag, HEADERS)) return reply;
    void reply.type(asset.contentType);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding) return reply.header('content-encoding', encoding).send(asset[encoding]);
    return reply.send(await readFile(path.join(dir, name)));
  }

  app.get(`${prefix}*`, sendAsset);
}
