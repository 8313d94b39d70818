import type { RuruClientConfig } from 'ruru/server';
import { ruruHTML } from 'ruru/server';
import { EXPLORER_SCRIPT } from './explorer-assets';
import { GRAPHQL_WS_CLIENT } from './graphql-ws-assets';
import { escapeHtml, NO_FAVICON, scriptLiteral } from './html';
import type { PagePath } from './paths';

/**
 * The explorer page at /graphql: Ruru (GraphiQL with the GraphiQL Explorer plugin), every asset
 * from this server (ruru-assets.ts).
 *
 * Four things differ from Ruru's defaults:
 * - The Headers tab is open and holds an `X-API-Key` placeholder: every operation needs a key.
 * - Nothing the page writes to the browser's storage holds a key: GraphiQL keeps each history
 *   entry with its headers (whatever "persist headers" says), so the page gives it a storage that
 *   drops every `headers` value and masks anything shaped like a key (`cpk_…`) before writing.
 * - The schema (docs, completion, the explorer plugin) is read from the introspection result this
 *   server publishes without a key, like /schema.graphql, so the docs work before a key is typed.
 *   Introspection through /graphql needs a key, and GraphiQL introspects once, at load time, with
 *   whatever the Headers tab holds then (the placeholder). Every other query and mutation is
 *   POSTed to /graphql with the headers of the Headers tab.
 * - A subscription runs over graphql-ws on the same path (ws: or wss:, like the page), with the
 *   X-API-Key or Authorization header of the Headers tab as its connectionParams; each event
 *   replaces the last in the result pane until the operation is stopped. Ruru runs subscriptions
 *   itself only with the fetcher it makes (`subscriptionUrl`), which ours replaces, so ours opens
 *   the socket, with graphql-ws's client served by this server (graphql-ws-assets.ts).
 *
 * All of that runs in the browser from assets/explorer.js and the modules it imports, served by
 * this server (explorer-assets.ts): the page itself holds no script, only its settings as JSON.
 */

export const API_KEY_PLACEHOLDER = '<your workspace API key>';

const DEFAULT_HEADERS = `{\n  "X-API-Key": "${API_KEY_PLACEHOLDER}"\n}`;

const DEFAULT_QUERY = `# Campaign partner API
#
# 1. In the Headers tab below, put your
#    workspace API key in place of the
#    placeholder.
# 2. Run with the ▶ button (Ctrl-Enter).
#
# The Docs panel (book icon, left) lists
# every query and mutation; the Explorer
# panel builds a query as you tick fields.
#
# Live events, as writes commit:
#   subscription {
#     events { id type data }
#   }
# (■, the same button, stops it.)
#
# Every id is global: read any record
# again with node(id: "gid://…"), e.g.
#   { node(id: "<an id below>") { id } }

{
  organisation {
    id
    name
    organizationCode
  }
}
`;

/** The CSP of the page: nothing but this server, so the page itself proves it needs no CDN. */
export const EXPLORER_CSP = [
  "default-src 'self'",
  // No inline script: the page's one script is a file of this server (assets/explorer.js). Ruru's
  // and its editors' styles are inline.
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  // 'self' covers the explorer's WebSocket (subscriptions) too: CSP 3 lets 'self' match ws: and
  // wss: on the page's own host and port (on an https page, wss: only), and Chromium does so
  // (explorer.browser.test.ts runs a subscription under this policy). No other origin is named:
  // a browser still reading 'self' as http(s) only refuses the socket rather than open another.
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** What assets/explorer.js reads from the page, in its #explorer-config block. */
interface ExplorerConfig {
  /** Ruru's props as ruruHTML would have put them in its inline RURU_CONFIG: clientConfig, endpoint, staticPath. */
  ruru: unknown;
  ruruModule: string;
  introspection: string;
  graphqlWsClient: string;
}

/**
 * The page's settings and its one script. A JSON block is data, not script: it needs no CSP
 * exception, and nothing in it is run (`<` is escaped, so no value can close the element).
 */
function startElements(config: ExplorerConfig, scriptUrl: string): string {
  return [`<script type="application/json" id="explorer-config">${scriptLiteral(config)}</script>`, `<script type="module" src="${escapeHtml(scriptUrl)}"></script>`].join('\n');
}

export function ruruPage(paths: Record<PagePath, string>): string {
  const clientConfig: Partial<RuruClientConfig> = {
    defaultHeaders: DEFAULT_HEADERS,
    defaultQuery: DEFAULT_QUERY,
    isHeadersEditorEnabled: true,
    // A key never goes to the browser's storage (assets/key-free-storage.js), so there is nothing to offer.
    showPersistHeadersSettings: false,
    inputValueDeprecation: true,
    schemaDescription: true,
    // Explain and plan views are PostGraphile's; this server answers neither.
    debugTools: [],
  };
  return ruruHTML({
    staticPath: paths.ruruAssets,
    endpoint: paths.explorer,
    // ruru's type picks these fields from GraphiQL's props, which rest on React's types (not
    // installed: the server never renders React), so TypeScript takes every field for required.
    clientConfig: clientConfig as RuruClientConfig,
    htmlParts: {
      metaTags: (original) => `${original}\n${NO_FAVICON}`,
      titleTag: '<title>GraphQL explorer · Campaign partner API</title>',
      // Ruru's inline scripts (its settings, Monaco's workers, the layout before React renders, the
      // start-up) are all replaced by the settings as data and assets/explorer.js.
      configScript: '',
      headerScripts: '',
      bodyScripts: '',
      bodyInitScript: (_original, ruru) =>
        startElements(
          { ruru, ruruModule: `${paths.ruruAssets}ruru.js`, introspection: paths.introspection, graphqlWsClient: `${paths.graphqlWsAssets}${GRAPHQL_WS_CLIENT}` },
          `${paths.explorerAssets}${EXPLORER_SCRIPT}`,
        ),
    },
  });
}
