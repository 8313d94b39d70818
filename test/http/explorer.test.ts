import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildClientSchema, getIntrospectionQuery, type IntrospectionQuery } from 'graphql';
import { createLoaders } from '../../src/app/loaders';
import { RESOLVERS } from '../../src/app/resolvers';
import { V2_ROUTES } from '../../src/app/v2-routes';
import { printSchemaFile } from '../../src/graphql/schema';
import { makeHTMLParts } from 'ruru/server';
import { clientModules, GRAPHQL_WS_CLIENT } from '../../src/http/explorer/graphql-ws-assets';
import { EXPLORER_ASSETS_DIR, EXPLORER_ASSETS_HASH, GRAPHQL_WS_DIST_DIR, GRAPHQL_WS_VERSION, RURU_VERSION, scriptsIn } from '../../src/http/explorer/paths';
import { Readiness } from '../../src/http/readiness';
import { buildServer } from '../../src/http/server';
import { createLogger } from '../../src/logging/logger';
import { startTestApp, TEST_LIMITS, type TestApp, type Workspace } from '../support/test-app';

/**
 * The browser-facing routes over plain HTTP: what they answer, to whom, with which headers, and
 * that no page names anything outside this server (explorer.browser.test.ts proves it in Chromium).
 */

const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const ASSETS = `/graphql/explorer/ruru-${RURU_VERSION}/`;
const GRAPHQL_WS_ASSETS = `/graphql/explorer/graphql-ws-${GRAPHQL_WS_VERSION}/`;
const PAGE_ASSETS = `/graphql/explorer/page-${EXPLORER_ASSETS_HASH}/`;
const PLACEHOLDER = '<your workspace API key>';

let app: TestApp;
let ws: Workspace;

beforeAll(async () => {
  app = await startTestApp();
  ws = await app.workspace('Explorer workspace');
});
afterAll(async () => {
  await app?.close();
});

