import { ISO_TIMESTAMP } from '../support/expectations';
import { runAdmin } from '../support/processes';
import { apiClient, startTestApp, TEST_SECRETS_KEY, type TestApp } from '../support/test-app';

/**
 * Keys with scopes and an end (issue: keys a partner can hand out safely), as an operator makes
 * them with the admin CLI: `key:create --scopes --expires-in|--expires-at`, `key:list`, and
 * `key:rotate --overlap`, each checked against the API the key then opens.
 */

let app: TestApp;
let env: Record<string, string>;

beforeAll(async () => {
  app = await startTestApp();
  env = { DATABASE_URL: app.databaseUrl, SECRETS_KEY: TEST_SECRETS_KEY };
  await runAdmin(['org:create', '--name', 'Keys', '--code', 'keys'], env);
});
afterAll(() => app.close());

async function admin(args: string[]): Promise<Record<string, unknown>> {
  const result = await runAdmin(args, env);
  if (result.code !== 0) throw new Error(`admin ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
  return JSON.parse(result.stdout.trim()) as Record<string, unknown>;
}

function as(key: unknown): ReturnType<typeof apiClient> {
  return apiClient(app.baseUrl, { 'x-api-key': String(key) });
}

describe('key:create', () => {
  it('issues a key with the scopes and end given, which it then describes itself', async () => {
    const issued = await admin(['key:create', '--org', 'keys', '--label', 'BI tool', '--scopes', 'campaigns:read, events:read', '--expires-in', '90d']);
    expect(issued).toMatchObject({ scopes: ['campaigns:read', 'events:read'], expires_at: expect.stringMatching(ISO_TIMESTAMP) });
    const days = (Date.parse(String(issued.expires_at)) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThan(90.1);
    const described = await as(issued.key).get('/v2/api-key');
    expect(described.body).toEqual({
      success: true,
      message: 'API key retrieved successfully',
      data: { api_key: { id: issued.id, prefix: issued.prefix, label: 'BI tool', scopes: ['campaigns:read', 'events:read'], expires_at: issued.expires_at, created_at: expect.stringMatching(ISO_TIMESTAMP), last_used_at: expect.stringMatching(ISO_TIMESTAMP) } },
    });
    expect(JSON.stringify(described.body)).not.toContain(String(issued.key));
    expect((await as(issued.key).get('/v2/campaigns')).status).toBe(200);
    expect((await as(issued.key).post('/v2/advertiser-accounts', { name: 'Refused' })).status).toBe(403);
  });

  it('takes --expires-at with its zone', async () => {
    const issued = await admin(['key:create', '--org', 'keys', '--expires-at', '2099-01-31T00:00:00Z']);
    expect(issued.expires_at).toBe('2099-01-31T00:00:00.000Z');
  });

  it.each([
    [['--scopes', 'campaigns:admin'], 'scopes names unknown scopes (campaigns:admin)'],
    [['--scopes', '*,campaigns:read'], 'scopes must be * alone'],
    [['--expires-in', 'soon'], '--expires-in must be a duration'],
    [['--expires-at', '2099-01-31'], '--expires-at must be an ISO 8601 date and time with its zone'],
    [['--expires-at', '2001-01-01T00:00:00Z'], 'expires-at must be a time in the future'],
    [['--expires-in', '1d', '--expires-at', '2099-01-31T00:00:00Z'], 'give --expires-at or --expires-in, not both'],
  ])('refuses %j, naming the problem, and issues nothing', async (options, reason) => {
    const before = await app.dataSource.query('SELECT count(*)::int AS n FROM api_keys');
    const result = await runAdmin(['key:create', '--org', 'keys', ...options], env);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(reason);
    expect(await app.dataSource.query('SELECT count(*)::int AS n FROM api_keys')).toEqual(before);
  });
});

describe('an expired key', () => {
  it('is refused with 401 "API key has expired" on both faces, unlike an unknown key', async () => {
    const issued = await admin(['key:create', '--org', 'keys', '--expires-in', '1h']);
    expect((await as(issued.key).get('/v2/ws-org')).status).toBe(200);
    // It expires between two requests.
    await app.dataSource.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [issued.id]);
    const rest = await as(issued.key).get('/v2/ws-org');
    expect(rest.status).toBe(401);
    expect(rest.body).toEqual({ success: false, message: 'API key has expired', code: 'UNAUTHENTICATED', request_id: expect.any(String) });
    const graphql = await as(issued.key).graphql('{ organisation { name } }');
    expect(graphql.status).toBe(401);
    expect(graphql.body.errors).toEqual([{ message: 'API key has expired', extensions: { code: 'UNAUTHENTICATED' } }]);
    expect((await as('cpk_unknown').get('/v2/ws-org')).body.message).toBe('API key is invalid');
  });
});

describe('key:rotate', () => {
  it('issues a key with the same workspace, label and scopes, and lets the old one work for the overlap', async () => {
    const old = await admin(['key:create', '--org', 'keys', '--label', 'rotated', '--scopes', 'accounts:write']);
    const rotated = await admin(['key:rotate', '--id', String(old.id), '--overlap', '2h']);
    expect(rotated).toMatchObject({ organization_code: 'keys', scopes: ['accounts:write'], expires_at: null, replaces: { id: old.id, prefix: old.prefix } });
    expect(rotated.key).not.toBe(old.key);
    const hours = (Date.parse(String((rotated.replaces as Record<string, unknown>).expires_at)) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.9);
    expect(hours).toBeLessThan(2.1);
    // Both work during the overlap; the new one describes itself with the old one's label and scopes.
    expect((await as(old.key).post('/v2/advertiser-accounts', { name: 'Old key' })).status).toBe(200);
    expect((await as(rotated.key).post('/v2/advertiser-accounts', { name: 'New key' })).status).toBe(200);
    expect((await as(rotated.key).get('/v2/api-key')).body.data.api_key).toMatchObject({ label: 'rotated', scopes: ['accounts:write'], expires_at: null });
  });

  it('with --overlap 0 ends the old key at once, and the default overlap is 24 hours', async () => {
    const old = await admin(['key:create', '--org', 'keys']);
    const rotated = await admin(['key:rotate', '--id', String(old.id), '--overlap', '0']);
    expect((await as(old.key).get('/v2/ws-org')).body.message).toBe('API key has expired');
    expect((await as(rotated.key).get('/v2/ws-org')).status).toBe(200);

    const again = await admin(['key:rotate', '--id', String(rotated.id)]);
    const hours = (Date.parse(String((again.replaces as Record<string, unknown>).expires_at)) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThan(24.1);
  });

  it('refuses a revoked, expired or unknown key, a bad overlap, and changes nothing', async () => {
    const revoked = await admin(['key:create', '--org', 'keys']);
    await admin(['key:revoke', '--id', String(revoked.id)]);
    const before = await app.dataSource.query('SELECT id, expires_at, revoked_at FROM api_keys ORDER BY id');
    for (const [args, reason] of [
      [['--id', String(revoked.id)], 'id names a revoked key'],
      [['--id', '999999'], 'API key not found'],
      [['--id', String(revoked.id), '--overlap', 'a while'], '--overlap must be a duration'],
    ] as const) {
      const result = await runAdmin(['key:rotate', ...args], env);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(reason);
    }
    expect(await app.dataSource.query('SELECT id, expires_at, revoked_at FROM api_keys ORDER BY id')).toEqual(before);
  });
});

describe('key:list', () => {
  it('shows each key\'s scopes and end', async () => {
    await runAdmin(['org:create', '--name', 'Listed', '--code', 'listed'], env);
    await admin(['key:create', '--org', 'listed', '--scopes', 'users:read', '--expires-at', '2099-01-31T00:00:00Z']);
    const result = await runAdmin(['key:list', '--org', 'listed'], env);
    expect(JSON.parse(result.stdout.trim())).toMatchObject({ scopes: ['users:read'], expires_at: '2099-01-31T00:00:00.000Z' });
  });
});
