import { Readiness } from '../../src/http/readiness';
import { apiClient } from '../support/test-app';
import { appForFile } from '../support/file-app';
import { capturedLog } from '../support/logged-server';

const { app, ws } = appForFile();

describe('GET /healthz', () => {
  it('answers while the process is alive, without a key', async () => {
    const response = await apiClient(app.baseUrl).get('/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });
});

describe('GET /readyz', () => {
  it('is 200 once migrations are done and the database answers', async () => {
    const response = await apiClient(app.baseUrl).get('/readyz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ready', state: 'ready', database: 'up' });
  });

  it('reports not ready while starting or draining', async () => {
    const readiness = new Readiness(app.dataSource);
    expect((await readiness.check()).ready).toBe(false);
    readiness.state = 'draining';
    expect(await readiness.check()).toEqual({ ready: false, state: 'draining', database: 'unknown', pendingMigrations: [] });
  });
});

describe('x-request-id', () => {
  it('echoes a sane id the caller sent', async () => {
    const response = await ws.api.get('/v2/campaigns', { 'x-request-id': 'partner-trace-123' });
    expect(response.headers.get('x-request-id')).toBe('partner-trace-123');
  });

  it("is the request_id of an error body: the caller's id, or the one made up", async () => {
    const given = await apiClient(app.baseUrl).get('/v2/campaigns', { 'x-request-id': 'partner-trace-401' });
    expect(given.status).toBe(401);
    expect(given.body).toEqual({ success: false, message: 'API key is missing', code: 'UNAUTHENTICATED', request_id: 'partner-trace-401' });
    const made = await ws.api.get('/v2/campaigns/999999');
    expect(made.status).toBe(404);
    expect(made.body.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(made.body.request_id).toBe(made.headers.get('x-request-id'));
  });

  it('makes one up when none (or an unusable one) was sent', async () => {
    const none = await ws.api.get('/v2/campaigns');
    const unusable = await ws.api.get('/v2/campaigns', { 'x-request-id': 'has spaces; and /slashes' });
    expect(none.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(unusable.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('authentication on /v2', () => {
  it('401 "API key is missing" without a key', async () => {
    const response = await apiClient(app.baseUrl).get('/v2/campaigns');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ success: false, message: 'API key is missing', code: 'UNAUTHENTICATED', request_id: expect.any(String) });
  });

  it('401 "API key is invalid" for an unknown key, a malformed one, or a blank header', async () => {
    for (const key of ['cpk_thisKeyDoesNotExistAnywhere0000000000000', 'not-even-our-format']) {
      const response = await apiClient(app.baseUrl, { 'x-api-key': key }).get('/v2/campaigns');
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ success: false, message: 'API key is invalid', code: 'UNAUTHENTICATED', request_id: expect.any(String) });
    }
    const blank = await apiClient(app.baseUrl, { 'x-api-key': '  ' }).get('/v2/campaigns');
    expect(blank.body).toEqual({ success: false, message: 'API key is missing', code: 'UNAUTHENTICATED', request_id: expect.any(String) });
  });

  it('accepts Authorization: Bearer <key>', async () => {
    const response = await apiClient(app.baseUrl, { authorization: `Bearer ${ws.key}` }).get('/v2/campaigns');
    expect(response.status).toBe(200);
  });

  it('refuses unknown /v2 paths with a 404 envelope once authenticated', async () => {
    const response = await ws.api.get('/v2/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, message: 'No route for GET /v2/no-such-thing', code: 'NOT_FOUND', request_id: expect.any(String) });
  });
});

describe('request bodies', () => {
  it('400 envelope for malformed JSON', async () => {
    const response = await ws.api.post('/v2/campaigns', '{"campaign_title": ');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, message: 'Body is not valid JSON', code: 'BAD_REQUEST', request_id: expect.any(String) });
  });

  it('415 envelope for a content type other than JSON', async () => {
    const response = await ws.api.post('/v2/campaigns', 'campaign_title=x', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ success: false, message: expect.any(String), code: 'BAD_REQUEST', request_id: expect.any(String) });
  });

  it('415 envelope for text/plain, even when the text is JSON', async () => {
    const response = await ws.api.post('/v2/campaigns', '{"campaign_title":"x"}', { 'content-type': 'text/plain' });
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ success: false, message: expect.any(String), code: 'BAD_REQUEST', request_id: expect.any(String) });
  });

  it('413 envelope for a body over 1 MB, and nothing is created', async () => {
    const response = await ws.api.post('/v2/advertiser-accounts', { name: 'x'.repeat(1024 * 1024 + 10) });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ success: false, message: expect.any(String), code: 'BAD_REQUEST', request_id: expect.any(String) });
    const [{ count }] = await app.dataSource.query('SELECT count(*)::int AS count FROM advertiser_accounts WHERE organisation_id = $1', [ws.organisationId]);
    expect(count).toBe(0);
  });

  it('422 when the body is JSON but not an object', async () => {
    const response = await ws.api.post('/v2/advertiser-accounts', [1, 2]);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ success: false, message: 'The given data was invalid', code: 'BAD_USER_INPUT', request_id: expect.any(String), errors: { body: ['body must be a JSON object'] } });
  });
});

