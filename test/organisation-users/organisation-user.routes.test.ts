import { rowById } from '../support/database-state';
import { INVALID, ISO_TIMESTAMP, PAGINATION_KEYS, expectInvalid, withoutRequestId, expectSuccess, untilClockMoves, notFoundBody, expectInvalidErrors } from '../support/expectations';
import { createAccount, createCampaign, createPhases } from '../support/fixtures';
import { resourceEvents } from '../support/outbox';
import { appForFile, workspacesForBlock } from '../support/file-app';
import { type AnyBody, type ApiResponse, type Workspace } from '../support/test-app';
import {
  USERS_PATH as BASE,
  UPSERT_RECORD_FIELDS,
  expectNoSecretKeys,
  expectUpsertRecord,
  expectUserRecord,
  fullUserBody,
  userBody,
  usersState,
  v2Roles,
} from '../support/users';

/**
 * REST /v2 organisation users (spec §2.1, §2.3, §4.2, §7): Upsert User, Delete User, and the list
 * and detail reads, through real HTTP against the real database. Every answer is checked for
 * status, envelope and data; every write for its rows and outbox events; every refusal for
 * having changed nothing. The 401s and 404s every operation shares (no key, unknown ids, another
 * workspace's ids in the path) are in test/http/rest/route-contract.test.ts.
 */

const { app } = appForFile({ ws: null });

const NOT_FOUND = notFoundBody('User not found');
const UNKNOWN_ID = 2_000_000_000;

let emails = 0;
/** An e-mail address no other test uses. */
function freshEmail(local = 'user'): string {
  emails += 1;
  return `${local}.${emails}@example.com`;
}

function state() {
  return usersState(app);
}

async function userRow(id: number): Promise<AnyBody> {
  return rowById(app, 'organisation_users', id);
}

function userEvents(id: number) {
  return resourceEvents(app, 'user', id);
}

async function upsert(ws: Workspace, body: unknown, headers?: Record<string, string>): Promise<ApiResponse<AnyBody>> {
  return ws.api.post(BASE, body, headers);
}

/** Creates a user (expecting success) and returns its upsert record. */
async function createUser(ws: Workspace, body: Record<string, unknown> = userBody(freshEmail())): Promise<AnyBody> {
  const response = await upsert(ws, body);
  expect(response.status).toBe(200);
  expect(response.body.message).toBe('User created successfully');
  return response.body.data;
}

/** The v2 list record of a user, read through the detail route. */
async function detail(ws: Workspace, id: number): Promise<AnyBody> {
  const response = await ws.api.get(`${BASE}/${id}`);
  expect(response.status).toBe(200);
  return response.body.data;
}

/** A 200 envelope with exactly success, message and data (support/expectations.ts), holding no secret key anywhere. */
function expectUserSuccess(response: ApiResponse<AnyBody>, message: string): void {
  expectSuccess(response, { message });
  expectNoSecretKeys(response.body);
}

/** A 422 naming exactly these v2 fields, each message starting with the field's name. */
function expectFieldErrors(response: ApiResponse<AnyBody>, fields: string[]): void {
  expect(response.status).toBe(422);
  expect(Object.keys(response.body).sort()).toEqual(['code', 'errors', 'message', 'request_id', 'success']);
  expect(response.body.success).toBe(false);
  expect(response.body.message).toBe(INVALID);
  expect(Object.keys(response.body.errors).sort()).toEqual([...fields].sort());
  for (const field of fields) {
    const label = /\.\d+$/.test(field) ? field : (field.split('.').at(-1) as string);
    expect(response.body.errors[field].length).toBeGreaterThan(0);
    for (const message of response.body.errors[field]) expect(message).toEqual(expect.stringMatching(new RegExp(`^${label.replace(/\./g, '\\.')} \\S`)));
  }
}

/** The names on a list page, in order. */
function emailsOf(page: AnyBody): string[] {
  return page.data.map((record: AnyBody) => record.email);
}

// ---------------------------------------------------------------------------------------------
// POST /v2/organisation-users without user_id: create
// ---------------------------------------------------------------------------------------------

