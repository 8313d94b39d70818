import { verifyPassword } from '../../src/members/password';
import { rowById } from '../support/database-state';
import { INVALID, ISO_TIMESTAMP, PAGINATION_KEYS, expectInvalid, expectNotFoundBody, withoutRequestId, untilClockMoves, notFoundBody, expectSuccess, expectInvalidErrors } from '../support/expectations';
import { createAccount } from '../support/fixtures';
import {
  ACCOUNT_RECORD_KEYS,
  DETAIL_ACCOUNT_RECORD_KEYS,
  MEMBER_FIELD_RULES,
  MEMBER_RECORD_KEYS,
  STORED_HASH,
  SecretWatch,
  expectNoSecrets,
  memberRow,
  membersState,
  storedHash,
  v2FieldName,
} from '../support/members';
import { resourceEvents, workspaceEvents } from '../support/outbox';
import { type AnyBody, type ApiResponse, type Workspace } from '../support/test-app';
import { appForFile } from '../support/file-app';

/**
 * REST /v2 advertiser account members (spec §2.4, §2.5, §4.4, §7) through real HTTP over a real
 * PostgreSQL: create, detail, list, partial update and soft delete. Every response is checked for
 * status, envelope and data, every write for its rows and outbox events, every refusal for having
 * changed nothing, and every response and event for the absence of anything password-derived.
 * The 401s and 404s every operation shares (no key, unknown ids, another workspace's ids in the
 * path) are in test/http/rest/route-contract.test.ts.
 */

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const BASE = '/v2/members';
const NOT_FOUND = notFoundBody('Member not found');
const UNKNOWN_ID = 2_000_000_000;
const NOT_AN_ACCOUNT = 'advertiser_account_id does not name an advertiser account of this workspace';
const EMAIL_TAKEN = 'email is already the e-mail address of another member of this advertiser account';

const secrets = new SecretWatch();
const PASSWORD = secrets.password('Tr0ub4dor&3-routes');
const NEW_PASSWORD = secrets.password('n3w-Pa55phrase-routes');

const { app, ws, other } = appForFile({ other: true, through: (workspace) => secrets.watch(workspace) });
let accountId: number;
let secondAccountId: number;
let otherAccountId: number;

beforeAll(async () => {
  accountId = await createAccount(ws, 'Acme Foods');
  secondAccountId = await createAccount(ws, 'Blue Agency');
  otherAccountId = await createAccount(other, 'Not yours');
});

/** A create body with every §2.5 field set. */
function fullBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    advertiser_account_id: String(accountId),
    email: 'Jane.Doe@Example.com',
    first_name: 'Jane',
    last_name: 'Doe',
    contact_number: '+44 20 7946 0000',
    staff_title: 'Head of Marketing',
    photo: 'https://cdn.example.com/jane.png',
    active: 1,
    password: PASSWORD,
    ...overrides,
  };
}

let emailCounter = 0;

/** An e-mail address no other test uses. */
function uniqueEmail(prefix = 'member'): string {
  emailCounter += 1;
  return `${prefix}.${emailCounter}@example.com`;
}

/** POST /v2/members, expecting success; returns `data`. */
async function create(overrides: Record<string, unknown> = {}, workspace = ws): Promise<{ advertiser_account: AnyBody; member: AnyBody }> {
  const response = await workspace.api.post(BASE, fullBody({ email: uniqueEmail(), ...overrides }));
  expect(response.body.errors).toBeUndefined();
  expect(response.status).toBe(200);
  return response.body.data;
}

async function createMember(overrides: Record<string, unknown> = {}, workspace = ws): Promise<AnyBody> {
  return (await create(overrides, workspace)).member;
}

/** A member of the other workspace. */
function createForeignMember(): Promise<AnyBody> {
  return createMember({ advertiser_account_id: String(otherAccountId) }, other);
}

async function deleteMember(id: number, workspace = ws): Promise<void> {
  const response = await workspace.api.delete(`${BASE}/${id}`);
  expect(response.status).toBe(200);
}

/** The account as GET /v2/advertiser-accounts/{id} returns it (§2.4, with organization_code). */
async function accountRecord(id: number, workspace = ws): Promise<AnyBody> {
  const response = await workspace.api.get(`/v2/advertiser-accounts/${id}`);
  expect(response.status).toBe(200);
  return response.body.data.advertiser_account;
}

/** Every key of the member record, in order, with its JSON type; a live member of `account`. */
function expectMemberRecord(record: AnyBody, account = accountId): void {
  expect(Object.keys(record)).toEqual(MEMBER_RECORD_KEYS);
  expect(Number.isInteger(record.id)).toBe(true);
  expect(record.id).toBeGreaterThan(0);
  expect(record.advertiser_account_id).toBe(String(account));
  for (const key of ['email', 'first_name', 'last_name', 'contact_number', 'staff_title', 'photo']) expect([key, typeof record[key]]).toEqual([key, 'string']);
  expect([0, 1]).toContain(record.active);
  expect(record.deleted_at).toBeNull();
  expect(record.created_at).toMatch(ISO_TIMESTAMP);
  expect(record.updated_at).toMatch(ISO_TIMESTAMP);
}

/** A §2.4 record of a live account of `workspace`, with or without organization_code. */
function expectAccountRecord(record: AnyBody, workspace: Workspace, withCode: boolean): void {
  expect(Object.keys(record)).toEqual(withCode ? ACCOUNT_RECORD_KEYS : DETAIL_ACCOUNT_RECORD_KEYS);
  expect(Number.isInteger(record.id)).toBe(true);
  expect(typeof record.name).toBe('string');
  if (withCode) expect(record.organization_code).toBe(workspace.organizationCode);
  expect(['active', 'inactive']).toContain(record.status);
  expect(record.is_deleted).toBe(0);
  expect(['brand', 'agency']).toContain(record.type);
  expect(record.primary_contact_id === null || Number.isInteger(record.primary_contact_id)).toBe(true);
  expect(record.deleted_at).toBeNull();
  expect(record.created_at).toMatch(ISO_TIMESTAMP);
  expect(record.updated_at).toMatch(ISO_TIMESTAMP);
}

