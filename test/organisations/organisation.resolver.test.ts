import { allRows } from '../support/database-state';
import { ISO_TIMESTAMP } from '../support/expectations';
import { gid } from '../support/global-ids';
import { apiClient, type AnyBody, type Workspace } from '../support/test-app';
import { appForFile } from '../support/file-app';

/**
 * GraphQL `organisation`: the workspace of the API key, as `GET /v2/ws-org` reads it, through real
 * HTTP over a real PostgreSQL.
 */

const ORGANISATION = '{ organisation { id databaseId organizationCode name createdAt updatedAt } }';

const { app, ws, other } = appForFile({ ws: 'Acme Media Ltd', other: 'Blue Fox Publishing' });

async function organisation(workspace: Workspace): Promise<AnyBody> {
  const response = await workspace.api.graphql(ORGANISATION);
  expect(response.status).toBe(200);
  expect(response.body.errors).toBeUndefined();
  return response.body.data.organisation;
}

async function databaseState(): Promise<AnyBody> {
  return { organisations: await allRows(app, 'organisations'), outbox: await allRows(app, 'outbox_events') };
}

describe('query organisation', () => {
  it('returns the workspace of the API key: global id, database id, organizationCode, name and ISO timestamps', async () => {
    const result = await organisation(ws);

    expect(result).toEqual({
      id: gid('Organisation', ws.organisationId),
      databaseId: ws.organisationId,
      organizationCode: ws.organizationCode,
      name: 'Acme Media Ltd',
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
      updatedAt: expect.stringMatching(ISO_TIMESTAMP),
    });
  });

  it('agrees with GET /v2/ws-org', async () => {
    const rest = (await ws.api.get('/v2/ws-org')).body.data;

    expect(await organisation(ws)).toEqual({
      id: gid('Organisation', rest.id),
      databaseId: rest.id,
      organizationCode: rest.organization_code,
      name: rest.name,
      createdAt: rest.created_at,
      updatedAt: rest.updated_at,
    });
  });

  it('answers each key with its own workspace', async () => {
    const mine = await organisation(ws);
    const theirs = await organisation(other);

    expect(theirs).toMatchObject({ id: gid('Organisation', other.organisationId), databaseId: other.organisationId, organizationCode: other.organizationCode, name: 'Blue Fox Publishing' });
    expect(theirs.id).not.toBe(mine.id);
  });

  it('is reached through the Bearer header as well', async () => {
    const response = await apiClient(app.baseUrl, { authorization: `Bearer ${ws.key}` }).graphql(ORGANISATION);

    expect(response.body).toEqual({ extensions: { cost: expect.any(Object) }, data: { organisation: await organisation(ws) } });
  });

  it('changes nothing', async () => {
    const before = await databaseState();

    await organisation(ws);

    expect(await databaseState()).toEqual(before);
  });

  it('has no mutation: the workspace is read-only', async () => {
    const response = await ws.api.graphql('mutation { organisationUpdate(input: { name: "Renamed" }) { organisation { id } } }');

    expect(response.status).toBe(400);
    expect(response.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect((await organisation(ws)).name).toBe('Acme Media Ltd');
  });

  it('answers HTTP 401 UNAUTHENTICATED with a revoked key', async () => {
    const revoked = await app.workspace('Revoked workspace');
    await app.services.apiKeys.revoke(revoked.apiKeyId);

    const response = await revoked.api.graphql(ORGANISATION);

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ errors: [{ message: 'API key is invalid', extensions: { code: 'UNAUTHENTICATED' } }] });
  });
});
