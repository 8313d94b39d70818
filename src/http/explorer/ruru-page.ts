import type { RuruClientConfig } from 'ruru/server';
import { ruruHTML } from 'ruru/server';
import { NO_FAVICON, scriptLiteral } from './html';
import type { PagePath } from './paths';

/**
 * The explorer page at /graphql: Ruru (GraphiQL with the GraphiQL Explorer plugin), every asset
 * from this server (ruru-assets.ts).
 *
 * Three things differ from Ruru's defaults:
 * - The Headers tab is open and holds an `X-API-Key` placeholder: every operation needs a key.
 * - Nothing the page writes to the browser's storage holds a key: GraphiQL keeps each history
 *   entry with its headers (whatever "persist headers" says), so the page gives it a storage that
 *   drops every `headers` value and masks anything shaped like a key (`cpk_…`) before writing.
 * - The schema (docs, completion, the explorer plugin) is read from the introspection result this
 *   server publishes without a key, like /schema.graphql, so the docs work before a key is typed.
 *   Introspection through /graphql needs a key, and GraphiQL introspects once, at load time, with
 *   whatever the Headers tab holds then (the placeholder). Every other operation is POSTed to
 *   /graphql with the headers of the Headers tab.
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

{
  organisation {
    name
    organizationCode
  }
}
`;

/** The CSP of the page: nothing but this server, so the page itself proves it needs no CDN. */
export const EXPLORER_CSP = [
  "default-src 'self'",
  // Ruru's start-up scripts and its editors' styles are inline.
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Starts Ruru with our fetcher (see above); replaces Ruru's own start-up script. */
function startScript(paths: Record<PagePath, string>): string {
  return `<script type="module">
import { React, createRoot, Ruru } from ${scriptLiteral(`${paths.ruruAssets}ruru.js`)};
const introspectionUrl = ${scriptLiteral(paths.introspection)};
const KEY_LIKE = /cpk_[A-Za-z0-9_-]+/g;
function scrubbed(value) {
  if (Array.isArray(value)) return value.map(scrubbed);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).filter(([name]) => name !== "headers").map(([name, inner]) => [name, scrubbed(inner)]));
  }
  return typeof value === "string" ? value.replace(KEY_LIKE, "cpk_…") : value;
}
const OWN = "graphiql:";
const keyFreeStorage = {
  getItem: (name) => localStorage.getItem(name),
  setItem(name, value) {
    let kept;
    try {
      kept = JSON.stringify(scrubbed(JSON.parse(value)));
    } catch {
      kept = String(value).replace(KEY_LIKE, "cpk_…");
    }
    localStorage.setItem(name, kept);
  },
  removeItem: (name) => localStorage.removeItem(name),
  clear() {
    for (const name of Object.keys(localStorage)) if (name.startsWith(OWN)) localStorage.removeItem(name);
  },
  get length() {
    return Object.keys(localStorage).filter((name) => name.startsWith(OWN)).length;
  },
};
async function fetcher(params, options) {
  if (params.operationName === "IntrospectionQuery") {
    const answer = await fetch(introspectionUrl, { credentials: "omit" });
    return answer.json();
  }
  const answer = await fetch(RURU_CONFIG.endpoint, {
    method: "POST",
    credentials: "omit",
    headers: { "content-type": "application/json", accept: "application/json", ...options?.headers },
    body: JSON.stringify(params),
  });
  const text = await answer.text();
  try {
    return JSON.parse(text);
  } catch {
    return { errors: [{ message: "HTTP " + answer.status + ": " + text }] };
  }
}
createRoot(document.getElementById("ruru-root")).render(
  React.createElement(Ruru, { ...RURU_CONFIG, fetcher, storage: keyFreeStorage, defaultEditorToolsVisibility: "headers" }),
);
</script>`;
}

export function ruruPage(paths: Record<PagePath, string>): string {
  const clientConfig: Partial<RuruClientConfig> = {
    defaultHeaders: DEFAULT_HEADERS,
    defaultQuery: DEFAULT_QUERY,
    isHeadersEditorEnabled: true,
    // A key never goes to the browser's storage (see keyFreeStorage), so there is nothing to offer.
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
      bodyInitScript: startScript(paths),
    },
  });
}
