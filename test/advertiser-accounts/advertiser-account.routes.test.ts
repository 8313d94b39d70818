import { allRows, rowById } from '../support/database-state';
import { INVALID, PAGINATION_KEYS, withoutRequestId, untilClockMoves, notFoundBody, expectSuccess } from '../support/expectations';
import { createCampaignThroughService, contextOf, createMember } from '../support/fixtures';
import { workspaceEvents } from '../support/outbox';
import { type AnyBody, type Workspace } from '../support/test-app';
import { ACCOUNT_RECORD_KEYS } from '../support/members';
import { appForFile, workspacesForBlock } from '../support/file-app';

/**
 * REST /v2 advertiser accounts (spec §2.1, §2.4, §4.3, §7), through real HTTP against the real
 * database: every response is checked for status, envelope and data, and every write for its
 * side effects (rows, outbox events), refusals included. The 401s and 404s every operation shares
 * (no key, unknown ids, another workspace's ids in the path) are in
 * test/http/rest/route-contract.test.ts.
 */

const { app } = appForFile({ ws: null });

const BASE = '/v2/advertiser-accounts';
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const NOT_FOUND = notFoundBody('Advertiser account not found');
const UNKNOWN_ID = 2_000_000_000;
const NOT_A_MEMBER = 'primary_contact_id does not name a member of this advertiser account';
const NULL_ON_CREATE = 'primary_contact_id must be null when the account is created: add members, then name one of them';

/** A create body with every writable field set. */
function validAccount(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Acme Foods',
    status: 'active',
    deactivation_reason: null,
    type: 'agency',
    logo: 'https://cdn.example.com/acme.png',
    // A new account has no members yet, so it has no primary contact: members come first.
    primary_contact_id: null,
    country: 'United Kingdom',
    state: 'England',
    city: 'London',
    zip_code: 'EC1A 1BB',
    address1: '1 High Street',
    address2: 'Floor 2',
    ...overrides,
  };
}

/** Every field of a §2.4 record has its documented JSON type; the record is a live one of `ws`. */
function expectAccountRecord(record: AnyBody, ws: Workspace): void {
  expect(Object.keys(record)).toEqual(ACCOUNT_RECORD_KEYS);
  expect(Number.isInteger(record.id)).toBe(true);
  expect(record.id).toBeGreaterThan(0);
  expect(typeof record.name).toBe('string');
  expect(record.organization_code).toBe(ws.organizationCode);
  expect(['active', 'inactive']).toContain(record.status);
  expect(record.deactivation_reason === null || typeof record.deactivation_reason === 'string').toBe(true);
  expect(record.is_deleted).toBe(0);
  expect(['brand', 'agency']).toContain(record.type);
  expect(record.logo === null || typeof record.logo === 'string').toBe(true);
  expect(record.primary_contact_id === null || Number.isInteger(record.primary_contact_id)).toBe(true);
  for (const field of ['country', 'state', 'address1', 'address2']) expect(typeof record[field]).toBe('string');
  for (const field of ['city', 'zip_code']) expect(record[field] === null || typeof record[field] === 'string').toBe(true);
  expect(record.deleted_at).toBeNull();
  expect(record.created_at).toMatch(ISO_8601);
  expect(record.updated_at).toMatch(ISO_8601);
  expect(Number.isNaN(Date.parse(record.created_at))).toBe(false);
  expect(Number.isNaN(Date.parse(record.updated_at))).toBe(false);
}

function validationFailure(errors: Record<string, unknown>): AnyBody {
  return { success: false, message: INVALID, code: 'BAD_USER_INPUT', request_id: expect.any(String), errors };
}

/** Each field's messages start with the field's v2 name. */
function expectFieldErrors(body: AnyBody, fields: string[]): void {
  expect(body.success).toBe(false);
  expect(body.message).toBe(INVALID);
  expect(Object.keys(body).sort()).toEqual(['code', 'errors', 'message', 'request_id', 'success']);
  expect(Object.keys(body.errors).sort()).toEqual([...fields].sort());
  for (const field of fields) {
    expect(body.errors[field]).toEqual([expect.any(String)]);
    expect(body.errors[field][0].startsWith(`${field} `)).toBe(true);
  }
}

async function createAccount(ws: Workspace, overrides: Record<string, unknown> = {}): Promise<AnyBody> {
  const response = await ws.api.post(BASE, validAccount(overrides));
  expect(response.status).toBe(200);
  return response.body.data.advertiser_account;
}

async function accountRow(id: number): Promise<AnyBody> {
  return rowById(app, 'advertiser_accounts', id);
}

async function outboxEvents(ws: Workspace, eventType?: string): Promise<AnyBody[]> {
  return workspaceEvents(app, ws, eventType);
}

/** Every advertiser account and member row (every workspace, deleted ones too) and every outbox event: "nothing changed" compares two of these. */
async function databaseState(): Promise<{ accounts: AnyBody[]; members: AnyBody[]; outbox: AnyBody[] }> {
  return { accounts: await allRows(app, 'advertiser_accounts'), members: await allRows(app, 'advertiser_account_members'), outbox: await allRows(app, 'outbox_events') };
}

/** Names a member as the account's primary contact; returns the account as updated. */
async function setPrimaryContact(ws: Workspace, accountId: number, memberId: number): Promise<AnyBody> {
  const response = await ws.api.put(`${BASE}/${accountId}`, { primary_contact_id: memberId });
  expect(response.status).toBe(200);
  expect(response.body.data.advertiser_account.primary_contact_id).toBe(memberId);
  return response.body.data.advertiser_account;
}

let memberEmails = 0;

/** A member of the account with an e-mail address no other member of this file has. */
function addMember(ws: Workspace, accountId: number): Promise<number> {
  memberEmails += 1;
  return createMember(ws, accountId, `member-${memberEmails}@example.com`);
}