/** The envelope of a successful create or update: the account with organization_code, then the member. */
function expectWriteEnvelope(response: ApiResponse<AnyBody>, message: string): void {
  expectSuccess(response, { message, dataKeys: ['advertiser_account', 'member'] });
  expectAccountRecord(response.body.data.advertiser_account, ws, true);
  expectMemberRecord(response.body.data.member, Number(response.body.data.advertiser_account.id));
  expectNoSecrets(response.body, [PASSWORD, NEW_PASSWORD]);
}

function state() {
  return membersState(app);
}

function memberEvents(id: number) {
  return resourceEvents(app, 'member', id);
}

/** The field rules a create and an update share (support/members.ts), as REST sends them: [case, body fields, v2 field refused, its messages]. */
const FIELD_RULES: [string, Record<string, unknown>, string, string[]][] = MEMBER_FIELD_RULES.map(({ field, is, value, messages }) => {
  const v2 = v2FieldName(field);
  return [`${v2} ${is}`, { [v2]: value }, v2, messages.map((message) => `${v2} ${message}`)];
});

// ---------------------------------------------------------------------------------------------
// POST /v2/members
// ---------------------------------------------------------------------------------------------

describe('POST /v2/members', () => {
  it('creates the member: 200 with data.advertiser_account (§2.4, organization_code included) and data.member', async () => {
    const response = await ws.api.post(BASE, fullBody(), { 'x-request-id': 'req-member-create-1' });

    expectWriteEnvelope(response, 'Member created successfully');
    const { advertiser_account: account, member } = response.body.data;
    expect(account).toEqual(await accountRecord(accountId));
    expect(member).toEqual({
      id: expect.any(Number),
      advertiser_account_id: String(accountId),
      email: 'Jane.Doe@Example.com',
      first_name: 'Jane',
      last_name: 'Doe',
      contact_number: '+44 20 7946 0000',
      staff_title: 'Head of Marketing',
      photo: 'https://cdn.example.com/jane.png',
      active: 1,
      deleted_at: null,
      created_at: expect.stringMatching(ISO_TIMESTAMP),
      updated_at: member.created_at,
    });
  });

  it('stores the row in the workspace with the e-mail as sent, its lower-cased key, and a salted scrypt hash that is not the password', async () => {
    const member = await createMember({ email: 'Mixed.Case@Example.COM' });

    const row = await memberRow(app, member.id);
    expect(row).toEqual({
      id: member.id,
      organisation_id: ws.organisationId,
      advertiser_account_id: accountId,
      email: 'Mixed.Case@Example.COM',
      email_key: 'mixed.case@example.com',
      first_name: 'Jane',
      last_name: 'Doe',
      contact_number: '+44 20 7946 0000',
      staff_title: 'Head of Marketing',
      photo: 'https://cdn.example.com/jane.png',
      active: 1,
      password_hash: expect.stringMatching(STORED_HASH),
      deleted_at: null,
      created_at: new Date(member.created_at),
      updated_at: new Date(member.updated_at),
    });
    expect(row.password_hash).not.toBe(PASSWORD);
    expect(row.password_hash).not.toContain(PASSWORD);
    expect(await verifyPassword(PASSWORD, row.password_hash)).toBe(true);
    expect(await verifyPassword(`${PASSWORD}x`, row.password_hash)).toBe(false);
  });

  it('salts every hash: two members with one password store different hashes, each verifying', async () => {
    const first = await createMember();
    const second = await createMember();

    const [firstHash, secondHash] = [await storedHash(app, first.id), await storedHash(app, second.id)];
    expect(firstHash).not.toBe(secondHash);
    expect(firstHash.split('$')[4]).not.toBe(secondHash.split('$')[4]);
    expect(await verifyPassword(PASSWORD, firstHash)).toBe(true);
    expect(await verifyPassword(PASSWORD, secondHash)).toBe(true);
  });

  it('records one member_created event carrying the record and no password', async () => {
    const before = await workspaceEvents(app, ws);

    const response = await ws.api.post(BASE, fullBody({ email: uniqueEmail() }), { 'x-request-id': 'req-member-create-2' });

    const member = response.body.data.member;
    const after = await workspaceEvents(app, ws);
    expect(after).toHaveLength(before.length + 1);
    expect(await memberEvents(member.id)).toEqual([
      {
        organisation_id: ws.organisationId,
        event_type: 'member_created',
        resource_type: 'member',
        resource_id: member.id,
        payload: { member },
        request_id: 'req-member-create-2',
      },
    ]);
    expect(Object.keys(after.at(-1)!.payload.member)).toEqual(MEMBER_RECORD_KEYS);
    expectNoSecrets(after.at(-1)!.payload, [PASSWORD, await storedHash(app, member.id)]);
  });

  it('needs only advertiser_account_id, email, first_name, last_name and password: the rest default to "" and active 1', async () => {
    const email = uniqueEmail('minimal');
    const response = await ws.api.post(BASE, { advertiser_account_id: String(accountId), email, first_name: 'Min', last_name: 'Imal', password: PASSWORD });

    expectWriteEnvelope(response, 'Member created successfully');
    expect(response.body.data.member).toMatchObject({ email, first_name: 'Min', last_name: 'Imal', contact_number: '', staff_title: '', photo: '', active: 1 });
  });

  it('accepts advertiser_account_id as a JSON number, and answers it as a string', async () => {
    const data = await create({ advertiser_account_id: secondAccountId });

    expect(data.member.advertiser_account_id).toBe(String(secondAccountId));
    expect(data.advertiser_account).toEqual(await accountRecord(secondAccountId));
    expect((await memberRow(app, data.member.id)).advertiser_account_id).toBe(secondAccountId);
  });

  it('accepts active 0, an empty photo and an http photo URL', async () => {
    const inactive = await createMember({ active: 0, photo: '' });
    const plainHttp = await createMember({ photo: 'http://cdn.example.com/p.jpg' });

    expect(inactive).toMatchObject({ active: 0, photo: '' });
    expect(plainHttp.photo).toBe('http://cdn.example.com/p.jpg');
    expect((await memberRow(app, inactive.id)).active).toBe(0);
  });

  it('accepts passwords of exactly 8 and 128 characters', async () => {
    const shortest = secrets.password('eight8!!');
    const longest = secrets.password(`L0ng-${'x'.repeat(123)}`);
    expect(longest).toHaveLength(128);

    const short = await createMember({ password: shortest });
    const long = await createMember({ password: longest });

    expect(await verifyPassword(shortest, await storedHash(app, short.id))).toBe(true);
    expect(await verifyPassword(longest, await storedHash(app, long.id))).toBe(true);
  });

  it('ignores read-only fields echoed from a record (id, deleted_at, created_at, updated_at)', async () => {
    const response = await ws.api.post(
      BASE,
      fullBody({ email: uniqueEmail(), id: UNKNOWN_ID, deleted_at: '2020-01-01T00:00:00.000Z', created_at: '2020-01-01T00:00:00.000Z', updated_at: '2020-01-01T00:00:00.000Z' }),
    );

    expectWriteEnvelope(response, 'Member created successfully');
    const member = response.body.data.member;
    expect(member.id).not.toBe(UNKNOWN_ID);
    expect(member.deleted_at).toBeNull();
    expect(member.created_at).not.toBe('2020-01-01T00:00:00.000Z');
    expect(await rowById(app, 'advertiser_account_members', UNKNOWN_ID)).toBeUndefined();
  });

  describe('e-mail uniqueness', () => {
    it('refuses an e-mail a live member of the account already has, whatever its case, with 422 on email, changing nothing', async () => {
      const email = uniqueEmail('taken');
      await createMember({ email });
      const before = await state();

      const same = await ws.api.post(BASE, fullBody({ email }));
      const upper = await ws.api.post(BASE, fullBody({ email: email.toUpperCase() }));

      for (const response of [same, upper]) {
        expectInvalid(response, 'email');
        expect(response.body.errors.email).toEqual([EMAIL_TAKEN]);
      }
      expect(await state()).toEqual(before);
    });

    it('accepts the same e-mail in another account of the workspace and in another workspace', async () => {
      const email = uniqueEmail('shared');
      const first = await createMember({ email });

      const inSecondAccount = await createMember({ email: email.toUpperCase(), advertiser_account_id: String(secondAccountId) });
      const inOtherWorkspace = await createMember({ email, advertiser_account_id: String(otherAccountId) }, other);

      expect(new Set([first.id, inSecondAccount.id, inOtherWorkspace.id]).size).toBe(3);
      expect(inSecondAccount.email).toBe(email.toUpperCase());
    });

    it('frees the e-mail of a deleted member', async () => {
      const email = uniqueEmail('reused');
      const first = await createMember({ email });
      await deleteMember(first.id);

      const second = await createMember({ email });

      expect(second.id).not.toBe(first.id);
      expect(second.email).toBe(email);
    });

    it('refuses an address whose lower-cased form is longer than 254 characters, with 422 on email, changing nothing', async () => {
      // "İ" lower-cases to two code units: 158 characters as sent, 310 once folded for comparison.
      const email = `${'İ'.repeat(32)}@${'İ'.repeat(60)}.${'İ'.repeat(60)}.com`;
      const before = await state();

      const response = await ws.api.post(BASE, fullBody({ email }));

      expectInvalid(response, 'email');
      expect(response.body.errors.email).toEqual(['email must be at most 254 characters']);
      expect(await state()).toEqual(before);
    });

    it('lets only one of two concurrent creates of one address through; the other is the same 422', async () => {
      const email = uniqueEmail('race');

      const responses = await Promise.all([ws.api.post(BASE, fullBody({ email })), ws.api.post(BASE, fullBody({ email: email.toUpperCase() }))]);

      expect(responses.map((response) => response.status).sort()).toEqual([200, 422]);
      const refused = responses.find((response) => response.status === 422)!;
      expect(refused.body).toEqual({ success: false, message: INVALID, code: 'BAD_USER_INPUT', request_id: expect.any(String), errors: { email: [EMAIL_TAKEN] } });
      const rows: AnyBody[] = await app.dataSource.query('SELECT id FROM advertiser_account_members WHERE email_key = $1', [email]);
      expect(rows).toHaveLength(1);
    });
  });

  describe('the advertiser account', () => {
    it.each<[string, () => Promise<string | number>]>([
      ['an account id that does not exist', async () => String(UNKNOWN_ID)],
      ['another workspace’s account', async () => String(otherAccountId)],
      ['another workspace’s account, as a number', async () => otherAccountId],
      [
        'a deleted account',
        async () => {
          const doomed = await createAccount(ws, 'Doomed');
          expect((await ws.api.delete(`/v2/advertiser-accounts/${doomed}`)).status).toBe(200);
          return String(doomed);
        },
      ],
    ])('is refused when it is %s: 422 on advertiser_account_id, nothing created', async (_case, account) => {
      const advertiserAccountId = await account();
      const before = await state();

      const response = await ws.api.post(BASE, fullBody({ email: uniqueEmail(), advertiser_account_id: advertiserAccountId }));

      expect(response.body).toEqual({ success: false, message: INVALID, code: 'BAD_USER_INPUT', request_id: expect.any(String), errors: { advertiser_account_id: [NOT_AN_ACCOUNT] } });
      expect(response.status).toBe(422);
      expect(await state()).toEqual(before);
    });

    it('refuses another workspace’s account exactly as an account that does not exist', async () => {
      const foreign = await ws.api.post(BASE, fullBody({ advertiser_account_id: String(otherAccountId) }));
      const unknown = await ws.api.post(BASE, fullBody({ advertiser_account_id: String(UNKNOWN_ID) }));

      expect(foreign.status).toBe(unknown.status);
      expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(unknown.body));
    });
  });

  it('reports every missing required field at once, by its v2 name, and creates nothing', async () => {
    const before = await state();

    const response = await ws.api.post(BASE, { contact_number: '+44 1', staff_title: 'CMO', photo: '', active: 1 });

    expectInvalidErrors(response, {
      advertiser_account_id: ['advertiser_account_id is required'],
      email: ['email is required'],
      first_name: ['first_name is required'],
      last_name: ['last_name is required'],
      password: ['password is required'],
    });
    expect(await state()).toEqual(before);
  });

  it.each(['advertiser_account_id', 'email', 'first_name', 'last_name', 'password'])('refuses a body without %s with 422 on it', async (field) => {
    const body = fullBody({ email: uniqueEmail() });
    delete body[field];
    const before = await state();

    const response = await ws.api.post(BASE, body);

    expect(response.body).toEqual({ success: false, message: INVALID, code: 'BAD_USER_INPUT', request_id: expect.any(String), errors: { [field]: [`${field} is required`] } });
    expect(await state()).toEqual(before);
  });

  it.each(FIELD_RULES)('refuses %s with 422 on that field and creates nothing', async (_case, fields, field, messages) => {
    const before = await state();

    const response = await ws.api.post(BASE, fullBody({ email: uniqueEmail(), ...fields }));

    expectInvalid(response, field);
    expect(response.body.errors[field]).toEqual(messages);
    expect(await state()).toEqual(before);
  });

  it('reports every broken field at once', async () => {
    const before = await state();

    const response = await ws.api.post(BASE, fullBody({ advertiser_account_id: 'x', email: 'nope', first_name: ' ', photo: 'ftp://a', active: 2, password: 'short' }));

    expectInvalidErrors(response, {
      advertiser_account_id: ['advertiser_account_id must be a positive integer id'],
      email: ['email must be a valid e-mail address'],
      first_name: ['first_name must not be blank'],
      photo: ['photo must be an http(s) URL or empty'],
      active: ['active must be 0 or 1'],
      password: ['password must be longer than or equal to 8 characters'],
    });
    expect(await state()).toEqual(before);
  });

  it('never echoes a refused password', async () => {
    const tooLong = secrets.password(`Refused-${'q'.repeat(130)}`);

    const response = await ws.api.post(BASE, fullBody({ password: tooLong }));

    expectInvalid(response, 'password');
    expect(response.body.errors.password).toEqual(['password must be shorter than or equal to 128 characters']);
    expectNoSecrets(response.body, [tooLong]);
  });

  it.each([
    ['an array', '[]'],
    ['a string', '"member"'],
    ['null', 'null'],
  ])('refuses a body that is %s with 422 on body', async (_case, raw) => {
    const before = await state();

    const response = await ws.api.post(BASE, raw);

    expect(response.status).toBe(422);
    expect(response.body).toEqual({ success: false, message: INVALID, code: 'BAD_USER_INPUT', request_id: expect.any(String), errors: { body: ['body must be a JSON object'] } });
    expect(await state()).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------
// GET /v2/members/{member_id}
// ---------------------------------------------------------------------------------------------

describe('GET /v2/members/{member_id}', () => {
  let member: AnyBody;

  beforeAll(async () => {
    member = await createMember({ email: uniqueEmail('detail') });
  });

  it('returns data.advertiser_account (§2.4 without organization_code) and data.member', async () => {
    const response = await ws.api.get(`${BASE}/${member.id}`);

    expectSuccess(response, { message: 'Member retrieved successfully', dataKeys: ['advertiser_account', 'member'] });
    const { advertiser_account: account, member: record } = response.body.data;
    expectAccountRecord(account, ws, false);
    expect(account).not.toHaveProperty('organization_code');
    const { organization_code: _code, ...withoutCode } = await accountRecord(accountId);
    expect(account).toEqual(withoutCode);
    expectMemberRecord(record);
    expect(record).toEqual(member);
    expectNoSecrets(response.body, [PASSWORD]);
  });

  it('shows the account as it is now', async () => {
    const own = await createMember({ advertiser_account_id: String(secondAccountId) });
    const renamed = await ws.api.put(`/v2/advertiser-accounts/${secondAccountId}`, { city: 'Leeds', primary_contact_id: own.id });
    expect(renamed.status).toBe(200);

    const response = await ws.api.get(`${BASE}/${own.id}`);

    expect(response.body.data.advertiser_account).toMatchObject({ id: secondAccountId, city: 'Leeds', primary_contact_id: own.id });
    expect(response.body.data.member).toEqual(own);
  });

  it('changes nothing', async () => {
    const before = await state();

    await ws.api.get(`${BASE}/${member.id}`);

    expect(await state()).toEqual(before);
  });

  it('answers 404 for a deleted member', async () => {
    const doomed = await createMember();
    await deleteMember(doomed.id);

    expectNotFoundBody(await ws.api.get(`${BASE}/${doomed.id}`), NOT_FOUND);
  });

  it('answers 404 for a member of a deleted account (the account delete takes its members)', async () => {
    const doomedAccount = await createAccount(ws, 'Doomed with members');
    const doomed = await createMember({ advertiser_account_id: String(doomedAccount) });
    expect((await ws.api.delete(`/v2/advertiser-accounts/${doomedAccount}`)).status).toBe(200);

    expectNotFoundBody(await ws.api.get(`${BASE}/${doomed.id}`), NOT_FOUND);
    expect((await memberRow(app, doomed.id)).deleted_at).toBeInstanceOf(Date);
  });
});

// ---------------------------------------------------------------------------------------------
// GET /v2/members
// ---------------------------------------------------------------------------------------------

describe('GET /v2/members', () => {
  let lister: Workspace;
  let accountA: number;
  let accountB: number;
  let inA: AnyBody[];
  let inB: AnyBody[];

  beforeAll(async () => {
    lister = secrets.watch(await app.workspace());
    accountA = await createAccount(lister, 'Account A');
    accountB = await createAccount(lister, 'Account B');
    const add = (account: number, email: string) => createMember({ advertiser_account_id: String(account), email }, lister);
    inA = [];
    inB = [];
    inA.push(await add(accountA, 'a1@example.com'));
    inB.push(await add(accountB, 'b1@example.com'));
    inA.push(await add(accountA, 'a2@example.com'));
    const deleted = await add(accountA, 'gone@example.com');
    await deleteMember(deleted.id, lister);
    inB.push(await add(accountB, 'b2@example.com'));
    inA.push(await add(accountA, 'a3@example.com'));
    await createForeignMember();
  });

  const ids = (records: AnyBody[]) => records.map((record) => record.id);
  const all = () => [...inA, ...inB].sort((x, y) => x.id - y.id);

  it('returns the workspace’s live members as a paginated envelope under data.members, by id', async () => {
    const response = await lister.api.get(BASE);

    expectSuccess(response, { message: 'Members retrieved successfully', dataKeys: ['members'] });
    const page = response.body.data.members;
    expect(Object.keys(page).sort()).toEqual(PAGINATION_KEYS);
    expect(page).toEqual({ current_page: 1, data: all(), from: 1, next_page_url: null, per_page: 15, prev_page_url: null, to: 5 });
    for (const record of page.data) expectMemberRecord(record, Number(record.advertiser_account_id));
    expectNoSecrets(response.body, [PASSWORD]);
  });

  it('filters by advertiser_account_id', async () => {
    const a = await lister.api.get(`${BASE}?advertiser_account_id=${accountA}`);
    const b = await lister.api.get(`${BASE}?advertiser_account_id=${accountB}`);

    expect(a.status).toBe(200);
    expect(a.body.data.members.data).toEqual(inA);
    expect(a.body.data.members).toMatchObject({ from: 1, to: 3 });
    expect(b.body.data.members.data).toEqual(inB);
  });

  it('gives an empty page for an account the workspace does not have (unknown or another workspace’s)', async () => {
    for (const account of [UNKNOWN_ID, otherAccountId, accountId]) {
      const response = await lister.api.get(`${BASE}?advertiser_account_id=${account}`);
      expect(response.status).toBe(200);
      expect(response.body.data.members).toEqual({ current_page: 1, data: [], from: null, next_page_url: null, per_page: 15, prev_page_url: null, to: null });
    }
  });

  it('ignores an empty filter', async () => {
    const response = await lister.api.get(`${BASE}?advertiser_account_id=`);

    expect(response.status).toBe(200);
    expect(ids(response.body.data.members.data)).toEqual(ids(all()));
  });

  it('never lists another workspace’s members, nor deleted ones', async () => {
    const response = await lister.api.get(`${BASE}?per_page=100`);

    expect(response.body.data.members.data.map((record: AnyBody) => record.email).sort()).toEqual(['a1@example.com', 'a2@example.com', 'a3@example.com', 'b1@example.com', 'b2@example.com']);
  });

  it('pages with page and per_page; absolute next/prev links keep the filter', async () => {
    const first = await lister.api.get(`${BASE}?advertiser_account_id=${accountA}&per_page=2`);
    const firstPage = first.body.data.members;

    expect(firstPage).toMatchObject({ current_page: 1, from: 1, to: 2, per_page: 2, prev_page_url: null });
    expect(firstPage.data).toEqual(inA.slice(0, 2));
    const next = new URL(firstPage.next_page_url);
    expect(`${next.protocol}//${next.host}`).toBe(app.baseUrl);
    expect(next.pathname).toBe(BASE);
    expect(Object.fromEntries(next.searchParams)).toEqual({ advertiser_account_id: String(accountA), per_page: '2', page: '2' });

    const second = await lister.api.get(`${next.pathname}${next.search}`);
    const secondPage = second.body.data.members;
    expect(secondPage).toMatchObject({ current_page: 2, from: 3, to: 3, per_page: 2, next_page_url: null });
    expect(secondPage.data).toEqual(inA.slice(2));
    expect(Object.fromEntries(new URL(secondPage.prev_page_url).searchParams)).toEqual({ advertiser_account_id: String(accountA), per_page: '2', page: '1' });
  });

  it('returns an empty page past the last one', async () => {
    const response = await lister.api.get(`${BASE}?page=9&per_page=2`);

    expect(response.status).toBe(200);
    expect(response.body.data.members).toMatchObject({ current_page: 9, data: [], from: null, to: null, next_page_url: null });
    expect(new URL(response.body.data.members.prev_page_url).searchParams.get('page')).toBe('8');
  });

  it.each([
    ['advertiser_account_id=abc', 'advertiser_account_id'],
    ['advertiser_account_id=0', 'advertiser_account_id'],
    ['advertiser_account_id=-1', 'advertiser_account_id'],
    ['advertiser_account_id=1.5', 'advertiser_account_id'],
    ['per_page=0', 'per_page'],
    ['per_page=101', 'per_page'],
    ['per_page=abc', 'per_page'],
    ['page=0', 'page'],
    ['page=1.5', 'page'],
    ['search=jane', 'search'],
    ['email=a1%40example.com', 'email'],
    ['account_id=1', 'account_id'],
  ])('refuses ?%s with 422 naming %s', async (query, field) => {
    expectInvalid(await lister.api.get(`${BASE}?${query}`), field);
  });

  it('reports a bad filter and a bad page size together', async () => {
    const response = await lister.api.get(`${BASE}?advertiser_account_id=abc&per_page=0`);

    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors).sort()).toEqual(['advertiser_account_id', 'per_page']);
  });

  it('says an unknown parameter is not a parameter of this list', async () => {
    const response = await lister.api.get(`${BASE}?colour=red`);

    expect(response.body).toEqual({ success: false, message: INVALID, code: 'BAD_USER_INPUT', request_id: expect.any(String), errors: { colour: ['colour is not a query parameter of this list'] } });
  });
});

// ---------------------------------------------------------------------------------------------
// PUT /v2/members/{member_id}
// ---------------------------------------------------------------------------------------------

describe('PUT /v2/members/{member_id}', () => {
  function update(id: number | string, body: unknown, headers?: Record<string, string>): Promise<ApiResponse<AnyBody>> {
    return ws.api.put(`${BASE}/${id}`, body, headers);
  }

  it('changes only the given fields and returns data.advertiser_account (with organization_code) and data.member', async () => {
    const member = await createMember();
    const hash = await storedHash(app, member.id);
    await untilClockMoves();

    const response = await update(member.id, { first_name: 'Janet', staff_title: 'CMO' });

    expectWriteEnvelope(response, 'Member updated successfully');
    expect(response.body.data.advertiser_account).toEqual(await accountRecord(accountId));
    const record = response.body.data.member;
    expect(record).toEqual({ ...member, first_name: 'Janet', staff_title: 'CMO', updated_at: expect.stringMatching(ISO_TIMESTAMP) });
    expect(Date.parse(record.updated_at)).toBeGreaterThan(Date.parse(member.updated_at));
    expect((await ws.api.get(`${BASE}/${member.id}`)).body.data.member).toEqual(record);
    expect(await memberRow(app, member.id)).toMatchObject({ first_name: 'Janet', staff_title: 'CMO', last_name: 'Doe', password_hash: hash });
  });

  it('updates every writable field', async () => {
    const member = await createMember();
    const email = uniqueEmail('Changed');
    const changes = {
      email,
      first_name: 'Joan',
      last_name: 'Smith',
      contact_number: '',
      staff_title: '',
      photo: 'http://cdn.example.com/joan.jpg',
      active: 0,
    };

    const response = await update(member.id, changes);

    expectWriteEnvelope(response, 'Member updated successfully');
    expect(response.body.data.member).toEqual({ ...member, ...changes, updated_at: expect.stringMatching(ISO_TIMESTAMP) });
    expect(await memberRow(app, member.id)).toMatchObject({ ...changes, email_key: email.toLowerCase() });
  });

  it('records one member_updated event with the record and the changed fields (v2 names)', async () => {
    const member = await createMember();

    const response = await update(member.id, { first_name: 'Janet', last_name: 'Doe', active: 0 }, { 'x-request-id': 'req-member-update-1' });

    const events = await memberEvents(member.id);
    expect(events.map((event) => event.event_type)).toEqual(['member_created', 'member_updated']);
    expect(events[1]).toEqual({
      organisation_id: ws.organisationId,
      event_type: 'member_updated',
      resource_type: 'member',
      resource_id: member.id,
      payload: { member: response.body.data.member, changed_fields: expect.any(Array) },
      request_id: 'req-member-update-1',
    });
    // last_name was already Doe: only what really changed is listed.
    expect([...events[1].payload.changed_fields].sort()).toEqual(['active', 'first_name']);
  });

  describe('a new password', () => {
    it('is hashed afresh: the stored hash changes, verifies the new password and no longer the old one', async () => {
      const member = await createMember();
      const oldHash = await storedHash(app, member.id);
      await untilClockMoves();

      const response = await update(member.id, { password: NEW_PASSWORD });

      expectWriteEnvelope(response, 'Member updated successfully');
      expect(response.body.data.member).toEqual({ ...member, updated_at: expect.stringMatching(ISO_TIMESTAMP) });
      expect(Date.parse(response.body.data.member.updated_at)).toBeGreaterThan(Date.parse(member.updated_at));
      const newHash = await storedHash(app, member.id);
      expect(newHash).toMatch(STORED_HASH);
      expect(newHash).not.toBe(oldHash);
      expect(newHash).not.toContain(NEW_PASSWORD);
      expect(await verifyPassword(NEW_PASSWORD, newHash)).toBe(true);
      expect(await verifyPassword(PASSWORD, newHash)).toBe(false);
    });

    it('is named in changed_fields as password, and the event carries no password or hash', async () => {
      const member = await createMember();

      await update(member.id, { password: NEW_PASSWORD, contact_number: '+1 555 0100' }, { 'x-request-id': 'req-member-password-1' });

      const [, event] = await memberEvents(member.id);
      expect(event).toMatchObject({ event_type: 'member_updated', request_id: 'req-member-password-1' });
      expect([...event.payload.changed_fields].sort()).toEqual(['contact_number', 'password']);
      expect(Object.keys(event.payload)).toEqual(['member', 'changed_fields']);
      expect(Object.keys(event.payload.member)).toEqual(MEMBER_RECORD_KEYS);
      expectNoSecrets(event.payload, [NEW_PASSWORD, PASSWORD, await storedHash(app, member.id)]);
    });

    it('alone still records member_updated with changed_fields ["password"]', async () => {
      const member = await createMember();

      await update(member.id, { password: NEW_PASSWORD });

      const events = await memberEvents(member.id);
      expect(events).toHaveLength(2);
      expect(events[1].payload.changed_fields).toEqual(['password']);
    });
  });

  describe('e-mail', () => {
    it('may change case only: the address is stored as sent, uniqueness is unaffected', async () => {
      const member = await createMember({ email: uniqueEmail('case') });

      const response = await update(member.id, { email: member.email.toUpperCase() });

      expect(response.status).toBe(200);
      expect(response.body.data.member.email).toBe(member.email.toUpperCase());
      const [, event] = await memberEvents(member.id);
      expect(event.payload.changed_fields).toEqual(['email']);
    });

    it('refuses another live member’s address in the account, whatever its case: 422 on email, nothing changed', async () => {
      const taken = await createMember({ email: uniqueEmail('holder') });
      const member = await createMember();
      const before = await state();

      const response = await update(member.id, { email: taken.email.toUpperCase(), first_name: 'Would change' });

      expect(response.status).toBe(422);
      expect(response.body).toEqual({ success: false, message: INVALID, code: 'BAD_USER_INPUT', request_id: expect.any(String), errors: { email: [EMAIL_TAKEN] } });
      expect(await state()).toEqual(before);
    });

    it('accepts the address of a member of another account, or of a deleted member', async () => {
      const elsewhere = await createMember({ email: uniqueEmail('elsewhere'), advertiser_account_id: String(secondAccountId) });
      const gone = await createMember({ email: uniqueEmail('gone') });
      await deleteMember(gone.id);
      const member = await createMember();

      const first = await update(member.id, { email: elsewhere.email });
      const second = await update(member.id, { email: gone.email });

      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(second.body.data.member.email).toBe(gone.email);
    });
  });

  describe('advertiser_account_id', () => {
    it('may be echoed when it is the member’s own account, as a string or a number', async () => {
      const member = await createMember();
      const before = await state();

      const asString = await update(member.id, { advertiser_account_id: String(accountId) });
      const asNumber = await update(member.id, { advertiser_account_id: accountId });

      for (const response of [asString, asNumber]) {
        expect(response.status).toBe(200);
        expect(response.body.data.member).toEqual(member);
      }
      expect(await state()).toEqual(before);
    });

    it.each<[string, () => string]>([
      ['another account of the workspace', () => String(secondAccountId)],
      ['another workspace’s account', () => String(otherAccountId)],
      ['an account that does not exist', () => String(UNKNOWN_ID)],
    ])('is refused when it names %s: 422, the member stays where it is', async (_case, account) => {
      const member = await createMember();
      const before = await state();

      const response = await update(member.id, { advertiser_account_id: account(), first_name: 'Moved' });

      expectInvalidErrors(response, { advertiser_account_id: ["advertiser_account_id must be the member's own advertiser account: a member never moves to another account"] });
      expect(await state()).toEqual(before);
    });
  });

  it('accepts the record as read (read-only fields ignored) and, as nothing changes, records nothing', async () => {
    const member = await createMember();
    const before = await state();

    const response = await update(member.id, { ...member });

    expectWriteEnvelope(response, 'Member updated successfully');
    expect(response.body.data.member).toEqual(member);
    expect(await state()).toEqual(before);
  });

  it('is a no-op for an empty body and for values equal to the stored ones: no event, updated_at kept', async () => {
    const member = await createMember();
    const before = await state();

    const empty = await update(member.id, {});
    const same = await update(member.id, { first_name: member.first_name, active: member.active, photo: member.photo });

    expect(empty.status).toBe(200);
    expect(empty.body.data.member).toEqual(member);
    expect(same.body.data.member).toEqual(member);
    expect(await state()).toEqual(before);
  });

  it('does not require the create-only fields', async () => {
    const member = await createMember();

    const response = await update(member.id, { active: 0 });

    expect(response.status).toBe(200);
    expect(response.body.data.member.active).toBe(0);
  });

  describe('refusals', () => {
    let member: AnyBody;

    beforeAll(async () => {
      member = await createMember({ email: uniqueEmail('refused') });
    });

    it.each(FIELD_RULES)('refuses %s with 422 on that field and changes nothing (the stored hash included)', async (_case, fields, field, messages) => {
      const before = await state();

      const response = await update(member.id, { first_name: 'Would change', ...fields });

      expectInvalid(response, field);
      expect(response.body.errors[field]).toEqual(messages);
      expect(await state()).toEqual(before);
    });

    it('reports every broken field at once', async () => {
      const before = await state();

      const response = await update(member.id, { email: 'nope', last_name: '', active: '0', password: 'short' });

      expectInvalidErrors(response, {
        email: ['email must be a valid e-mail address'],
        last_name: ['last_name must not be blank'],
        active: ['active must be 0 or 1'],
        password: ['password must be longer than or equal to 8 characters'],
      });
      expect(await state()).toEqual(before);
    });

    it.each([
      ['an array', '[]'],
      ['a string', '"member"'],
      ['null', 'null'],
    ])('refuses a body that is %s with 422 on body', async (_case, raw) => {
      const before = await state();

      const response = await update(member.id, raw);

      expect(response.status).toBe(422);
      expect(response.body).toEqual({ success: false, message: INVALID, code: 'BAD_USER_INPUT', request_id: expect.any(String), errors: { body: ['body must be a JSON object'] } });
      expect(await state()).toEqual(before);
    });

    it('leaves the member as it was, old password still verifying', async () => {
      expect((await ws.api.get(`${BASE}/${member.id}`)).body.data.member).toEqual(member);
      expect(await verifyPassword(PASSWORD, await storedHash(app, member.id))).toBe(true);
    });
  });

  it('answers 404 for a deleted member, changing nothing', async () => {
    const doomed = await createMember();
    await deleteMember(doomed.id);
    const before = await state();

    expectNotFoundBody(await update(doomed.id, { first_name: 'Revived', password: NEW_PASSWORD }), NOT_FOUND);

    expect(await state()).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------
// DELETE /v2/members/{member_id}
// ---------------------------------------------------------------------------------------------

describe('DELETE /v2/members/{member_id}', () => {
  it('soft-deletes the member: 200 with success and message only; the row stays with deleted_at set', async () => {
    const member = await createMember();
    const bystander = await createMember();
    const accountBefore = await accountRecord(accountId);

    const response = await ws.api.delete(`${BASE}/${member.id}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Member deleted successfully' });
    const row = await memberRow(app, member.id);
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect(row).toMatchObject({ email: member.email, first_name: member.first_name, advertiser_account_id: accountId });
    expect((await ws.api.get(`${BASE}/${bystander.id}`)).body.data.member).toEqual(bystander);
    expect(await accountRecord(accountId)).toEqual(accountBefore);
  });

  it('makes the member unreadable, unlisted, and a second delete a 404', async () => {
    const member = await createMember();
    await deleteMember(member.id);
    const before = await state();

    const read = await ws.api.get(`${BASE}/${member.id}`);
    const listed = await ws.api.get(`${BASE}?advertiser_account_id=${accountId}&per_page=100`);
    const again = await ws.api.delete(`${BASE}/${member.id}`);

    expectNotFoundBody(read, NOT_FOUND);
    expect(listed.body.data.members.data.map((record: AnyBody) => record.id)).not.toContain(member.id);
    expectNotFoundBody(again, NOT_FOUND);
    expect(await state()).toEqual(before);
  });

  it('records one member_deleted event with the record as deleted, and no account event', async () => {
    const member = await createMember();
    const before = await workspaceEvents(app, ws);

    await ws.api.delete(`${BASE}/${member.id}`, { 'x-request-id': 'req-member-delete-1' });

    const after = await workspaceEvents(app, ws);
    expect(after).toHaveLength(before.length + 1);
    const event = after.at(-1)!;
    expect(event).toMatchObject({
      organisation_id: ws.organisationId,
      event_type: 'member_deleted',
      resource_type: 'member',
      resource_id: member.id,
      request_id: 'req-member-delete-1',
    });
    expect(event.payload).toEqual({
      member: { ...member, deleted_at: expect.stringMatching(ISO_TIMESTAMP), updated_at: expect.stringMatching(ISO_TIMESTAMP) },
    });
    expect(Object.keys(event.payload.member)).toEqual(MEMBER_RECORD_KEYS);
    expect(Date.parse(event.payload.member.deleted_at)).toBe((await memberRow(app, member.id)).deleted_at.getTime());
    expectNoSecrets(event.payload, [PASSWORD]);
  });

  describe('of the account’s primary contact', () => {
    it('sets the account’s primary_contact_id to null and records advertiser_account_updated naming primary_contact_id', async () => {
      const account = await createAccount(ws, 'With a primary contact');
      const contact = await createMember({ advertiser_account_id: String(account) });
      const named = await ws.api.put(`/v2/advertiser-accounts/${account}`, { primary_contact_id: contact.id });
      expect(named.body.data.advertiser_account.primary_contact_id).toBe(contact.id);
      const before = await workspaceEvents(app, ws);

      const response = await ws.api.delete(`${BASE}/${contact.id}`, { 'x-request-id': 'req-member-delete-contact' });

      expect(response.status).toBe(200);
      const accountNow = await accountRecord(account);
      expect(accountNow).toEqual({ ...named.body.data.advertiser_account, primary_contact_id: null, updated_at: expect.stringMatching(ISO_TIMESTAMP) });
      expect((await rowById(app, 'advertiser_accounts', account))!.primary_contact_id).toBeNull();
      const added = (await workspaceEvents(app, ws)).slice(before.length);
      expect(added.map((event) => [event.event_type, event.resource_type, event.resource_id, event.request_id])).toEqual([
        ['member_deleted', 'member', contact.id, 'req-member-delete-contact'],
        ['advertiser_account_updated', 'advertiser_account', account, 'req-member-delete-contact'],
      ]);
      expect(added[1].payload).toEqual({ advertiser_account: accountNow, changed_fields: ['primary_contact_id'] });
    });

    it('runs alongside a delete of its account without a deadlock: each answers 200 or 404, never 500', async () => {
      for (let round = 0; round < 4; round += 1) {
        const account = await createAccount(ws, `Deleted twice over ${round}`);
        const contact = await createMember({ advertiser_account_id: String(account) });
        await ws.api.put(`/v2/advertiser-accounts/${account}`, { primary_contact_id: contact.id });

        const [memberDelete, accountDelete] = await Promise.all([ws.api.delete(`${BASE}/${contact.id}`), ws.api.delete(`/v2/advertiser-accounts/${account}`)]);

        expect(accountDelete.status).toBe(200);
        expect([200, 404]).toContain(memberDelete.status);
        expect((await rowById(app, 'advertiser_account_members', contact.id))!.deleted_at).not.toBeNull();
      }
    });

    it('leaves an account whose primary contact is another member alone', async () => {
      const account = await createAccount(ws, 'Keeps its contact');
      const contact = await createMember({ advertiser_account_id: String(account) });
      const colleague = await createMember({ advertiser_account_id: String(account) });
      await ws.api.put(`/v2/advertiser-accounts/${account}`, { primary_contact_id: contact.id });
      const accountBefore = await accountRecord(account);
      const before = await resourceEvents(app, 'advertiser_account', account);

      await deleteMember(colleague.id);

      expect(await accountRecord(account)).toEqual(accountBefore);
      expect(await resourceEvents(app, 'advertiser_account', account)).toEqual(before);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Password secrecy, across everything above
// ---------------------------------------------------------------------------------------------

describe('password secrecy', () => {
  it('no response body and no outbox event of this file holds a password, a stored hash, its salt or its key', async () => {
    expect(secrets.recorded).toBeGreaterThan(100);

    await secrets.expectNothingLeaked(app);
  });

  it('every stored hash is in the scrypt format and none is a password', async () => {
    const rows: { password_hash: string }[] = await app.dataSource.query('SELECT password_hash FROM advertiser_account_members');

    expect(rows.length).toBeGreaterThan(20);
    for (const { password_hash: hash } of rows) {
      expect(hash).toMatch(STORED_HASH);
      expect([PASSWORD, NEW_PASSWORD]).not.toContain(hash);
    }
  });
});
