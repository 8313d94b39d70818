import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { V2_ROUTES } from '../../../../src/app/v2-routes';
import { printOpenApiFile } from '../../../../src/http/rest/openapi/print-openapi';
import { API_VERSION } from '../../../../src/http/rest/openapi/openapi-document';
import { startTestApp, type TestApp } from '../../../support/test-app';

describe('openapi.json', () => {
  it("names the package's version, the release CHANGELOG.md describes", async () => {
    const manifest = JSON.parse(await readFile(path.join(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8')) as { version: string };
    expect(API_VERSION).toBe(manifest.version);
  });

  it('is the document the route declarations generate (run `npm run openapi:emit` after changing a route)', async () => {
    const checkedIn = await readFile(path.join(__dirname, '..', '..', '..', '..', 'openapi.json'), 'utf8');
    expect(printOpenApiFile(V2_ROUTES)).toBe(checkedIn);
  });
});

describe('GET /v2/openapi.json', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('serves the checked-in document to anyone, without a key', async () => {
    const response = await fetch(`${app.baseUrl}/v2/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const checkedIn = JSON.parse(await readFile(path.join(__dirname, '..', '..', '..', '..', 'openapi.json'), 'utf8')) as unknown;
    expect(await response.json()).toEqual(checkedIn);
  });

  it('declares OpenAPI 3.1, the key (X-API-Key or a bearer token) as the security, and every error answer as its own envelope', async () => {
    const document = (await (await fetch(`${app.baseUrl}/v2/openapi.json`)).json()) as {
      openapi: string;
      components: { securitySchemes: unknown; responses: Record<string, { content: Record<string, { schema: unknown }> }> };
    };
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes).toEqual({
      apiKey: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-Key' }),
      bearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    for (const [name, response] of Object.entries(document.components.responses)) {
      expect(response.content['application/json'].schema).toEqual({ $ref: `#/components/schemas/${name.endsWith('Error') ? name : `${name}Error`}` });
    }
  });
});

describe('GET /docs', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('serves the reference page and its assets from this server, without a key', async () => {
    const page = await fetch(`${app.baseUrl}/docs`, { redirect: 'follow' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui');
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, url]) => url);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect(asset).not.toMatch(/^(https?:)?\/\//);
  });
});

describe('GET /v2/openapi.json behind a proxy (PUBLIC_URL with a path)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ publicUrl: 'https://api.example.com/partner' });
  });
  afterAll(async () => {
    await app.close();
  });

  it("names the proxy's path in its server URL, so generated clients call the right place", async () => {
    const document = (await (await fetch(`${app.baseUrl}/v2/openapi.json`)).json()) as { servers: { url: string }[] };
    expect(document.servers).toEqual([{ url: '/partner/v2' }]);
  });
});