function createCampaignFor(ws: Workspace, accountId: number): Promise<number> {
  return createCampaignThroughService(app, ws, accountId);
}

describe('GET /v2/advertiser-accounts', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });
  let accounts: AnyBody[];

  beforeAll(async () => {
    accounts = [];
    for (const [name, status] of [
      ['Acme Foods', 'active'],
      ['Blue Agency', 'inactive'],
      ['acme drinks', 'active'],
      ['Zed 100% Natural', 'active'],
      ['Zed 100 Natural', 'inactive'],
    ]) {
      accounts.push(await createAccount(ws, { name, status, deactivation_reason: status === 'inactive' ? 'Paused' : null }));
    }
    await createAccount(other, { name: 'Acme of another workspace' });
  });

  it('returns the workspace accounts as a paginated envelope under data.advertiser_accounts, ordered by id', async () => {
    const response = await ws.api.get(BASE);

    expectSuccess(response, { dataKeys: ['advertiser_accounts'] });
    const page = response.body.data.advertiser_accounts;
    expect(Object.keys(page).sort()).toEqual(PAGINATION_KEYS);
    expect(page).toEqual({
      current_page: 1,
      data: accounts,
      from: 1,
      next_page_url: null,
      per_page: 15,
      prev_page_url: null,
      to: 5,
    });
    for (const record of page.data) expectAccountRecord(record, ws);
  });

  it('never lists another workspace’s accounts', async () => {
    const mine = await ws.api.get(`${BASE}?search=acme`);
    const theirs = await other.api.get(BASE);

    expect(mine.body.data.advertiser_accounts.data.map((a: AnyBody) => a.name)).toEqual(['Acme Foods', 'acme drinks']);
    expect(theirs.body.data.advertiser_accounts.data.map((a: AnyBody) => a.name)).toEqual(['Acme of another workspace']);
    expect(theirs.body.data.advertiser_accounts.data[0].organization_code).toBe(other.organizationCode);
  });

  it('filters by search, case-insensitively anywhere in the name', async () => {
    const response = await ws.api.get(`${BASE}?search=ACME`);

    expect(response.status).toBe(200);
    expect(response.body.data.advertiser_accounts.data.map((a: AnyBody) => a.id)).toEqual([accounts[0].id, accounts[2].id]);
    expect(response.body.data.advertiser_accounts.to).toBe(2);
  });

  it('treats % and _ in search as literal characters', async () => {
    const percent = await ws.api.get(`${BASE}?search=${encodeURIComponent('100%')}`);
    const underscore = await ws.api.get(`${BASE}?search=${encodeURIComponent('Zed_')}`);

    expect(percent.body.data.advertiser_accounts.data.map((a: AnyBody) => a.name)).toEqual(['Zed 100% Natural']);
    expect(underscore.body.data.advertiser_accounts.data).toEqual([]);
  });

  it('filters by status', async () => {
    const inactive = await ws.api.get(`${BASE}?status=inactive`);
    const activeAcme = await ws.api.get(`${BASE}?status=active&search=acme`);

    expect(inactive.status).toBe(200);
    expect(inactive.body.data.advertiser_accounts.data.map((a: AnyBody) => a.name)).toEqual(['Blue Agency', 'Zed 100 Natural']);
    expect(inactive.body.data.advertiser_accounts.data.every((a: AnyBody) => a.status === 'inactive')).toBe(true);
    expect(activeAcme.body.data.advertiser_accounts.data.map((a: AnyBody) => a.name)).toEqual(['Acme Foods', 'acme drinks']);
  });

  it('returns an empty page with from and to null when nothing matches', async () => {
    const response = await ws.api.get(`${BASE}?search=nothing-matches-this`);

    expect(response.status).toBe(200);
    expect(response.body.data.advertiser_accounts).toEqual({
      current_page: 1,
      data: [],
      from: null,
      next_page_url: null,
      per_page: 15,
      prev_page_url: null,
      to: null,
    });
  });

  it('pages with page and per_page: absolute next/prev URLs keep the other query parameters and are null at the ends', async () => {
    const first = await ws.api.get(`${BASE}?status=active&per_page=2`);
    const firstPage = first.body.data.advertiser_accounts;

    expect(first.status).toBe(200);
    expect(firstPage).toMatchObject({ current_page: 1, from: 1, to: 2, per_page: 2, prev_page_url: null });
    expect(firstPage.data.map((a: AnyBody) => a.name)).toEqual(['Acme Foods', 'acme drinks']);
    const next = new URL(firstPage.next_page_url);
    expect(`${next.protocol}//${next.host}`).toBe(app.baseUrl);
    expect(next.pathname).toBe(BASE);
    expect(Object.fromEntries(next.searchParams)).toEqual({ status: 'active', per_page: '2', page: '2' });

    const second = await ws.api.get(`${next.pathname}${next.search}`);
    const secondPage = second.body.data.advertiser_accounts;
    expect(second.status).toBe(200);
    expect(secondPage).toMatchObject({ current_page: 2, from: 3, to: 3, per_page: 2, next_page_url: null });
    expect(secondPage.data.map((a: AnyBody) => a.name)).toEqual(['Zed 100% Natural']);
    const prev = new URL(secondPage.prev_page_url);
    expect(`${prev.protocol}//${prev.host}`).toBe(app.baseUrl);
    expect(prev.pathname).toBe(BASE);
    expect(Object.fromEntries(prev.searchParams)).toEqual({ status: 'active', per_page: '2', page: '1' });
  });

  it('returns an empty page past the last one, with a link back', async () => {
    const response = await ws.api.get(`${BASE}?page=4&per_page=2`);
    const page = response.body.data.advertiser_accounts;

    expect(response.status).toBe(200);
    expect(page).toMatchObject({ current_page: 4, data: [], from: null, to: null, per_page: 2, next_page_url: null });
    expect(new URL(page.prev_page_url).searchParams.get('page')).toBe('3');
  });

  it('defaults per_page to 15 and accepts up to 100', async () => {
    const many = await app.workspace();
    for (let i = 1; i <= 16; i += 1) await createAccount(many, { name: `Account ${String(i).padStart(2, '0')}` });

    const first = await many.api.get(BASE);
    const second = await many.api.get(`${BASE}?page=2`);
    const all = await many.api.get(`${BASE}?per_page=100`);

    expect(first.body.data.advertiser_accounts).toMatchObject({ current_page: 1, per_page: 15, from: 1, to: 15 });
    expect(first.body.data.advertiser_accounts.data).toHaveLength(15);
    expect(new URL(first.body.data.advertiser_accounts.next_page_url).searchParams.get('page')).toBe('2');
    expect(second.body.data.advertiser_accounts).toMatchObject({ current_page: 2, per_page: 15, from: 16, to: 16, next_page_url: null });
    expect(second.body.data.advertiser_accounts.data.map((a: AnyBody) => a.name)).toEqual(['Account 16']);
    expect(all.status).toBe(200);
    expect(all.body.data.advertiser_accounts).toMatchObject({ per_page: 100, from: 1, to: 16, next_page_url: null });
  });

  it('does not list deleted accounts', async () => {
    const doomed = await createAccount(ws, { name: 'Acme Doomed' });
    expect((await ws.api.delete(`${BASE}/${doomed.id}`)).status).toBe(200);

    const response = await ws.api.get(`${BASE}?search=acme`);

    expect(response.body.data.advertiser_accounts.data.map((a: AnyBody) => a.name)).toEqual(['Acme Foods', 'acme drinks']);
  });

  it.each([
    ['per_page=0', 'per_page'],
    ['per_page=101', 'per_page'],
    ['per_page=abc', 'per_page'],
    ['per_page=-5', 'per_page'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['status=archived', 'status'],
    ['status=ACTIVE', 'status'],
    [`search=${'x'.repeat(256)}`, 'search'],
    ['colour=red', 'colour'],
    ['advertiser_account_id=1', 'advertiser_account_id'],
  ])('refuses ?%s with 422 naming %s', async (query, field) => {
    const response = await ws.api.get(`${BASE}?${query}`);

    expect(response.status).toBe(422);
    expectFieldErrors(response.body, [field]);
  });

  it('names the refused parameter in its message', async () => {
    const perPage = await ws.api.get(`${BASE}?per_page=101`);
    const unknown = await ws.api.get(`${BASE}?colour=red`);

    expect(perPage.body).toEqual(validationFailure({ per_page: [expect.stringMatching(/^per_page .*100/)] }));
    expect(unknown.body).toEqual(validationFailure({ colour: ['colour is not a query parameter of this list'] }));
  });
});

