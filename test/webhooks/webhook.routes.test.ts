import { rowById } from '../support/database-state';
import { attemptJobStates, runningWorkers } from '../support/delivery-work';
import { expectInvalid, expectRestUnauthenticated, INVALID, ISO_TIMESTAMP, MISSING_IDS, PAGINATION_KEYS, type SendRequest, withoutRequestId } from '../support/expectations';
import { startTestApp, type AnyBody, type ApiResponse, type TestApp, type Workspace } from '../support/test-app';
import { appForFile, workspacesForBlock } from '../support/file-app';
import {
  ATTEMPT_RECORD_KEYS,
  createAccountRecord,
  createService,
  createWebhook,
  DELIVERY_RECORD_KEYS,
  latestEventId,
  LISTED_WEBHOOK_KEYS,
  logDelivery,
  pingWebhook,
  SERVICE_RECORD_KEYS,
  serviceBody,
  SERVICES_PATH,
  SIGNING_SECRET,
  WEBHOOK_RECORD_KEYS,
  webhookBody,
  WEBHOOKS_PATH,
  webhookState,
} from '../support/webhooks';

/**
 * REST /v2 webhooks and webhook services (spec §2.11, §4.9, §6), with their delivery logs, test
 * pings and redeliveries, through real HTTP against the real database. Every write is checked
 * for what it stored; every refusal for storing nothing. Delivery itself (the worker) is tested
 * in delivery.test.ts: here the worker is off, so queued deliveries stay pending. The 401s and
 * 404s every operation shares (no key, unknown ids, another workspace's ids) are in
 * test/http/rest/route-contract.test.ts.
 */

const { app } = appForFile({ ws: null });

const UNKNOWN_ID = 2_000_000_000;
const WEBHOOK_NOT_FOUND = { success: false, message: 'Webhook not found', code: 'NOT_FOUND', request_id: expect.any(String) };
const SERVICE_NOT_FOUND = { success: false, message: 'Webhook service not found', code: 'NOT_FOUND', request_id: expect.any(String) };
const DELIVERY_NOT_FOUND = { success: false, message: 'Webhook delivery not found', code: 'NOT_FOUND', request_id: expect.any(String) };
const DAY_MS = 24 * 60 * 60 * 1000;

/** A 422 naming exactly these fields, each message starting with its field's v2 name. */
function expectInvalidFields(response: ApiResponse<AnyBody>, fields: string[]): void {
  expect(response.status).toBe(422);
  expect(Object.keys(response.body).sort()).toEqual(['code', 'errors', 'message', 'request_id', 'success']);
  expect(response.body.success).toBe(false);
  expect(response.body.message).toBe(INVALID);
  expect(Object.keys(response.body.errors).sort()).toEqual([...fields].sort());
  for (const field of fields) {
    expect(response.body.errors[field].length).toBeGreaterThan(0);
    for (const message of response.body.errors[field]) expect(message.startsWith(`${field} `)).toBe(true);
  }
}

/** Sends a request that must be refused with 422 naming `fields`, and checks that nothing was stored. */
async function expectRefused(send: () => Promise<ApiResponse<AnyBody>>, fields: string | string[], target: TestApp = app): Promise<ApiResponse<AnyBody>> {
  const before = await webhookState(target);
  const response = await send();
  expectInvalidFields(response, typeof fields === 'string' ? [fields] : fields);
  expect(await webhookState(target)).toEqual(before);
  return response;
}

/**
 * Another workspace's id answers exactly as an id that does not exist (404, same body), and
 * neither changes anything.
 */
async function expectForeignLikeUnknown(send: (id: number | string) => Promise<ApiResponse<AnyBody>>, foreignId: number | string, notFound: AnyBody): Promise<void> {
  const before = await webhookState(app);
  const foreign = await send(foreignId);
  const unknown = await send(UNKNOWN_ID);
  expect(foreign.status).toBe(404);
  expect(foreign.body).toEqual(notFound);
  expect(unknown.status).toBe(404);
  expect(withoutRequestId(unknown.body)).toEqual(withoutRequestId(foreign.body));
  expect(await webhookState(app)).toEqual(before);
}

/** Every malformed or unknown path id answers 404 with the resource's not-found body. */
async function expectMissingIdsNotFound(send: (id: string) => Promise<ApiResponse<AnyBody>>, notFound: AnyBody): Promise<void> {
  const before = await webhookState(app);
  for (const id of MISSING_IDS) {
    const response = await send(id);
    expect({ id, status: response.status, body: response.body }).toEqual({ id, status: 404, body: notFound });
  }
  expect(await webhookState(app)).toEqual(before);
}

/** The 401s (no key, wrong key), storing nothing. */
function expectUnauthenticated(send: SendRequest): Promise<void> {
  return expectRestUnauthenticated(app, send, () => webhookState(app));
}

/** A 200 with the v2 success envelope; `data` is an object with these keys, an array, or absent (deletes). */
function expectSuccessEnvelope(response: ApiResponse<AnyBody>, message: string, data: string[] | 'array' | 'none'): void {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.body.success).toBe(true);
  expect(response.body.message).toBe(message);
  if (data === 'none') {
    expect(Object.keys(response.body).sort()).toEqual(['message', 'success']);
    return;
  }
  expect(Object.keys(response.body).sort()).toEqual(['data', 'message', 'success']);
  if (data === 'array') expect(Array.isArray(response.body.data)).toBe(true);
  else expect(Object.keys(response.body.data)).toEqual(data);
}

/** The full webhook record: its keys in order and each of its documented JSON type. */
function expectWebhookRecord(record: AnyBody, { withSecret }: { withSecret: boolean }): void {
  expect(Object.keys(record)).toEqual(withSecret ? [...WEBHOOK_RECORD_KEYS, 'secret'] : WEBHOOK_RECORD_KEYS);
  expect(Number.isInteger(record.id)).toBe(true);
  expect(typeof record.name).toBe('string');
  expect(Array.isArray(record.events)).toBe(true);
  for (const event of record.events) expect(typeof event).toBe('string');
  expect(typeof record.url).toBe('string');
  expect(record.created_at).toMatch(ISO_TIMESTAMP);
  expect(record.updated_at).toMatch(ISO_TIMESTAMP);
  if (record.service !== null) expect(record.service).toEqual({ id: expect.any(Number), name: expect.any(String) });
  expect([0, 1]).toContain(record.active);
  expect(record.disabled_reason === null || typeof record.disabled_reason === 'string').toBe(true);
  if (record.previous_secret_expires_at !== null) expect(record.previous_secret_expires_at).toMatch(ISO_TIMESTAMP);
  if (withSecret) expect(record.secret).toMatch(SIGNING_SECRET);
}

function expectServiceRecord(record: AnyBody): void {
  expect(Object.keys(record)).toEqual(SERVICE_RECORD_KEYS);
  expect(Number.isInteger(record.id)).toBe(true);
  expect(typeof record.name).toBe('string');
  expect(record.client_id === null || typeof record.client_id === 'string').toBe(true);
  expect(record.auth_url === null || typeof record.auth_url === 'string').toBe(true);
  expect(typeof record.is_default).toBe('boolean');
  expect(typeof record.has_client_secret).toBe('boolean');
  expect(record.created_at).toMatch(ISO_TIMESTAMP);
  expect(record.updated_at).toMatch(ISO_TIMESTAMP);
}

function expectDeliveryRecord(record: AnyBody, { withAttempts }: { withAttempts: boolean }): void {
  expect(Object.keys(record)).toEqual(withAttempts ? [...DELIVERY_RECORD_KEYS, 'attempts'] : DELIVERY_RECORD_KEYS);
  for (const field of ['id', 'webhook_id', 'event_id', 'attempt_count']) expect(Number.isInteger(record[field])).toBe(true);
  expect(typeof record.event_type).toBe('string');
  expect(['pending', 'succeeded', 'failed']).toContain(record.status);
  for (const field of ['last_attempt_at', 'next_attempt_at']) if (record[field] !== null) expect(record[field]).toMatch(ISO_TIMESTAMP);
  expect(record.last_status_code === null || Number.isInteger(record.last_status_code)).toBe(true);
  expect(record.created_at).toMatch(ISO_TIMESTAMP);
  expect(record.updated_at).toMatch(ISO_TIMESTAMP);
  if (withAttempts) for (const attempt of record.attempts) expect(Object.keys(attempt)).toEqual(ATTEMPT_RECORD_KEYS);
}

async function listServices(ws: Workspace): Promise<AnyBody[]> {
  const response = await ws.api.get(SERVICES_PATH);
  expect(response.status).toBe(200);
  return response.body.data;
}

async function listWebhooks(ws: Workspace): Promise<AnyBody[]> {
  const response = await ws.api.get(WEBHOOKS_PATH);
  expect(response.status).toBe(200);
  return response.body.data;
}

async function getWebhook(ws: Workspace, id: number): Promise<AnyBody> {
  const response = await ws.api.get(`${WEBHOOKS_PATH}/${id}`);
  expect(response.status).toBe(200);
  return response.body.data.webhook;
}

async function deleteWebhook(ws: Workspace, id: number): Promise<void> {
  expect((await ws.api.delete(`${WEBHOOKS_PATH}/${id}`)).status).toBe(200);
}

function webhookRow(id: number): Promise<AnyBody> {
  return rowById(app, 'webhooks', id);
}

function serviceRow(id: number): Promise<AnyBody> {
  return rowById(app, 'webhook_services', id);
}

function deliveryRow(id: number): Promise<AnyBody> {
  return rowById(app, 'webhook_deliveries', id);
}