describe('POST /v2/organisation-users (create: no user_id)', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });

  it('creates a user from every field and answers the §2.3 upsert record under data', async () => {
    const email = freshEmail('grace');
    const body = fullUserBody(email);

    const response = await upsert(ws, body);

    expectUserSuccess(response, 'User created successfully');
    const record = response.body.data;
    expectUpsertRecord(record);
    expect(record).toEqual({
      user_id: expect.any(Number),
      user_first_name: 'Grace',
      user_last_name: 'Hopper',
      user_email: email,
      custom_fields: body.custom_fields,
      idp_id: 'auth0|grace',
      idp_alt_id: 'okta|00u1grace',
      roles: v2Roles([1, 2]),
    });
    expect(Object.keys(record)).toEqual(UPSERT_RECORD_FIELDS);
  });

  it('stores the user in the workspace, live, with every field', async () => {
    const email = freshEmail('stored');
    const body = fullUserBody(email, { active: 0 });

    const { user_id: id } = await createUser(ws, body);

    expect(await userRow(id)).toMatchObject({
      id,
      organisation_id: ws.organisationId,
      first_name: 'Grace',
      last_name: 'Hopper',
      email,
      email_key: email.toLowerCase(),
      idp_id: 'auth0|grace',
      idp_alt_id: 'okta|00u1grace',
      contact_number: '+44 20 7946 0000',
      staff_title: 'Head of Content',
      photo: 'https://cdn.example.com/grace.png',
      active: 0,
      is_deleted: 0,
      deleted_at: null,
      custom_fields: body.custom_fields,
      role_types: [1, 2],
    });
    const record = await detail(ws, id);
    expectUserRecord(record, ws);
    expect(record).toEqual({
      id,
      first_name: 'Grace',
      last_name: 'Hopper',
      email,
      idp_id: 'auth0|grace',
      email_verified_at: null,
      contact_number: '+44 20 7946 0000',
      staff_title: 'Head of Content',
      organization_code: ws.organizationCode,
      notification: '1',
      photo: 'https://cdn.example.com/grace.png',
      active: 0,
      is_deleted: 0,
      emailNotification: '1',
      updated_at: expect.stringMatching(ISO_TIMESTAMP),
      idp_alt_id: 'okta|00u1grace',
      custom_fields: body.custom_fields,
      roles: v2Roles([1, 2]),
      created_at: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect(record.updated_at).toBe(record.created_at);
  });

  it('needs only e-mail, names and roles: the other fields take their defaults', async () => {
    const email = freshEmail('minimal');

    const response = await upsert(ws, userBody(email));

    expectUserSuccess(response, 'User created successfully');
    expect(response.body.data).toEqual({
      user_id: expect.any(Number),
      user_first_name: 'Ann',
      user_last_name: 'Lee',
      user_email: email,
      custom_fields: {},
      idp_id: null,
      idp_alt_id: null,
      roles: v2Roles([2]),
    });
    expect(await detail(ws, response.body.data.user_id)).toMatchObject({
      idp_id: null,
      email_verified_at: null,
      contact_number: '',
      staff_title: null,
      notification: '1',
      photo: '',
      active: 1,
      is_deleted: 0,
      emailNotification: '1',
      idp_alt_id: null,
      custom_fields: {},
    });
  });

  it('gives every new user a new system-generated id', async () => {
    const first = await createUser(ws);
    const second = await createUser(ws);

    expect(second.user_id).toBeGreaterThan(first.user_id);
  });

  it('keeps the e-mail as written and accepts an empty photo', async () => {
    const email = `Mixed.Case.${freshEmail()}`.replace('@example.com', '@Example.COM');

    const record = await createUser(ws, userBody(email, { photo: '' }));

    expect(record.user_email).toBe(email);
    expect((await userRow(record.user_id)).email_key).toBe(email.toLowerCase());
    expect((await detail(ws, record.user_id)).photo).toBe('');
  });

  it('collapses repeated roles, orders them, and ignores an echoed role name', async () => {
    const record = await createUser(ws, userBody(freshEmail(), { roles: [{ role_type: 2 }, { role_type: 1, name: 'Not the real name' }, { role_type: 2, name: 'Content Editor' }] }));

    expect(record.roles).toEqual(v2Roles([1, 2]));
    expect((await userRow(record.user_id)).role_types).toEqual([1, 2]);
  });

  it('treats user_id: null as no user_id and creates a user', async () => {
    const email = freshEmail('null-id');

    const response = await upsert(ws, userBody(email, { user_id: null }));

    expectUserSuccess(response, 'User created successfully');
    expect(response.body.data.user_email).toBe(email);
  });

  it('writes one user_created event carrying the v2 record', async () => {
    const response = await upsert(ws, fullUserBody(freshEmail('evented')), { 'x-request-id': 'req-create-user-1' });
    const id = response.body.data.user_id;

    const events = await userEvents(id);

    expect(events).toEqual([
      {
        organisation_id: ws.organisationId,
        event_type: 'user_created',
        resource_type: 'user',
        resource_id: id,
        payload: { user: await detail(ws, id) },
        request_id: 'req-create-user-1',
      },
    ]);
  });

  it('refuses an e-mail another user of the workspace has, whatever its case, and creates nothing', async () => {
    const email = freshEmail('taken');
    await createUser(ws, userBody(email));
    const before = await state();

    const same = await upsert(ws, userBody(email));
    const upper = await upsert(ws, userBody(email.toUpperCase()));

    for (const response of [same, upper]) {
      expectInvalid(response, 'user_email');
      expect(response.body.errors.user_email).toEqual(['user_email is already the e-mail address of another user of this workspace']);
    }
    expect(await state()).toEqual(before);
  });

  it('lets only one of several simultaneous creates with one e-mail through; the others are 422s', async () => {
    const email = freshEmail('race');

    const responses = await Promise.all(Array.from({ length: 5 }, (_, i) => upsert(ws, userBody(i % 2 ? email.toUpperCase() : email))));

    expect(responses.map((response) => response.status).sort()).toEqual([200, 422, 422, 422, 422]);
    for (const response of responses.filter((r) => r.status === 422)) expectInvalid(response, 'user_email');
    const rows = await app.dataSource.query('SELECT id FROM organisation_users WHERE organisation_id = $1 AND email_key = $2', [ws.organisationId, email]);
    expect(rows).toHaveLength(1);
    expect(await userEvents(rows[0].id)).toHaveLength(1);
  });

  it('accepts an e-mail that a user of another workspace has', async () => {
    const email = freshEmail('shared');
    const theirs = await createUser(other, userBody(email));

    const mine = await createUser(ws, userBody(email.toUpperCase()));

    expect(mine.user_id).not.toBe(theirs.user_id);
    expect((await detail(other, theirs.user_id)).email).toBe(email);
    expect((await detail(ws, mine.user_id)).email).toBe(email.toUpperCase());
  });

  it('accepts the e-mail of a deleted user', async () => {
    const email = freshEmail('reused');
    const gone = await createUser(ws, userBody(email));
    expect((await ws.api.delete(`${BASE}/${gone.user_id}`)).status).toBe(200);

    const again = await createUser(ws, userBody(email));

    expect(again.user_id).not.toBe(gone.user_id);
    expect(again.user_email).toBe(email);
    expect(await userRow(gone.user_id)).toMatchObject({ email, is_deleted: 1 });
  });

  it('requires user_email, user_first_name, user_last_name and roles, all reported at once, and creates nothing', async () => {
    const before = await state();

    const response = await upsert(ws, {});

    expectInvalidErrors(response, {
      user_email: ['user_email is required'],
      user_first_name: ['user_first_name is required'],
      user_last_name: ['user_last_name is required'],
      roles: ['roles is required'],
    });
    expect(await state()).toEqual(before);
  });

  it.each(['user_email', 'user_first_name', 'user_last_name', 'roles'])('refuses a body without %s with 422 on it and creates nothing', async (field) => {
    const body = userBody(freshEmail());
    delete body[field];
    const before = await state();

    const response = await upsert(ws, body);

    expectFieldErrors(response, [field]);
    expect(response.body.errors[field]).toEqual([`${field} is required`]);
    expect(await state()).toEqual(before);
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ['user_email null', { user_email: null }, 'user_email'],
    ['user_email not an address', { user_email: 'not-an-email' }, 'user_email'],
    ['user_email a number', { user_email: 42 }, 'user_email'],
    ['user_email too long', { user_email: `${'e'.repeat(250)}@example.com` }, 'user_email'],
    // "İ" lower-cases to two code units: within the limit as sent, beyond it as compared.
    ['user_email too long once lower-cased', { user_email: `${'İ'.repeat(32)}@${'İ'.repeat(60)}.${'İ'.repeat(60)}.com` }, 'user_email'],
    ['user_first_name null', { user_first_name: null }, 'user_first_name'],
    ['user_first_name empty', { user_first_name: '' }, 'user_first_name'],
    ['user_first_name blank', { user_first_name: '   ' }, 'user_first_name'],
    ['user_first_name too long', { user_first_name: 'f'.repeat(101) }, 'user_first_name'],
    ['user_first_name a number', { user_first_name: 7 }, 'user_first_name'],
    ['user_first_name with a NUL character', { user_first_name: 'An\u0000n' }, 'user_first_name'],
    ['user_last_name null', { user_last_name: null }, 'user_last_name'],
    ['user_last_name blank', { user_last_name: ' ' }, 'user_last_name'],
    ['user_last_name too long', { user_last_name: 'l'.repeat(101) }, 'user_last_name'],
    ['roles null', { roles: null }, 'roles'],
    ['roles empty', { roles: [] }, 'roles'],
    ['roles an object', { roles: { role_type: 1 } }, 'roles'],
    ['roles with more than four entries', { roles: [1, 2, 1, 2, 1].map((role_type) => ({ role_type })) }, 'roles'],
    ['a role_type of 3', { roles: [{ role_type: 3 }] }, 'roles.0.role_type'],
    ['a role_type of 0', { roles: [{ role_type: 1 }, { role_type: 0 }] }, 'roles.1.role_type'],
    ['a role_type as a string', { roles: [{ role_type: '1' }] }, 'roles.0.role_type'],
    ['a role without role_type', { roles: [{}] }, 'roles.0.role_type'],
    ['a role that is not an object', { roles: [{ role_type: 1 }, 2] }, 'roles.1'],
    ['a role with an unknown field', { roles: [{ role_type: 1, colour: 'red' }] }, 'roles.0.colour'],
    ['custom_fields an array', { custom_fields: ['a'] }, 'custom_fields'],
    ['custom_fields a string', { custom_fields: 'a=1' }, 'custom_fields'],
    ['custom_fields over 16 KB', { custom_fields: { big: 'x'.repeat(16 * 1024) } }, 'custom_fields'],
    ['custom_fields with a NUL character in a key', { custom_fields: { 'a\u0000b': 1 } }, 'custom_fields'],
    ['custom_fields with a NUL character in a nested key', { custom_fields: { outer: { 'a\u0000b': 1 } } }, 'custom_fields.outer'],
    ['idp_id a number', { idp_id: 12 }, 'idp_id'],
    ['idp_id too long', { idp_id: 'i'.repeat(256) }, 'idp_id'],
    ['idp_alt_id a number', { idp_alt_id: 12 }, 'idp_alt_id'],
    ['idp_alt_id too long', { idp_alt_id: 'i'.repeat(256) }, 'idp_alt_id'],
    ['contact_number null', { contact_number: null }, 'contact_number'],
    ['contact_number too long', { contact_number: '1'.repeat(51) }, 'contact_number'],
    ['staff_title a number', { staff_title: 3 }, 'staff_title'],
    ['staff_title too long', { staff_title: 's'.repeat(101) }, 'staff_title'],
    ['photo null', { photo: null }, 'photo'],
    ['photo not a URL', { photo: 'my face' }, 'photo'],
    ['photo an ftp URL', { photo: 'ftp://cdn.example.com/a.png' }, 'photo'],
    ['photo a relative URL', { photo: '/a.png' }, 'photo'],
    ['active 2', { active: 2 }, 'active'],
    ['active "1"', { active: '1' }, 'active'],
    ['active true', { active: true }, 'active'],
    ['active null', { active: null }, 'active'],
    ['user_id 0', { user_id: 0 }, 'user_id'],
    ['user_id -1', { user_id: -1 }, 'user_id'],
    ['user_id 1.5', { user_id: 1.5 }, 'user_id'],
    ['user_id "abc"', { user_id: 'abc' }, 'user_id'],
    ['user_id beyond the integer range', { user_id: 99_999_999_999 }, 'user_id'],
    ['an unknown field', { password: 'hunter2' }, 'password'],
    ['a list-record field that is not an upsert field', { first_name: 'Ann' }, 'first_name'],
  ];

  it.each(refusals)('refuses %s with 422 on that field and creates nothing', async (_case, overrides, field) => {
    const before = await state();

    const response = await upsert(ws, userBody(freshEmail(), overrides));

    expectFieldErrors(response, [field]);
    expect(await state()).toEqual(before);
  });

  it('says what each rule wants', async () => {
    const response = await upsert(ws, {
      user_email: 'nope',
      user_first_name: ' ',
      user_last_name: 'Lee',
      roles: [{ role_type: 3 }],
      photo: 'nope',
      active: 5,
    });

    expect(response.body).toEqual({
      success: false,
      message: INVALID,
      code: 'BAD_USER_INPUT',
      request_id: expect.any(String),
      errors: {
        user_email: ['user_email must be a valid e-mail address'],
        user_first_name: ['user_first_name must not be blank'],
        'roles.0.role_type': ['role_type must be one of 1 (Campaign Manager), 2 (Content Editor)'],
        photo: ['photo must be an http(s) URL or empty'],
        active: ['active must be 0 or 1'],
      },
    });
  });

  it('reports every broken field of one body at once', async () => {
    const before = await state();

    const response = await upsert(ws, {
      user_email: 'nope',
      user_last_name: 'l'.repeat(101),
      roles: [],
      custom_fields: [],
      idp_id: 5,
      photo: 'ftp://x',
      active: 2,
      contact_number: null,
    });

    expectFieldErrors(response, ['user_email', 'user_first_name', 'user_last_name', 'roles', 'custom_fields', 'idp_id', 'photo', 'active', 'contact_number']);
    expect(await state()).toEqual(before);
  });

  it.each([
    ['an array', '[]'],
    ['a string', '"user"'],
    ['null', 'null'],
  ])('refuses a body that is %s with 422 and creates nothing', async (_case, raw) => {
    const before = await state();

    const response = await upsert(ws, raw);

    expect(response.status).toBe(422);
    expect(response.body).toEqual({ success: false, message: INVALID, code: 'BAD_USER_INPUT', request_id: expect.any(String), errors: { body: ['body must be a JSON object'] } });
    expect(await state()).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------
// POST /v2/organisation-users with user_id: update
// ---------------------------------------------------------------------------------------------

describe('POST /v2/organisation-users (update: user_id given)', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });
  let foreign: AnyBody;

  beforeAll(async () => {
    foreign = await createUser(other, fullUserBody(freshEmail('foreign')));
  });

  /** Creates a user with every field set; returns its upsert record. */
  function createFull(overrides: Record<string, unknown> = {}): Promise<AnyBody> {
    return createUser(ws, fullUserBody(freshEmail('full'), overrides));
  }

  /** The required fields of `record` (an upsert record) as a body, so only `changes` differ. */
  function sameAs(record: AnyBody, changes: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      user_id: record.user_id,
      user_email: record.user_email,
      user_first_name: record.user_first_name,
      user_last_name: record.user_last_name,
      roles: record.roles,
      ...changes,
    };
  }

  it('updates that user and answers its upsert record with "User updated successfully"', async () => {
    const created = await createFull();
    const before = await detail(ws, created.user_id);
    await untilClockMoves();
    const email = freshEmail('renamed');

    const response = await upsert(ws, {
      user_id: created.user_id,
      user_email: email,
      user_first_name: 'Ada',
      user_last_name: 'Lovelace',
      roles: [{ role_type: 1 }],
      idp_id: 'auth0|ada',
    });

    expectUserSuccess(response, 'User updated successfully');
    expectUpsertRecord(response.body.data);
    expect(response.body.data).toEqual({
      user_id: created.user_id,
      user_first_name: 'Ada',
      user_last_name: 'Lovelace',
      user_email: email,
      custom_fields: created.custom_fields,
      idp_id: 'auth0|ada',
      idp_alt_id: created.idp_alt_id,
      roles: v2Roles([1]),
    });
    const after = await detail(ws, created.user_id);
    expect(after).toEqual({
      ...before,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email,
      idp_id: 'auth0|ada',
      roles: v2Roles([1]),
      updated_at: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
    expect(after.created_at).toBe(before.created_at);
    expect(await userRow(created.user_id)).toMatchObject({ email, email_key: email, first_name: 'Ada', role_types: [1] });
  });

  it('accepts user_id as a string of digits', async () => {
    const created = await createFull();

    const response = await upsert(ws, sameAs(created, { user_id: String(created.user_id), user_first_name: 'Stringly' }));

    expectUserSuccess(response, 'User updated successfully');
    expect(response.body.data).toMatchObject({ user_id: created.user_id, user_first_name: 'Stringly' });
  });

  it('keeps the optional profile fields it is not given, and changes those it is given', async () => {
    const created = await createFull();
    const before = await detail(ws, created.user_id);

    await upsert(ws, sameAs(created, { contact_number: '', photo: '', active: 0 }));
    const changed = await detail(ws, created.user_id);
    await upsert(ws, sameAs(created, { staff_title: null, idp_id: null, idp_alt_id: null }));
    const cleared = await detail(ws, created.user_id);

    expect(changed).toEqual({ ...before, contact_number: '', photo: '', active: 0, updated_at: expect.any(String) });
    expect(cleared).toEqual({ ...changed, staff_title: null, idp_id: null, idp_alt_id: null, updated_at: expect.any(String) });
  });

  it('replaces the roles with those given', async () => {
    const created = await createFull();
    expect(created.roles).toEqual(v2Roles([1, 2]));

    const toEditor = await upsert(ws, sameAs(created, { roles: [{ role_type: 2 }] }));
    const toBoth = await upsert(ws, sameAs(created, { roles: [{ role_type: 2 }, { role_type: 1 }, { role_type: 2 }] }));

    expect(toEditor.body.data.roles).toEqual(v2Roles([2]));
    expect(toBoth.body.data.roles).toEqual(v2Roles([1, 2]));
    expect((await detail(ws, created.user_id)).roles).toEqual(v2Roles([1, 2]));
  });

  describe('custom_fields', () => {
    const stored = { keep: 1, replace: 'old', drop: true, nested: { a: 1, b: 2 } };

    it('merges given keys in: added or replaced (a nested object whole), null removes, the rest stay', async () => {
      const created = await createUser(ws, userBody(freshEmail(), { custom_fields: stored }));

      const response = await upsert(ws, sameAs(created, { custom_fields: { replace: 'new', drop: null, nested: { c: 3 }, added: [1, 2], absent: null } }));

      const merged = { keep: 1, replace: 'new', nested: { c: 3 }, added: [1, 2] };
      expectUserSuccess(response, 'User updated successfully');
      expect(response.body.data.custom_fields).toEqual(merged);
      expect((await userRow(created.user_id)).custom_fields).toEqual(merged);
      expect((await detail(ws, created.user_id)).custom_fields).toEqual(merged);
    });

    it.each([
      ['null', { custom_fields: null }],
      ['omitted', {}],
      ['{}', { custom_fields: {} }],
    ])('leaves them unchanged when custom_fields is %s', async (_case, changes) => {
      const created = await createUser(ws, userBody(freshEmail(), { custom_fields: stored }));

      const response = await upsert(ws, sameAs(created, { user_first_name: 'Changed', ...changes }));

      expect(response.status).toBe(200);
      expect(response.body.data.custom_fields).toEqual(stored);
      expect((await userRow(created.user_id)).custom_fields).toEqual(stored);
    });

    it('is a no-op when the stored object is sent back in another key order', async () => {
      const created = await createUser(ws, userBody(freshEmail(), { custom_fields: stored }));
      const before = await state();

      const response = await upsert(ws, sameAs(created, { custom_fields: { nested: { b: 2, a: 1 }, drop: true, replace: 'old', keep: 1 } }));

      expect(response.status).toBe(200);
      expect(await state()).toEqual(before);
    });
  });

  it('writes one user_updated event listing the changed fields in v2 spelling', async () => {
    const created = await createFull();

    const response = await upsert(
      ws,
      sameAs(created, { user_first_name: 'Renamed', user_last_name: created.user_last_name, custom_fields: { department: 'Sales' }, staff_title: 'Head of Content', active: 0 }),
      { 'x-request-id': 'req-update-user-1' },
    );

    expect(response.status).toBe(200);
    const events = await userEvents(created.user_id);
    expect(events.map((event) => event.event_type)).toEqual(['user_created', 'user_updated']);
    const event = events[1];
    expect(event).toMatchObject({ organisation_id: ws.organisationId, resource_type: 'user', resource_id: created.user_id, request_id: 'req-update-user-1' });
    expect(Object.keys(event.payload)).toEqual(['user', 'changed_fields']);
    expect(event.payload.user).toEqual(await detail(ws, created.user_id));
    // staff_title and the last name were sent unchanged: only what really changed is listed.
    expect([...event.payload.changed_fields].sort()).toEqual(['active', 'custom_fields', 'user_first_name']);
  });

  it('names a change of roles `roles` in the event, as the body spells it', async () => {
    const created = await createFull();

    await upsert(ws, sameAs(created, { roles: [{ role_type: 2 }] }));

    const events = await userEvents(created.user_id);
    expect(events.map((event) => event.event_type)).toEqual(['user_created', 'user_updated']);
    expect(events[1].payload.changed_fields).toEqual(['roles']);
  });

  it('names a changed e-mail user_email in the event', async () => {
    const created = await createFull();

    await upsert(ws, sameAs(created, { user_email: freshEmail('moved') }));

    const events = await userEvents(created.user_id);
    expect(events.at(-1)?.payload.changed_fields).toEqual(['user_email']);
  });

  it('changes nothing and records no event when the upsert record is sent back as it was read', async () => {
    const created = await createFull();
    const before = await state();

    const response = await upsert(ws, { ...created, contact_number: '+44 20 7946 0000', active: 1 });

    expectUserSuccess(response, 'User updated successfully');
    expect(response.body.data).toEqual(created);
    expect(await state()).toEqual(before);
  });

  it('lets a user change the case of its own e-mail address', async () => {
    const created = await createFull();
    const upper = created.user_email.toUpperCase();

    const response = await upsert(ws, sameAs(created, { user_email: upper }));

    expectUserSuccess(response, 'User updated successfully');
    expect(response.body.data.user_email).toBe(upper);
    expect(await userRow(created.user_id)).toMatchObject({ email: upper, email_key: created.user_email });
  });

  it('refuses the e-mail of another user of the workspace, whatever its case, and changes nothing', async () => {
    const taken = await createFull();
    const created = await createFull();
    const before = await state();

    const response = await upsert(ws, sameAs(created, { user_email: taken.user_email.toUpperCase() }));

    expectInvalid(response, 'user_email');
    expect(await state()).toEqual(before);
  });

  it('accepts the e-mail of a user of another workspace, and of a deleted user', async () => {
    const created = await createFull();
    const gone = await createFull();
    await ws.api.delete(`${BASE}/${gone.user_id}`);

    const theirs = await upsert(ws, sameAs(created, { user_email: foreign.user_email }));
    const deleted = await upsert(ws, sameAs(created, { user_email: gone.user_email }));

    expect(theirs.status).toBe(200);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.user_email).toBe(gone.user_email);
  });

  it.each(['user_email', 'user_first_name', 'user_last_name', 'roles'])('still requires %s, and changes nothing', async (field) => {
    const created = await createFull();
    const body = sameAs(created);
    delete body[field];
    const before = await state();

    const response = await upsert(ws, body);

    expectFieldErrors(response, [field]);
    expect(await state()).toEqual(before);
  });

  it.each(refusalsOnUpdate())('refuses %s with 422 and changes nothing', async (_case, changes, field) => {
    const created = await createFull();
    const before = await state();

    const response = await upsert(ws, sameAs(created, changes));

    expectFieldErrors(response, [field]);
    expect(await state()).toEqual(before);
  });

  it('answers 404 for a user_id that names no user, and changes nothing', async () => {
    const before = await state();

    const response = await upsert(ws, userBody(freshEmail(), { user_id: UNKNOWN_ID }));

    expect(response.status).toBe(404);
    expect(response.body).toEqual(NOT_FOUND);
    expect(await state()).toEqual(before);
  });

  it('answers 404 for another workspace’s user, exactly as for an unknown one, and leaves it alone', async () => {
    const before = await state();

    const foreignResponse = await upsert(ws, userBody(freshEmail(), { user_id: foreign.user_id }));
    const unknownResponse = await upsert(ws, userBody(freshEmail(), { user_id: UNKNOWN_ID }));

    expect(foreignResponse.status).toBe(404);
    expect(withoutRequestId(foreignResponse.body)).toEqual(withoutRequestId(unknownResponse.body));
    expect(await state()).toEqual(before);
    expect((await other.api.get(`${BASE}/${foreign.user_id}`)).body.data).toMatchObject({ first_name: 'Grace', email: foreign.user_email });
  });

  it('answers 404 for a deleted user, and neither revives nor changes it', async () => {
    const gone = await createFull();
    await ws.api.delete(`${BASE}/${gone.user_id}`);
    const before = await state();

    const response = await upsert(ws, sameAs(gone, { user_first_name: 'Revived' }));

    expect(response.status).toBe(404);
    expect(response.body).toEqual(NOT_FOUND);
    expect(await state()).toEqual(before);
  });
});

function refusalsOnUpdate(): [string, Record<string, unknown>, string][] {
  return [
    ['user_email not an address', { user_email: 'nope' }, 'user_email'],
    ['user_first_name blank', { user_first_name: '  ' }, 'user_first_name'],
    ['user_last_name null', { user_last_name: null }, 'user_last_name'],
    ['roles empty', { roles: [] }, 'roles'],
    ['a role_type of 5', { roles: [{ role_type: 5 }] }, 'roles.0.role_type'],
    ['custom_fields an array', { custom_fields: [] }, 'custom_fields'],
    ['photo not a URL', { photo: 'face.png' }, 'photo'],
    ['active 3', { active: 3 }, 'active'],
    ['contact_number null', { contact_number: null }, 'contact_number'],
    ['an unknown field', { is_deleted: 1 }, 'is_deleted'],
  ];
}

// ---------------------------------------------------------------------------------------------
// DELETE /v2/organisation-users/{id}
// ---------------------------------------------------------------------------------------------

describe('DELETE /v2/organisation-users/{id}', () => {
  const { ws } = workspacesForBlock(app);

  /** A workspace of its own with `count` users; returns it and their ids. */
  async function workspaceWithUsers(count: number): Promise<{ mine: Workspace; ids: number[] }> {
    const mine = await app.workspace();
    const ids: number[] = [];
    for (let i = 0; i < count; i += 1) ids.push((await createUser(mine, userBody(freshEmail(`member${i}`), { user_first_name: `Member ${i}` }))).user_id);
    return { mine, ids };
  }

  it('deletes the user and answers the remaining users as a paginated envelope under data.users', async () => {
    const { mine, ids } = await workspaceWithUsers(3);
    const remaining = [await detail(mine, ids[0]), await detail(mine, ids[2])];

    const response = await mine.api.delete(`${BASE}/${ids[1]}`);

    expectUserSuccess(response, 'User deleted successfully');
    expect(Object.keys(response.body.data)).toEqual(['users']);
    const page = response.body.data.users;
    expect(Object.keys(page).sort()).toEqual(PAGINATION_KEYS);
    expect(page).toEqual({ current_page: 1, data: remaining, from: 1, next_page_url: null, per_page: 15, prev_page_url: null, to: 2 });
    for (const record of page.data) expectUserRecord(record, mine);
  });

  it('keeps the row, marked deleted', async () => {
    const created = await createUser(ws, fullUserBody(freshEmail('kept')));

    await ws.api.delete(`${BASE}/${created.user_id}`);

    const row = await userRow(created.user_id);
    expect(row).toMatchObject({ id: created.user_id, organisation_id: ws.organisationId, is_deleted: 1, first_name: 'Grace', email: created.user_email, role_types: [1, 2] });
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect(Date.now() - row.deleted_at.getTime()).toBeLessThan(60_000);
  });

  it('writes one user_deleted event carrying the record as deleted', async () => {
    const created = await createUser(ws);
    const record = await detail(ws, created.user_id);

    await ws.api.delete(`${BASE}/${created.user_id}`, { 'x-request-id': 'req-delete-user-1' });

    const events = await userEvents(created.user_id);
    expect(events.map((event) => event.event_type)).toEqual(['user_created', 'user_deleted']);
    expect(events[1]).toEqual({
      organisation_id: ws.organisationId,
      event_type: 'user_deleted',
      resource_type: 'user',
      resource_id: created.user_id,
      payload: { user: { ...record, is_deleted: 1, updated_at: expect.stringMatching(ISO_TIMESTAMP) } },
      request_id: 'req-delete-user-1',
    });
  });

  it('answers the page that page and per_page choose, with links to the user list', async () => {
    const { mine, ids } = await workspaceWithUsers(5);

    const response = await mine.api.delete(`${BASE}/${ids[0]}?page=2&per_page=2`);

    expectUserSuccess(response, 'User deleted successfully');
    const page = response.body.data.users;
    expect(page).toMatchObject({ current_page: 2, from: 3, to: 4, per_page: 2 });
    expect(page.data.map((record: AnyBody) => record.id)).toEqual([ids[3], ids[4]]);
    expect(page.next_page_url).toBeNull();
    const prev = new URL(page.prev_page_url);
    expect(`${prev.protocol}//${prev.host}`).toBe(app.baseUrl);
    expect(prev.pathname).toBe(BASE);
    expect(Object.fromEntries(prev.searchParams)).toEqual({ page: '1', per_page: '2' });

    const first = await mine.api.delete(`${BASE}/${ids[1]}?per_page=1`);
    const next = new URL(first.body.data.users.next_page_url);
    expect(next.pathname).toBe(BASE);
    expect(Object.fromEntries(next.searchParams)).toEqual({ per_page: '1', page: '2' });
    expect(first.body.data.users.data.map((record: AnyBody) => record.id)).toEqual([ids[2]]);
  });

  it('answers an empty page when the last user is deleted', async () => {
    const { mine, ids } = await workspaceWithUsers(1);

    const response = await mine.api.delete(`${BASE}/${ids[0]}`);

    expect(response.status).toBe(200);
    expect(response.body.data.users).toEqual({ current_page: 1, data: [], from: null, next_page_url: null, per_page: 15, prev_page_url: null, to: null });
  });

  it('lists only the workspace’s own remaining users', async () => {
    const { mine, ids } = await workspaceWithUsers(2);

    const response = await mine.api.delete(`${BASE}/${ids[0]}`);

    expect(response.body.data.users.data.map((record: AnyBody) => record.id)).toEqual([ids[1]]);
    expect(response.body.data.users.data.every((record: AnyBody) => record.organization_code === mine.organizationCode)).toBe(true);
  });

  it.each([
    ['per_page=0', 'per_page'],
    ['per_page=101', 'per_page'],
    ['per_page=abc', 'per_page'],
    ['page=0', 'page'],
    ['page=1.5', 'page'],
    ['search=ann', 'search'],
    ['colour=red', 'colour'],
  ])('checks the page before deleting: ?%s is a 422 on %s and deletes nothing', async (query, field) => {
    const created = await createUser(ws);
    const before = await state();

    const response = await ws.api.delete(`${BASE}/${created.user_id}?${query}`);

    expectFieldErrors(response, [field]);
    expect(await state()).toEqual(before);
    expect((await userRow(created.user_id)).is_deleted).toBe(0);
  });

  it('answers 404 for a user already deleted, and records nothing more', async () => {
    const created = await createUser(ws);
    await ws.api.delete(`${BASE}/${created.user_id}`);
    const before = await state();

    const response = await ws.api.delete(`${BASE}/${created.user_id}`);

    expect(response.status).toBe(404);
    expect(response.body).toEqual(NOT_FOUND);
    expect(await state()).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------
// GET /v2/organisation-users
// ---------------------------------------------------------------------------------------------

describe('GET /v2/organisation-users', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });
  let users: AnyBody[];

  beforeAll(async () => {
    const specs: [string, string, string, number[], number][] = [
      ['Ann', 'Lee', 'ann.lee@acme.example', [1], 1],
      ['Bob', 'Annand', 'bob@acme.example', [2], 1],
      ['Carla', 'Diaz', 'CARLA.D@Studio.example', [1, 2], 0],
      ['Dan', 'O_Brien', 'dan@studio.example', [2], 1],
      ['Eve', '100% Kim', 'eve@studio.example', [2], 0],
    ];
    users = [];
    for (const [first, last, email, roles, active] of specs) {
      const created = await createUser(ws, userBody(email, { user_first_name: first, user_last_name: last, roles: roles.map((role_type) => ({ role_type })), active }));
      users.push(await detail(ws, created.user_id));
    }
    await createUser(other, userBody('ann@other.example', { user_first_name: 'Ann', user_last_name: 'Lee', roles: [{ role_type: 1 }] }));
  });

  const ids = (page: AnyBody) => page.data.map((record: AnyBody) => record.id);
  const idsOf = (...indexes: number[]) => indexes.map((index) => users[index].id);

  it('answers the workspace’s users as a paginated envelope under data.users, by id', async () => {
    const response = await ws.api.get(BASE);

    expectUserSuccess(response, 'Users retrieved successfully');
    expect(Object.keys(response.body.data)).toEqual(['users']);
    const page = response.body.data.users;
    expect(Object.keys(page).sort()).toEqual(PAGINATION_KEYS);
    expect(page).toEqual({ current_page: 1, data: users, from: 1, next_page_url: null, per_page: 15, prev_page_url: null, to: 5 });
    for (const record of page.data) expectUserRecord(record, ws);
  });

  it('never lists another workspace’s users', async () => {
    const mine = await ws.api.get(`${BASE}?search=ann`);
    const theirs = await other.api.get(BASE);

    expect(emailsOf(mine.body.data.users)).not.toContain('ann@other.example');
    expect(emailsOf(theirs.body.data.users)).toEqual(['ann@other.example']);
    expect(theirs.body.data.users.data[0].organization_code).toBe(other.organizationCode);
  });

  it.each([
    ['a first name', 'carla', [2]],
    ['a last name', 'DIAZ', [2]],
    ['a part of either name', 'ann', [0, 1]],
    ['the full name', 'ann lee', [0]],
    ['an e-mail address', 'carla.d@studio.example', [2]],
    ['a part of the e-mail', '@STUDIO', [2, 3, 4]],
    ['% literally', '100%', [4]],
    ['_ literally', 'O_B', [3]],
    ['a _ that matches nothing literally', 'Ca_la', []],
    ['nothing', 'zzz', []],
  ])('searches %s case-insensitively', async (_case, search, expected) => {
    const response = await ws.api.get(`${BASE}?search=${encodeURIComponent(search)}`);

    expect(response.status).toBe(200);
    expect(ids(response.body.data.users)).toEqual(idsOf(...expected));
  });

  it('filters by role_type: users holding that role, whatever else they hold', async () => {
    const managers = await ws.api.get(`${BASE}?role_type=1`);
    const editors = await ws.api.get(`${BASE}?role_type=2`);

    expect(ids(managers.body.data.users)).toEqual(idsOf(0, 2));
    expect(ids(editors.body.data.users)).toEqual(idsOf(1, 2, 3, 4));
  });

  it('filters by active', async () => {
    const active = await ws.api.get(`${BASE}?active=1`);
    const inactive = await ws.api.get(`${BASE}?active=0`);

    expect(ids(active.body.data.users)).toEqual(idsOf(0, 1, 3));
    expect(ids(inactive.body.data.users)).toEqual(idsOf(2, 4));
  });

  it('combines filters', async () => {
    const response = await ws.api.get(`${BASE}?search=studio&role_type=2&active=0`);

    expect(ids(response.body.data.users)).toEqual(idsOf(2, 4));
  });

  it('ignores a filter sent empty, and takes the last of a repeated one', async () => {
    const empty = await ws.api.get(`${BASE}?search=&role_type=&active=`);
    const repeated = await ws.api.get(`${BASE}?role_type=2&role_type=1`);

    expect(ids(empty.body.data.users)).toEqual(idsOf(0, 1, 2, 3, 4));
    expect(ids(repeated.body.data.users)).toEqual(idsOf(0, 2));
  });

  it('answers an empty page with from and to null when nothing matches', async () => {
    const response = await ws.api.get(`${BASE}?search=nobody`);

    expect(response.body.data.users).toEqual({ current_page: 1, data: [], from: null, next_page_url: null, per_page: 15, prev_page_url: null, to: null });
  });

  it('pages with page and per_page: absolute links keep the other parameters and are null at the ends', async () => {
    const first = await ws.api.get(`${BASE}?role_type=2&per_page=3`);
    const firstPage = first.body.data.users;

    expect(firstPage).toMatchObject({ current_page: 1, from: 1, to: 3, per_page: 3, prev_page_url: null });
    expect(ids(firstPage)).toEqual(idsOf(1, 2, 3));
    const next = new URL(firstPage.next_page_url);
    expect(`${next.protocol}//${next.host}`).toBe(app.baseUrl);
    expect(next.pathname).toBe(BASE);
    expect(Object.fromEntries(next.searchParams)).toEqual({ role_type: '2', per_page: '3', page: '2' });

    const second = await ws.api.get(`${next.pathname}${next.search}`);
    const secondPage = second.body.data.users;
    expect(secondPage).toMatchObject({ current_page: 2, from: 4, to: 4, per_page: 3, next_page_url: null });
    expect(ids(secondPage)).toEqual(idsOf(4));
    expect(Object.fromEntries(new URL(secondPage.prev_page_url).searchParams)).toEqual({ role_type: '2', per_page: '3', page: '1' });
  });

  it('answers an empty page past the last one, with a link back', async () => {
    const response = await ws.api.get(`${BASE}?page=9&per_page=2`);
    const page = response.body.data.users;

    expect(response.status).toBe(200);
    expect(page).toMatchObject({ current_page: 9, data: [], from: null, to: null, per_page: 2, next_page_url: null });
    expect(new URL(page.prev_page_url).searchParams.get('page')).toBe('8');
  });

  it('accepts per_page 100', async () => {
    const response = await ws.api.get(`${BASE}?per_page=100`);

    expect(response.body.data.users).toMatchObject({ per_page: 100, from: 1, to: 5, next_page_url: null });
  });

  it.each([
    ['per_page=0', 'per_page'],
    ['per_page=101', 'per_page'],
    ['per_page=abc', 'per_page'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['role_type=3', 'role_type'],
    ['role_type=0', 'role_type'],
    ['role_type=manager', 'role_type'],
    ['active=2', 'active'],
    ['active=yes', 'active'],
    [`search=${'x'.repeat(256)}`, 'search'],
    ['email=ann@acme.example', 'email'],
    ['colour=red', 'colour'],
  ])('refuses ?%s with 422 on %s', async (query, field) => {
    const response = await ws.api.get(`${BASE}?${query}`);

    expectFieldErrors(response, [field]);
  });

  it('names an unknown parameter as such', async () => {
    const response = await ws.api.get(`${BASE}?colour=red`);

    expect(response.body).toEqual({ success: false, message: INVALID, code: 'BAD_USER_INPUT', request_id: expect.any(String), errors: { colour: ['colour is not a query parameter of this list'] } });
  });
});

// ---------------------------------------------------------------------------------------------
// GET /v2/organisation-users/{id}
// ---------------------------------------------------------------------------------------------

describe('GET /v2/organisation-users/{id}', () => {
  const { ws } = workspacesForBlock(app);
  let user: AnyBody;

  beforeAll(async () => {
    user = await createUser(ws, fullUserBody(freshEmail('detail')));
  });

  it('answers the user record under data, with every field', async () => {
    const response = await ws.api.get(`${BASE}/${user.user_id}`);

    expectUserSuccess(response, 'User retrieved successfully');
    const record = response.body.data;
    expectUserRecord(record, ws);
    expect(record).toMatchObject({
      id: user.user_id,
      first_name: user.user_first_name,
      last_name: user.user_last_name,
      email: user.user_email,
      idp_id: user.idp_id,
      idp_alt_id: user.idp_alt_id,
      custom_fields: user.custom_fields,
      roles: user.roles,
      organization_code: ws.organizationCode,
      contact_number: '+44 20 7946 0000',
      staff_title: 'Head of Content',
      photo: 'https://cdn.example.com/grace.png',
      active: 1,
      is_deleted: 0,
    });
  });

  it('shows the same record the list shows', async () => {
    const detailed = await ws.api.get(`${BASE}/${user.user_id}`);
    const listed = await ws.api.get(BASE);

    expect(listed.body.data.users.data).toContainEqual(detailed.body.data);
  });
});

// ---------------------------------------------------------------------------------------------
// A deleted user is gone from every read
// ---------------------------------------------------------------------------------------------

describe('a deleted user', () => {
  const { ws } = workspacesForBlock(app);
  let gone: AnyBody;
  let kept: AnyBody;
  let campaignId: number;
  let phaseId: number;

  beforeAll(async () => {
    gone = await createUser(ws, userBody(freshEmail('gone'), { user_first_name: 'Gone', roles: [{ role_type: 1 }] }));
    kept = await createUser(ws, userBody(freshEmail('kept'), { user_first_name: 'Kept', roles: [{ role_type: 1 }] }));
    campaignId = await createCampaign(ws, await createAccount(ws, 'Acme'));
    [phaseId] = await createPhases(ws, campaignId, ['Phase one']);
    expect((await ws.api.delete(`${BASE}/${gone.user_id}`)).status).toBe(200);
  });

  it('is not listed, whatever the filter', async () => {
    for (const query of ['', '?search=gone', '?role_type=1', '?active=1', `?search=${encodeURIComponent(gone.user_email)}`]) {
      const response = await ws.api.get(`${BASE}${query}`);
      expect(response.status).toBe(200);
      expect(response.body.data.users.data.map((record: AnyBody) => record.id)).not.toContain(gone.user_id);
    }
    expect((await ws.api.get(`${BASE}?role_type=1`)).body.data.users.data.map((record: AnyBody) => record.id)).toEqual([kept.user_id]);
  });

  it('answers 404 on its detail', async () => {
    const response = await ws.api.get(`${BASE}/${gone.user_id}`);

    expect(response.status).toBe(404);
    expect(response.body).toEqual(NOT_FOUND);
  });

  it('cannot be named as the editor of a content piece', async () => {
    const before = await state();

    const refused = await ws.api.post('/v2/contents', { campaign_id: campaignId, phase_id: phaseId, content_name: 'Piece', content_editor_id: gone.user_id });
    const accepted = await ws.api.post('/v2/contents', { campaign_id: campaignId, phase_id: phaseId, content_name: 'Piece', content_editor_id: kept.user_id });

    expectInvalid(refused, 'content_editor_id');
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.content.content_editor).toBe(kept.user_id);
    expect((await state()).users).toEqual(before.users);
  });
});
