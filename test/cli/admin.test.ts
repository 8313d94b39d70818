import { rowCounts } from '../support/database-state';
import { ISO_TIMESTAMP } from '../support/expectations';
import { gid } from '../support/global-ids';
import { resourceEvents } from '../support/outbox';
import { runAdmin, run } from '../support/processes';
import { BARE_PROFILE_RECORD_DEFAULTS, HARBOUR_STREET, HARBOUR_STREET_RECORD_TEXT, HARBOUR_STREET_TITLES, PUBLISHER_PROFILE_RECORD_KEYS, PUBLISHER_TITLE_KEYS } from '../support/publisher-profiles';
import { type AnyBody, apiClient, startTestApp, TEST_SECRETS_KEY, type TestApp, type Workspace } from '../support/test-app';

let app: TestApp;
let env: Record<string, string>;

beforeAll(async () => {
  app = await startTestApp();
  // Every process on one database uses its secrets key (see src/secrets/secrets-key-check.ts).
  env = { DATABASE_URL: app.databaseUrl, SECRETS_KEY: TEST_SECRETS_KEY };
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
    expect(Object.keys(issued).sort()).toEqual(['expires_at', 'id', 'key', 'organization_code', 'prefix', 'scopes']);
    // Unless told otherwise, a key may do everything and never expires, as keys always could.
    expect(issued).toMatchObject({ scopes: ['*'], expires_at: null });
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
    expect(keys).toEqual([{ id: issued.id, prefix: issued.prefix, label: 'one', scopes: ['*'], created_at: expect.stringMatching(ISO_TIMESTAMP), last_used_at: null, expires_at: null, revoked_at: null }]);
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
    expect(refused.body).toEqual({ success: false, message: 'API key is invalid', code: 'UNAUTHENTICATED', request_id: expect.any(String) });
  });

  it('exits non-zero for a malformed or unknown id', async () => {
    expect((await runAdmin(['key:revoke', '--id', 'abc'], env)).code).toBe(1);
    const unknown = await runAdmin(['key:revoke', '--id', '999999'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('API key not found');
  });
});

