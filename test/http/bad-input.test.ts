import { allRows } from '../support/database-state';
import { createAccount, createCampaign, createPhases } from '../support/fixtures';
import { type AnyBody, startTestApp, type TestApp, type Workspace } from '../support/test-app';

/**
 * Classes of bad input found from outside (issue 10 §1), each refused with a 4xx and leaving
 * everything as it was: JSON nested to exhaust a stack, ill-formed Unicode, `__proto__` keys, and
 * query parameter names that are properties of every JavaScript object.
 */
let app: TestApp;
let ws: Workspace;
let campaignId: number;
let phaseId: number;

const TABLES = ['advertiser_accounts', 'campaigns', 'phases', 'organisation_users', 'advertiser_account_members', 'outbox_events'];

async function snapshot(): Promise<Record<string, AnyBody[]>> {
  return Object.fromEntries(await Promise.all(TABLES.map(async (table) => [table, await allRows(app, table)])));
}

function nested(depth: number, leaf = '"x"'): string {
  return `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}`;
}

function nestedObject(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

beforeAll(async () => {
  app = await startTestApp();
  ws = await app.workspace();
  const accountId = await createAccount(ws, 'Acme');
  campaignId = await createCampaign(ws, accountId);
  [phaseId] = await createPhases(ws, campaignId, ['Tease']);
});

afterAll(async () => {
  await app.close();
});

describe('JSON nested deeper than 64 levels', () => {
  it.each([
    ['POST /v2/advertiser-accounts, a name 3,000 arrays deep', 'post', '/v2/advertiser-accounts', (): string => `{"name": ${nested(3000)}}`],
    ['PUT /v2/phases/{id}, custom_fields 5,000 objects deep', 'put', (): string => `/v2/phases/${phaseId}`, (): string => `{"custom_fields": ${nestedObject(5000)}}`],
    ['POST /v2/organisation-users, custom_fields 65 objects deep', 'post', '/v2/organisation-users', (): string => `{"user_email":"a@b.example","user_first_name":"A","user_last_name":"B","roles":[{"role_type":1}],"custom_fields": ${nestedObject(65)}}`],
  ] as const)('refuses %s with the 400 envelope and changes nothing', async (_name, method, path, body) => {
    const before = await snapshot();
    const target = typeof path === 'function' ? path() : path;
    const response = method === 'post' ? await ws.api.post(target, body()) : await ws.api.put(target, body());
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, message: 'Body nests deeper than 64 levels of arrays and objects', code: 'BAD_REQUEST', request_id: expect.any(String) });
    expect(await snapshot()).toEqual(before);
  });

  it('accepts 64 levels', async () => {
    const response = await ws.api.put(`/v2/phases/${phaseId}`, `{"custom_fields": {"deep": ${nestedObject(62)}}}`);
    expect(response.status).toBe(200);
  });

  it('refuses a GraphQL request whose variables nest too deep, in the GraphQL error shape', async () => {
    const body = `{"query":"mutation($id: ID!, $input: PhaseInput!) { phaseUpdate(id: $id, input: $input) { userErrors { message } } }","variables":{"id":"${phaseId}","input":{"customFields":${nestedObject(3000)}}}}`;
    const response = await ws.api.post('/graphql', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ errors: [{ message: 'Body nests deeper than 64 levels of arrays and objects', extensions: { code: 'BAD_REQUEST' } }] });
  });
});

