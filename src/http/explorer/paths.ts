import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

function packageVersion(packageDir: string): string {
  return (JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The installed `ruru` package (its `static` folder holds the explorer's files). */
export const RURU_PACKAGE_DIR = path.join(path.dirname(require.resolve('ruru/server')), '..');

/**
 * The installed ruru's version. It names the folder its assets are served from, so an upgrade is a
 * new URL: browsers may then keep the assets forever (`immutable`) without ever running stale code.
 */
export const RURU_VERSION: string = packageVersion(RURU_PACKAGE_DIR);

/** The `dist` folder of the installed `graphql-ws` (the server's transport; its browser client is served to the explorer). */
export const GRAPHQL_WS_DIST_DIR = path.dirname(require.resolve('graphql-ws'));

/** The installed graphql-ws's version: it names the folder its client is served from, like RURU_VERSION. */
export const GRAPHQL_WS_VERSION: string = packageVersion(path.join(GRAPHQL_WS_DIST_DIR, '..'));

/**
 * The explorer page's own browser modules (explorer.js and what it imports): plain ES modules kept
 * beside this file, in src/ and, copied by the build (scripts/build-state.mjs), in dist/.
 */
export const EXPLORER_ASSETS_DIR = path.join(__dirname, 'assets');

/** The JavaScript files of a folder, by name: the only names a request may ask for. */
export function scriptsIn(dir: string): string[] {
  return readdirSync(dir).filter((name) => name.endsWith('.js')).sort();
}

/**
 * A hash of every file's name and content: it names the folder the explorer's modules are served
 * from, as a version names a package's, so an edit is a new URL and browsers may keep the files
 * forever. Read at start-up: a build without the files fails to start rather than serve a broken page.
 */
function contentHash(dir: string, names: readonly string[]): string {
  const hash = createHash('sha256');
  for (const name of names) hash.update(`${name}\0`).update(readFileSync(path.join(dir, name))).update('\0');
  return hash.digest('hex').slice(0, 16);
}

export const EXPLORER_ASSETS_HASH: string = contentHash(EXPLORER_ASSETS_DIR, scriptsIn(EXPLORER_ASSETS_DIR));

/** Paths of the browser-facing routes, as the server sees them (behind a proxy, PUBLIC_URL's path comes first). */
export const PAGE_PATHS = {
  landing: '/',
  explorer: '/graphql',
  sandbox: '/graphql/sandbox',
  /** Ruru's bundle (scripts, styles, web workers, font); must end in a slash. */
  ruruAssets: `/graphql/explorer/ruru-${RURU_VERSION}/`,
  /** graphql-ws's browser client (ES modules), which the explorer runs subscriptions with; must end in a slash. */
  graphqlWsAssets: `/graphql/explorer/graphql-ws-${GRAPHQL_WS_VERSION}/`,
  /** The explorer page's own modules (assets/explorer.js, its entry, and its imports); must end in a slash. */
  explorerAssets: `/graphql/explorer/page-${EXPLORER_ASSETS_HASH}/`,
  /** The running schema's introspection result, which the explorer's docs are built from. */
  introspection: '/graphql/explorer/introspection.json',
  sdl: '/schema.graphql',
  // Served by src/http/rest/openapi, linked from here.
  docs: '/docs',
  openapi: '/v2/openapi.json',
  rest: '/v2',
} as const;

export type PagePath = keyof typeof PAGE_PATHS;

/**
 * The path PUBLIC_URL puts in front of every route (`https://api.example.com/partner` → `/partner`),
 * empty without one. Links in pages start with it, so they work behind a proxy that strips it.
 */
export function basePathOf(publicUrl: string | undefined): string {
  return publicUrl ? new URL(publicUrl).pathname.replace(/\/+$/, '') : '';
}

/** Every page path as the browser must ask for it. */
export function publicPaths(publicUrl: string | undefined): Record<PagePath, string> {
  const base = basePathOf(publicUrl);
  const entries = Object.entries(PAGE_PATHS).map(([name, target]) => [name, `${base}${target}`]);
  return Object.fromEntries(entries) as Record<PagePath, string>;
}
