import type { FastifyInstance } from 'fastify';
import { registerImmutableAssets } from './immutable-assets';
import { EXPLORER_ASSETS_DIR, PAGE_PATHS, scriptsIn } from './paths';

/**
 * The explorer page's own script (assets/explorer.js) and the modules it imports, served like
 * Ruru's files but under a hash of their content (PAGE_PATHS.explorerAssets). They are plain ES
 * modules for the browser, linted as such (eslint.config.mjs), not compiled: the build copies them
 * into dist/ as they are.
 */

/** The entry point: the page's one script element names it. */
export const EXPLORER_SCRIPT = 'explorer.js';

const FILES: ReadonlySet<string> = new Set(scriptsIn(EXPLORER_ASSETS_DIR));

export function registerExplorerAssets(app: FastifyInstance): void {
  registerImmutableAssets(app, { prefix: PAGE_PATHS.explorerAssets, dir: EXPLORER_ASSETS_DIR, files: FILES });
}