describe('GET /v2/advertiser-accounts/:id', () => {
  const { ws } = workspacesForBlock(app);
  let account: AnyBody;
  let contactId: number;

  beforeAll(async () => {
    const created = await createAccount(ws);
    contactId = await addMember(ws, created.id);
    account = await setPrimaryContact(ws, created.id, contactId);
  });

  it('returns the account under data.advertiser_account with every §2.4 field', async () => {
    const response = await ws.api.get(`${BASE}/${account.id}`);

    expectSuccess(response, { dataKeys: ['advertiser_account'] });
    const record = response.body.data.advertiser_account;
    expectAccountRecord(record, ws);
    expect(record).toEqual({
      id: account.id,
      organization_code: ws.organizationCode,
      is_deleted: 0,
      deleted_at: null,
      created_at: account.created_at,
      updated_at: account.updated_at,
      ...validAccount({ primary_contact_id: contactId }),
    });
  });

  it('returns timestamps that match the stored row', async () => {
    const response = await ws.api.get(`${BASE}/${account.id}`);
    const row = await accountRow(account.id);

    expect(new Date(response.body.data.advertiser_account.created_at).getTime()).toBe(row.created_at.getTime());
    expect(new Date(response.body.data.advertiser_account.updated_at).getTime()).toBe(row.updated_at.getTime());
  });
});