describe('GET /v2/webhooks/services', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });
  let withCredentials: AnyBody;
  let plain: AnyBody;

  beforeAll(async () => {
    withCredentials = await createService(ws, { name: 'OAuth', is_default: true });
    plain = await createService(ws, { name: 'Plain', client_id: null, client_secret: null, auth_url: null });
    await createService(other, { name: 'Theirs' });
  });

  it("returns the workspace's services as an array under data, by id, never showing a client secret", async () => {
    const response = await ws.api.get(SERVICES_PATH);

    expectSuccessEnvelope(response, 'Webhook services retrieved successfully', 'array');
    expect(Array.isArray(response.body.data)).toBe(true);
    expect(response.body.data).toEqual([withCredentials, plain]);
    for (const record of response.body.data) expectServiceRecord(record);
    expect(response.body.data[0]).toMatchObject({ name: 'OAuth', client_id: 'client-123', auth_url: 'https://auth.example.com/oauth/token', is_default: true, has_client_secret: true });
    expect(response.body.data[1]).toMatchObject({ name: 'Plain', client_id: null, auth_url: null, is_default: false, has_client_secret: false });
    expect(JSON.stringify(response.body)).not.toContain('very-secret-value');
  });

  it("never lists another workspace's services", async () => {
    expect((await listServices(other)).map((s) => s.name)).toEqual(['Theirs']);
    expect((await listServices(ws)).map((s) => s.name)).toEqual(['OAuth', 'Plain']);
  });

  it('returns an empty array for a workspace without services', async () => {
    const empty = await app.workspace();

    const response = await empty.api.get(SERVICES_PATH);

    expectSuccessEnvelope(response, 'Webhook services retrieved successfully', 'array');
    expect(response.body.data).toEqual([]);
  });

  it('does not list deleted services', async () => {
    const doomed = await createService(ws, { name: 'Doomed' });
    expect((await ws.api.delete(`${SERVICES_PATH}/${doomed.id}`)).status).toBe(200);

    expect((await listServices(ws)).map((s) => s.name)).toEqual(['OAuth', 'Plain']);
  });

  it('refuses query parameters with 422 naming them', async () => {
    const response = await ws.api.get(`${SERVICES_PATH}?page=1`);

    expectInvalid(response, 'page');
    expect(response.body.errors.page).toEqual(['page is not a query parameter of this list']);
  });
});

describe('POST /v2/webhooks/services (create: body without id)', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });

  it('creates a service with client credentials, storing the secret sealed and never returning it', async () => {
    const response = await ws.api.post(SERVICES_PATH, serviceBody());

    expectSuccessEnvelope(response, 'Webhook service created successfully', ['service']);
    const record = response.body.data.service;
    expectServiceRecord(record);
    expect(record).toEqual({
      id: expect.any(Number),
      name: 'Partner OAuth',
      client_id: 'client-123',
      auth_url: 'https://auth.example.com/oauth/token',
      is_default: false,
      has_client_secret: true,
      created_at: expect.stringMatching(ISO_TIMESTAMP),
      updated_at: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect(JSON.stringify(response.body)).not.toContain('very-secret-value');
    const row = await serviceRow(record.id);
    expect(row).toMatchObject({ organisation_id: ws.organisationId, name: 'Partner OAuth', client_id: 'client-123', auth_url: 'https://auth.example.com/oauth/token', is_default: false, deleted_at: null });
    expect(typeof row.client_secret_sealed).toBe('string');
    expect(row.client_secret_sealed).not.toContain('very-secret-value');
    expect((await listServices(ws)).map((s) => s.id)).toContain(record.id);
  });

  it('creates a service without credentials: client_id, auth_url null and no secret', async () => {
    const response = await ws.api.post(SERVICES_PATH, { name: 'No auth' });

    expectSuccessEnvelope(response, 'Webhook service created successfully', ['service']);
    expect(response.body.data.service).toMatchObject({ name: 'No auth', client_id: null, auth_url: null, is_default: false, has_client_secret: false });
    expect((await serviceRow(response.body.data.service.id)).client_secret_sealed).toBeNull();
  });

  it('records no event', async () => {
    const before = (await webhookState(app)).outbox_events;
    await createService(ws, { name: 'Quiet' });
    expect((await webhookState(app)).outbox_events).toEqual(before);
  });

  it('makes the service the default with is_default true; the previous default stops being one, in this workspace only', async () => {
    const fresh = await app.workspace();
    const first = await createService(fresh, { name: 'First', is_default: true });
    const theirs = await createService(other, { name: 'Theirs', is_default: true });

    const second = await createService(fresh, { name: 'Second', is_default: true });

    expect(first.is_default).toBe(true);
    expect(second.is_default).toBe(true);
    expect((await listServices(fresh)).map((s) => [s.name, s.is_default])).toEqual([
      ['First', false],
      ['Second', true],
    ]);
    expect((await listServices(other)).find((s) => s.id === theirs.id).is_default).toBe(true);
  });

  it('ignores read-only fields echoed back from a record', async () => {
    const response = await ws.api.post(SERVICES_PATH, { name: 'Echo', has_client_secret: true, created_at: '2020-01-01T00:00:00.000Z', updated_at: '2020-01-01T00:00:00.000Z' });

    expect(response.status).toBe(200);
    expect(response.body.data.service).toMatchObject({ name: 'Echo', has_client_secret: false });
    expect(response.body.data.service.created_at).not.toBe('2020-01-01T00:00:00.000Z');
  });

  it.each([
    ['only client_id', { client_secret: undefined, auth_url: undefined }, ['client_secret', 'auth_url']],
    ['client_id and client_secret without auth_url', { auth_url: undefined }, ['auth_url']],
    ['client_secret alone', { client_id: undefined, auth_url: undefined }, ['client_id', 'auth_url']],
    ['auth_url alone', { client_id: undefined, client_secret: undefined }, ['client_id', 'client_secret']],
    ['client_id null with the other two', { client_id: null }, ['client_id']],
  ])('refuses %s: client_id, client_secret and auth_url come together or not at all', async (_case, overrides, fields) => {
    const response = await expectRefused(() => ws.api.post(SERVICES_PATH, serviceBody(overrides)), fields);

    for (const field of fields) expect(response.body.errors[field]).toEqual([`${field} is required with the other client credentials (client_id, client_secret, auth_url come together or not at all)`]);
  });

  it.each([
    ['auth_url not a URL', { auth_url: 'not a url' }, 'auth_url'],
    ['auth_url not http(s)', { auth_url: 'ftp://auth.example.com/token' }, 'auth_url'],
    ['auth_url relative', { auth_url: '/oauth/token' }, 'auth_url'],
    ['name missing', { name: undefined }, 'name'],
    ['name blank', { name: '   ' }, 'name'],
    ['name not a string', { name: 5 }, 'name'],
    ['name too long', { name: 'x'.repeat(256) }, 'name'],
    ['client_id blank', { client_id: '' }, 'client_id'],
    ['client_secret blank', { client_secret: '' }, 'client_secret'],
    ['is_default not a boolean', { is_default: 'yes' }, 'is_default'],
    ['an unknown field', { colour: 'red' }, 'colour'],
  ])('refuses %s with 422 naming %s, storing nothing', async (_case, overrides, field) => {
    await expectRefused(() => ws.api.post(SERVICES_PATH, serviceBody(overrides)), field);
  });

  it('names the broken rule in each message', async () => {
    const authUrl = await ws.api.post(SERVICES_PATH, serviceBody({ auth_url: 'not a url' }));
    const missing = await ws.api.post(SERVICES_PATH, { client_id: null });
    const unknown = await ws.api.post(SERVICES_PATH, serviceBody({ colour: 'red' }));

    expect(authUrl.body.errors).toEqual({ auth_url: ['auth_url must be an absolute http(s) URL'] });
    expect(missing.body.errors).toEqual({ name: ['name is required'] });
    expect(unknown.body.errors).toEqual({ colour: ['colour is not a field of this operation'] });
  });

  it('refuses a body that is not a JSON object', async () => {
    await expectRefused(() => ws.api.post(SERVICES_PATH, [serviceBody()]), 'body');
  });
});

