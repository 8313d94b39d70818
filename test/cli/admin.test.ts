import { runAdmin, run } from '../support/processes';
import { type AnyBody, apiClient, startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let env: Record<string, string>;

beforeAll(async () => {
  app = await startTestApp();
  env = { DATABASE_URL: app.databaseUrl };
});
afterAll(async () => {
  await app.close();
});

function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('org:create', () => {
  it('prints one JSON line with id, organization_code and name', async () => {
    const result = await runAdmin(['org:create', '--name', 'Acme Media', '--code', 'acme-media'], env);
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    const [org] = jsonLines(result.stdout);
    expect(Object.keys(org).sort()).toEqual(['id', 'name', 'organization_code']);
    expect(org).toEqual({ id: expect.any(Number), organization_code: 'acme-media', name: 'Acme Media' });
  });

  it('generates a code from the name when none is given', async () => {
    const [org] = jsonLines((await runAdmin(['org:create', '--name', 'Blue Fox Ltd'], env)).stdout);
    expect(org.organization_code).toMatch(/^blue-fox-ltd-[0-9a-f]{8}$/);
  });

  it('exits non-zero with a one-line reason for a taken code, a bad code or a missing name', async () => {
    await runAdmin(['org:create', '--name', 'First', '--code', 'taken-code'], env);
    for (const args of [
      ['org:create', '--name', 'Second', '--code', 'taken-code'],
      ['org:create', '--name', 'Bad', '--code', 'has spaces'],
      ['org:create'],
    ]) {
      const result = await runAdmin(args, env);
      expect(result.code).not.toBe(0);
      expect(result.stdout).toBe('');
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});

describe('key:create', () => {
  it('prints the key once, and the key authenticates requests for that workspace', async () => {
    await runAdmin(['org:create', '--name', 'Keyed', '--code', 'keyed'], env);
    const result = await runAdmin(['key:create', '--org', 'keyed', '--label', 'integration'], env);
    expect(result.code).toBe(0);
    const [issued] = jsonLines(result.stdout);
    expect(Object.keys(issued).sort()).toEqual(['id', 'key', 'organization_code', 'prefix']);
    expect(issued.organization_code).toBe('keyed');
    expect(issued.key).toMatch(/^cpk_[A-Za-z0-9_-]{43}$/);
    expect(String(issued.key).startsWith(String(issued.prefix))).toBe(true);

    const response = await apiClient(app.baseUrl, { 'x-api-key': String(issued.key) }).get('/v2/campaigns');
    expect(response.status).toBe(200);
    const [stored] = await app.dataSource.query('SELECT key_hash, prefix FROM api_keys WHERE id = $1', [issued.id]);
    expect(stored.key_hash).not.toContain(String(issued.key));
    expect(stored.key_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('exits non-zero for an unknown workspace', async () => {
    const result = await runAdmin(['key:create', '--org', 'no-such-org'], env);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('Organisation not found');
    expect(result.stdout).toBe('');
  });
});

describe('key:list', () => {
  it('lists prefixes and labels, never keys', async () => {
    await runAdmin(['org:create', '--name', 'Lister', '--code', 'lister'], env);
    const [issued] = jsonLines((await runAdmin(['key:create', '--org', 'lister', '--label', 'one'], env)).stdout);
    const result = await runAdmin(['key:list', '--org', 'lister'], env);
    expect(result.code).toBe(0);
    const keys = jsonLines(result.stdout);
    expect(keys).toEqual([expect.objectContaining({ id: issued.id, prefix: issued.prefix, label: 'one', revoked_at: null })]);
    expect(result.stdout).not.toContain(String(issued.key));
  });
});

describe('key:revoke', () => {
  it('revokes a key: requests with it are refused as invalid', async () => {
    await runAdmin(['org:create', '--name', 'Revoker', '--code', 'revoker'], env);
    const [issued] = jsonLines((await runAdmin(['key:create', '--org', 'revoker'], env)).stdout);
    const client = apiClient(app.baseUrl, { 'x-api-key': String(issued.key) });
    expect((await client.get('/v2/campaigns')).status).toBe(200);

    const result = await runAdmin(['key:revoke', '--id', String(issued.id)], env);
    expect(result.code).toBe(0);
    expect(jsonLines(result.stdout)[0]).toEqual({ id: issued.id, prefix: issued.prefix, revoked_at: expect.any(String) });

    const refused = await client.get('/v2/campaigns');
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ success: false, message: 'API key is invalid' });
  });

  it('exits non-zero for a malformed or unknown id', async () => {
    expect((await runAdmin(['key:revoke', '--id', 'abc'], env)).code).toBe(1);
    const unknown = await runAdmin(['key:revoke', '--id', '999999'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('API key not found');
  });
});

describe('seed:demo', () => {
  it('creates a demo workspace with the full hierarchy, and prints a working key', async () => {
    const result = await runAdmin(['seed:demo', '--campaigns', '2'], env);
    expect(result.code).toBe(0);
    const [demo] = jsonLines(result.stdout);
    expect(demo).toMatchObject({ advertiser_accounts: 3, campaigns: 2, phases: 6, contents: 24, distributions: 48 });
    const client = apiClient(app.baseUrl, { 'x-api-key': String(demo.key) });
    const campaigns = await client.get('/v2/campaigns?per_page=100');
    expect(campaigns.body.data.campaigns.data).toHaveLength(2);
    const nested = await client.graphql('{ campaigns { nodes { phases { contents { nodes { distributions { primaryLink { originalLink } mediaLibrary { fileUrl } } } } } } } }');
    const distributions = nested.body.data.campaigns.nodes.flatMap((c: AnyBody) => c.phases.flatMap((p: AnyBody) => p.contents.nodes.flatMap((n: AnyBody) => n.distributions)));
    expect(distributions).toHaveLength(48);
    expect(distributions.every((d: AnyBody) => d.primaryLink && d.mediaLibrary.length === 2)).toBe(true);
  });

  it('refuses a campaign count that is not a whole number from 1 to 1000', async () => {
    for (const value of ['0', 'many', '1001']) {
      const result = await runAdmin(['seed:demo', '--campaigns', value], env);
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toMatch(/^--campaigns must be an integer from 1 to 1000/);
    }
  });
});

describe('npm run admin', () => {
  it('prints exactly the JSON line (no npm banner on stdout)', async () => {
    const result = await run('npm', ['run', 'admin', '--', 'org:create', '--name', 'Via npm', '--code', 'via-npm'], env);
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ organization_code: 'via-npm', name: 'Via npm' });
  }, 120_000);
});