describe('POST /v2/advertiser-accounts', () => {
  let ws: Workspace;

  beforeAll(async () => {
    ws = await app.workspace();
  });

  it('creates the account and returns it under data.advertiser_account', async () => {
    const response = await ws.api.post(BASE, validAccount());

    expectSuccess(response, { dataKeys: ['advertiser_account'] });
    const record = response.body.data.advertiser_account;
    expectAccountRecord(record, ws);
    expect(record).toEqual({
      id: expect.any(Number),
      organization_code: ws.organizationCode,
      is_deleted: 0,
      deleted_at: null,
      created_at: expect.stringMatching(ISO_8601),
      updated_at: expect.stringMatching(ISO_8601),
      ...validAccount(),
    });

    const row = await accountRow(record.id);
    expect(row).toMatchObject({
      organisation_id: ws.organisationId,
      name: 'Acme Foods',
      status: 'active',
      type: 'agency',
      logo: 'https://cdn.example.com/acme.png',
      primary_contact_id: null,
      city: 'London',
      zip_code: 'EC1A 1BB',
      is_deleted: 0,
      deleted_at: null,
    });
    const fetched = await ws.api.get(`${BASE}/${record.id}`);
    expect(fetched.body.data.advertiser_account).toEqual(record);
  });

  it('needs only a name: the other fields take their defaults', async () => {
    const response = await ws.api.post(BASE, { name: 'Minimal' });

    expect(response.status).toBe(200);
    const record = response.body.data.advertiser_account;
    expectAccountRecord(record, ws);
    expect(record).toMatchObject({
      name: 'Minimal',
      status: 'active',
      deactivation_reason: null,
      type: 'brand',
      logo: null,
      primary_contact_id: null,
      country: '',
      state: '',
      city: null,
      zip_code: null,
      address1: '',
      address2: '',
    });
  });

  it('accepts an inactive agency with a reason and is_deleted 0', async () => {
    const response = await ws.api.post(BASE, validAccount({ status: 'inactive', deactivation_reason: 'Contract ended', type: 'brand', is_deleted: 0 }));

    expect(response.status).toBe(200);
    expect(response.body.data.advertiser_account).toMatchObject({ status: 'inactive', deactivation_reason: 'Contract ended', type: 'brand', is_deleted: 0 });
  });

  it('accepts fields at their maximum length', async () => {
    const body = validAccount({
      name: 'n'.repeat(255),
      country: 'c'.repeat(100),
      state: 's'.repeat(100),
      city: 'y'.repeat(100),
      zip_code: 'z'.repeat(20),
      address1: 'a'.repeat(255),
      address2: 'b'.repeat(255),
      deactivation_reason: 'r'.repeat(1000),
      logo: 'http://example.com/logo.png',
    });

    const response = await ws.api.post(BASE, body);

    expect(response.status).toBe(200);
    expect(response.body.data.advertiser_account).toMatchObject(body);
  });

  it('writes one advertiser_account_created event in the outbox, in the same request', async () => {
    const before = await outboxEvents(ws);

    const response = await ws.api.post(BASE, validAccount({ name: 'Evented' }), { 'x-request-id': 'req-create-advertiser-1' });

    const after = await outboxEvents(ws);
    expect(after).toHaveLength(before.length + 1);
    const event = after.at(-1);
    const record = response.body.data.advertiser_account;
    expect(event).toEqual({
      organisation_id: ws.organisationId,
      event_type: 'advertiser_account_created',
      resource_type: 'advertiser_account',
      resource_id: record.id,
      payload: { advertiser_account: record },
      request_id: 'req-create-advertiser-1',
      created_at: expect.any(Date),
    });
  });

  it('ignores read-only fields echoed back from a record', async () => {
    const response = await ws.api.post(BASE, validAccount({ id: 1, organization_code: 'someone-else', deleted_at: null, created_at: '2001-01-01T00:00:00.000Z', updated_at: '2001-01-01T00:00:00.000Z' }));

    expect(response.status).toBe(200);
    const record = response.body.data.advertiser_account;
    expect(record.organization_code).toBe(ws.organizationCode);
    expect(record.created_at.startsWith('2001')).toBe(false);
  });

  const tooLong: [string, unknown][] = [
    ['name', 'n'.repeat(256)],
    ['deactivation_reason', 'r'.repeat(1001)],
    ['country', 'c'.repeat(101)],
    ['state', 's'.repeat(101)],
    ['city', 'y'.repeat(101)],
    ['zip_code', 'z'.repeat(21)],
    ['address1', 'a'.repeat(256)],
    ['address2', 'b'.repeat(256)],
    ['logo', `https://example.com/${'l'.repeat(2030)}`],
  ];

  it.each<[string, Record<string, unknown>, string]>([
    ['name missing', { ...validAccount(), name: undefined }, 'name'],
    ['name empty', validAccount({ name: '' }), 'name'],
    ['name null', validAccount({ name: null }), 'name'],
    ['name not a string', validAccount({ name: 12 }), 'name'],
    ['status not active/inactive', validAccount({ status: 'archived' }), 'status'],
    ['status in the wrong case', validAccount({ status: 'Active' }), 'status'],
    ['status null', validAccount({ status: null }), 'status'],
    ['type not brand/agency', validAccount({ type: 'person' }), 'type'],
    ['type null', validAccount({ type: null }), 'type'],
    ['logo not a URL', validAccount({ logo: 'acme logo' }), 'logo'],
    ['logo an ftp URL', validAccount({ logo: 'ftp://cdn.example.com/acme.png' }), 'logo'],
    ['logo a javascript: URL', validAccount({ logo: 'javascript:alert(1)' }), 'logo'],
    ['logo without a scheme', validAccount({ logo: 'cdn.example.com/acme.png' }), 'logo'],
    ['primary_contact_id zero', validAccount({ primary_contact_id: 0 }), 'primary_contact_id'],
    ['primary_contact_id negative', validAccount({ primary_contact_id: -7 }), 'primary_contact_id'],
    ['primary_contact_id a fraction', validAccount({ primary_contact_id: 1.5 }), 'primary_contact_id'],
    ['primary_contact_id a string', validAccount({ primary_contact_id: '7' }), 'primary_contact_id'],
    ['primary_contact_id too large', validAccount({ primary_contact_id: 2_147_483_648 }), 'primary_contact_id'],
    ['country null', validAccount({ country: null }), 'country'],
    ['address1 not a string', validAccount({ address1: 5 }), 'address1'],
    ['is_deleted 1', validAccount({ is_deleted: 1 }), 'is_deleted'],
    ['an unknown field', validAccount({ colour: 'red' }), 'colour'],
    ['a field of another resource', validAccount({ campaign_title: 'x' }), 'campaign_title'],
    ...tooLong.map(([field, value]): [string, Record<string, unknown>, string] => [`${field} too long`, validAccount({ [field]: value }), field]),
  ])('refuses %s with 422 and creates nothing', async (_case, body, field) => {
    const before = await databaseState();

    const response = await ws.api.post(BASE, body);

    expect(response.status).toBe(422);
    expectFieldErrors(response.body, [field]);
    expect(await databaseState()).toEqual(before);
  });

  it('says which rule was broken', async () => {
    const missing = await ws.api.post(BASE, { status: 'active' });
    const status = await ws.api.post(BASE, validAccount({ status: 'archived' }));
    const type = await ws.api.post(BASE, validAccount({ type: 'person' }));
    const logo = await ws.api.post(BASE, validAccount({ logo: 'acme logo' }));
    const unknown = await ws.api.post(BASE, validAccount({ colour: 'red' }));
    const isDeleted = await ws.api.post(BASE, validAccount({ is_deleted: 1 }));

    expect(missing.body).toEqual(validationFailure({ name: ['name is required'] }));
    expect(status.body).toEqual(validationFailure({ status: ['status must be one of: active, inactive'] }));
    expect(type.body).toEqual(validationFailure({ type: ['type must be one of: brand, agency'] }));
    expect(logo.body).toEqual(validationFailure({ logo: ['logo must be an http(s) URL'] }));
    expect(unknown.body).toEqual(validationFailure({ colour: ['colour is not a field of this operation'] }));
    expect(isDeleted.body).toEqual(validationFailure({ is_deleted: [expect.stringMatching(/^is_deleted must be 0/)] }));
  });

  it('reports every invalid field at once', async () => {
    const before = await databaseState();

    const response = await ws.api.post(BASE, validAccount({ status: 'archived', type: 'person', logo: 'nope', primary_contact_id: 0 }));

    expect(response.status).toBe(422);
    expectFieldErrors(response.body, ['status', 'type', 'logo', 'primary_contact_id']);
    expect(await databaseState()).toEqual(before);
  });

  it('reports a missing name together with the other broken rules', async () => {
    const before = await databaseState();

    const response = await ws.api.post(BASE, { status: 'archived', logo: 'nope' });

    expect(response.status).toBe(422);
    expect(response.body).toEqual(
      validationFailure({ name: ['name is required'], status: ['status must be one of: active, inactive'], logo: ['logo must be an http(s) URL'] }),
    );
    expect(await databaseState()).toEqual(before);
  });

  it.each([
    ['an array', '[]'],
    ['an array of objects', JSON.stringify([validAccount()])],
    ['a string', '"Acme"'],
    ['a number', '42'],
    ['null', 'null'],
  ])('refuses a body that is %s with 422 and creates nothing', async (_case, raw) => {
    const before = await databaseState();

    const response = await ws.api.post(BASE, raw);

    expect(response.status).toBe(422);
    expect(response.body).toEqual(validationFailure({ body: ['body must be a JSON object'] }));
    expect(await databaseState()).toEqual(before);
  });

  describe('primary_contact_id on create', () => {
    const { ws, other } = workspacesForBlock(app, { other: true });
    let memberOfAnotherAccount: number;
    let foreignMember: number;

    beforeAll(async () => {
      memberOfAnotherAccount = await addMember(ws, (await createAccount(ws, { name: 'Has members' })).id);
      foreignMember = await addMember(other, (await createAccount(other, { name: 'Not yours' })).id);
    });

    it.each<[string, () => number]>([
      ['an id that names nothing', () => 1],
      ['the largest integer', () => 2_147_483_647],
      ['a member of another account of the workspace', () => memberOfAnotherAccount],
      ["a member of another workspace's account", () => foreignMember],
    ])('refuses %s with 422: a new account has no members to name, and creates nothing', async (_case, contact) => {
      const before = await databaseState();

      const response = await ws.api.post(BASE, validAccount({ primary_contact_id: contact() }));

      expect(response.status).toBe(422);
      expect(response.body).toEqual(validationFailure({ primary_contact_id: [NULL_ON_CREATE] }));
      expect(await databaseState()).toEqual(before);
    });

    it('accepts null and an omitted primary_contact_id alike', async () => {
      const explicit = await ws.api.post(BASE, validAccount({ primary_contact_id: null }));
      const { primary_contact_id: _omitted, ...body } = validAccount();
      const omitted = await ws.api.post(BASE, body);

      expect(explicit.status).toBe(200);
      expect(omitted.status).toBe(200);
      expect(explicit.body.data.advertiser_account.primary_contact_id).toBeNull();
      expect(omitted.body.data.advertiser_account.primary_contact_id).toBeNull();
    });

    it('reports a malformed primary_contact_id by its type rule alone', async () => {
      const response = await ws.api.post(BASE, validAccount({ primary_contact_id: 0 }));

      expectFieldErrors(response.body, ['primary_contact_id']);
      expect(response.body.errors.primary_contact_id).not.toEqual([NULL_ON_CREATE]);
    });

    it('reports a primary contact together with the other broken rules', async () => {
      const before = await databaseState();

      const response = await ws.api.post(BASE, { primary_contact_id: 5, logo: 'nope' });

      expect(response.body).toEqual(validationFailure({ name: ['name is required'], logo: ['logo must be an http(s) URL'], primary_contact_id: [NULL_ON_CREATE] }));
      expect(await databaseState()).toEqual(before);
    });
  });
});

