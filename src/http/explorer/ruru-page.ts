import type { RuruClientConfig } from 'ruru/server';
import { ruruHTML } from 'ruru/server';
import { NO_FAVICON, scriptLiteral } from './html';
import { GRAPHQL_WS_CLIENT } from './graphql-ws-assets';
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
  // Ruru's start-up scripts and its editors' styles are inline.
  "script-src 'self' 'unsafe-inline'",
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
// Subscriptions run over graphql-ws on the endpoint's own path (ws: or wss:, like the page), with
// the key of the Headers tab in connectionParams: a browser cannot set headers on a WebSocket.
const graphqlWsClientUrl = ${scriptLiteral(`${paths.graphqlWsAssets}${GRAPHQL_WS_CLIENT}`)};
// Strings and comments, which may hold anything, even braces and keywords.
const NOT_CODE = /"""(?:\\\\"""|[\\s\\S])*?"""|"(?:[^"\\\\\\n\\r]|\\\\.)*"|#[^\\n\\r]*/g;
// The operations of a document (its fragments left out), from its top-level tokens: a keyword and
// a name before the selection set, or a bare selection set (a query).
function operationsOf(query) {
  const operations = [];
  let depth = 0;
  let header;
  for (const [token] of String(query).replace(NOT_CODE, " ").matchAll(/[{}()[\\]]|[$@]?[_A-Za-z][_0-9A-Za-z]*/g)) {
    if (token === "{" || token === "(" || token === "[") {
      if (depth === 0 && token === "{") {
        operations.push(header ?? { kind: "query" });
        header = undefined;
      }
      depth += 1;
    } else if (token === "}" || token === ")" || token === "]") {
      depth = Math.max(0, depth - 1);
    } else if (depth === 0) {
      if (!header) header = { kind: token };
      else if (header.name === undefined && !/^[$@]/.test(token)) header.name = token;
    }
  }
  return operations.filter((operation) => operation.kind !== "fragment");
}
// Judged on the text about to be sent, not on the documentAST GraphiQL passes along: GraphiQL
// parses the editor 100 ms after the last keystroke, so a run right after typing would be judged
// on the previous document.
function isSubscription(params) {
  const operations = operationsOf(params.query);
  const chosen = params.operationName ? operations.find((operation) => operation.name === params.operationName) : operations.length === 1 ? operations[0] : undefined;
  return chosen?.kind === "subscription";
}
function connectionParamsOf(headers) {
  const connectionParams = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (typeof value !== "string") continue;
    if (name.toLowerCase() === "x-api-key") connectionParams["X-API-Key"] = value;
    else if (name.toLowerCase() === "authorization") connectionParams.Authorization = value;
  }
  return connectionParams;
}
let loadingGraphqlWs;
// One client (one socket, opened while a subscription runs) for the key in use; another key gets
// a new client and the old one is disposed. GraphiQL runs one operation at a time, and its Run
// button stops a running subscription rather than starting a second.
let current;
async function wsClientFor(connectionParams) {
  const identity = JSON.stringify(connectionParams);
  if (current?.identity !== identity) {
    loadingGraphqlWs ??= import(graphqlWsClientUrl).catch((error) => {
      loadingGraphqlWs = undefined;
      throw error;
    });
    const { createClient } = await loadingGraphqlWs;
    if (current?.identity !== identity) {
      forget(current?.client);
      const url = new URL(RURU_CONFIG.endpoint, location.href);
      url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
      // No retries: a refused key (4403) is shown at once rather than retried.
      current = { identity, client: createClient({ url: url.href, connectionParams, lazy: true, retryAttempts: 0 }) };
    }
  }
  return current.client;
}
function forget(client) {
  if (!client) return;
  if (current?.client === client) current = undefined;
  void client.dispose();
}
addEventListener("pagehide", () => forget(current?.client));
// A failure as a result the result pane shows like any other: the server's GraphQL errors as they
// are, a closed socket with its code and reason (4403: the key was refused).
function failure(error) {
  if (Array.isArray(error)) return { errors: error };
  if (error !== null && typeof error === "object" && "code" in error && "reason" in error) {
    return { errors: [{ message: "The WebSocket closed (" + error.code + ")" + (error.reason ? ": " + error.reason : "") }] };
  }
  return { errors: [{ message: error instanceof Error ? error.message : String(error) }] };
}
// graphql-ws's iterate(), as GraphiQL takes it: each result in turn, a failure as a last result,
// and return() (GraphiQL's Stop) completing the subscription on the server at once. (Not an async
// generator: its return() would wait for the next result, which may never come.)
function subscriptionResults(client, params) {
  const results = client.iterate({ query: params.query, variables: params.variables ?? undefined, operationName: params.operationName ?? undefined });
  let ended = false;
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      if (ended) return { done: true, value: undefined };
      try {
        const step = await results.next();
        if (step.done) ended = true;
        return step;
      } catch (error) {
        ended = true;
        forget(client);
        return { done: false, value: failure(error) };
      }
    },
    async return() {
      ended = true;
      await results.return();
      return { done: true, value: undefined };
    },
  };
}
async function fetcher(params, options) {
  if (params.operationName === "IntrospectionQuery") {
    const answer = await fetch(introspectionUrl, { credentials: "omit" });
    return answer.json();
  }
  if (isSubscription(params)) {
    try {
      return subscriptionResults(await wsClientFor(connectionParamsOf(options?.headers)), params);
    } catch (error) {
      return failure(error);
    }
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