function get(target: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${app.baseUrl}${target}`, { headers });
}

/**
 * Every URL a page makes the browser load or link to: src and href attributes, module imports,
 * CSS url()s and Ruru's staticPath. Links to other sites (Ruru's logo, for one) are in its script,
 * not its markup, and load nothing.
 */
function referencedUrls(html: string): string[] {
  const patterns = [/\b(?:src|href)\s*=\s*"([^"]*)"/g, /\bfrom\s*"([^"]*)"/g, /\burl\(\s*['"]?([^'")]*)/g, /"staticPath":\s*"([^"]*)"/g, /\bimport\s*\(\s*"([^"]*)"/g];
  return patterns.flatMap((pattern) => [...html.matchAll(pattern)].map((match) => match[1]));
}

/** The settings the explorer page gives its script (assets/explorer.js), from its JSON block. */
interface PageConfig {
  ruru: { endpoint: string; staticPath: string; defaultHeaders: string; defaultQuery: string };
  ruruModule: string;
  introspection: string;
  graphqlWsClient: string;
}

function pageConfig(html: string): PageConfig {
  const block = /<script type="application\/json" id="explorer-config">([^<]*)<\/script>/.exec(html);
  expect(block).not.toBeNull();
  return JSON.parse(block?.[1] ?? '') as PageConfig;
}

/** Not this server: absolute, protocol-relative or non-http URLs (data: excepted: it loads nothing). */
function external(urls: string[]): string[] {
  return urls.filter((url) => !(url.startsWith('data:') || (url.startsWith('/') && !url.startsWith('//'))));
}

describe('GET /graphql from a browser', () => {
  it('serves the explorer (Ruru) without a key, as HTML revalidated on each visit', async () => {
    const response = await get('/graphql', HTML);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(response.headers.get('vary')).toBe('accept, accept-encoding');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('content-security-policy')).toContain("connect-src 'self'");
    const html = await response.text();
    expect(html).toContain('<div id="ruru-root">');
    expect(html).toContain(`${ASSETS}ruru.js`);
  });

  it('holds no inline script, and its CSP allows none: one module script from this server, and its settings as JSON', async () => {
    const response = await get('/graphql', HTML);
    const scriptSrc = /script-src ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    expect(scriptSrc).toBe("'self'");
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1].trim());
    expect(scripts).toEqual(['type="application/json" id="explorer-config"', `type="module" src="${PAGE_ASSETS}explorer.js"`]);
  });

  it('names nothing outside this server', async () => {
    const html = await (await get('/graphql', HTML)).text();
    const urls = referencedUrls(html);
    expect(urls).toEqual(expect.arrayContaining([`${ASSETS}ruru.js`, `${ASSETS}ruru.css`, ASSETS]));
    expect(external(urls)).toEqual([]);
    expect(html).not.toMatch(/unpkg|jsdelivr|cdn\./i);
  });

  it('fills the Headers tab with an X-API-Key placeholder and reads the docs from the published introspection', async () => {
    const config = pageConfig(await (await get('/graphql', HTML)).text());
    expect(JSON.parse(config.ruru.defaultHeaders)).toEqual({ 'X-API-Key': PLACEHOLDER });
    expect(config.introspection).toBe('/graphql/explorer/introspection.json');
    expect(config.ruru.endpoint).toBe('/graphql');
    expect(config.ruruModule).toBe(`${ASSETS}ruru.js`);
  });

  it('runs subscriptions with the graphql-ws client this server serves', async () => {
    const config = pageConfig(await (await get('/graphql', HTML)).text());
    expect(config.graphqlWsClient).toBe(`${GRAPHQL_WS_ASSETS}client.js`);
  });

  it('cannot be ended early by a setting: `<` is escaped in the JSON block', async () => {
    const html = await (await get('/graphql', HTML)).text();
    expect(html).toContain('\\u003cyour workspace API key>');
    expect(html).not.toContain(PLACEHOLDER);
  });

  it('answers 304 to a browser whose copy is current', async () => {
    const first = await get('/graphql', HTML);
    const etag = first.headers.get('etag') ?? '';
    const again = await get('/graphql', { ...HTML, 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('is compressed for a browser that accepts it', async () => {
    const response = await get('/graphql', { ...HTML, 'accept-encoding': 'gzip, deflate, br' });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(await response.text()).toContain('<div id="ruru-root">');
  });
});

describe('/graphql for programs (unchanged)', () => {
  it('401 without a key, for a GET that does not ask for HTML', async () => {
    const response = await get('/graphql', { accept: 'application/json' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ errors: [{ message: 'API key is missing', extensions: { code: 'UNAUTHENTICATED' } }] });
  });

  it('answers a POST with a key in JSON', async () => {
    const response = await ws.api.graphql('{ organisation { name } }');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ organisation: { name: 'Explorer workspace' } });
  });

  it('answers a GET query in JSON even when the client also accepts HTML', async () => {
    const query = encodeURIComponent('{ organisation { name } }');
    const response = await get(`/graphql?query=${query}`, { ...HTML, 'x-api-key': ws.key, 'apollo-require-preflight': 'true' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toMatchObject({ data: { organisation: { name: 'Explorer workspace' } } });
  });
});

describe('GET /graphql/explorer/ruru-<version>/… (the explorer’s files)', () => {
  it.each([
    ['ruru.js', 'text/javascript; charset=utf-8'],
    ['ruru.css', 'text/css; charset=utf-8'],
    ['editorWorker.js', 'text/javascript; charset=utf-8'],
    ['graphqlWorker.js', 'text/javascript; charset=utf-8'],
    ['jsonWorker.js', 'text/javascript; charset=utf-8'],
  ])('serves %s without a key, cached for a year (the version is in the path)', async (name, contentType) => {
    const response = await get(`${ASSETS}${name}`, { 'accept-encoding': 'br' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(contentType);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect((await response.text()).length).toBeGreaterThan(1000);
  });

  it('is the same file in every coding: brotli, gzip and none', async () => {
    const bodies = await Promise.all(
      ['br', 'gzip', 'identity'].map(async (coding) => {
        const response = await get(`${ASSETS}ruru.css`, { 'accept-encoding': coding });
        expect(response.headers.get('content-encoding')).toBe(coding === 'identity' ? null : coding);
        return response.text();
      }),
    );
    expect(bodies[1]).toBe(bodies[0]);
    expect(bodies[2]).toBe(bodies[0]);
  });

  it('answers 304 to a browser whose copy is current', async () => {
    const first = await get(`${ASSETS}ruru.js`);
    // Read to the end: an unread 1.2 MB body keeps its connection busy, and closing the server waits for it.
    await first.arrayBuffer();
    const again = await get(`${ASSETS}ruru.js`, { 'if-none-match': first.headers.get('etag') ?? '' });
    expect(again.status).toBe(304);
  });

  it.each(['ruru.js.map', 'nothing.js', '..%2Fpackage.json', '../../../package.json', 'ruru.js/'])('404 for %s', async (name) => {
    const response = await get(`${ASSETS}${name}`);
    expect(response.status).toBe(404);
  });
});

describe('GET /graphql/explorer/graphql-ws-<version>/… (the explorer’s subscription client)', () => {
  it('lists client.js and the chunks it imports, nothing else of the package', () => {
    const modules = [...clientModules(GRAPHQL_WS_DIST_DIR, GRAPHQL_WS_CLIENT)];
    expect(modules[0]).toBe('client.js');
    expect(modules.length).toBeGreaterThan(1);
    for (const name of modules) expect(name).toMatch(/^(client|common-[\w-]+)\.js$/);
  });

  it('serves client.js and each chunk it imports, as JavaScript cached for a year', async () => {
    for (const name of clientModules(GRAPHQL_WS_DIST_DIR, GRAPHQL_WS_CLIENT)) {
      const response = await get(`${GRAPHQL_WS_ASSETS}${name}`, { 'accept-encoding': 'gzip' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(response.headers.get('content-encoding')).toBe('gzip');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const text = await response.text();
      expect(text).toBe(await readFile(path.join(GRAPHQL_WS_DIST_DIR, name), 'utf8'));
    }
    expect(await (await get(`${GRAPHQL_WS_ASSETS}client.js`)).text()).toContain('function createClient(');
  });

  it.each(['index.js', 'client.cjs', 'client.d.ts', 'use/ws.js', '..%2Fpackage.json', '../package.json', 'client.js/'])('404 for %s', async (name) => {
    const response = await get(`${GRAPHQL_WS_ASSETS}${name}`);
    expect(response.status).toBe(404);
  });
});

describe('GET /graphql/explorer/page-<hash>/… (the explorer page’s own script)', () => {
  const MODULES = scriptsIn(EXPLORER_ASSETS_DIR);

  it('serves explorer.js and each module it imports as JavaScript, cached for a year (a hash of the files is in the path)', async () => {
    expect(MODULES).toContain('explorer.js');
    for (const name of MODULES) {
      const response = await get(`${PAGE_ASSETS}${name}`, { 'accept-encoding': 'br' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(response.headers.get('content-encoding')).toBe('br');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
      expect(await response.text()).toBe(await readFile(path.join(EXPLORER_ASSETS_DIR, name), 'utf8'));
    }
  });

  it('names its folder after a hash of every file, so any edit is a new URL', async () => {
    const hash = createHash('sha256');
    for (const name of MODULES) hash.update(`${name}\0`).update(await readFile(path.join(EXPLORER_ASSETS_DIR, name))).update('\0');
    expect(EXPLORER_ASSETS_HASH).toBe(hash.digest('hex').slice(0, 16));
  });

  it('imports nothing but its sibling modules (the rest comes by URL from the page’s settings)', async () => {
    for (const name of MODULES) {
      const source = await readFile(path.join(EXPLORER_ASSETS_DIR, name), 'utf8');
      for (const [, imported] of source.matchAll(/^import .* from '([^']*)';$/gm)) expect(MODULES.map((module) => `./${module}`)).toContain(imported);
    }
  });

  it('answers 304 to a browser whose copy is current', async () => {
    const first = await get(`${PAGE_ASSETS}explorer.js`);
    await first.arrayBuffer();
    const again = await get(`${PAGE_ASSETS}explorer.js`, { 'if-none-match': first.headers.get('etag') ?? '' });
    expect(again.status).toBe(304);
  });

  it.each(['explorer.ts', 'nothing.js', '..%2Fruru-page.ts', '../ruru-page.ts', 'explorer.js/'])('404 for %s', async (name) => {
    const response = await get(`${PAGE_ASSETS}${name}`);
    expect(response.status).toBe(404);
  });

  it('404 under another hash: a page of an older build asks for what it was made with', async () => {
    expect((await get('/graphql/explorer/page-0000000000000000/explorer.js')).status).toBe(404);
  });

  it('mirrors the inline start-up of the ruru installed (assets/ruru-start.js): an upgrade that changes it fails here', () => {
    const { headerScripts, bodyScripts } = makeHTMLParts({ endpoint: '/graphql', staticPath: '/static/' });
    // Compare the new scripts with assets/ruru-start.js, update it, then this hash.
    expect(createHash('sha256').update(`${headerScripts}\n${bodyScripts}`).digest('hex')).toBe('a55d0712d7db969235528c072a7de4c371c31887ff0fbe9e7fb1d787cb53fc07');
  });
});

describe('GET /graphql/explorer/introspection.json', () => {
  it('is, without a key, what introspection through /graphql answers with one', async () => {
    const published = await get('/graphql/explorer/introspection.json');
    expect(published.status).toBe(200);
    expect(published.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const query = getIntrospectionQuery({ schemaDescription: true, inputValueDeprecation: true, specifiedByUrl: true, directiveIsRepeatable: true, experimentalDirectiveDeprecation: true, oneOf: true });
    const answered = await ws.api.graphql(query);
    expect(answered.status).toBe(200);
    expect(await published.json()).toEqual({ data: answered.body.data });
  });

  it('describes the schema of schema.graphql', async () => {
    const { data } = (await (await get('/graphql/explorer/introspection.json')).json()) as { data: IntrospectionQuery };
    expect(printSchemaFile(buildClientSchema(data))).toBe(await readFile(path.join(__dirname, '..', '..', 'schema.graphql'), 'utf8'));
  });
});

describe('GET /schema.graphql', () => {
  it('is the running schema in SDL, as plain UTF-8 text, without a key: the checked-in schema.graphql', async () => {
    const response = await get('/schema.graphql');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe(await readFile(path.join(__dirname, '..', '..', 'schema.graphql'), 'utf8'));
  });
});

describe('GET /', () => {
  it('shows a browser a self-contained page linking to the explorer, the REST reference, the OpenAPI document and the schema', async () => {
    const response = await get('/', HTML);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await response.text();
    for (const href of ['/graphql', '/docs', '/v2/openapi.json', '/schema.graphql']) expect(html).toContain(`href="${href}"`);
    expect(html).not.toContain('<script');
    expect(external(referencedUrls(html))).toEqual([]);
  });

  it('gives a program the same links in JSON', async () => {
    const response = await get('/', { accept: 'application/json' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual({
      name: 'Campaign partner API',
      authentication: 'X-API-Key: <workspace API key>, or Authorization: Bearer <workspace API key>',
      links: {
        graphql: '/graphql',
        rest: '/v2',
        explorer: '/graphql',
        docs: '/docs',
        openapi: '/v2/openapi.json',
        schema: '/schema.graphql',
        sandbox: '/graphql/sandbox',
      },
    });
  });
});

describe('GET /graphql/sandbox', () => {
  it('serves Apollo Sandbox, which loads from Apollo’s CDN (the one page that does), with the X-API-Key placeholder', async () => {
    const response = await get('/graphql/sandbox', HTML);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(external(referencedUrls(html))).toEqual(['https://embeddable-sandbox.cdn.apollographql.com/_latest/embeddable-sandbox.umd.production.min.js']);
    expect(html).toContain(`{"X-API-Key":"${PLACEHOLDER.replace('<', '\\u003c')}"}`);
    expect(html).toContain('href="/graphql"');
  });
});

describe('other settings', () => {
  let server: FastifyInstance | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** A second server over the same services, with these settings; answers GET requests for HTML. */
  async function serverWith(config: { publicUrl: string | undefined; nodeEnv: 'production' | 'test' }): Promise<(target: string) => Promise<Response>> {
    // The test limits: a busy jest worker must not be shed (503) under pressure.
    server = await buildServer({ config: { ...config, limits: TEST_LIMITS }, logger: createLogger('silent'), services: app.services, routes: V2_ROUTES, resolvers: RESOLVERS, loaders: createLoaders, readiness: new Readiness(app.dataSource) });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.addresses().find((a) => typeof a === 'object');
    return (target) => fetch(`http://127.0.0.1:${address?.port}${target}`, { headers: HTML });
  }

  it('serves the explorer in production too', async () => {
    const production = await serverWith({ publicUrl: undefined, nodeEnv: 'production' });
    const response = await production('/graphql');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="ruru-root">');
  });

  it('does not serve Apollo Sandbox (a script from Apollo’s CDN on this origin) in production, nor link it', async () => {
    const production = await serverWith({ publicUrl: undefined, nodeEnv: 'production' });
    expect((await production('/graphql/sandbox')).status).toBe(404);
    expect(await (await production('/')).text()).not.toContain('/graphql/sandbox');
  });

  it('puts the path of PUBLIC_URL in front of every link, asset and endpoint', async () => {
    const proxied = await serverWith({ publicUrl: 'https://api.example.com/partner', nodeEnv: 'test' });
    const explorer = await (await proxied('/graphql')).text();
    expect(pageConfig(explorer)).toMatchObject({
      ruru: { staticPath: `/partner${ASSETS}`, endpoint: '/partner/graphql' },
      ruruModule: `/partner${ASSETS}ruru.js`,
      introspection: '/partner/graphql/explorer/introspection.json',
      graphqlWsClient: `/partner${GRAPHQL_WS_ASSETS}client.js`,
    });
    expect(explorer).toContain(`<script type="module" src="/partner${PAGE_ASSETS}explorer.js"></script>`);
    const landing = await (await proxied('/')).text();
    for (const href of ['/partner/graphql', '/partner/docs', '/partner/v2/openapi.json', '/partner/schema.graphql']) expect(landing).toContain(`href="${href}"`);
  });
});