describe('PUT /v2/advertiser-accounts/:id', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });
  let foreign: AnyBody;

  beforeAll(async () => {
    foreign = await createAccount(other, { name: 'Not yours' });
  });

  it('changes only the given fields and returns the whole account under data.advertiser_account', async () => {
    const account = await createAccount(ws);
    await untilClockMoves();

    const response = await ws.api.put(`${BASE}/${account.id}`, { status: 'inactive', deactivation_reason: 'Budget frozen' });

    expectSuccess(response, { dataKeys: ['advertiser_account'] });
    const record = response.body.data.advertiser_account;
    expectAccountRecord(record, ws);
    expect(record).toEqual({ ...account, status: 'inactive', deactivation_reason: 'Budget frozen', updated_at: expect.stringMatching(ISO_8601) });
    expect(Date.parse(record.updated_at)).toBeGreaterThan(Date.parse(account.updated_at));
    expect(record.created_at).toBe(account.created_at);

    const fetched = await ws.api.get(`${BASE}/${account.id}`);
    expect(fetched.body.data.advertiser_account).toEqual(record);
  });

  it('updates every writable field', async () => {
    const account = await createAccount(ws);
    const contactId = await addMember(ws, account.id);
    const changes = {
      name: 'Acme Global',
      status: 'inactive',
      deactivation_reason: 'Merged',
      type: 'brand',
      logo: 'http://cdn.example.com/acme-global.svg',
      primary_contact_id: contactId,
      country: 'France',
      state: 'Île-de-France',
      city: 'Paris',
      zip_code: '75001',
      address1: '2 Rue de Rivoli',
      address2: '',
    };

    const response = await ws.api.put(`${BASE}/${account.id}`, changes);

    expect(response.status).toBe(200);
    expect(response.body.data.advertiser_account).toEqual({ ...account, ...changes, updated_at: expect.stringMatching(ISO_8601) });
  });

  it('clears nullable fields sent as null', async () => {
    const created = await createAccount(ws, { status: 'inactive', deactivation_reason: 'Paused' });
    const account = await setPrimaryContact(ws, created.id, await addMember(ws, created.id));
    expect(account).toMatchObject({ deactivation_reason: 'Paused', logo: expect.any(String), primary_contact_id: expect.any(Number), city: 'London', zip_code: 'EC1A 1BB' });

    const response = await ws.api.put(`${BASE}/${account.id}`, { status: 'active', deactivation_reason: null, logo: null, primary_contact_id: null, city: null, zip_code: null });

    expect(response.status).toBe(200);
    expect(response.body.data.advertiser_account).toMatchObject({ status: 'active', deactivation_reason: null, logo: null, primary_contact_id: null, city: null, zip_code: null });
    expect(await accountRow(account.id)).toMatchObject({ deactivation_reason: null, logo: null, primary_contact_id: null, city: null, zip_code: null });
  });

  it('accepts the record as read, read-only fields and is_deleted 0 included', async () => {
    const account = await createAccount(ws);

    const response = await ws.api.put(`${BASE}/${account.id}`, { ...account, name: 'Echoed back' });

    expect(response.status).toBe(200);
    expect(response.body.data.advertiser_account).toEqual({ ...account, name: 'Echoed back', updated_at: expect.stringMatching(ISO_8601) });
  });

  it('writes one advertiser_account_updated event listing the changed fields', async () => {
    const account = await createAccount(ws);
    const before = await outboxEvents(ws);

    const response = await ws.api.put(`${BASE}/${account.id}`, { name: 'Renamed', city: 'London', country: 'France' }, { 'x-request-id': 'req-update-advertiser-1' });

    const after = await outboxEvents(ws);
    expect(after).toHaveLength(before.length + 1);
    const event = after.at(-1);
    expect(event).toMatchObject({
      organisation_id: ws.organisationId,
      event_type: 'advertiser_account_updated',
      resource_type: 'advertiser_account',
      resource_id: account.id,
      request_id: 'req-update-advertiser-1',
    });
    expect(event.payload.advertiser_account).toEqual(response.body.data.advertiser_account);
    // city was already London: only what really changed is listed.
    expect([...event.payload.changed_fields].sort()).toEqual(['country', 'name']);
  });

  it('writes no event when nothing changes', async () => {
    const account = await createAccount(ws);
    const before = await databaseState();

    const response = await ws.api.put(`${BASE}/${account.id}`, { name: account.name, city: account.city });

    expect(response.status).toBe(200);
    expect(response.body.data.advertiser_account).toEqual(account);
    expect(await databaseState()).toEqual(before);
  });

  const tooLong: [string, unknown][] = [
    ['name', 'n'.repeat(256)],
    ['deactivation_reason', 'r'.repeat(1001)],
    ['country', 'c'.repeat(101)],
    ['state', 's'.repeat(101)],
    ['city', 'y'.repeat(101)],
    ['zip_code', 'z'.repeat(21)],
    ['address1', 'a'.repeat(256)],
    ['address2', 'b'.repeat(256)],
  ];

  it.each<[string, Record<string, unknown>, string]>([
    ['name empty', { name: '' }, 'name'],
    ['name null', { name: null }, 'name'],
    ['status not active/inactive', { status: 'deleted' }, 'status'],
    ['type not brand/agency', { type: 'network' }, 'type'],
    ['logo not an http(s) URL', { logo: 'mailto:logo@example.com' }, 'logo'],
    ['primary_contact_id zero', { primary_contact_id: 0 }, 'primary_contact_id'],
    ['primary_contact_id a string', { primary_contact_id: 'seven' }, 'primary_contact_id'],
    ['is_deleted 1', { is_deleted: 1 }, 'is_deleted'],
    ['is_deleted "1"', { is_deleted: '1' }, 'is_deleted'],
    ['an unknown field', { name: 'Fine', colour: 'red' }, 'colour'],
    ...tooLong.map(([field, value]): [string, Record<string, unknown>, string] => [`${field} too long`, { [field]: value }, field]),
  ])('refuses %s with 422 and changes nothing', async (_case, body, field) => {
    const account = await createAccount(ws);
    const before = await databaseState();

    const response = await ws.api.put(`${BASE}/${account.id}`, body);

    expect(response.status).toBe(422);
    expectFieldErrors(response.body, [field]);
    expect(await databaseState()).toEqual(before);
    expect((await ws.api.get(`${BASE}/${account.id}`)).body.data.advertiser_account).toEqual(account);
  });

  describe('primary_contact_id (a live member of this account)', () => {
    let account: AnyBody;
    let member: number;
    let secondMember: number;
    let deletedMember: number;
    let memberOfAnotherAccount: number;
    let foreignMember: number;

    beforeAll(async () => {
      account = await createAccount(ws, { name: 'With members' });
      member = await addMember(ws, account.id);
      secondMember = await addMember(ws, account.id);
      deletedMember = await addMember(ws, account.id);
      expect((await ws.api.delete(`/v2/members/${deletedMember}`)).status).toBe(200);
      memberOfAnotherAccount = await addMember(ws, (await createAccount(ws, { name: 'Sibling account' })).id);
      foreignMember = await addMember(other, foreign.id);
    });

    it('names a member of the account: the record, a later read and the row show it, and the event lists it', async () => {
      const before = await outboxEvents(ws, 'advertiser_account_updated');

      const response = await ws.api.put(`${BASE}/${account.id}`, { primary_contact_id: member });

      expect(response.status).toBe(200);
      const record = response.body.data.advertiser_account;
      expect(record).toEqual({ ...account, primary_contact_id: member, updated_at: expect.stringMatching(ISO_8601) });
      expect((await ws.api.get(`${BASE}/${account.id}`)).body.data.advertiser_account).toEqual(record);
      expect((await accountRow(account.id)).primary_contact_id).toBe(member);
      const events = await outboxEvents(ws, 'advertiser_account_updated');
      expect(events).toHaveLength(before.length + 1);
      expect(events.at(-1)?.payload).toEqual({ advertiser_account: record, changed_fields: ['primary_contact_id'] });
      account = record;
    });

    it('moves the primary contact to another member of the account', async () => {
      const response = await ws.api.put(`${BASE}/${account.id}`, { primary_contact_id: secondMember });

      expect(response.status).toBe(200);
      expect(response.body.data.advertiser_account.primary_contact_id).toBe(secondMember);
      account = response.body.data.advertiser_account;
    });

    it.each<[string, () => number]>([
      ['an id that names nothing', () => UNKNOWN_ID],
      ['a member of another account of the same workspace', () => memberOfAnotherAccount],
      ["a member of another workspace's account", () => foreignMember],
      ['a deleted member of the account', () => deletedMember],
    ])('refuses %s with 422 on primary_contact_id and changes nothing', async (_case, contact) => {
      const before = await databaseState();

      const response = await ws.api.put(`${BASE}/${account.id}`, { name: 'Would be renamed', primary_contact_id: contact() });

      expect(response.status).toBe(422);
      expect(response.body).toEqual(validationFailure({ primary_contact_id: [NOT_A_MEMBER] }));
      expect(await databaseState()).toEqual(before);
      expect((await ws.api.get(`${BASE}/${account.id}`)).body.data.advertiser_account).toEqual(account);
    });

    it("gives another workspace's member the same refusal as an id that names nothing", async () => {
      const foreignResponse = await ws.api.put(`${BASE}/${account.id}`, { primary_contact_id: foreignMember });
      const unknownResponse = await ws.api.put(`${BASE}/${account.id}`, { primary_contact_id: UNKNOWN_ID });

      expect(foreignResponse.status).toBe(422);
      expect(withoutRequestId(foreignResponse.body)).toEqual(withoutRequestId(unknownResponse.body));
    });

    it('does not re-judge an unchanged primary contact that no longer names a member: other fields still change', async () => {
      const legacy = await createAccount(ws, { name: 'Legacy contact' });
      const gone = await addMember(ws, legacy.id);
      expect((await ws.api.delete(`/v2/members/${gone}`)).status).toBe(200);
      // A contact stored before the check existed, naming a member since deleted.
      await app.dataSource.query('UPDATE advertiser_accounts SET primary_contact_id = $1 WHERE id = $2', [gone, legacy.id]);
      expect((await ws.api.get(`${BASE}/${legacy.id}`)).body.data.advertiser_account.primary_contact_id).toBe(gone);

      const renamed = await ws.api.put(`${BASE}/${legacy.id}`, { name: 'Legacy, renamed', primary_contact_id: gone });
      const echoed = await ws.api.put(`${BASE}/${legacy.id}`, { ...renamed.body.data.advertiser_account, city: 'Leeds' });

      expect(renamed.status).toBe(200);
      expect(renamed.body.data.advertiser_account).toMatchObject({ name: 'Legacy, renamed', primary_contact_id: gone });
      expect(echoed.status).toBe(200);
      expect(echoed.body.data.advertiser_account).toMatchObject({ city: 'Leeds', primary_contact_id: gone });
      // A change of it is judged.
      const moved = await ws.api.put(`${BASE}/${legacy.id}`, { primary_contact_id: member });
      expect(moved.body).toEqual(validationFailure({ primary_contact_id: [NOT_A_MEMBER] }));
    });

    it('clears the primary contact with null', async () => {
      const response = await ws.api.put(`${BASE}/${account.id}`, { primary_contact_id: null });

      expect(response.status).toBe(200);
      expect(response.body.data.advertiser_account.primary_contact_id).toBeNull();
      expect((await accountRow(account.id)).primary_contact_id).toBeNull();
      account = response.body.data.advertiser_account;
    });
  });

  it('says that is_deleted cannot be set to 1', async () => {
    const account = await createAccount(ws);

    const response = await ws.api.put(`${BASE}/${account.id}`, { is_deleted: 1 });

    expect(response.body).toEqual(validationFailure({ is_deleted: [expect.stringMatching(/^is_deleted must be 0/)] }));
    expect(await accountRow(account.id)).toMatchObject({ is_deleted: 0, deleted_at: null });
  });

  it.each([
    ['an array', '[]'],
    ['a string', '"Acme"'],
    ['null', 'null'],
  ])('refuses a body that is %s with 422 and changes nothing', async (_case, raw) => {
    const account = await createAccount(ws);
    const before = await databaseState();

    const response = await ws.api.put(`${BASE}/${account.id}`, raw);

    expect(response.status).toBe(422);
    expect(response.body).toEqual(validationFailure({ body: ['body must be a JSON object'] }));
    expect(await databaseState()).toEqual(before);
  });

  it('answers 404 for a deleted account', async () => {
    const account = await createAccount(ws);
    await ws.api.delete(`${BASE}/${account.id}`);
    const before = await databaseState();

    const response = await ws.api.put(`${BASE}/${account.id}`, { name: 'Revived' });

    expect(response.status).toBe(404);
    expect(withoutRequestId(response.body)).toEqual(withoutRequestId((await ws.api.put(`${BASE}/${UNKNOWN_ID}`, { name: 'Revived' })).body));
    expect(await databaseState()).toEqual(before);
  });
});

