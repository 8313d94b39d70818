import { startTestApp, type TestApp, type Workspace } from '../support/test-app';

let app: TestApp;
let ws: Workspace;

beforeAll(async () => {
  app = await startTestApp();
  ws = await app.workspace();
  const account = await ws.api.post('/v2/advertiser-accounts', { name: 'Paged' });
  for (let n = 1; n <= 3; n += 1) {
    await ws.api.post('/v2/campaigns', { campaign_title: `Campaign ${n}`, primary_advertiser_account_id: account.body.data.advertiser_account.id });
  }
});
afterAll(async () => {
  await app.close();
});

function cursor(parts: unknown): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

const QUERY = 'query($after: String, $orderBy: [CampaignOrder!]) { campaigns(first: 2, after: $after, orderBy: $orderBy) { nodes { id } } }';

describe('connection cursors', () => {
  it.each([
    ['a value of the wrong kind for an id sort', ['id', 'abc', 1], undefined],
    ['an id beyond the id range', ['id', 1, 99_999_999_999], undefined],
    ['a negative id', ['id', -1, -1], undefined],
    ['a timestamp that is not one', ['createdAt', 'not-a-date', 1], { field: 'CREATED_AT', direction: 'ASC' }],
    ['a cursor of another sort order', ['campaignTitle', 'Campaign 1', 1], undefined],
    ['a number where a title is expected', ['campaignTitle', 5, 1], { field: 'TITLE', direction: 'ASC' }],
    ['something that is not JSON', 'not json', undefined],
  ])('refuses %s with BAD_USER_INPUT', async (_case, parts, orderBy) => {
    const after = typeof parts === 'string' ? Buffer.from(parts).toString('base64url') : cursor(parts);
    const response = await ws.api.graphql(QUERY, { after, orderBy });
    expect(response.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(response.body.errors[0].extensions.fieldErrors).toEqual({ after: ['is not a cursor of this list in this order'] });
    expect(response.body.data).toBeNull();
  });

  it('treats an explicit null `after` and `first` as not given (first page, default size)', async () => {
    const response = await ws.api.graphql('{ campaigns(first: null, after: null, orderBy: null) { nodes { campaignTitle } } }');
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.campaigns.nodes.map((n: { campaignTitle: string }) => n.campaignTitle)).toEqual(['Campaign 1', 'Campaign 2', 'Campaign 3']);
  });
});

describe('page links with PUBLIC_URL', () => {
  it('are built on PUBLIC_URL, path prefix included, keeping the other query parameters', async () => {
    const proxied = await startTestApp({ publicUrl: 'https://partners.example.test/api' });
    try {
      const tenant = await proxied.workspace();
      const account = await tenant.api.post('/v2/advertiser-accounts', { name: 'Linked' });
      for (let n = 1; n <= 3; n += 1) {
        await tenant.api.post('/v2/campaigns', { campaign_title: `Linked ${n}`, primary_advertiser_account_id: account.body.data.advertiser_account.id });
      }
      const first = await tenant.api.get('/v2/campaigns?per_page=2&search=Linked');
      expect(first.body.data.campaigns.next_page_url).toBe('https://partners.example.test/api/v2/campaigns?per_page=2&search=Linked&page=2');
      const second = await tenant.api.get('/v2/campaigns?per_page=2&search=Linked&page=2');
      expect(second.body.data.campaigns.prev_page_url).toBe('https://partners.example.test/api/v2/campaigns?per_page=2&search=Linked&page=1');
      expect(second.body.data.campaigns.next_page_url).toBeNull();
    } finally {
      await proxied.close();
    }
  });
});