describe('publisher:create', () => {
  let ws: Workspace;

  beforeAll(async () => {
    ws = await app.workspace('Publisher CLI');
  });

  function counts(): Promise<Record<string, number>> {
    return rowCounts(app, ['publisher_profiles', 'publisher_titles', 'outbox_events']);
  }

  it('prints one JSON line: the publisher profile record, with its titles in the order given', async () => {
    const result = await runAdmin(
      [
        'publisher:create',
        '--org',
        ws.organizationCode,
        '--name',
        HARBOUR_STREET.name,
        '--website',
        HARBOUR_STREET.website,
        '--country',
        HARBOUR_STREET.country,
        '--status',
        'inactive',
        '--description',
        HARBOUR_STREET.description,
        '--contact-email',
        HARBOUR_STREET.contactEmail,
        ...HARBOUR_STREET_TITLES.flatMap((title) => ['--title', title.name]),
      ],
      env,
    );

    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    const [record] = jsonLines(result.stdout);
    expect(Object.keys(record)).toEqual(PUBLISHER_PROFILE_RECORD_KEYS);
    expect(record).toEqual({
      id: expect.any(Number),
      organization_code: ws.organizationCode,
      ...HARBOUR_STREET_RECORD_TEXT,
      monthly_unique_visitors: 0,
      monthly_page_views: 0,
      social_followers: 0,
      newsletter_subscribers: 0,
      is_deleted: 0,
      titles: [expect.any(Object), expect.any(Object)],
      deleted_at: null,
      created_at: expect.stringMatching(ISO_TIMESTAMP),
      updated_at: expect.stringMatching(ISO_TIMESTAMP),
    });
    const titles = record.titles as AnyBody[];
    for (const title of titles) expect(Object.keys(title)).toEqual(PUBLISHER_TITLE_KEYS);
    expect(titles).toEqual([
      {
        id: expect.any(Number),
        publisher_profile_id: record.id,
        name: 'The Harbour Daily',
        url: '',
        monthly_unique_visitors: 0,
        created_at: expect.stringMatching(ISO_TIMESTAMP),
        updated_at: expect.stringMatching(ISO_TIMESTAMP),
      },
      {
        id: expect.any(Number),
        publisher_profile_id: record.id,
        name: 'Harbour Weekend',
        url: '',
        monthly_unique_visitors: 0,
        created_at: expect.stringMatching(ISO_TIMESTAMP),
        updated_at: expect.stringMatching(ISO_TIMESTAMP),
      },
    ]);
    expect(titles[0].id).toBeLessThan(titles[1].id);
  });

  it('creates a profile the workspace reads through the API exactly as printed, and records publisher_profile_created', async () => {
    const result = await runAdmin(['publisher:create', '--org', ws.organizationCode, '--name', 'Pinewood Digital', '--country', 'US', '--title', 'Pinewood Tech'], env);
    const [record] = jsonLines(result.stdout);

    const read = await ws.api.get(`/v2/publisher-profiles/${record.id}`);

    expect(read.status).toBe(200);
    expect(read.body.data.publisher_profile).toEqual(record);
    const events = await resourceEvents(app, 'publisher_profile', record.id as number);
    expect(events).toEqual([
      {
        organisation_id: ws.organisationId,
        event_type: 'publisher_profile_created',
        resource_type: 'publisher_profile',
        resource_id: record.id,
        payload: { publisher_profile: record },
        request_id: expect.any(String),
      },
    ]);
  });

  it('gives the defaults to a profile created with a name only: active, no website, country or titles', async () => {
    const result = await runAdmin(['publisher:create', '--org', ws.organizationCode, '--name', 'Bare Publisher'], env);

    expect(result.code).toBe(0);
    expect(jsonLines(result.stdout)[0]).toMatchObject({ organization_code: ws.organizationCode, name: 'Bare Publisher', ...BARE_PROFILE_RECORD_DEFAULTS });
  });

  it('creates the profile in the named workspace only', async () => {
    const other = await app.workspace('Another publisher CLI workspace');
    const [record] = jsonLines((await runAdmin(['publisher:create', '--org', other.organizationCode, '--name', 'Only Theirs'], env)).stdout);

    expect((await ws.api.get(`/v2/publisher-profiles/${record.id}`)).status).toBe(404);
    expect((await other.api.get(`/v2/publisher-profiles/${record.id}`)).body.data.publisher_profile).toEqual(record);
  });

  it.each([
    ['an unknown country code', ['--country', 'XX'], /^country /],
    ['a three-letter country code', ['--country', 'GBR'], /^country /],
    ['a country name', ['--country', 'Ireland'], /^country /],
    ['an unknown status', ['--status', 'archived'], /^status /],
    ['an upper-case status', ['--status', 'ACTIVE'], /^status /],
    ['a website that is not a URL', ['--website', 'harbourstreet'], /^website /],
    ['a website that is not http(s)', ['--website', 'ftp://harbourstreet.example'], /^website /],
    ['a contact e-mail that is not an address', ['--contact-email', 'not-an-address'], /contact/i],
    ['a blank name', ['--name', '   '], /^name /],
    ['a blank title', ['--title', 'Good title', '--title', ' '], /^titles\.1\.name /],
    ['a name over 255 characters', ['--name', 'x'.repeat(256)], /^name /],
  ])('exits 1 with a one-line reason for %s, creating nothing', async (_label, args, reason) => {
    const before = await counts();

    const result = await runAdmin(['publisher:create', '--org', ws.organizationCode, '--name', 'Refused Media', ...args], env);

    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr.trim()).toMatch(reason);
    expect(await counts()).toEqual(before);
  });

  it('names every broken option in its one line', async () => {
    const result = await runAdmin(['publisher:create', '--org', ws.organizationCode, '--name', 'Refused Media', '--country', 'XX', '--status', 'archived', '--website', 'nope'], env);

    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    for (const field of ['country', 'status', 'website']) expect(result.stderr).toContain(field);
  });

  it('exits 1 for an unknown workspace, creating nothing', async () => {
    const before = await counts();

    const result = await runAdmin(['publisher:create', '--org', 'no-such-org', '--name', 'Orphan Media', '--title', 'Orphan Daily'], env);

    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim()).toBe('Organisation not found');
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['--name', ['publisher:create', '--org', 'publisher-cli-any']],
    ['--org', ['publisher:create', '--name', 'Nameless Workspace Media']],
  ])('exits 2 with a one-line usage error when %s is missing, creating nothing', async (option, args) => {
    const before = await counts();

    const result = await runAdmin(args, env);

    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(option);
    expect(await counts()).toEqual(before);
  });
});