describe('DELETE /v2/advertiser-accounts/:id', () => {
  const { ws } = workspacesForBlock(app);

  it('soft-deletes the account: 200 with success and message only', async () => {
    const account = await createAccount(ws);
    const bystander = await createAccount(ws, { name: 'Bystander' });

    const response = await ws.api.delete(`${BASE}/${account.id}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: expect.any(String) });
    const row = await accountRow(account.id);
    expect(row).toBeDefined();
    expect(row.is_deleted).toBe(1);
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect(row.name).toBe(account.name);
    expect((await ws.api.get(`${BASE}/${bystander.id}`)).body.data.advertiser_account).toEqual(bystander);
  });

  it('makes the account unreadable and a second delete a 404', async () => {
    const account = await createAccount(ws);
    await ws.api.delete(`${BASE}/${account.id}`);
    const unknown = await ws.api.get(`${BASE}/${UNKNOWN_ID}`);

    const read = await ws.api.get(`${BASE}/${account.id}`);
    const before = await databaseState();
    const again = await ws.api.delete(`${BASE}/${account.id}`);

    expect(read.status).toBe(404);
    expect(withoutRequestId(read.body)).toEqual(withoutRequestId(unknown.body));
    expect(again.status).toBe(404);
    expect(again.body).toEqual(NOT_FOUND);
    expect(await databaseState()).toEqual(before);
  });

  it('writes one advertiser_account_deleted event', async () => {
    const account = await createAccount(ws);
    const before = await outboxEvents(ws);

    await ws.api.delete(`${BASE}/${account.id}`, { 'x-request-id': 'req-delete-advertiser-1' });

    const after = await outboxEvents(ws);
    expect(after).toHaveLength(before.length + 1);
    const event = after.at(-1);
    expect(event).toMatchObject({
      organisation_id: ws.organisationId,
      event_type: 'advertiser_account_deleted',
      resource_type: 'advertiser_account',
      resource_id: account.id,
      request_id: 'req-delete-advertiser-1',
    });
    expect(event.payload.advertiser_account).toMatchObject({ id: account.id, name: account.name, is_deleted: 1, deleted_at: expect.stringMatching(ISO_8601) });
    expect(event.payload.deleted).toEqual({ members: [] });
  });

  it("soft-deletes the account's live members with it, and lists them in the event", async () => {
    const account = await createAccount(ws);
    const [first, second, alreadyDeleted] = [await addMember(ws, account.id), await addMember(ws, account.id), await addMember(ws, account.id)];
    expect((await ws.api.delete(`/v2/members/${alreadyDeleted}`)).status).toBe(200);
    await setPrimaryContact(ws, account.id, first);
    const bystander = await createAccount(ws, { name: 'Bystander' });
    const bystanderMember = await addMember(ws, bystander.id);
    const bystanderRow = await rowById(app, 'advertiser_account_members', bystanderMember);
    const alreadyDeletedRow = await rowById(app, 'advertiser_account_members', alreadyDeleted);

    const response = await ws.api.delete(`${BASE}/${account.id}`, { 'x-request-id': 'req-delete-advertiser-members' });

    expect(response.status).toBe(200);
    for (const member of [first, second]) {
      const read = await ws.api.get(`/v2/members/${member}`);
      expect([member, read.status, read.body]).toEqual([member, 404, { success: false, message: 'Member not found', code: 'NOT_FOUND', request_id: expect.any(String) }]);
      const row = await rowById(app, 'advertiser_account_members', member);
      expect(row?.deleted_at).toBeInstanceOf(Date);
      expect(row?.advertiser_account_id).toBe(account.id);
    }
    // A member deleted before keeps its own deletion; another account's member is untouched.
    expect(await rowById(app, 'advertiser_account_members', alreadyDeleted)).toEqual(alreadyDeletedRow);
    expect(await rowById(app, 'advertiser_account_members', bystanderMember)).toEqual(bystanderRow);
    expect((await ws.api.get(`/v2/members/${bystanderMember}`)).status).toBe(200);

    const event = (await outboxEvents(ws, 'advertiser_account_deleted')).at(-1);
    expect(event).toMatchObject({ event_type: 'advertiser_account_deleted', resource_id: account.id, request_id: 'req-delete-advertiser-members' });
    expect(Object.keys(event?.payload ?? {}).sort()).toEqual(['advertiser_account', 'deleted']);
    expect(Object.keys(event?.payload.deleted)).toEqual(['members']);
    const deleted: number[] = event?.payload.deleted.members ?? [];
    expect([...deleted].sort((a, b) => a - b)).toEqual([first, second]);
  });

  it('is refused with 422 while a campaign references the account, and changes nothing (its members stay)', async () => {
    const account = await createAccount(ws);
    const member = await addMember(ws, account.id);
    await createCampaignFor(ws, account.id);
    const before = await databaseState();

    const response = await ws.api.delete(`${BASE}/${account.id}`);

    expect(response.status).toBe(422);
    expectFieldErrors(response.body, ['id']);
    expect(await databaseState()).toEqual(before);
    expect((await ws.api.get(`${BASE}/${account.id}`)).body.data.advertiser_account).toEqual(account);
    expect((await ws.api.get(`/v2/members/${member}`)).status).toBe(200);
  });

  it('is allowed once the referencing campaign is deleted', async () => {
    const account = await createAccount(ws);
    const campaignId = await createCampaignFor(ws, account.id);
    await app.services.campaigns.delete(contextOf(ws), campaignId);

    const response = await ws.api.delete(`${BASE}/${account.id}`);

    expect(response.status).toBe(200);
    expect((await accountRow(account.id)).is_deleted).toBe(1);
  });
});
