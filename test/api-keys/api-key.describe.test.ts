import { ISO_TIMESTAMP } from '../support/expectations';
import { gid } from '../support/global-ids';
import { startTestApp, type TestApp } from '../support/test-app';

/** A key describing itself to its holder, on both faces, whatever its scopes. */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

it('is the calling key on both faces: id (global on GraphQL), prefix, label, scopes, expiry and times, never the key', async () => {
  const ws = await app.workspace('Described');
  const key = await app.keyFor(ws, { label: 'dashboard', scopes: ['campaigns:read'], expiresAt: new Date('2099-06-30T12:00:00Z') });
  const rest = (await key.api.get('/v2/api-key')).body.data.api_key;
  expect(rest).toEqual({
    id: key.apiKeyId,
    prefix: key.key.slice(0, 12),
    label: 'dashboard',
    scopes: ['campaigns:read'],
    expires_at: '2099-06-30T12:00:00.000Z',
    created_at: expect.stringMatching(ISO_TIMESTAMP),
    last_used_at: expect.stringMatching(ISO_TIMESTAMP),
  });
  const graphql = await key.api.graphql('{ apiKey { id databaseId prefix label scopes expiresAt createdAt lastUsedAt } }');
  expect(graphql.body.data.apiKey).toEqual({
    id: gid('ApiKey', key.apiKeyId),
    databaseId: key.apiKeyId,
    prefix: rest.prefix,
    label: 'dashboard',
    scopes: ['campaigns:read'],
    expiresAt: rest.expires_at,
    createdAt: rest.created_at,
    lastUsedAt: rest.last_used_at,
  });
  expect(JSON.stringify([rest, graphql.body])).not.toContain(key.key);
  // The workspace's other key is not this one.
  expect((await ws.api.get('/v2/api-key')).body.data.api_key).toMatchObject({ id: ws.apiKeyId, scopes: ['*'], expires_at: null });
});
