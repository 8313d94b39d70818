import { allRows, rowById } from '../support/database-state';
import { ISO_TIMESTAMP, expectSuccess, expectNotFound } from '../support/expectations';
import { createAccount } from '../support/fixtures';
import { apiClient, type AnyBody, type ApiResponse, type Workspace } from '../support/test-app';
import { appForFile } from '../support/file-app';

/**
 * REST /v2 workspace organisation (spec §1, §2.2, §4.1, §5.3): `GET /v2/ws-org` reads the workspace
 * the API key belongs to. The record's fields are ours (the spec shows none): id,
 * organization_code, name, created_at, updated_at. Through real HTTP against the real database.
 * The 401s every operation shares (no key, an unknown key) are in test/http/rest/route-contract.test.ts.
 */

const PATH = '/v2/ws-org';
const RECORD_KEYS = ['id', 'organization_code', 'name', 'created_at', 'updated_at'];

const { app } = appForFile({ ws: null });

/** The workspace record as the organisations table holds it. */
async function expectedRecord(ws: Workspace): Promise<AnyBody> {
  const row = await rowById(app, 'organisations', ws.organisationId);
  return {
    id: ws.organisationId,
    organization_code: ws.organizationCode,
    name: row?.name,
    created_at: (row?.created_at as Date).toISOString(),
    updated_at: (row?.updated_at as Date).toISOString(),
  };
}

function expectOrganisationResponse(response: ApiResponse<AnyBody>): void {
  expectSuccess(response);
  const record = response.body.data;
  expect(Object.keys(record)).toEqual(RECORD_KEYS);
  expect(Number.isInteger(record.id)).toBe(true);
  expect(record.id).toBeGreaterThan(0);
  expect(typeof record.organization_code).toBe('string');
  expect(record.organization_code).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]{1,63}$/);
  expect(typeof record.name).toBe('string');
  expect(record.name).not.toBe('');
  expect(record.created_at).toMatch(ISO_TIMESTAMP);
  expect(record.updated_at).toMatch(ISO_TIMESTAMP);
}

/** The workspace rows and the outbox: a read changes neither. */
async function databaseState(): Promise<AnyBody> {
  return { organisations: await allRows(app, 'organisations'), outbox: await allRows(app, 'outbox_events') };
}

describe('GET /v2/ws-org', () => {
  let ws: Workspace;
  let other: Workspace;

  beforeAll(async () => {
    ws = await app.workspace('Acme Media Ltd');
    other = await app.workspace('Blue Fox Publishing');
  });

  it('returns the workspace of the API key under data: id, organization_code, name, created_at, updated_at', async () => {
    const response = await ws.api.get(PATH);

    expectOrganisationResponse(response);
    expect(response.body.data).toEqual(await expectedRecord(ws));
    expect(response.body.data.name).toBe('Acme Media Ltd');
  });

  it('answers each key with its own workspace', async () => {
    const mine = await ws.api.get(PATH);
    const theirs = await other.api.get(PATH);

    expectOrganisationResponse(theirs);
    expect(theirs.body.data).toEqual(await expectedRecord(other));
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    expect(theirs.body.data.organization_code).not.toBe(mine.body.data.organization_code);
  });

  it('answers every key of one workspace with that workspace', async () => {
    const organisation = await app.services.organisations.findByCode(ws.organizationCode);
    const second = await app.services.apiKeys.issue(organisation, { label: 'second key' });

    const viaSecond = await apiClient(app.baseUrl, { 'x-api-key': second.key }).get(PATH);

    expectOrganisationResponse(viaSecond);
    expect(viaSecond.body).toEqual((await ws.api.get(PATH)).body);
  });

  it('accepts the key as Authorization: Bearer too', async () => {
    const response = await apiClient(app.baseUrl, { authorization: `Bearer ${ws.key}` }).get(PATH);

    expectOrganisationResponse(response);
    expect(response.body.data).toEqual(await expectedRecord(ws));
  });

  it('gives the organization_code the workspace’s records carry', async () => {
    const accountId = await createAccount(ws, 'Coded account');

    const account = (await ws.api.get(`/v2/advertiser-accounts/${accountId}`)).body.data.advertiser_account;

    expect(account.organization_code).toBe((await ws.api.get(PATH)).body.data.organization_code);
  });

  it('changes nothing', async () => {
    const before = await databaseState();

    await ws.api.get(PATH);
    await other.api.get(PATH);

    expect(await databaseState()).toEqual(before);
  });

  it('answers 401 with a revoked key', async () => {
    const revokedWs = await app.workspace('Revoked workspace');
    expect((await revokedWs.api.get(PATH)).status).toBe(200);
    await app.services.apiKeys.revoke(revokedWs.apiKeyId);

    const response = await revokedWs.api.get(PATH);

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ success: false, message: 'API key is invalid', code: 'UNAUTHENTICATED', request_id: expect.any(String) });
  });

  it('is read-only: POST, PUT and DELETE have no route and change nothing', async () => {
    const before = await databaseState();

    const post = await ws.api.post(PATH, { name: 'Renamed' });
    const put = await ws.api.put(PATH, { name: 'Renamed' });
    const del = await ws.api.delete(PATH);

    expectNotFound(post, `No route for POST ${PATH}`);
    expectNotFound(put, `No route for PUT ${PATH}`);
    expectNotFound(del, `No route for DELETE ${PATH}`);
    expect(await databaseState()).toEqual(before);
    expect((await ws.api.get(PATH)).body.data.name).toBe('Acme Media Ltd');
  });

  it('takes no id: another workspace cannot be read by its id or code', async () => {
    for (const path of [`${PATH}/${other.organisationId}`, `${PATH}/${other.organizationCode}`]) {
      expectNotFound(await ws.api.get(path), `No route for GET ${path}`);
    }
  });
});
