import { appForFile } from '../support/file-app';

const { app, ws } = appForFile();

async function accountCount(): Promise<number> {
  const [{ count }] = await app.dataSource.query('SELECT count(*)::int AS count FROM advertiser_accounts WHERE organisation_id = $1', [ws.organisationId]);
  return count;
}

describe('text fields', () => {
  it('refuses a NUL character in a body with 422, not a database failure', async () => {
    const response = await ws.api.post('/v2/advertiser-accounts', { name: 'a\u0000b' });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ name: ['name must not contain NUL characters'] });
    expect(await accountCount()).toBe(0);
  });

  it('refuses a NUL character in a list filter with 422', async () => {
    const response = await ws.api.get('/v2/campaigns?search=%00');
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ search: ['search must not contain NUL characters'] });
  });

  it('refuses a NUL character in a GraphQL input as a user error', async () => {
    const response = await ws.api.graphql('mutation($input: AdvertiserAccountInput!) { advertiserAccountCreate(input: $input) { advertiserAccount { id } userErrors { field message code } } }', {
      input: { name: 'a\u0000b' },
    });
    expect(response.body.data.advertiserAccountCreate).toEqual({
      advertiserAccount: null,
      userErrors: [{ field: ['input', 'name'], message: 'name must not contain NUL characters', code: 'BAD_USER_INPUT' }],
    });
    expect(await accountCount()).toBe(0);
  });

  it('refuses a name of spaces only', async () => {
    const response = await ws.api.post('/v2/advertiser-accounts', { name: '   ' });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ name: ['name must not be blank'] });
  });

  it('reports the kind of value expected before any range or length rule', async () => {
    const response = await ws.api.post('/v2/campaigns', { campaign_title: 5, campaign_net_cost: '12', no_content_pieces: 'many' });
    expect(response.status).toBe(422);
    expect(response.body.errors).toMatchObject({
      campaign_title: ['campaign_title must be a string'],
      campaign_net_cost: ['campaign_net_cost must be a number conforming to the specified constraints'],
      no_content_pieces: ['no_content_pieces must be an integer number'],
    });
  });
});