describe('POST /v2/webhooks/services (update: body with id)', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });

  it('changes the fields given and keeps the others; an omitted client_secret keeps the stored one', async () => {
    const service = await createService(ws);
    const sealedBefore = (await serviceRow(service.id)).client_secret_sealed;
    await new Promise((resolve) => setTimeout(resolve, 5));

    const response = await ws.api.post(SERVICES_PATH, { id: service.id, name: 'Renamed', client_id: 'client-456', auth_url: 'https://auth2.example.com/token' });

    expectSuccessEnvelope(response, 'Webhook service updated successfully', ['service']);
    const record = response.body.data.service;
    expectServiceRecord(record);
    expect(record).toEqual({
      ...service,
      name: 'Renamed',
      client_id: 'client-456',
      auth_url: 'https://auth2.example.com/token',
      has_client_secret: true,
      updated_at: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect(Date.parse(record.updated_at)).toBeGreaterThan(Date.parse(service.updated_at));
    expect((await serviceRow(service.id)).client_secret_sealed).toBe(sealedBefore);
    expect((await listServices(ws)).filter((s) => s.id === service.id)).toEqual([record]);
  });

  it('accepts the id as a numeric string', async () => {
    const service = await createService(ws, { name: 'String id' });

    const response = await ws.api.post(SERVICES_PATH, { id: String(service.id), name: 'Renamed by string id' });

    expect(response.status).toBe(200);
    expect(response.body.data.service).toMatchObject({ id: service.id, name: 'Renamed by string id' });
  });

  it('replaces the stored secret when client_secret is given, never returning it', async () => {
    const service = await createService(ws);
    const sealedBefore = (await serviceRow(service.id)).client_secret_sealed;

    const response = await ws.api.post(SERVICES_PATH, { id: service.id, client_secret: 'a-brand-new-secret' });

    expect(response.status).toBe(200);
    expect(response.body.data.service.has_client_secret).toBe(true);
    expect(JSON.stringify(response.body)).not.toContain('a-brand-new-secret');
    const sealedAfter = (await serviceRow(service.id)).client_secret_sealed;
    expect(sealedAfter).not.toBe(sealedBefore);
    expect(sealedAfter).not.toContain('a-brand-new-secret');
  });

  it('clears the credentials when all three are null', async () => {
    const service = await createService(ws);

    const response = await ws.api.post(SERVICES_PATH, { id: service.id, client_id: null, client_secret: null, auth_url: null });

    expect(response.status).toBe(200);
    expect(response.body.data.service).toMatchObject({ client_id: null, auth_url: null, has_client_secret: false });
    expect(await serviceRow(service.id)).toMatchObject({ client_id: null, auth_url: null, client_secret_sealed: null });
  });

  it.each([
    ['client_id null while the others stay stored', { client_id: null }, ['client_id']],
    ['client_secret null while the others stay stored', { client_secret: null }, ['client_secret']],
    ['auth_url null while the others stay stored', { auth_url: null }, ['auth_url']],
  ])('refuses %s: the credentials are judged as they would be saved', async (_case, change, fields) => {
    const service = await createService(ws);

    await expectRefused(() => ws.api.post(SERVICES_PATH, { id: service.id, ...change }), fields);
  });

  it('refuses to add only some credentials to a service that has none', async () => {
    const service = await createService(ws, { client_id: undefined, client_secret: undefined, auth_url: undefined });

    await expectRefused(() => ws.api.post(SERVICES_PATH, { id: service.id, client_id: 'only-the-id' }), ['client_secret', 'auth_url']);
  });

  it('moves the default with is_default true, and leaves none with is_default false on the default', async () => {
    const fresh = await app.workspace();
    const first = await createService(fresh, { name: 'First', is_default: true });
    const second = await createService(fresh, { name: 'Second' });

    const moved = await fresh.api.post(SERVICES_PATH, { id: second.id, is_default: true });

    expect(moved.status).toBe(200);
    expect(moved.body.data.service.is_default).toBe(true);
    expect((await listServices(fresh)).map((s) => [s.id, s.is_default])).toEqual([
      [first.id, false],
      [second.id, true],
    ]);

    const cleared = await fresh.api.post(SERVICES_PATH, { id: second.id, is_default: false });

    expect(cleared.status).toBe(200);
    expect((await listServices(fresh)).map((s) => s.is_default)).toEqual([false, false]);
  });

  it('keeps the default when the default itself is updated with is_default true', async () => {
    const fresh = await app.workspace();
    const only = await createService(fresh, { name: 'Only', is_default: true });

    const response = await fresh.api.post(SERVICES_PATH, { id: only.id, is_default: true, name: 'Only, renamed' });

    expect(response.status).toBe(200);
    expect((await listServices(fresh)).map((s) => [s.name, s.is_default])).toEqual([['Only, renamed', true]]);
  });

  it('refuses field rules on update as on create, storing nothing', async () => {
    const service = await createService(ws);

    await expectRefused(() => ws.api.post(SERVICES_PATH, { id: service.id, name: '' }), 'name');
    await expectRefused(() => ws.api.post(SERVICES_PATH, { id: service.id, auth_url: 'not a url' }), 'auth_url');
    await expectRefused(() => ws.api.post(SERVICES_PATH, { id: service.id, colour: 'red' }), 'colour');
  });

  it("answers 404 for another workspace's service exactly as for an unknown id, changing nothing", async () => {
    const theirs = await createService(other, { name: 'Theirs' });

    const mine = await createService(ws, { name: 'My default', is_default: true });

    await expectForeignLikeUnknown((id) => ws.api.post(SERVICES_PATH, { id, name: 'Hijacked', is_default: true }), theirs.id, SERVICE_NOT_FOUND);
    expect((await listServices(other)).map((s) => s.name)).toEqual(['Theirs']);
    expect((await listServices(ws)).find((s) => s.id === mine.id).is_default).toBe(true);
  });

  it('answers 404 for a deleted service', async () => {
    const doomed = await createService(ws, { name: 'Doomed' });
    expect((await ws.api.delete(`${SERVICES_PATH}/${doomed.id}`)).status).toBe(200);

    const before = await webhookState(app);
    const response = await ws.api.post(SERVICES_PATH, { id: doomed.id, name: 'Back' });

    expect(response.status).toBe(404);
    expect(response.body).toEqual(SERVICE_NOT_FOUND);
    expect(await webhookState(app)).toEqual(before);
  });

  it.each([['abc'], [0], [-1], [1.5], [true], ['']])('refuses a malformed id (%p) with 422 on id, storing nothing', async (id) => {
    const response = await expectRefused(() => ws.api.post(SERVICES_PATH, { id, name: 'Whatever' }), 'id');

    expect(response.body.errors).toEqual({ id: ['id must be a positive integer id'] });
  });

  it('treats id null as a create', async () => {
    const response = await ws.api.post(SERVICES_PATH, { id: null, name: 'Created with id null' });

    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Webhook service created successfully');
  });

  it('reports broken field rules before looking the id up, as every write does (docs: field rules 422, then the id 404)', async () => {
    const theirs = await createService(other, { name: 'Theirs too' });

    await expectRefused(() => ws.api.post(SERVICES_PATH, { id: UNKNOWN_ID, name: '' }), 'name');
    await expectRefused(() => ws.api.post(SERVICES_PATH, { id: theirs.id, name: '' }), 'name');
  });
});