describe('ill-formed Unicode (a lone surrogate)', () => {
  const LONE = '\\ud800';

  it.each([
    ['user_email of a user', '/v2/organisation-users', `{"user_email":"${LONE}x@x.example","user_first_name":"A","user_last_name":"B","roles":[{"role_type":1}]}`, 'user_email'],
    ['email of a member', '/v2/members', (): string => `{"advertiser_account_id":"1","email":"${LONE}x@x.example","first_name":"A","last_name":"B","password":"long enough pass"}`, 'email'],
    ['billing_contact_email of a campaign', '/v2/campaigns', (): string => `{"campaign_title":"T","primary_advertiser_account_id":"1","billing_contact_email":"${LONE}x@x.example"}`, 'billing_contact_email'],
    ['the name of an account (not stored as U+FFFD)', '/v2/advertiser-accounts', `{"name":"Acme ${LONE}"}`, 'name'],
    ['a custom_fields value', '/v2/organisation-users', `{"user_email":"ok@x.example","user_first_name":"A","user_last_name":"B","roles":[{"role_type":1}],"custom_fields":{"k":"${LONE}"}}`, 'custom_fields.k'],
  ] as const)('refuses it in %s with a 422 on the field, and changes nothing', async (_name, path, body, field) => {
    const before = await snapshot();
    const response = await ws.api.post(path, typeof body === 'function' ? body() : body);
    expect(response.status).toBe(422);
    expect(response.body.errors[field]).toEqual([`${field.split('.').at(-1)} must be well-formed Unicode (it holds a lone surrogate)`]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses it in a GraphQL mutation variable with a BAD_USER_INPUT user error', async () => {
    const response = await ws.api.post(
      '/graphql',
      `{"query":"mutation($input: UserUpsertInput!) { userUpsert(input: $input) { user { id } userErrors { field message code } } }","variables":{"input":{"email":"${LONE}x@x.example","firstName":"A","lastName":"B","roles":[{"roleType":"CAMPAIGN_MANAGER"}]}}}`,
    );
    expect(response.status).toBe(200);
    expect(response.body.data.userUpsert.userErrors).toEqual([{ field: ['input', 'email'], message: 'email must be well-formed Unicode (it holds a lone surrogate)', code: 'BAD_USER_INPUT' }]);
  });
});

describe('__proto__ in a body', () => {
  it.each([
    ['POST /v2/advertiser-accounts', 'post', (): string => '/v2/advertiser-accounts', (): string => '{"__proto__": {"status": "inactive"}, "name": "x"}', '__proto__'],
    ['PUT /v2/phases/{id}', 'put', (): string => `/v2/phases/${phaseId}`, (): string => '{"__proto__": {}, "phase_title": "x"}', '__proto__'],
    ['POST /v2/phases (inside an element)', 'post', (): string => '/v2/phases', (): string => `{"campaign_id": ${campaignId}, "phases": [{"phase_title": "x", "__proto__": {}}]}`, 'phases.0.__proto__'],
    ['POST /v2/organisation-users', 'post', (): string => '/v2/organisation-users', (): string => '{"__proto__": {}, "user_email":"p@x.example","user_first_name":"A","user_last_name":"B","roles":[{"role_type":1}]}', '__proto__'],
  ] as const)('is refused on %s like any unknown field, and changes nothing', async (_name, method, path, body, field) => {
    const before = await snapshot();
    const response = method === 'post' ? await ws.api.post(path(), body()) : await ws.api.put(path(), body());
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ [field]: [`${field.split('.').at(-1)} is not a field of this operation`] });
    expect(await snapshot()).toEqual(before);
  });

  it('is kept as data inside custom_fields, where any key is the client\'s', async () => {
    const response = await ws.api.put(`/v2/phases/${phaseId}`, '{"custom_fields": {"__proto__": {"polluted": true}, "plain": 1}}');
    expect(response.status).toBe(200);
    expect(Object.hasOwn(response.body.data.phase.custom_fields, '__proto__')).toBe(true);
    expect(response.body.data.phase.custom_fields.plain).toBe(1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('query parameters named like properties of every object', () => {
  const LISTS = [
    '/v2/advertiser-accounts',
    '/v2/members',
    '/v2/campaigns',
    '/v2/phases',
    '/v2/contents',
    '/v2/organisation-users',
    '/v2/publisher-profiles',
    '/v2/events',
  ];
  const NAMES = ['hasOwnProperty', '__proto__', 'constructor', 'toString', 'valueOf'];

  it.each(LISTS.flatMap((list) => NAMES.map((name) => [list, name])))('%s refuses ?%s=1 like ?foo=1', async (list, name) => {
    const response = await ws.api.get(`${list}?${name}=1`);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ [name]: [`${name} is not a query parameter of this list`] });
  });

  it.each(NAMES)('GET /v2/distributions/{content_id} refuses ?%s=1', async (name) => {
    const content = await ws.api.post('/v2/contents', { campaign_id: campaignId, phase_id: phaseId, content_name: 'Piece' });
    const response = await ws.api.get(`/v2/distributions/${content.body.data.content.content_id}?${name}=1`);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ [name]: [`${name} is not a query parameter of this list`] });
  });
});