describe('unexpected failures', () => {
  it('answer 500 with nothing internal, on both faces', async () => {
    await app.dataSource.query('ALTER TABLE campaigns RENAME TO campaigns_hidden');
    try {
      const rest = await ws.api.get('/v2/campaigns');
      expect(rest.status).toBe(500);
      expect(rest.body).toEqual({ success: false, message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR', request_id: expect.any(String) });

      const graphql = await ws.api.graphql('{ campaigns { nodes { id } } }');
      expect(graphql.body.errors[0]).toEqual({ message: 'Internal server error', locations: expect.any(Array), path: ['campaigns'], extensions: { code: 'INTERNAL_SERVER_ERROR' } });
      expect(JSON.stringify(graphql.body)).not.toMatch(/campaigns_hidden|relation|stack|at /);
    } finally {
      await app.dataSource.query('ALTER TABLE campaigns_hidden RENAME TO campaigns');
    }
  });
});

describe('GraphQL transport', () => {
  it('401 with UNAUTHENTICATED for any operation without a key, introspection included', async () => {
    const response = await apiClient(app.baseUrl).graphql('{ __schema { queryType { name } } }');
    expect(response.status).toBe(401);
    expect(response.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(response.body.errors[0].message).toBe('API key is missing');
  });

  it('401 with UNAUTHENTICATED and "API key is invalid" for an unknown key', async () => {
    const response = await apiClient(app.baseUrl, { 'x-api-key': 'cpk_unknown' }).graphql('{ __typename }');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ errors: [{ message: 'API key is invalid', extensions: { code: 'UNAUTHENTICATED' } }] });
  });

  it('answers introspection with a key', async () => {
    const response = await ws.api.graphql('{ __schema { queryType { name } } }');
    expect(response.status).toBe(200);
    expect(response.body.data.__schema.queryType.name).toBe('Query');
  });

  it('refuses a simple GET without a preflight header (CSRF prevention)', async () => {
    const response = await ws.api.get('/graphql?query=%7B__typename%7D');
    expect(response.status).toBe(400);
  });

  it('serves the explorer page to a browser without a key', async () => {
    const response = await fetch(`${app.baseUrl}/graphql`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
  });

  it('reports a query it cannot parse as GRAPHQL_PARSE_FAILED without internals', async () => {
    const response = await ws.api.graphql('{ campaigns {');
    expect(response.status).toBe(400);
    expect(response.body.errors[0].extensions).toEqual({ code: 'GRAPHQL_PARSE_FAILED' });
  });
});

describe('logs', () => {
  it('redact API keys, authorization headers and passwords', () => {
    const { logger, texts: lines } = capturedLog();
    logger.info({ req: { headers: { 'x-api-key': ws.key, authorization: `Bearer ${ws.key}` } }, body: { password: 'hunter2', client_secret: 's3cret' } }, 'request');
    const output = lines.join('');
    expect(output).not.toContain(ws.key);
    expect(output).not.toContain('hunter2');
    expect(output).not.toContain('s3cret');
    expect(output).toContain('[redacted]');
  });

  it('keep the query string of a GraphQL GET out of the request log (its variables may hold a password)', () => {
    const { logger, texts: lines } = capturedLog();
    logger.info({ req: { method: 'GET', url: '/graphql?variables=%7B%22password%22%3A%22hunter2%22%7D', ip: '127.0.0.1' } }, 'incoming request');
    logger.info({ req: { method: 'GET', url: '/v2/members?per_page=2', ip: '127.0.0.1' } }, 'incoming request');
    const [graphql, list] = lines.map((line) => JSON.parse(line) as { req: { url: string; remoteAddress: string } });

    expect(graphql.req).toMatchObject({ url: '/graphql?[redacted]', remoteAddress: '127.0.0.1' });
    expect(list.req.url).toBe('/v2/members?per_page=2');
    expect(lines.join('')).not.toContain('hunter2');
  });

  it('redact the bound values of a failed statement, which may hold a password hash', () => {
    const { logger, texts: lines } = capturedLog();
    const failed = Object.assign(new Error('duplicate key value'), { query: 'INSERT …', parameters: ['a@b.example', 'scrypt$15$8$1$salt$hash'], driverError: { parameters: ['scrypt$15$8$1$salt$hash'] } });
    logger.error({ err: failed, member: { passwordHash: 'scrypt$15$8$1$salt$hash' } }, 'request failed');
    const output = lines.join('');
    expect(output).not.toContain('scrypt$');
    expect(output).toContain('duplicate key value');
  });
});