describe('DELETE /v2/webhooks/services/{id}', () => {
  const { ws } = workspacesForBlock(app);

  it('deletes an unused service: 200 without data, gone from the list, kept as a deleted row', async () => {
    const service = await createService(ws, { name: 'Unused' });

    const response = await ws.api.delete(`${SERVICES_PATH}/${service.id}`);

    expectSuccessEnvelope(response, 'Webhook service deleted successfully', 'none');
    expect((await listServices(ws)).map((s) => s.id)).not.toContain(service.id);
    expect((await serviceRow(service.id)).deleted_at).toBeInstanceOf(Date);
    const again = await ws.api.delete(`${SERVICES_PATH}/${service.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual(SERVICE_NOT_FOUND);
  });

  it('deleting the default leaves the workspace without one: new webhooks then have no service', async () => {
    const fresh = await app.workspace();
    const service = await createService(fresh, { is_default: true });

    expect((await fresh.api.delete(`${SERVICES_PATH}/${service.id}`)).status).toBe(200);

    expect((await serviceRow(service.id)).is_default).toBe(false);
    expect((await createWebhook(fresh)).service).toBeNull();
  });

  it('refuses with 422 on id while a webhook uses the service, changing nothing; once no live webhook uses it, it goes', async () => {
    const service = await createService(ws, { name: 'In use' });
    const webhook = await createWebhook(ws, { service_id: service.id });

    const refused = await expectRefused(() => ws.api.delete(`${SERVICES_PATH}/${service.id}`), 'id');

    expect(refused.body.errors.id).toEqual([expect.stringMatching(/^id is used by 1 webhook/)]);
    expect((await getWebhook(ws, webhook.id)).service).toEqual({ id: service.id, name: 'In use' });

    await deleteWebhook(ws, webhook.id);
    const response = await ws.api.delete(`${SERVICES_PATH}/${service.id}`);
    expect(response.status).toBe(200);
  });

  it('is refused while a disabled webhook uses the service', async () => {
    const service = await createService(ws, { name: 'Used by a disabled one' });
    const webhook = await createWebhook(ws, { service_id: service.id });
    expect((await ws.api.post(`${WEBHOOKS_PATH}/${webhook.id}/disable`)).status).toBe(200);

    await expectRefused(() => ws.api.delete(`${SERVICES_PATH}/${service.id}`), 'id');
  });
});

describe('GET /v2/webhooks', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });
  let service: AnyBody;
  let first: AnyBody;
  let second: AnyBody;

  beforeAll(async () => {
    service = await createService(ws, { name: 'Partner OAuth' });
    first = await createWebhook(ws, { name: 'With service', service_id: service.id, events: ['campaign_created', 'campaign_updated'] });
    second = await createWebhook(ws, { name: 'Without service', url: 'http://127.0.0.1:9/hooks', events: ['distribution_updated'] });
    await createWebhook(other, { name: 'Theirs' });
  });

  it('returns the listed records (§2.11) as an array under data, by id, never with a secret', async () => {
    const response = await ws.api.get(WEBHOOKS_PATH);

    expectSuccessEnvelope(response, 'Webhooks retrieved successfully', 'array');
    expect(Array.isArray(response.body.data)).toBe(true);
    for (const record of response.body.data) expect(Object.keys(record)).toEqual(LISTED_WEBHOOK_KEYS);
    expect(response.body.data).toEqual([
      {
        id: first.id,
        name: 'With service',
        url: 'https://receiver.example.com/hooks',
        service: { id: service.id, name: 'Partner OAuth' },
        events: ['campaign_created', 'campaign_updated'],
        active: 1,
        disabled_reason: null,
        previous_secret_expires_at: null,
        rate_limit: null,
      },
      {
        id: second.id,
        name: 'Without service',
        url: 'http://127.0.0.1:9/hooks',
        service: null,
        events: ['distribution_updated'],
        active: 1,
        disabled_reason: null,
        previous_secret_expires_at: null,
        rate_limit: null,
      },
    ]);
    expect(JSON.stringify(response.body)).not.toContain('whsec_');
  });

  it('shows the state: a disabled webhook has active 0 and its reason', async () => {
    const fresh = await app.workspace();
    const webhook = await createWebhook(fresh);
    expect((await fresh.api.post(`${WEBHOOKS_PATH}/${webhook.id}/disable`)).status).toBe(200);

    expect(await listWebhooks(fresh)).toEqual([expect.objectContaining({ id: webhook.id, active: 0, disabled_reason: 'disabled by a client' })]);
  });

  it("never lists another workspace's webhooks", async () => {
    expect((await listWebhooks(other)).map((w) => w.name)).toEqual(['Theirs']);
    expect((await listWebhooks(ws)).map((w) => w.name)).toEqual(['With service', 'Without service']);
  });

  it('does not list deleted webhooks', async () => {
    const doomed = await createWebhook(ws, { name: 'Doomed' });
    await deleteWebhook(ws, doomed.id);

    expect((await listWebhooks(ws)).map((w) => w.name)).toEqual(['With service', 'Without service']);
  });

  it('returns an empty array for a workspace without webhooks', async () => {
    const empty = await app.workspace();

    expect(await listWebhooks(empty)).toEqual([]);
  });

  it.each([['page=1', 'page'], ['per_page=5', 'per_page'], ['colour=red', 'colour']])('refuses ?%s with 422 naming %s (the list takes no parameters)', async (query, field) => {
    expectInvalid(await ws.api.get(`${WEBHOOKS_PATH}?${query}`), field);
  });
});

describe('POST /v2/webhooks', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });
  let ownService: AnyBody;
  let foreignService: AnyBody;

  beforeAll(async () => {
    ownService = await createService(ws, { name: 'Own service' });
    foreignService = await createService(other, { name: 'Foreign service' });
  });

  it('creates the webhook and answers data.webhook (§2.11) with its signing secret, shown this once', async () => {
    const response = await ws.api.post(WEBHOOKS_PATH, webhookBody({ service_id: String(ownService.id) }));

    expectSuccessEnvelope(response, 'Webhook created successfully', ['webhook']);
    const record = response.body.data.webhook;
    expectWebhookRecord(record, { withSecret: true });
    expect(record).toEqual({
      id: expect.any(Number),
      name: 'Order receiver',
      events: ['campaign_created', 'content_updated'],
      url: 'https://receiver.example.com/hooks',
      created_at: expect.stringMatching(ISO_TIMESTAMP),
      updated_at: expect.stringMatching(ISO_TIMESTAMP),
      service: { id: ownService.id, name: 'Own service' },
      active: 1,
      disabled_reason: null,
      previous_secret_expires_at: null,
      rate_limit: null,
      secret: expect.stringMatching(SIGNING_SECRET),
    });
    expect(Math.abs(Date.parse(record.created_at) - Date.now())).toBeLessThan(60_000);
    const row = await webhookRow(record.id);
    expect(row).toMatchObject({
      organisation_id: ws.organisationId,
      name: 'Order receiver',
      url: 'https://receiver.example.com/hooks',
      events: ['campaign_created', 'content_updated'],
      service_id: ownService.id,
      active: true,
      disabled_reason: null,
      previous_secret_sealed: null,
      deleted_at: null,
    });
    expect(row.secret_sealed).not.toContain(record.secret.slice('whsec_'.length));
    expect(await getWebhook(ws, record.id)).toEqual(Object.fromEntries(Object.entries(record).filter(([key]) => key !== 'secret')));
  });

  it('accepts service_id as an integer', async () => {
    expect((await createWebhook(ws, { service_id: ownService.id })).service).toEqual({ id: ownService.id, name: 'Own service' });
  });

  it('gives each webhook its own secret', async () => {
    const a = await createWebhook(ws);
    const b = await createWebhook(ws);

    expect(a.secret).not.toBe(b.secret);
  });

  it("takes the workspace's default service when service_id is omitted, and none when there is no default", async () => {
    const fresh = await app.workspace();
    expect((await createWebhook(fresh)).service).toBeNull();
    const byDefault = await createService(fresh, { name: 'Default', is_default: true });

    const webhook = await createWebhook(fresh);

    expect(webhook.service).toEqual({ id: byDefault.id, name: 'Default' });
    expect((await webhookRow(webhook.id)).service_id).toBe(byDefault.id);
  });

  it('takes no service when service_id is null, even with a default', async () => {
    const fresh = await app.workspace();
    await createService(fresh, { is_default: true });

    const webhook = await createWebhook(fresh, { service_id: null });

    expect(webhook.service).toBeNull();
    expect((await webhookRow(webhook.id)).service_id).toBeNull();
  });

  it('records no event', async () => {
    const before = (await webhookState(app)).outbox_events;
    await createWebhook(ws);
    expect((await webhookState(app)).outbox_events).toEqual(before);
  });

  it('accepts every subscribable event type of the catalogue, the seven of §6 among them', async () => {
    const library = await ws.api.get('/v2/libraries/event-types');
    const subscribable = library.body.data.library.entries.filter((entry: AnyBody) => entry.subscribable).map((entry: AnyBody) => entry.name);

    const webhook = await createWebhook(ws, { events: subscribable });

    expect(webhook.events).toEqual(subscribable);
    expect(subscribable).toEqual(expect.arrayContaining(['campaign_created', 'campaign_updated', 'campaign_media_added', 'content_created', 'content_updated', 'distribution_created', 'distribution_updated']));
  });

  it.each([
    ['url ftp://x', { url: 'ftp://x' }, 'url'],
    ['url "not a url"', { url: 'not a url' }, 'url'],
    ['url empty', { url: '' }, 'url'],
    ['url javascript:', { url: 'javascript:alert(1)' }, 'url'],
    ['url with credentials', { url: 'https://user:pass@receiver.example.com/hooks' }, 'url'],
    ['url not a string', { url: 42 }, 'url'],
    ['url missing', { url: undefined }, 'url'],
    ['events empty', { events: [] }, 'events'],
    ['events naming an unknown event', { events: ['campaign_created', 'order_shipped'] }, 'events'],
    ['events naming ping', { events: ['ping'] }, 'events'],
    ['events naming an event twice', { events: ['campaign_created', 'content_updated', 'campaign_created'] }, 'events'],
    ['events not an array', { events: 'campaign_created' }, 'events'],
    ['events missing', { events: undefined }, 'events'],
    ['name blank', { name: '   ' }, 'name'],
    ['name empty', { name: '' }, 'name'],
    ['name missing', { name: undefined }, 'name'],
    ['name too long', { name: 'x'.repeat(256) }, 'name'],
    ['service_id malformed', { service_id: 'abc' }, 'service_id'],
    ['service_id zero', { service_id: 0 }, 'service_id'],
    ['service_id unknown', { service_id: UNKNOWN_ID }, 'service_id'],
    ['an unknown field', { colour: 'red' }, 'colour'],
    ['a secret (it is made, never given)', { secret: 'whsec_AAAA' }, 'secret'],
    ['active (use enable/disable)', { active: 0 }, 'active'],
  ])('refuses %s with 422 naming %s, storing nothing', async (_case, overrides, field) => {
    await expectRefused(() => ws.api.post(WEBHOOKS_PATH, webhookBody(overrides)), field);
  });

  it("refuses another workspace's service_id with 422 on service_id, exactly as an unknown one", async () => {
    const foreign = await expectRefused(() => ws.api.post(WEBHOOKS_PATH, webhookBody({ service_id: foreignService.id })), 'service_id');
    const unknown = await ws.api.post(WEBHOOKS_PATH, webhookBody({ service_id: UNKNOWN_ID }));

    expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(unknown.body));
    expect(foreign.body.errors).toEqual({ service_id: ['service_id names no webhook service of this workspace'] });
  });

  it('refuses a deleted service_id', async () => {
    const doomed = await createService(ws, { name: 'Doomed' });
    expect((await ws.api.delete(`${SERVICES_PATH}/${doomed.id}`)).status).toBe(200);

    await expectRefused(() => ws.api.post(WEBHOOKS_PATH, webhookBody({ service_id: doomed.id })), 'service_id');
  });

  it('names the broken rule in each message', async () => {
    const url = await ws.api.post(WEBHOOKS_PATH, webhookBody({ url: 'ftp://x' }));
    const twice = await ws.api.post(WEBHOOKS_PATH, webhookBody({ events: ['campaign_created', 'campaign_created'] }));
    const blank = await ws.api.post(WEBHOOKS_PATH, webhookBody({ name: ' ' }));
    const unknown = await ws.api.post(WEBHOOKS_PATH, webhookBody({ colour: 'red' }));

    expect(url.body.errors).toEqual({ url: ['url must be an absolute http(s) URL'] });
    expect(twice.body.errors).toEqual({ events: ['events must not name an event type twice'] });
    expect(blank.body.errors).toEqual({ name: ['name must not be blank'] });
    expect(unknown.body.errors).toEqual({ colour: ['colour is not a field of this operation'] });
  });

  it('reports every broken field at once', async () => {
    await expectRefused(() => ws.api.post(WEBHOOKS_PATH, { name: '', url: 'ftp://x', events: [] }), ['name', 'url', 'events']);
  });

  it('refuses a body that is not a JSON object', async () => {
    await expectRefused(() => ws.api.post(WEBHOOKS_PATH, [webhookBody()]), 'body');
  });

  it('holds at most 50 webhooks per workspace: the 51st is refused on url, and a delete frees a place', async () => {
    const full = await app.workspace();
    const made: AnyBody[] = [];
    for (let i = 0; i < 50; i += 1) made.push(await createWebhook(full, { name: `Receiver ${i}` }));

    const refused = await expectRefused(() => full.api.post(WEBHOOKS_PATH, webhookBody()), 'url');

    expect(refused.body.errors.url).toEqual(['url cannot be added: a workspace has at most 50 webhooks']);
    await deleteWebhook(full, made[0].id);
    expect((await full.api.post(WEBHOOKS_PATH, webhookBody())).status).toBe(200);
  });
});

describe('receiver URLs under the production destination policy (no private networks)', () => {
  let prod: TestApp;
  let ws: Workspace;

  beforeAll(async () => {
    prod = await startTestApp({ webhooks: { retrySchedule: [1], allowPrivateNetworks: false, timeoutMs: 2000, disableAfterSeconds: 432000 } });
    ws = await prod.workspace();
  });

  afterAll(() => prod.close());

  const INTERNAL = [
    'http://127.0.0.1/x',
    'http://localhost/x',
    'http://169.254.169.254/latest',
    'http://10.0.0.1/',
    'http://[::1]/',
    'http://192.168.1.10/hooks',
    'http://172.16.0.1/hooks',
    'http://100.64.0.1/hooks',
    'http://0.0.0.0/hooks',
    'http://[fd00::1]/hooks',
    'http://[::ffff:127.0.0.1]/hooks',
    'http://127.1/hooks',
    'http://2130706433/hooks',
    'https://app.localhost/hooks',
    'http://localhost./x',
  ];

  it.each(INTERNAL)('refuses POST with url %s: 422 on url, storing nothing', async (url) => {
    await expectRefused(() => ws.api.post(WEBHOOKS_PATH, webhookBody({ url })), 'url', prod);
  });

  it.each(INTERNAL)('refuses PUT with url %s: 422 on url, changing nothing', async (url) => {
    const webhook = await createWebhook(ws);

    await expectRefused(() => ws.api.put(`${WEBHOOKS_PATH}/${webhook.id}`, { url }), 'url', prod);
  });

  it('says why an internal address is refused', async () => {
    const response = await ws.api.post(WEBHOOKS_PATH, webhookBody({ url: 'http://169.254.169.254/latest' }));

    expect(response.body.errors).toEqual({ url: ['url must not point at a loopback, private, link-local or reserved address'] });
  });

  it('accepts a public https URL, even when its name does not resolve from here', async () => {
    const response = await ws.api.post(WEBHOOKS_PATH, webhookBody({ url: 'https://example.com/hooks' }));

    expect(response.status).toBe(200);
    expect(response.body.data.webhook.url).toBe('https://example.com/hooks');
    expect(await rowById(prod, 'webhooks', response.body.data.webhook.id)).toMatchObject({ url: 'https://example.com/hooks' });
  });

  it('accepts a public address literal', async () => {
    const response = await ws.api.post(WEBHOOKS_PATH, webhookBody({ url: 'https://93.184.215.14/hooks' }));

    expect(response.status).toBe(200);
  });

  it('refuses a webhook service auth_url on an internal address, as it refuses a receiver url', async () => {
    await expectRefused(() => ws.api.post(SERVICES_PATH, serviceBody({ auth_url: 'http://169.254.169.254/latest/meta-data' })), 'auth_url', prod);
  });
});

describe('receiver URLs in production (NODE_ENV=production): https only', () => {
  let prod: TestApp;
  let ws: Workspace;

  beforeAll(async () => {
    prod = await startTestApp({ nodeEnv: 'production', webhooks: { retrySchedule: [1], allowPrivateNetworks: false, timeoutMs: 2000, disableAfterSeconds: 432000 } });
    ws = await prod.workspace();
  });

  afterAll(() => prod.close());

  it('refuses a plain http URL with 422 on url', async () => {
    const response = await expectRefused(() => ws.api.post(WEBHOOKS_PATH, webhookBody({ url: 'http://receiver.example.com/hooks' })), 'url', prod);

    expect(response.body.errors).toEqual({ url: ['url must be an https URL'] });
  });

  it('accepts an https URL', async () => {
    expect((await ws.api.post(WEBHOOKS_PATH, webhookBody({ url: 'https://receiver.example.com/hooks' }))).status).toBe(200);
  });
});

describe('GET /v2/webhooks/{id}', () => {
  const { ws } = workspacesForBlock(app);
  let created: AnyBody;

  beforeAll(async () => {
    const service = await createService(ws, { name: 'Svc' });
    created = await createWebhook(ws, { service_id: service.id });
  });

  it('returns the webhook under data.webhook, without its secret', async () => {
    const response = await ws.api.get(`${WEBHOOKS_PATH}/${created.id}`);

    expectSuccessEnvelope(response, 'Webhook retrieved successfully', ['webhook']);
    expectWebhookRecord(response.body.data.webhook, { withSecret: false });
    const { secret, ...withoutSecret } = created;
    expect(response.body.data.webhook).toEqual(withoutSecret);
    expect(JSON.stringify(response.body)).not.toContain(secret);
  });

  it('returns timestamps that match the stored row', async () => {
    const record = await getWebhook(ws, created.id);
    const row = await webhookRow(created.id);

    expect(Date.parse(record.created_at)).toBe(row.created_at.getTime());
    expect(Date.parse(record.updated_at)).toBe(row.updated_at.getTime());
  });

  it('answers 404 for a deleted webhook', async () => {
    const doomed = await createWebhook(ws);
    await deleteWebhook(ws, doomed.id);

    const response = await ws.api.get(`${WEBHOOKS_PATH}/${doomed.id}`);

    expect(response.status).toBe(404);
    expect(response.body).toEqual(WEBHOOK_NOT_FOUND);
  });
});

describe('PUT /v2/webhooks/{id}', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });
  let service: AnyBody;
  let secondService: AnyBody;

  beforeAll(async () => {
    service = await createService(ws, { name: 'First service' });
    secondService = await createService(ws, { name: 'Second service' });
  });

  it('changes the fields given and keeps the others (the secret too), answering data.webhook without a secret', async () => {
    const webhook = await createWebhook(ws, { service_id: service.id });
    const sealedBefore = (await webhookRow(webhook.id)).secret_sealed;
    await new Promise((resolve) => setTimeout(resolve, 5));

    const response = await ws.api.put(`${WEBHOOKS_PATH}/${webhook.id}`, { name: 'Renamed', events: ['distribution_created'] });

    expectSuccessEnvelope(response, 'Webhook updated successfully', ['webhook']);
    const record = response.body.data.webhook;
    expectWebhookRecord(record, { withSecret: false });
    const { secret: _secret, ...unchanged } = webhook;
    expect(record).toEqual({ ...unchanged, name: 'Renamed', events: ['distribution_created'], updated_at: expect.stringMatching(ISO_TIMESTAMP) });
    expect(Date.parse(record.updated_at)).toBeGreaterThan(Date.parse(webhook.updated_at));
    expect(await getWebhook(ws, webhook.id)).toEqual(record);
    expect((await webhookRow(webhook.id)).secret_sealed).toBe(sealedBefore);
  });

  it('changes the url and moves the webhook to another service of the workspace', async () => {
    const webhook = await createWebhook(ws, { service_id: service.id });

    const response = await ws.api.put(`${WEBHOOKS_PATH}/${webhook.id}`, { url: 'https://new.example.com/in', service_id: String(secondService.id) });

    expect(response.status).toBe(200);
    expect(response.body.data.webhook).toMatchObject({ url: 'https://new.example.com/in', service: { id: secondService.id, name: 'Second service' } });
    expect(await webhookRow(webhook.id)).toMatchObject({ url: 'https://new.example.com/in', service_id: secondService.id });
  });

  it('detaches the service with service_id null, and keeps it when service_id is omitted', async () => {
    const webhook = await createWebhook(ws, { service_id: service.id });

    const kept = await ws.api.put(`${WEBHOOKS_PATH}/${webhook.id}`, { name: 'Still with service' });
    expect(kept.body.data.webhook.service).toEqual({ id: service.id, name: 'First service' });

    const detached = await ws.api.put(`${WEBHOOKS_PATH}/${webhook.id}`, { service_id: null });
    expect(detached.status).toBe(200);
    expect(detached.body.data.webhook.service).toBeNull();
    expect((await webhookRow(webhook.id)).service_id).toBeNull();
  });

  it('changes nothing with an empty body', async () => {
    const webhook = await createWebhook(ws);
    const before = await webhookState(app);

    const response = await ws.api.put(`${WEBHOOKS_PATH}/${webhook.id}`, {});

    expect(response.status).toBe(200);
    expect(response.body.data.webhook).toEqual(await getWebhook(ws, webhook.id));
    expect(await webhookState(app)).toEqual(before);
  });

  it.each([
    ['url ftp://x', { url: 'ftp://x' }, 'url'],
    ['url "not a url"', { url: 'not a url' }, 'url'],
    ['url null', { url: null }, 'url'],
    ['events empty', { events: [] }, 'events'],
    ['events naming an unknown event', { events: ['order_shipped'] }, 'events'],
    ['events naming ping', { events: ['ping'] }, 'events'],
    ['events naming an event twice', { events: ['content_created', 'content_created'] }, 'events'],
    ['events null', { events: null }, 'events'],
    ['name blank', { name: '  ' }, 'name'],
    ['name null', { name: null }, 'name'],
    ['service_id malformed', { service_id: 'abc' }, 'service_id'],
    ['service_id unknown', { service_id: UNKNOWN_ID }, 'service_id'],
    ['an unknown field', { colour: 'red' }, 'colour'],
  ])('refuses %s with 422 naming %s, changing nothing', async (_case, change, field) => {
    const webhook = await createWebhook(ws, { service_id: service.id });

    await expectRefused(() => ws.api.put(`${WEBHOOKS_PATH}/${webhook.id}`, change), field);
  });

  it("refuses another workspace's service_id with 422 on service_id", async () => {
    const webhook = await createWebhook(ws, { service_id: service.id });
    const theirs = await createService(other, { name: 'Theirs' });

    await expectRefused(() => ws.api.put(`${WEBHOOKS_PATH}/${webhook.id}`, { service_id: theirs.id }), 'service_id');
  });

  it('answers 404 for a deleted webhook', async () => {
    const doomed = await createWebhook(ws);
    await deleteWebhook(ws, doomed.id);
    const before = await webhookState(app);

    const response = await ws.api.put(`${WEBHOOKS_PATH}/${doomed.id}`, { name: 'Back' });

    expect(response.status).toBe(404);
    expect(response.body).toEqual(WEBHOOK_NOT_FOUND);
    expect(await webhookState(app)).toEqual(before);
  });
});

describe('DELETE /v2/webhooks/{id}', () => {
  const { ws } = workspacesForBlock(app);

  it('deletes the webhook: 200 without data; it is no longer listed or readable; the row is kept, deleted and inactive', async () => {
    const webhook = await createWebhook(ws);

    const response = await ws.api.delete(`${WEBHOOKS_PATH}/${webhook.id}`);

    expectSuccessEnvelope(response, 'Webhook deleted successfully', 'none');
    expect((await listWebhooks(ws)).map((w) => w.id)).not.toContain(webhook.id);
    expect((await ws.api.get(`${WEBHOOKS_PATH}/${webhook.id}`)).status).toBe(404);
    const row = await webhookRow(webhook.id);
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect(row.active).toBe(false);
  });

  it('answers 404 the second time, changing nothing', async () => {
    const webhook = await createWebhook(ws);
    await deleteWebhook(ws, webhook.id);
    const before = await webhookState(app);

    const again = await ws.api.delete(`${WEBHOOKS_PATH}/${webhook.id}`);

    expect(again.status).toBe(404);
    expect(again.body).toEqual(WEBHOOK_NOT_FOUND);
    expect(await webhookState(app)).toEqual(before);
  });
});

describe('POST /v2/webhooks/{id}/disable', () => {
  const { ws } = workspacesForBlock(app);

  it('switches the webhook off: active 0 with the reason, answered as data.webhook without a secret', async () => {
    const webhook = await createWebhook(ws);

    const response = await ws.api.post(`${WEBHOOKS_PATH}/${webhook.id}/disable`);

    expectSuccessEnvelope(response, 'Webhook disabled successfully', ['webhook']);
    expectWebhookRecord(response.body.data.webhook, { withSecret: false });
    expect(response.body.data.webhook).toMatchObject({ id: webhook.id, active: 0, disabled_reason: 'disabled by a client' });
    expect(await webhookRow(webhook.id)).toMatchObject({ active: false, disabled_reason: 'disabled by a client' });
    expect(await getWebhook(ws, webhook.id)).toEqual(response.body.data.webhook);
  });

  it('changes nothing when the webhook is already disabled', async () => {
    const webhook = await createWebhook(ws);
    expect((await ws.api.post(`${WEBHOOKS_PATH}/${webhook.id}/disable`)).status).toBe(200);
    const before = await webhookState(app);

    const again = await ws.api.post(`${WEBHOOKS_PATH}/${webhook.id}/disable`);

    expect(again.status).toBe(200);
    expect(again.body.data.webhook.active).toBe(0);
    expect(await webhookState(app)).toEqual(before);
  });

  it('answers 404 for a deleted webhook and for malformed ids', async () => {
    const doomed = await createWebhook(ws);
    await deleteWebhook(ws, doomed.id);

    expect((await ws.api.post(`${WEBHOOKS_PATH}/${doomed.id}/disable`)).body).toEqual(WEBHOOK_NOT_FOUND);
    await expectMissingIdsNotFound((id) => ws.api.post(`${WEBHOOKS_PATH}/${id}/disable`), WEBHOOK_NOT_FOUND);
  });
});

describe('POST /v2/webhooks/{id}/enable', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });

  it('switches a disabled webhook back on: active 1, no reason, answered as data.webhook without a secret', async () => {
    const webhook = await createWebhook(ws);
    expect((await ws.api.post(`${WEBHOOKS_PATH}/${webhook.id}/disable`)).status).toBe(200);

    const response = await ws.api.post(`${WEBHOOKS_PATH}/${webhook.id}/enable`);

    expectSuccessEnvelope(response, 'Webhook enabled successfully', ['webhook']);
    expectWebhookRecord(response.body.data.webhook, { withSecret: false });
    expect(response.body.data.webhook).toMatchObject({ id: webhook.id, active: 1, disabled_reason: null });
    expect(await webhookRow(webhook.id)).toMatchObject({ active: true, disabled_reason: null });
  });

  it('re-enables a webhook the service switched off, forgetting its failing streak', async () => {
    const webhook = await createWebhook(ws);
    await app.dataSource.query(`UPDATE webhooks SET active = false, disabled_reason = 'receiver answered 410 Gone', failing_since = now() - interval '6 days' WHERE id = $1`, [webhook.id]);
    expect(await getWebhook(ws, webhook.id)).toMatchObject({ active: 0, disabled_reason: 'receiver answered 410 Gone' });

    const response = await ws.api.post(`${WEBHOOKS_PATH}/${webhook.id}/enable`);

    expect(response.status).toBe(200);
    expect(response.body.data.webhook).toMatchObject({ active: 1, disabled_reason: null });
    expect(await webhookRow(webhook.id)).toMatchObject({ active: true, disabled_reason: null, failing_since: null });
  });

  it('changes nothing when the webhook is already enabled', async () => {
    const webhook = await createWebhook(ws);
    const before = await webhookState(app);

    const response = await ws.api.post(`${WEBHOOKS_PATH}/${webhook.id}/enable`);

    expect(response.status).toBe(200);
    expect(response.body.data.webhook.active).toBe(1);
    expect(await webhookState(app)).toEqual(before);
  });

  it("answers 404 for another workspace's webhook exactly as for an unknown id, changing nothing", async () => {
    const theirs = await createWebhook(other);
    expect((await other.api.post(`${WEBHOOKS_PATH}/${theirs.id}/disable`)).status).toBe(200);

    await expectForeignLikeUnknown((id) => ws.api.post(`${WEBHOOKS_PATH}/${id}/enable`), theirs.id, WEBHOOK_NOT_FOUND);
    expect((await webhookRow(theirs.id)).active).toBe(false);
  });

  it('answers 404 for a deleted webhook and for malformed ids', async () => {
    const doomed = await createWebhook(ws);
    await deleteWebhook(ws, doomed.id);

    expect((await ws.api.post(`${WEBHOOKS_PATH}/${doomed.id}/enable`)).body).toEqual(WEBHOOK_NOT_FOUND);
    expect((await webhookRow(doomed.id)).active).toBe(false);
    await expectMissingIdsNotFound((id) => ws.api.post(`${WEBHOOKS_PATH}/${id}/enable`), WEBHOOK_NOT_FOUND);
  });

  it('answers 401 without an API key or with a wrong one', async () => {
    const webhook = await createWebhook(ws);
    expect((await ws.api.post(`${WEBHOOKS_PATH}/${webhook.id}/disable`)).status).toBe(200);

    await expectUnauthenticated((client) => client.post(`${WEBHOOKS_PATH}/${webhook.id}/enable`));
  });
});

describe('POST /v2/webhooks/{id}/rotate-secret', () => {
  const { ws } = workspacesForBlock(app);

  it('answers a new secret, shown this once, with the previous one signing alongside for 24 hours', async () => {
    const webhook = await createWebhook(ws);
    const sealedBefore = (await webhookRow(webhook.id)).secret_sealed;

    const response = await ws.api.post(`${WEBHOOKS_PATH}/${webhook.id}/rotate-secret`);

    expectSuccessEnvelope(response, 'Webhook secret rotated successfully', ['webhook']);
    const record = response.body.data.webhook;
    expectWebhookRecord(record, { withSecret: true });
    expect(record.secret).not.toBe(webhook.secret);
    expect(Math.abs(Date.parse(record.previous_secret_expires_at) - (Date.now() + DAY_MS))).toBeLessThan(60_000);
    const row = await webhookRow(webhook.id);
    expect(row.secret_sealed).not.toBe(sealedBefore);
    expect(row.previous_secret_sealed).toBe(sealedBefore);
    expect(row.previous_secret_expires_at.getTime()).toBe(Date.parse(record.previous_secret_expires_at));

    const read = await getWebhook(ws, webhook.id);
    expect(read.previous_secret_expires_at).toBe(record.previous_secret_expires_at);
    expect(JSON.stringify(read)).not.toContain('whsec_');
  });

  it('gives a different secret at every rotation; the previous one is the one just replaced', async () => {
    const webhook = await createWebhook(ws);
    const first = await ws.api.post(`${WEBHOOKS_PATH}/${webhook.id}/rotate-secret`);
    const sealedAfterFirst = (await webhookRow(webhook.id)).secret_sealed;

    const second = await ws.api.post(`${WEBHOOKS_PATH}/${webhook.id}/rotate-secret`);

    expect(second.status).toBe(200);
    expect(new Set([webhook.secret, first.body.data.webhook.secret, second.body.data.webhook.secret]).size).toBe(3);
    expect((await webhookRow(webhook.id)).previous_secret_sealed).toBe(sealedAfterFirst);
  });

  it('answers 404 for a deleted webhook, changing nothing', async () => {
    const doomed = await createWebhook(ws);
    await deleteWebhook(ws, doomed.id);
    const before = await webhookState(app);

    const response = await ws.api.post(`${WEBHOOKS_PATH}/${doomed.id}/rotate-secret`);

    expect(response.status).toBe(404);
    expect(response.body).toEqual(WEBHOOK_NOT_FOUND);
    expect(await webhookState(app)).toEqual(before);
  });
});

describe('POST /v2/webhooks/{id}/test', () => {
  const { ws } = workspacesForBlock(app);

  it('queues a ping to this webhook and answers data.delivery, pending with no attempts yet', async () => {
    const webhook = await createWebhook(ws);

    const response = await ws.api.post(`${WEBHOOKS_PATH}/${webhook.id}/test`);

    expectSuccessEnvelope(response, 'Test event queued for delivery', ['delivery']);
    const delivery = response.body.data.delivery;
    expectDeliveryRecord(delivery, { withAttempts: true });
    expect(delivery).toEqual({
      id: expect.any(Number),
      webhook_id: webhook.id,
      event_id: expect.any(Number),
      event_type: 'ping',
      status: 'pending',
      attempt_count: 0,
      last_attempt_at: null,
      last_status_code: null,
      last_throttled_at: null,
      next_attempt_at: expect.stringMatching(ISO_TIMESTAMP),
      created_at: expect.stringMatching(ISO_TIMESTAMP),
      updated_at: expect.stringMatching(ISO_TIMESTAMP),
      attempts: [],
    });
    expect(await deliveryRow(delivery.id)).toMatchObject({ organisation_id: ws.organisationId, webhook_id: webhook.id, event_type: 'ping', status: 'pending' });
  });

  it('records the ping event, readable in the event feed with the same id', async () => {
    const webhook = await createWebhook(ws);

    const delivery = await pingWebhook(ws, webhook.id);

    const event = await ws.api.get(`/v2/events/${delivery.event_id}`);
    expect(event.status).toBe(200);
    expect(event.body.data.event).toEqual({
      id: delivery.event_id,
      type: 'ping',
      created_at: expect.stringMatching(ISO_TIMESTAMP),
      organization_code: ws.organizationCode,
      cursor: expect.any(String),
      data: { webhook_id: webhook.id, message: expect.any(String) },
    });
  });

  it('makes one delivery only, to this webhook: other webhooks get nothing (ping is never a subscription)', async () => {
    const fresh = await app.workspace();
    const target = await createWebhook(fresh);
    const bystander = await createWebhook(fresh, { events: ['campaign_created'] });
    const before = (await webhookState(app)).webhook_deliveries.length;

    const delivery = await pingWebhook(fresh, target.id);

    const deliveries = (await webhookState(app)).webhook_deliveries;
    expect(deliveries).toHaveLength(before + 1);
    expect(deliveries.filter((row: AnyBody) => row.webhook_id === bystander.id)).toEqual([]);
    expect(Number(deliveries.at(-1).id)).toBe(delivery.id);
  });

  it('stays pending while no worker runs, and is listed in the delivery log', async () => {
    const webhook = await createWebhook(ws);
    const delivery = await pingWebhook(ws, webhook.id);
    // Rather than waiting to see nothing happen: its attempt is queued and unclaimed, and no worker
    // is attached to the database to claim it, so pending is where it stays.
    expect(await runningWorkers(app)).toBe(0);
    expect(await attemptJobStates(app, delivery.id)).toEqual(['created']);

    const log = await ws.api.get(`${WEBHOOKS_PATH}/${webhook.id}/deliveries`);

    expect(log.body.data.deliveries.data).toEqual([expect.objectContaining({ id: delivery.id, status: 'pending', attempt_count: 0 })]);
  });

  it('pings a disabled webhook too', async () => {
    const webhook = await createWebhook(ws);
    expect((await ws.api.post(`${WEBHOOKS_PATH}/${webhook.id}/disable`)).status).toBe(200);

    const response = await ws.api.post(`${WEBHOOKS_PATH}/${webhook.id}/test`);

    expect(response.status).toBe(200);
    expect(response.body.data.delivery).toMatchObject({ webhook_id: webhook.id, event_type: 'ping', status: 'pending' });
  });

  it('answers 404 for a deleted webhook, storing nothing', async () => {
    const doomed = await createWebhook(ws);
    await deleteWebhook(ws, doomed.id);
    const before = await webhookState(app);

    const response = await ws.api.post(`${WEBHOOKS_PATH}/${doomed.id}/test`);

    expect(response.status).toBe(404);
    expect(response.body).toEqual(WEBHOOK_NOT_FOUND);
    expect(await webhookState(app)).toEqual(before);
  });
});

describe('GET /v2/webhooks/{id}/deliveries', () => {
  let ws: Workspace;
  let webhook: AnyBody;
  /** Oldest first: succeeded (account created), failed (account updated), ping (pending). */
  let succeeded: number;
  let failed: number;
  let ping: AnyBody;
  let createdEventId: number;
  let updatedEventId: number;

  beforeAll(async () => {
    ws = await app.workspace();
    webhook = await createWebhook(ws, { events: ['advertiser_account_created', 'advertiser_account_updated'] });
    const account = await createAccountRecord(ws);
    createdEventId = await latestEventId(app, ws, 'advertiser_account_created');
    expect((await ws.api.put(`/v2/advertiser-accounts/${account.id}`, { name: 'Acme Renamed' })).status).toBe(200);
    updatedEventId = await latestEventId(app, ws, 'advertiser_account_updated');
    succeeded = await logDelivery(app, ws, webhook.id, createdEventId, { status: 'succeeded', attempts: [{ statusCode: 200, responseBody: '{"ok":true}' }] });
    failed = await logDelivery(app, ws, webhook.id, updatedEventId, {
      status: 'failed',
      attempts: [
        { statusCode: 500, error: 'receiver answered 500', responseBody: 'boom' },
        { statusCode: null, error: 'connection refused' },
      ],
    });
    ping = await pingWebhook(ws, webhook.id);
    // Another webhook of the workspace, with its own log.
    const sibling = await createWebhook(ws, { name: 'Sibling' });
    await pingWebhook(ws, sibling.id);
  });

  it("returns the webhook's deliveries, newest first, as a paginated envelope under data.deliveries", async () => {
    const response = await ws.api.get(`${WEBHOOKS_PATH}/${webhook.id}/deliveries`);

    expectSuccessEnvelope(response, 'Webhook deliveries retrieved successfully', ['deliveries']);
    const page = response.body.data.deliveries;
    expect(Object.keys(page).sort()).toEqual(PAGINATION_KEYS);
    expect(page).toMatchObject({ current_page: 1, from: 1, to: 3, per_page: 15, next_page_url: null, prev_page_url: null });
    for (const record of page.data) expectDeliveryRecord(record, { withAttempts: false });
    expect(page.data.map((d: AnyBody) => d.id)).toEqual([ping.id, failed, succeeded]);
    expect(page.data[0]).toEqual(Object.fromEntries(Object.entries(ping).filter(([key]) => key !== 'attempts')));
    expect(page.data[1]).toMatchObject({ webhook_id: webhook.id, event_id: updatedEventId, event_type: 'advertiser_account_updated', status: 'failed', attempt_count: 2, last_status_code: null, next_attempt_at: null });
    expect(page.data[2]).toMatchObject({ webhook_id: webhook.id, event_id: createdEventId, event_type: 'advertiser_account_created', status: 'succeeded', attempt_count: 1, last_status_code: 200 });
  });

  it.each([
    ['status=succeeded', () => [succeeded]],
    ['status=failed', () => [failed]],
    ['status=pending', () => [ping.id]],
    ['event=ping', () => [ping.id]],
    ['event=advertiser_account_updated', () => [failed]],
    ['event=advertiser_account_created&status=succeeded', () => [succeeded]],
    ['event=advertiser_account_created&status=failed', () => []],
    ['event=campaign_created', () => []],
    ['status=', () => [ping.id, failed, succeeded]],
  ])('filters by ?%s', async (query, expected) => {
    const response = await ws.api.get(`${WEBHOOKS_PATH}/${webhook.id}/deliveries?${query}`);

    expect(response.status).toBe(200);
    expect(response.body.data.deliveries.data.map((d: AnyBody) => d.id)).toEqual(expected());
  });

  it('pages with page and per_page, the links keeping the filters', async () => {
    const first = await ws.api.get(`${WEBHOOKS_PATH}/${webhook.id}/deliveries?per_page=2&event=`);
    const page = first.body.data.deliveries;

    expect(page).toMatchObject({ current_page: 1, from: 1, to: 2, per_page: 2, prev_page_url: null });
    expect(page.data.map((d: AnyBody) => d.id)).toEqual([ping.id, failed]);
    const next = new URL(page.next_page_url);
    expect(next.pathname).toBe(`${WEBHOOKS_PATH}/${webhook.id}/deliveries`);
    expect(Object.fromEntries(next.searchParams)).toEqual({ per_page: '2', event: '', page: '2' });

    const second = await ws.api.get(`${next.pathname}${next.search}`);
    expect(second.body.data.deliveries).toMatchObject({ current_page: 2, from: 3, to: 3, next_page_url: null });
    expect(second.body.data.deliveries.data.map((d: AnyBody) => d.id)).toEqual([succeeded]);
  });

  it('keeps a deleted webhook’s log readable', async () => {
    const doomed = await createWebhook(ws);
    const delivery = await pingWebhook(ws, doomed.id);
    await deleteWebhook(ws, doomed.id);

    const response = await ws.api.get(`${WEBHOOKS_PATH}/${doomed.id}/deliveries`);

    expect(response.status).toBe(200);
    expect(response.body.data.deliveries.data.map((d: AnyBody) => d.id)).toEqual([delivery.id]);
  });

  it.each([
    ['status=bogus', 'status'],
    ['status=SUCCEEDED', 'status'],
    [`event=${'x'.repeat(65)}`, 'event'],
    ['per_page=0', 'per_page'],
    ['per_page=101', 'per_page'],
    ['page=abc', 'page'],
    ['colour=red', 'colour'],
    ['webhook_id=1', 'webhook_id'],
    ['type=ping', 'type'],
  ])('refuses ?%s with 422 naming %s', async (query, field) => {
    expectInvalid(await ws.api.get(`${WEBHOOKS_PATH}/${webhook.id}/deliveries?${query}`), field);
  });

  it('names the refused parameter in its message', async () => {
    const status = await ws.api.get(`${WEBHOOKS_PATH}/${webhook.id}/deliveries?status=bogus`);
    const unknown = await ws.api.get(`${WEBHOOKS_PATH}/${webhook.id}/deliveries?colour=red`);

    expect(status.body.errors).toEqual({ status: ['status must be one of: pending, succeeded, failed'] });
    expect(unknown.body.errors).toEqual({ colour: ['colour is not a query parameter of this list'] });
  });
});

describe('GET /v2/webhooks/{id}/deliveries/{delivery_id}', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });
  let webhook: AnyBody;
  let failed: number;
  let eventId: number;

  beforeAll(async () => {
    webhook = await createWebhook(ws, { events: ['advertiser_account_created'] });
    await createAccountRecord(ws);
    eventId = await latestEventId(app, ws, 'advertiser_account_created');
    failed = await logDelivery(app, ws, webhook.id, eventId, {
      status: 'failed',
      attempts: [
        { statusCode: 503, error: 'receiver answered 503', responseBody: 'busy' },
        { statusCode: null, error: 'timed out after 2 s' },
        { statusCode: 410, error: 'receiver answered 410', responseBody: '' },
      ],
    });
  });

  it('returns the delivery under data.delivery with every attempt, oldest first', async () => {
    const response = await ws.api.get(`${WEBHOOKS_PATH}/${webhook.id}/deliveries/${failed}`);

    expectSuccessEnvelope(response, 'Webhook delivery retrieved successfully', ['delivery']);
    const delivery = response.body.data.delivery;
    expectDeliveryRecord(delivery, { withAttempts: true });
    expect(delivery).toMatchObject({ id: failed, webhook_id: webhook.id, event_id: eventId, event_type: 'advertiser_account_created', status: 'failed', attempt_count: 3, last_status_code: 410 });
    expect(delivery.attempts).toEqual([
      { attempt: 1, outcome: 'failed', started_at: expect.stringMatching(ISO_TIMESTAMP), duration_ms: 40, status_code: 503, error: 'receiver answered 503', response_body: 'busy' },
      { attempt: 2, outcome: 'failed', started_at: expect.stringMatching(ISO_TIMESTAMP), duration_ms: 40, status_code: null, error: 'timed out after 2 s', response_body: null },
      { attempt: 3, outcome: 'failed', started_at: expect.stringMatching(ISO_TIMESTAMP), duration_ms: 40, status_code: 410, error: 'receiver answered 410', response_body: '' },
    ]);
    const listed = await ws.api.get(`${WEBHOOKS_PATH}/${webhook.id}/deliveries`);
    const { attempts: _attempts, ...summary } = delivery;
    expect(listed.body.data.deliveries.data.find((d: AnyBody) => d.id === failed)).toEqual(summary);
  });

  it('returns a pending test ping with no attempts', async () => {
    const ping = await pingWebhook(ws, webhook.id);

    const response = await ws.api.get(`${WEBHOOKS_PATH}/${webhook.id}/deliveries/${ping.id}`);

    expect(response.status).toBe(200);
    expect(response.body.data.delivery).toEqual(ping);
  });

  it('answers 404 for a delivery of another webhook of the workspace', async () => {
    const sibling = await createWebhook(ws, { name: 'Sibling' });
    const siblingPing = await pingWebhook(ws, sibling.id);

    const response = await ws.api.get(`${WEBHOOKS_PATH}/${webhook.id}/deliveries/${siblingPing.id}`);

    expect(response.status).toBe(404);
    expect(response.body).toEqual(DELIVERY_NOT_FOUND);
  });

  it("answers 404 for another workspace's delivery exactly as for an unknown one", async () => {
    const theirs = await createWebhook(other);
    const theirPing = await pingWebhook(other, theirs.id);

    // Their delivery id under my webhook, and their webhook id with their delivery id.
    await expectForeignLikeUnknown((id) => ws.api.get(`${WEBHOOKS_PATH}/${webhook.id}/deliveries/${id}`), theirPing.id, DELIVERY_NOT_FOUND);
    await expectForeignLikeUnknown((id) => ws.api.get(`${WEBHOOKS_PATH}/${id}/deliveries/${theirPing.id}`), theirs.id, WEBHOOK_NOT_FOUND);
  });

  it('answers 404 for malformed delivery ids and webhook ids', async () => {
    await expectMissingIdsNotFound((id) => ws.api.get(`${WEBHOOKS_PATH}/${webhook.id}/deliveries/${id}`), DELIVERY_NOT_FOUND);
    await expectMissingIdsNotFound((id) => ws.api.get(`${WEBHOOKS_PATH}/${id}/deliveries/${failed}`), WEBHOOK_NOT_FOUND);
  });
});

describe('POST /v2/webhooks/{id}/deliveries/{delivery_id}/redeliver', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });
  let webhook: AnyBody;
  let eventId: number;

  beforeAll(async () => {
    webhook = await createWebhook(ws, { events: ['advertiser_account_created'] });
    await createAccountRecord(ws);
    eventId = await latestEventId(app, ws, 'advertiser_account_created');
  });

  it('queues the same event again as a new delivery, leaving the original as it was', async () => {
    const failed = await logDelivery(app, ws, webhook.id, eventId, { status: 'failed', attempts: [{ statusCode: 500, error: 'receiver answered 500' }] });
    const originalRow = await deliveryRow(failed);

    const response = await ws.api.post(`${WEBHOOKS_PATH}/${webhook.id}/deliveries/${failed}/redeliver`);

    expectSuccessEnvelope(response, 'Event queued for redelivery', ['delivery']);
    const delivery = response.body.data.delivery;
    expectDeliveryRecord(delivery, { withAttempts: true });
    expect(delivery).toEqual({
      id: expect.any(Number),
      webhook_id: webhook.id,
      event_id: eventId,
      event_type: 'advertiser_account_created',
      status: 'pending',
      attempt_count: 0,
      last_attempt_at: null,
      last_status_code: null,
      last_throttled_at: null,
      next_attempt_at: expect.stringMatching(ISO_TIMESTAMP),
      created_at: expect.stringMatching(ISO_TIMESTAMP),
      updated_at: expect.stringMatching(ISO_TIMESTAMP),
      attempts: [],
    });
    expect(delivery.id).not.toBe(failed);
    expect(await deliveryRow(failed)).toEqual(originalRow);
    const log = await ws.api.get(`${WEBHOOKS_PATH}/${webhook.id}/deliveries`);
    expect(log.body.data.deliveries.data[0]).toMatchObject({ id: delivery.id, event_id: eventId, status: 'pending' });
  });

  it('redelivers a succeeded delivery and a test ping too', async () => {
    const succeeded = await logDelivery(app, ws, webhook.id, eventId, { status: 'succeeded', attempts: [{ statusCode: 204 }] });
    const ping = await pingWebhook(ws, webhook.id);

    const again = await ws.api.post(`${WEBHOOKS_PATH}/${webhook.id}/deliveries/${succeeded}/redeliver`);
    const pingAgain = await ws.api.post(`${WEBHOOKS_PATH}/${webhook.id}/deliveries/${ping.id}/redeliver`);

    expect(again.body.data.delivery).toMatchObject({ event_id: eventId, status: 'pending' });
    expect(pingAgain.body.data.delivery).toMatchObject({ event_id: ping.event_id, event_type: 'ping', status: 'pending' });
  });

  it('answers 404 for a delivery of another webhook of the workspace, storing nothing', async () => {
    const sibling = await createWebhook(ws, { name: 'Sibling' });
    const siblingPing = await pingWebhook(ws, sibling.id);
    const before = await webhookState(app);

    const response = await ws.api.post(`${WEBHOOKS_PATH}/${webhook.id}/deliveries/${siblingPing.id}/redeliver`);

    expect(response.status).toBe(404);
    expect(response.body).toEqual(DELIVERY_NOT_FOUND);
    expect(await webhookState(app)).toEqual(before);
  });

  it('answers 404 for a deleted webhook, storing nothing', async () => {
    const doomed = await createWebhook(ws);
    const ping = await pingWebhook(ws, doomed.id);
    await deleteWebhook(ws, doomed.id);
    const before = await webhookState(app);

    const response = await ws.api.post(`${WEBHOOKS_PATH}/${doomed.id}/deliveries/${ping.id}/redeliver`);

    expect(response.status).toBe(404);
    expect(response.body).toEqual(WEBHOOK_NOT_FOUND);
    expect(await webhookState(app)).toEqual(before);
  });

  it("answers 404 for another workspace's delivery exactly as for an unknown one, storing nothing", async () => {
    const theirs = await createWebhook(other);
    const theirPing = await pingWebhook(other, theirs.id);

    await expectForeignLikeUnknown((id) => ws.api.post(`${WEBHOOKS_PATH}/${webhook.id}/deliveries/${id}/redeliver`), theirPing.id, DELIVERY_NOT_FOUND);
    await expectForeignLikeUnknown((id) => ws.api.post(`${WEBHOOKS_PATH}/${id}/deliveries/${theirPing.id}/redeliver`), theirs.id, WEBHOOK_NOT_FOUND);
  });

  it('answers 404 for malformed delivery ids and webhook ids', async () => {
    const ping = await pingWebhook(ws, webhook.id);

    await expectMissingIdsNotFound((id) => ws.api.post(`${WEBHOOKS_PATH}/${webhook.id}/deliveries/${id}/redeliver`), DELIVERY_NOT_FOUND);
    await expectMissingIdsNotFound((id) => ws.api.post(`${WEBHOOKS_PATH}/${id}/deliveries/${ping.id}/redeliver`), WEBHOOK_NOT_FOUND);
  });
});