describe('seed:demo', () => {
  let demo: Record<string, unknown>;
  let progress: string[];
  let client: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    const result = await runAdmin(['seed:demo', '--campaigns', '2'], env);
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    [demo] = jsonLines(result.stdout);
    // The wait is narrated on stderr, stage by stage, so that stdout stays the one JSON line.
    progress = result.stderr.trim().split('\n');
    client = apiClient(app.baseUrl, { 'x-api-key': String(demo.key) });
  }, 120_000);

  it('reports its progress on stderr, one line per stage', () => {
    expect(progress).toEqual([
      'seed:demo: opening the database',
      `seed:demo: workspace ${String(demo.organization_code)} and its key created; seeding 2 campaigns`,
      'seed:demo: 4 users, 3 publisher profiles with 7 titles',
      'seed:demo: 3 advertiser accounts with 6 members',
      'seed:demo: campaigns 2/2',
      expect.stringMatching(/^seed:demo: done in \d+\.\d s$/),
    ]);
  });

  it('prints the workspace code, its key and the counts of what it created, in order', () => {
    expect(Object.keys(demo)).toEqual([
      'organization_code',
      'key',
      'users',
      'members',
      'publisher_profiles',
      'publisher_titles',
      'advertiser_accounts',
      'campaigns',
      'phases',
      'contents',
      'distributions',
    ]);
    expect(demo).toEqual({
      organization_code: expect.stringMatching(/^demo-workspace-[0-9a-f]{8}$/),
      key: expect.stringMatching(/^cpk_[A-Za-z0-9_-]{43}$/),
      users: 4,
      members: 6,
      publisher_profiles: 3,
      publisher_titles: 7,
      advertiser_accounts: 3,
      campaigns: 2,
      phases: 6,
      contents: 24,
      distributions: 48,
    });
  });

  it('prints a working key for the demo workspace', async () => {
    const organisation = await client.get('/v2/ws-org');

    expect(organisation.status).toBe(200);
    expect(organisation.body.data).toMatchObject({ organization_code: demo.organization_code, name: 'Demo Workspace' });
  });

  it('creates the campaign hierarchy: campaigns, phases, contents, distributions with a link and two media files', async () => {
    const campaigns = await client.get('/v2/campaigns?per_page=100');
    expect(campaigns.body.data.campaigns.data).toHaveLength(2);
    const nested = await client.graphql('{ campaigns { nodes { phases { contents { nodes { distributions { primaryLink { originalLink } mediaLibrary { fileUrl } } } } } } } }');
    const distributions = nested.body.data.campaigns.nodes.flatMap((c: AnyBody) => c.phases.flatMap((p: AnyBody) => p.contents.nodes.flatMap((n: AnyBody) => n.distributions)));
    expect(distributions).toHaveLength(48);
    expect(distributions.every((d: AnyBody) => d.primaryLink && d.mediaLibrary.length === 2)).toBe(true);
  });

  it('creates users with roles: campaign managers and content editors', async () => {
    const response = await client.get('/v2/organisation-users?per_page=100');

    expect(response.status).toBe(200);
    const users: AnyBody[] = response.body.data.users.data;
    expect(users).toHaveLength(4);
    for (const user of users) {
      expect(user.roles.length).toBeGreaterThan(0);
      for (const role of user.roles) expect([{ name: 'Campaign Manager', role_type: 1 }, { name: 'Content Editor', role_type: 2 }]).toContainEqual(role);
    }
    const roleTypes = users.flatMap((user) => user.roles.map((role: AnyBody) => role.role_type));
    expect(roleTypes).toContain(1);
    expect(roleTypes).toContain(2);
  });

  it('creates two members for each advertiser account, the first of them its primary contact', async () => {
    const accounts: AnyBody[] = (await client.get('/v2/advertiser-accounts?per_page=100')).body.data.advertiser_accounts.data;
    const members: AnyBody[] = (await client.get('/v2/members?per_page=100')).body.data.members.data;

    expect(accounts).toHaveLength(3);
    expect(members).toHaveLength(6);
    for (const account of accounts) {
      const own = members.filter((member) => member.advertiser_account_id === String(account.id));
      expect(own).toHaveLength(2);
      expect(account.primary_contact_id).toBe(own[0].id);
    }
  });

  it('creates publisher profiles, each with its titles', async () => {
    const response = await client.get('/v2/publisher-profiles?per_page=100');

    expect(response.status).toBe(200);
    const profiles: AnyBody[] = response.body.data.publisher_profiles.data;
    expect(profiles).toHaveLength(3);
    for (const profile of profiles) {
      expect(profile).toMatchObject({ organization_code: demo.organization_code, status: 'active', is_deleted: 0 });
      expect(profile.titles.length).toBeGreaterThan(0);
      for (const title of profile.titles) expect(title.publisher_profile_id).toBe(profile.id);
    }
    expect(profiles.flatMap((profile) => profile.titles)).toHaveLength(7);
  });

  it('gives every content piece an editor who is a content editor, and a publisher title; every distribution a title', async () => {
    const titleIds = (await client.get('/v2/publisher-profiles?per_page=100')).body.data.publisher_profiles.data.flatMap((profile: AnyBody) =>
      profile.titles.map((title: AnyBody) => title.id),
    );
    const editorIds = (await client.get('/v2/organisation-users?role_type=2&per_page=100')).body.data.users.data.map((user: AnyBody) => user.id);
    const contents: AnyBody[] = (await client.get('/v2/contents?per_page=100')).body.data.contents.data;

    expect(contents).toHaveLength(24);
    for (const content of contents) {
      expect(editorIds).toContain(content.content_editor);
      expect(titleIds).toContain(content.publisher_title_id);
    }

    const nested = await client.graphql(`{
      contents(first: 100) {
        nodes {
          editor { id roles { roleType } }
          publisherTitle { id publisherProfile { id } }
          distributions { publisherTitle { id } }
        }
      }
    }`);
    expect(nested.body.errors).toBeUndefined();
    const nodes: AnyBody[] = nested.body.data.contents.nodes;
    expect(nodes).toHaveLength(24);
    // GraphQL names the titles /v2 lists by their global ids.
    const titleGlobalIds = titleIds.map((id: number) => gid('PublisherTitle', id));
    for (const node of nodes) {
      expect(node.editor.roles.map((role: AnyBody) => role.roleType)).toContain('CONTENT_EDITOR');
      expect(titleGlobalIds).toContain(node.publisherTitle.id);
      expect(node.publisherTitle.publisherProfile).not.toBeNull();
      for (const distribution of node.distributions) expect(titleGlobalIds).toContain(distribution.publisherTitle.id);
    }
  });

  it('records the events of what it created, as the API would', async () => {
    const organisationId = (await client.get('/v2/ws-org')).body.data.id;
    const rows: { event_type: string; count: number }[] = await app.dataSource.query(
      'SELECT event_type, count(*)::int AS count FROM outbox_events WHERE organisation_id = $1 GROUP BY event_type',
      [organisationId],
    );
    const events = Object.fromEntries(rows.map((row) => [row.event_type, row.count]));

    expect(events).toMatchObject({
      publisher_profile_created: 3,
      advertiser_account_created: 3,
      campaign_created: 2,
      phase_created: 6,
      content_created: 24,
      distribution_created: 48,
    });
  });

  it('refuses a campaign count that is not a whole number from 1 to 1000', async () => {
    for (const value of ['0', 'many', '1001']) {
      const result = await runAdmin(['seed:demo', '--campaigns', value], env);
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toMatch(/^--campaigns must be an integer from 1 to 1000/);
    }
  });
});

describe('npm run --silent admin', () => {
  it('prints exactly the JSON line (no npm banner on stdout)', async () => {
    const result = await run('npm', ['run', '--silent', 'admin', '--', 'org:create', '--name', 'Via npm', '--code', 'via-npm'], env);
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ organization_code: 'via-npm', name: 'Via npm' });
  }, 120_000);
});
