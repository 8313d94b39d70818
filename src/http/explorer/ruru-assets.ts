import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ASSET_CONTENT_TYPES, registerImmutableAssets } from './immutable-assets';
import { PAGE_PATHS, RURU_PACKAGE_DIR } from './paths';

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

/** The names a request may ask for, listed once: a request never names a path on disk. */
const FILES: ReadonlySet<string> = new Set(readdirSync(STATIC_DIR).filter((name) => Object.hasOwn(ASSET_CONTENT_TYPES, path.extname(name))));

export function registerRuruAssets(app: FastifyInstance): void {
  registerImmutableAssets(app, { prefix: PAGE_PATHS.ruruAssets, dir: STATIC_DIR, files: FILES });
}
