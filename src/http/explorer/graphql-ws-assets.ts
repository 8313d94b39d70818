import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { registerImmutableAssets } from './immutable-assets';
import { GRAPHQL_WS_DIST_DIR, PAGE_PATHS } from './paths';

/**
 * The browser client of graphql-ws, which the explorer runs subscriptions with
 * (assets/subscriptions.js): the ES module build the package names for browsers
 * (`graphql-ws/client` → dist/client.js) and the chunks it imports (`./common-<hash>.js`, whose
 * name changes with each release), served from the installed package under a path named after its
 * version. It is the same graphql-ws the server speaks (the `graphql-transport-ws` subprotocol),
 * and it has no dependency of its own.
 *
 * Why not Ruru's copy: Ruru bundles graphql-ws too (static/9399.js), but as a webpack chunk its
 * own runtime loads only for the fetcher Ruru makes from `subscriptionUrl`. Our page passes its own
 * fetcher (keyless introspection; see ruru-page.ts and assets/explorer.js), which replaces Ruru's
 * whole, and Ruru exports nothing that creates a graphql-ws client; the chunk's module table is
 * webpack's internals.
 */

/** The entry point: what the explorer imports. */
export const GRAPHQL_WS_CLIENT = 'client.js';

/** The relative imports of a module: `from './x.js'`, `import './x.js'`, `import('./x.js')`. */
const RELATIVE_IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*["']\.\/([\w.-]+\.js)["']/g;

/**
 * client.js and every module it imports, directly or not, listed once at start-up: a request may
 * ask for these names and no other. Each import must be a file beside it (the build is flat); one
 * that is not fails start-up, rather than the explorer in a browser.
 */
export function clientModules(dir: string, entry: string): Set<string> {
  const found = new Set<string>();
  const pending = [entry];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (found.has(name)) continue;
    found.add(name);
    const source = readFileSync(path.join(dir, name), 'utf8');
    for (const [, imported] of source.matchAll(RELATIVE_IMPORT)) pending.push(imported);
  }
  return found;
}

const FILES: ReadonlySet<string> = clientModules(GRAPHQL_WS_DIST_DIR, GRAPHQL_WS_CLIENT);

export function registerGraphqlWsAssets(app: FastifyInstance): void {
  registerImmutableAssets(app, { prefix: PAGE_PATHS.graphqlWsAssets, dir: GRAPHQL_WS_DIST_DIR, files: FILES });
}
