import { verifyPassword } from '../../src/members/password';
import { rowById } from '../support/database-state';
import { ISO_TIMESTAMP, untilClockMoves } from '../support/expectations';
import { createAccount } from '../support/fixtures';
import { dbId, gid, notAnIdOf, idOfAnotherType } from '../support/global-ids';
import { USER_ERRORS, craftCursor, expectCoercionError, expectUserErrorsAt, walkConnection, expectIdRefused, expectGraphQLError } from '../support/graphql';
import { MEMBER_FIELD_RULES, MEMBER_TABLE, MEMBER_TYPE_FIELDS, STORED_HASH, SecretWatch, expectNoSecrets, memberRow, membersState, storedHash } from '../support/members';
import { resourceEvents, workspaceEvents } from '../support/outbox';
import { type AnyBody, type ApiResponse, type Workspace } from '../support/test-app';
import { appForFile } from '../support/file-app';

/**
 * GraphQL advertiser account members: `members`, `member`, `memberCreate`, `memberUpdate`,
 * `memberDelete`, `Member.advertiserAccount` and `AdvertiserAccount.members`, the same behaviour as
 * REST /v2 (spec §2.5, §4.4) in GraphQL terms (global ids, Relay connections, userErrors), through
 * real HTTP over a real PostgreSQL. The Member type has no password field, and nothing a response or
 * event holds is derived from a password.
 */

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const MEMBER_FIELDS = `
  fragment MemberFields on Member {
    id databaseId advertiserAccountId email firstName lastName contactNumber staffTitle photo active createdAt updatedAt
  }
`;

const LIST = `
  query List($first: Int, $after: String, $filter: MemberFilter, $orderBy: [MemberOrder!]) {
    members(first: $first, after: $after, filter: $filter, orderBy: $orderBy) {
      edges { cursor node { ...MemberFields } }
      nodes { ...MemberFields }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    }
  }
  ${MEMBER_FIELDS}
`;

const GET = `
  query Get($id: ID!) { member(id: $id) { ...MemberFields } }
  ${MEMBER_FIELDS}
`;

const GET_WITH_ACCOUNT = `
  query GetWithAccount($id: ID!) {
    member(id: $id) { id advertiserAccountId advertiserAccount { id name primaryContactId } }
  }
`;

const ACCOUNT_MEMBERS = `
  query AccountMembers($id: ID!) {
    advertiserAccount(id: $id) { id primaryContactId primaryContact { ...MemberFields } members { ...MemberFields } }
  }
  ${MEMBER_FIELDS}
`;

const CREATE = `
  mutation Create($input: MemberInput!) {
    memberCreate(input: $input) { member { ...MemberFields } ${USER_ERRORS} }
  }
  ${MEMBER_FIELDS}
`;

const UPDATE = `
  mutation Update($id: ID!, $input: MemberInput!) {
    memberUpdate(id: $id, input: $input) { member { ...MemberFields } ${USER_ERRORS} }
  }
  ${MEMBER_FIELDS}
`;

const DELETE = `
  mutation Delete($id: ID!) {
    memberDelete(id: $id) { deletedMemberId ${USER_ERRORS} }
  }
`;

/** A bare database id naming nothing: still taken as an id of the expected type during the transition to global ids. */
const UNKNOWN_ID = '2000000000';
/** The same id as a member's global id. */
const UNKNOWN_GID = gid('Member', UNKNOWN_ID);
/** Bare database ids that name no member, out of range or not: NOT_FOUND, as before global ids. */
const BARE_IDS_NAMING_NOTHING = ['0', '99999999999'];
/** Ids that are neither a global id nor a bare database id: refused before anything runs. */
const MALFORMED_IDS = ['abc', '-1', '1.5', '', 'gid://partner-api/Member/abc'];
const MEMBER_GID = /^gid:\/\/partner-api\/Member\/[1-9]\d*$/;
/** The Member type's fields: the profile (support/members.ts) and `databaseId`, the /v2 id every Node type has. */
const MEMBER_FIELDS_OF_TYPE = [...MEMBER_TYPE_FIELDS, 'databaseId'].sort();
const NOT_FOUND_ERROR = { field: ['id'], message: 'Member not found', code: 'NOT_FOUND' };
const NOT_AN_ACCOUNT = 'advertiserAccountId does not name an advertiser account of this workspace';
const EMAIL_TAKEN = 'email is already the e-mail address of another member of this advertiser account';

const secrets = new SecretWatch();
const PASSWORD = secrets.password('Tr0ub4dor&3-graphql');
const NEW_PASSWORD = secrets.password('n3w-Pa55phrase-graphql');

const { app, ws, other } = appForFile({ other: true, through: (workspace) => secrets.watch(workspace) });
/** Global ids of advertiser accounts: the form GraphQL gives and takes. */
let accountId: string;
let secondAccountId: string;
let otherAccountId: string;

/** An advertiser account made through REST; returns its global id. */
async function createAccountGid(workspace: Workspace, name: string): Promise<string> {
  return gid('AdvertiserAccount', await createAccount(workspace, name));
}

beforeAll(async () => {
  accountId = await createAccountGid(ws, 'Acme Foods');
  secondAccountId = await createAccountGid(ws, 'Blue Agency');
  otherAccountId = await createAccountGid(other, 'Not yours');
});

let emailCounter = 0;

function uniqueEmail(prefix = 'member'): string {
  emailCounter += 1;
  return `${prefix}.${emailCounter}@example.com`;
}

/** An input with every field set. */
function fullInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    advertiserAccountId: accountId,
    email: 'Jane.Doe@Example.com',
    firstName: 'Jane',
    lastName: 'Doe',
    contactNumber: '+44 20 7946 0000',
    staffTitle: 'Head of Marketing',
    photo: 'https://cdn.example.com/jane.png',
    active: 1,
    password: PASSWORD,
    ...overrides,
  };
}

function gql(query: string, variables: Record<string, unknown> = {}, workspace = ws, headers?: Record<string, string>): Promise<ApiResponse<AnyBody>> {
  return workspace.api.graphql(query, variables, headers);
}

/** memberCreate, expecting success; returns the member node. */
async function createMember(overrides: Record<string, unknown> = {}, workspace = ws): Promise<AnyBody> {
  const response = await gql(CREATE, { input: fullInput({ email: uniqueEmail(), ...overrides }) }, workspace);
  expect(response.body.errors).toBeUndefined();
  expect(response.body.data.memberCreate.userErrors).toEqual([]);
  return response.body.data.memberCreate.member;
}

function createForeignMember(): Promise<AnyBody> {
  return createMember({ advertiserAccountId: otherAccountId }, other);
}

async function deleteMember(id: string, workspace = ws): Promise<void> {
  const response = await gql(DELETE, { id }, workspace);
  expect(response.body.data.memberDelete).toEqual({ deletedMemberId: id, userErrors: [] });
}

/** Every field of the node has its schema type; a member of `account` (a global id). */
function expectMemberNode(node: AnyBody, account = accountId): void {
  expect(Object.keys(node).sort()).toEqual(MEMBER_FIELDS_OF_TYPE.filter((field) => field !== 'advertiserAccount'));
  expect(node.id).toMatch(MEMBER_GID);
  expect(node.databaseId).toBe(dbId(node.id));
  expect(node.advertiserAccountId).toBe(account);
  for (const field of ['email', 'firstName', 'lastName', 'contactNumber', 'staffTitle', 'photo']) expect([field, typeof node[field]]).toEqual([field, 'string']);
  expect([0, 1]).toContain(node.active);
  expect(node.createdAt).toMatch(ISO_TIMESTAMP);
  expect(node.updatedAt).toMatch(ISO_TIMESTAMP);
}

/** The v2 record of the same member, as REST /v2 returns it: database ids where GraphQL gives global ids. */
function asV2Record(node: AnyBody): AnyBody {
  return {
    id: node.databaseId,
    advertiser_account_id: String(dbId(node.advertiserAccountId)),
    email: node.email,
    first_name: node.firstName,
    last_name: node.lastName,
    contact_number: node.contactNumber,
    staff_title: node.staffTitle,
    photo: node.photo,
    active: node.active,
    deleted_at: null,
    created_at: node.createdAt,
    updated_at: node.updatedAt,
  };
}

function state() {
  return membersState(app);
}

/** The outbox events of the member with this global id. */
function memberEvents(id: string) {
  return resourceEvents(app, 'member', dbId(id));
}

/**
 * The field rules create and update share (support/members.ts) that GraphQL's rules refuse, as
 * userErrors: [case, input fields, field refused, the userErrors].
 */
const FIELD_RULES: [string, Record<string, unknown>, string, AnyBody[]][] = MEMBER_FIELD_RULES.filter((rule) => rule.graphql === 'rules').map(({ field, is, value, messages }) => [
  `${field} ${is}`,
  { [field]: value },
  field,
  messages.map((message) => ({ field: ['input', field], message: `${field} ${message}`, code: 'BAD_USER_INPUT' })),
]);

/** The values of those rules GraphQL's types refuse before anything runs: [case, input fields]. */
const REFUSED_BY_TYPES: [string, Record<string, unknown>][] = MEMBER_FIELD_RULES.filter((rule) => rule.graphql === 'types').map(({ field, is, value }) => [`${field} ${is}`, { [field]: value }]);

/**
 * advertiserAccountId values that are no AdvertiserAccount id, which create and update refuse before
 * running, at the top level: [case, value, message]. Values computed when the test runs.
 */
const ACCOUNT_ID_REFUSALS: [string, () => string, string][] = [
  ['not digits', () => 'abc', notAnIdOf('AdvertiserAccount')],
  ['negative', () => '-1', notAnIdOf('AdvertiserAccount')],
  // A Member gid carrying an account's own database id: refused by its type, never looked up as an account.
  ['a global id of another type', () => gid('Member', dbId(accountId)), idOfAnotherType('Member', 'AdvertiserAccount')],
];

// ---------------------------------------------------------------------------------------------
// The Member type
// ---------------------------------------------------------------------------------------------

describe('type Member', () => {
  it('has exactly its profile fields, none of them a password or a hash', async () => {
    const response = await gql('{ __type(name: "Member") { kind fields { name type { kind name ofType { kind name } } } } }');

    expect(response.status).toBe(200);
    const type = response.body.data.__type;
    expect(type.kind).toBe('OBJECT');
    const fields: AnyBody[] = type.fields;
    expect(fields.map((field) => field.name).sort()).toEqual(MEMBER_FIELDS_OF_TYPE);
    expect(fields.filter((field) => /password|hash|secret/i.test(field.name))).toEqual([]);
    const typeOf = (name: string) => {
      const { type: fieldType } = fields.find((field) => field.name === name);
      return fieldType.kind === 'NON_NULL' ? `${fieldType.ofType.name}!` : fieldType.name;
    };
    expect(Object.fromEntries(MEMBER_FIELDS_OF_TYPE.map((name) => [name, typeOf(name)]))).toEqual({
      active: 'Int!',
      advertiserAccount: 'AdvertiserAccount',
      advertiserAccountId: 'ID!',
      contactNumber: 'String!',
      createdAt: 'DateTime!',
      databaseId: 'Int!',
      email: 'String!',
      firstName: 'String!',
      id: 'ID!',
      lastName: 'String!',
      photo: 'String!',
      staffTitle: 'String!',
      updatedAt: 'DateTime!',
    });
  });

  it('is the only member shape: no output type of the schema has a password or hash field', async () => {
    const response = await gql('{ __schema { types { name kind fields { name } } } }');

    const types: AnyBody[] = response.body.data.__schema.types;
    const leaks = types
      .filter((type) => type.kind === 'OBJECT' || type.kind === 'INTERFACE')
      .flatMap((type) => (type.fields ?? []).filter((field: AnyBody) => /password|hash/i.test(field.name)).map((field: AnyBody) => `${type.name}.${field.name}`));
    expect(leaks).toEqual([]);
  });

  it('takes the password in MemberInput only, as an optional String', async () => {
    const response = await gql('{ __type(name: "MemberInput") { inputFields { name type { kind name } } } }');

    const inputFields: AnyBody[] = response.body.data.__type.inputFields;
    expect(inputFields.map((field) => field.name).sort()).toEqual(
      ['active', 'advertiserAccountId', 'contactNumber', 'email', 'firstName', 'lastName', 'password', 'photo', 'staffTitle'],
    );
    expect(inputFields.find((field) => field.name === 'password').type).toEqual({ kind: 'SCALAR', name: 'String' });
  });

  it.each(['password', 'passwordHash'])('refuses a query selecting Member.%s before running it', async (field) => {
    const response = await gql(`{ members { nodes { id ${field} } } }`);

    expect(response.status).toBe(400);
    expect(response.body.data).toBeUndefined();
    expect(response.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(response.body.errors[0].message).toBe(`Cannot query field "${field}" on type "Member".`);
  });
});

// ---------------------------------------------------------------------------------------------
// memberCreate
// ---------------------------------------------------------------------------------------------

describe('mutation memberCreate', () => {
  it('creates the member and returns it with no userErrors', async () => {
    const response = await gql(CREATE, { input: fullInput() });

    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    const payload = response.body.data.memberCreate;
    expect(payload.userErrors).toEqual([]);
    expectMemberNode(payload.member);
    const { password: _password, ...profile } = fullInput();
    expect(payload.member).toEqual({ ...profile, id: expect.stringMatching(MEMBER_GID), databaseId: dbId(payload.member.id), createdAt: expect.stringMatching(ISO_TIMESTAMP), updatedAt: payload.member.createdAt });
    expectNoSecrets(response.body, [PASSWORD]);
  });

  it('stores the row with a salted scrypt hash of the password, not the password', async () => {
    const member = await createMember({ email: 'Mixed.Case@Example.COM' });

    const row = await memberRow(app, dbId(member.id));
    expect(row).toMatchObject({
      organisation_id: ws.organisationId,
      advertiser_account_id: dbId(accountId),
      email: 'Mixed.Case@Example.COM',
      email_key: 'mixed.case@example.com',
      first_name: 'Jane',
      active: 1,
      deleted_at: null,
    });
    expect(row.password_hash).toMatch(STORED_HASH);
    expect(row.password_hash).not.toContain(PASSWORD);
    expect(await verifyPassword(PASSWORD, row.password_hash)).toBe(true);
    expect(await verifyPassword(NEW_PASSWORD, row.password_hash)).toBe(false);
  });

  it('shows the same member as REST /v2', async () => {
    const member = await createMember();

    const rest = await ws.api.get(`/v2/members/${member.databaseId}`);

    expect(rest.body.data.member).toEqual(asV2Record(member));
  });

  it('records one member_created event carrying the v2 record and no password', async () => {
    const before = await workspaceEvents(app, ws);

    const response = await gql(CREATE, { input: fullInput({ email: uniqueEmail() }) }, ws, { 'x-request-id': 'gql-member-create-1' });

    const member = response.body.data.memberCreate.member;
    expect(await workspaceEvents(app, ws)).toHaveLength(before.length + 1);
    expect(await memberEvents(member.id)).toEqual([
      {
        organisation_id: ws.organisationId,
        event_type: 'member_created',
        resource_type: 'member',
        resource_id: member.databaseId,
        payload: { member: asV2Record(member) },
        request_id: 'gql-member-create-1',
      },
    ]);
    const [event] = await memberEvents(member.id);
    expectNoSecrets(event.payload, [PASSWORD, await storedHash(app, dbId(member.id))]);
  });

  it('needs only advertiserAccountId, email, firstName, lastName and password: the rest take their defaults', async () => {
    const email = uniqueEmail('minimal');

    const member = await createMember({ email, contactNumber: undefined, staffTitle: undefined, photo: undefined, active: undefined });

    expect(member).toMatchObject({ email, contactNumber: '', staffTitle: '', photo: '', active: 1 });
  });

  it('takes advertiserAccountId as a bare database id too, its digits or an integer (the transition from /v2 ids)', async () => {
    const fromDigits = await createMember({ advertiserAccountId: String(dbId(secondAccountId)) });
    const fromInteger = await createMember({ advertiserAccountId: dbId(secondAccountId) });

    expect(fromDigits.advertiserAccountId).toBe(secondAccountId);
    expect(fromInteger.advertiserAccountId).toBe(secondAccountId);
  });

  it('reports every missing required field as a userError, in order, and creates nothing', async () => {
    const before = await state();

    const response = await gql(CREATE, { input: { contactNumber: '+44 1' } });

    expect(response.body.data.memberCreate).toEqual({
      member: null,
      userErrors: ['advertiserAccountId', 'email', 'firstName', 'lastName', 'password'].map((field) => ({
        field: ['input', field],
        message: `${field} is required`,
        code: 'BAD_USER_INPUT',
      })),
    });
    expect(await state()).toEqual(before);
  });

  it.each(FIELD_RULES)('refuses %s with a BAD_USER_INPUT userError and creates nothing', async (_case, fields, field, userErrors) => {
    const before = await state();

    const response = await gql(CREATE, { input: fullInput({ email: uniqueEmail(), ...fields }) });

    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.memberCreate.member).toBeNull();
    expectUserErrorsAt(response.body.data.memberCreate, userErrors.map(() => ['input', field]));
    expect(response.body.data.memberCreate.userErrors).toEqual(userErrors);
    expect(await state()).toEqual(before);
  });

  it.each(REFUSED_BY_TYPES)('refuses %s before running (GraphQL coercion) and creates nothing', async (_case, fields) => {
    const before = await state();

    expectCoercionError(await gql(CREATE, { input: fullInput({ email: uniqueEmail(), ...fields }) }));
    expect(await state()).toEqual(before);
  });

  it.each(ACCOUNT_ID_REFUSALS)('refuses advertiserAccountId %s with a top-level BAD_USER_INPUT on input.advertiserAccountId and creates nothing', async (_case, value, message) => {
    const before = await state();

    const response = await gql(CREATE, { input: fullInput({ email: uniqueEmail(), advertiserAccountId: value() }) });

    expectIdRefused(response, 'memberCreate', 'input.advertiserAccountId', message, null);
    expect(await state()).toEqual(before);
  });

  it.each<[string, () => Promise<string>]>([
    ['does not exist', async () => UNKNOWN_ID],
    ['does not exist, by global id', async () => gid('AdvertiserAccount', UNKNOWN_ID)],
    ['is another workspace’s', async () => otherAccountId],
    [
      'was deleted',
      async () => {
        const doomed = await createAccountGid(ws, 'Doomed');
        expect((await ws.api.delete(`/v2/advertiser-accounts/${dbId(doomed)}`)).status).toBe(200);
        return doomed;
      },
    ],
  ])('refuses an account that %s on advertiserAccountId, creating nothing', async (_case, account) => {
    const advertiserAccountId = await account();
    const before = await state();

    const response = await gql(CREATE, { input: fullInput({ email: uniqueEmail(), advertiserAccountId }) });

    expect(response.body.data.memberCreate).toEqual({ member: null, userErrors: [{ field: ['input', 'advertiserAccountId'], message: NOT_AN_ACCOUNT, code: 'BAD_USER_INPUT' }] });
    expect(await state()).toEqual(before);
  });

  it('refuses an e-mail a live member of the account has, whatever its case, and accepts it in another account', async () => {
    const email = uniqueEmail('taken');
    await createMember({ email });
    const before = await state();

    const response = await gql(CREATE, { input: fullInput({ email: email.toUpperCase() }) });

    expect(response.body.data.memberCreate).toEqual({ member: null, userErrors: [{ field: ['input', 'email'], message: EMAIL_TAKEN, code: 'BAD_USER_INPUT' }] });
    expect(await state()).toEqual(before);
    expect((await createMember({ email, advertiserAccountId: secondAccountId })).email).toBe(email);
  });

  it.each<[string, Record<string, unknown>]>([
    ['passwordHash', { passwordHash: 'a-hash-chosen-by-the-client' }],
    ['id', { id: '7' }],
    ['deletedAt', { deletedAt: null }],
  ])('refuses an input field it does not have (%s) before running, creating nothing and not echoing the password', async (_case, fields) => {
    const before = await state();

    const response = await gql(CREATE, { input: fullInput({ email: uniqueEmail(), ...fields }) });

    expectCoercionError(response);
    expect(await state()).toEqual(before);
    expectNoSecrets(response.body, [PASSWORD]);
  });
});

// ---------------------------------------------------------------------------------------------
// member(id)
// ---------------------------------------------------------------------------------------------

describe('query member', () => {
  let member: AnyBody;
  let foreign: AnyBody;

  beforeAll(async () => {
    member = await createMember({ email: uniqueEmail('detail') });
    foreign = await createForeignMember();
  });

  it('returns the member with every field', async () => {
    const response = await gql(GET, { id: member.id });

    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    expectMemberNode(response.body.data.member);
    expect(response.body.data.member).toEqual(member);
  });

  it('resolves Member.advertiserAccount to the member’s account', async () => {
    const response = await gql(GET_WITH_ACCOUNT, { id: member.id });

    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.member).toEqual({ id: member.id, advertiserAccountId: accountId, advertiserAccount: { id: accountId, name: 'Acme Foods', primaryContactId: null } });
  });

  it('also reads the member by its bare database id (the transition from /v2 ids)', async () => {
    const response = await gql(GET, { id: String(dbId(member.id)) });

    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.member).toEqual(member);
  });

  it('answers NOT_FOUND for an id that does not exist', async () => {
    const response = await gql(GET, { id: UNKNOWN_GID });

    expect(response.status).toBe(200);
    expectGraphQLError(response.body, 'NOT_FOUND');
    expect(response.body.errors[0].message).toBe('Member not found');
    expect(response.body.errors[0].path).toEqual(['member']);
    expect(response.body.data).toEqual({ member: null });
  });

  it('answers NOT_FOUND for bare database ids that name no member, exactly as for an unknown global id', async () => {
    const unknown = await gql(GET, { id: UNKNOWN_GID });

    for (const id of [UNKNOWN_ID, ...BARE_IDS_NAMING_NOTHING]) expect([id, (await gql(GET, { id })).body]).toEqual([id, unknown.body]);
  });

  it('refuses malformed ids with a top-level BAD_USER_INPUT on id', async () => {
    for (const id of MALFORMED_IDS) {
      const response = await gql(GET, { id });
      expect([id, response.body.errors?.[0]?.extensions.code]).toEqual([id, 'BAD_USER_INPUT']);
      expectIdRefused(response, 'member', 'id', notAnIdOf('Member'), { member: null });
    }
  });

  it("refuses a global id of another type with a top-level BAD_USER_INPUT on id, even one whose database id is this member's", async () => {
    // An AdvertiserAccount gid carrying the member's own database id: refused by its type, never looked up as a member.
    const response = await gql(GET, { id: gid('AdvertiserAccount', dbId(member.id)) });

    expectIdRefused(response, 'member', 'id', idOfAnotherType('AdvertiserAccount', 'Member'), { member: null });
  });

  it('answers NOT_FOUND for another workspace’s member, exactly as for an unknown id', async () => {
    const response = await gql(GET, { id: foreign.id });

    expect(response.body).toEqual((await gql(GET, { id: UNKNOWN_ID })).body);
    expect((await gql(GET, { id: foreign.id }, other)).body.data.member).toEqual(foreign);
  });

  it('answers NOT_FOUND for a deleted member', async () => {
    const doomed = await createMember();
    await deleteMember(doomed.id);

    expect((await gql(GET, { id: doomed.id })).body).toEqual((await gql(GET, { id: UNKNOWN_ID })).body);
  });
});

// ---------------------------------------------------------------------------------------------
// members(first, after, filter, orderBy)
// ---------------------------------------------------------------------------------------------

describe('query members', () => {
  let lister: Workspace;
  let accountA: string;
  let accountB: string;
  let inA: AnyBody[];
  let inB: AnyBody[];

  beforeAll(async () => {
    lister = secrets.watch(await app.workspace());
    accountA = await createAccountGid(lister, 'Account A');
    accountB = await createAccountGid(lister, 'Account B');
    const add = (account: string, email: string) => createMember({ advertiserAccountId: account, email }, lister);
    inA = [];
    inB = [];
    inA.push(await add(accountA, 'a1@example.com'));
    inB.push(await add(accountB, 'b1@example.com'));
    inA.push(await add(accountA, 'a2@example.com'));
    const gone = await add(accountA, 'gone@example.com');
    await deleteMember(gone.id, lister);
    inB.push(await add(accountB, 'b2@example.com'));
    inA.push(await add(accountA, 'a3@example.com'));
    await createForeignMember();
  });

  const ids = (nodes: AnyBody[]) => nodes.map((node) => node.id);
  const all = () => [...inA, ...inB].sort((x, y) => dbId(x.id) - dbId(y.id));

  async function list(variables: Record<string, unknown> = {}): Promise<AnyBody> {
    const response = await gql(LIST, variables, lister);
    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    return response.body.data.members;
  }

  /** Follows `after` from the first page to the last, `first` at a time. */
  async function walk(first: number, variables: Record<string, unknown> = {}): Promise<{ ids: string[]; pages: AnyBody[] }> {
    return walkConnection((after) => list({ ...variables, first, ...(after ? { after } : {}) }), 20);
  }

  async function databaseOrder(column: string, direction: string): Promise<string[]> {
    const rows: { id: number }[] = await app.dataSource.query(
      `SELECT id FROM ${MEMBER_TABLE} WHERE organisation_id = $1 AND deleted_at IS NULL ORDER BY ${column} ${direction}, id ${direction}`,
      [lister.organisationId],
    );
    return rows.map((row) => gid('Member', row.id));
  }

  it('returns a Relay connection of the workspace’s live members, by id by default', async () => {
    const connection = await list();

    expect(connection.nodes).toEqual(all());
    expect(connection.edges.map((edge: AnyBody) => edge.node)).toEqual(all());
    for (const node of connection.nodes) expectMemberNode(node, node.advertiserAccountId);
    for (const edge of connection.edges) expect(edge.cursor).toEqual(expect.stringMatching(/^\S+$/));
    expect(connection.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: false, startCursor: connection.edges[0].cursor, endCursor: connection.edges.at(-1).cursor });
  });

  it('never lists another workspace’s members, nor deleted ones', async () => {
    const connection = await list({ first: 100 });

    expect(connection.nodes.map((node: AnyBody) => node.email).sort()).toEqual(['a1@example.com', 'a2@example.com', 'a3@example.com', 'b1@example.com', 'b2@example.com']);
  });

  it('walks every member with first/after, without duplicates or gaps', async () => {
    const { ids: walked, pages } = await walk(2);

    expect(walked).toEqual(ids(all()));
    expect(pages.map((page) => page.nodes.length)).toEqual([2, 2, 1]);
    expect(pages.map((page) => page.pageInfo.hasPreviousPage)).toEqual([false, true, true]);
  });

  it.each([
    ['ID', 'ASC', 'id'],
    ['ID', 'DESC', 'id'],
    ['CREATED_AT', 'ASC', 'created_at'],
    ['CREATED_AT', 'DESC', 'created_at'],
    ['UPDATED_AT', 'ASC', 'updated_at'],
    ['UPDATED_AT', 'DESC', 'updated_at'],
  ])('orders by %s %s and walks that order page by page', async (field, direction, column) => {
    const whole = await list({ orderBy: { field, direction } });
    const { ids: walked } = await walk(2, { orderBy: { field, direction } });

    expect(ids(whole.nodes)).toEqual(await databaseOrder(column, direction));
    expect(walked).toEqual(ids(whole.nodes));
  });

  it('filters by advertiserAccountId, and walks the filtered list', async () => {
    expect((await list({ filter: { advertiserAccountId: accountA } })).nodes).toEqual(inA);
    expect((await list({ filter: { advertiserAccountId: accountB } })).nodes).toEqual(inB);
    expect((await walk(1, { filter: { advertiserAccountId: accountA } })).ids).toEqual(ids(inA));
  });

  it('filters by the bare database id of an account too (the transition from /v2 ids)', async () => {
    expect((await list({ filter: { advertiserAccountId: String(dbId(accountB)) } })).nodes).toEqual(inB);
  });

  it('gives an empty connection for an account the workspace does not have', async () => {
    for (const advertiserAccountId of [UNKNOWN_ID, gid('AdvertiserAccount', UNKNOWN_ID), otherAccountId, accountId]) {
      expect(await list({ filter: { advertiserAccountId } })).toEqual({ edges: [], nodes: [], pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null } });
    }
  });

  it('resolves Member.advertiserAccount for every node of a page', async () => {
    const response = await gql('{ members(first: 100) { nodes { id advertiserAccount { id name } } } }', {}, lister);

    expect(response.body.errors).toBeUndefined();
    const byId = new Map<string, string>([...inA.map((node): [string, string] => [node.id, accountA]), ...inB.map((node): [string, string] => [node.id, accountB])]);
    for (const node of response.body.data.members.nodes) {
      expect(node.advertiserAccount).toEqual({ id: byId.get(node.id), name: byId.get(node.id) === accountA ? 'Account A' : 'Account B' });
    }
  });

  it('treats first, after, filter and orderBy given as null as not given', async () => {
    expect((await list({ first: null, after: null, filter: null, orderBy: null })).nodes).toEqual(all());
  });

  it.each<[string, Record<string, unknown>]>([
    ['first: 0', { first: 0 }],
    ['first: 101', { first: 101 }],
    ['a garbage cursor', { after: 'not-a-cursor' }],
    ['a crafted cursor of another shape', { after: craftCursor({ id: 1 }) }],
    ['a malformed advertiserAccountId filter', { filter: { advertiserAccountId: 'abc' } }],
    ['a global id of another type as advertiserAccountId filter', { filter: { advertiserAccountId: gid('Member', 1) } }],
  ])('refuses %s with BAD_USER_INPUT', async (_case, variables) => {
    const response = await gql(LIST, variables, lister);

    expectGraphQLError(response.body, 'BAD_USER_INPUT');
    expect(response.body.data).toBeNull();
  });

  it.each<[string, () => string, string]>([
    ['a malformed id', () => 'abc', notAnIdOf('AdvertiserAccount')],
    // A Member gid carrying an account's own database id: refused by its type, never taken as that account.
    ['a global id of another type', () => gid('Member', dbId(accountA)), idOfAnotherType('Member', 'AdvertiserAccount')],
  ])('names filter.advertiserAccountId when refusing %s there', async (_case, value, message) => {
    const response = await gql(LIST, { filter: { advertiserAccountId: value() } }, lister);

    // The connection is non-null, so its null takes `data`.
    expectIdRefused(response, 'members', 'filter.advertiserAccountId', message, null);
  });

  it('refuses a cursor of another order with BAD_USER_INPUT', async () => {
    const byCreation = await list({ first: 2, orderBy: { field: 'CREATED_AT', direction: 'ASC' } });

    const response = await gql(LIST, { after: byCreation.pageInfo.endCursor }, lister);

    expectGraphQLError(response.body, 'BAD_USER_INPUT');
  });
});

// ---------------------------------------------------------------------------------------------
// AdvertiserAccount.members and AdvertiserAccount.primaryContact
// ---------------------------------------------------------------------------------------------

describe('AdvertiserAccount.members', () => {
  it('lists the account’s live members by id, and no other account’s; primaryContact is the named member', async () => {
    const account = await createAccountGid(ws, 'With members');
    const first = await createMember({ advertiserAccountId: account });
    const gone = await createMember({ advertiserAccountId: account });
    const second = await createMember({ advertiserAccountId: account });
    await createMember({ advertiserAccountId: secondAccountId });
    await deleteMember(gone.id);
    expect((await ws.api.put(`/v2/advertiser-accounts/${dbId(account)}`, { primary_contact_id: dbId(second.id) })).status).toBe(200);

    const response = await gql(ACCOUNT_MEMBERS, { id: account });

    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.advertiserAccount).toEqual({ id: account, primaryContactId: second.id, primaryContact: second, members: [first, second] });
  });

  it('is empty for an account without members', async () => {
    const account = await createAccountGid(ws, 'Empty');

    const response = await gql(ACCOUNT_MEMBERS, { id: account });

    expect(response.body.data.advertiserAccount).toEqual({ id: account, primaryContactId: null, primaryContact: null, members: [] });
  });
});

// ---------------------------------------------------------------------------------------------
// memberUpdate
// ---------------------------------------------------------------------------------------------

describe('mutation memberUpdate', () => {
  let foreign: AnyBody;

  beforeAll(async () => {
    foreign = await createForeignMember();
  });

  function update(id: string, input: Record<string, unknown>, headers?: Record<string, string>): Promise<ApiResponse<AnyBody>> {
    return gql(UPDATE, { id, input }, ws, headers);
  }

  it('changes only the given fields and returns the whole member', async () => {
    const member = await createMember();
    const hash = await storedHash(app, dbId(member.id));
    await untilClockMoves();

    const response = await update(member.id, { firstName: 'Janet', staffTitle: 'CMO' }, { 'x-request-id': 'gql-member-update-1' });

    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    const payload = response.body.data.memberUpdate;
    expect(payload.userErrors).toEqual([]);
    expect(payload.member).toEqual({ ...member, firstName: 'Janet', staffTitle: 'CMO', updatedAt: expect.stringMatching(ISO_TIMESTAMP) });
    expect(Date.parse(payload.member.updatedAt)).toBeGreaterThan(Date.parse(member.updatedAt));
    expect((await gql(GET, { id: member.id })).body.data.member).toEqual(payload.member);
    expect(await storedHash(app, dbId(member.id))).toBe(hash);
    const [, event] = await memberEvents(member.id);
    expect(event).toEqual({
      organisation_id: ws.organisationId,
      event_type: 'member_updated',
      resource_type: 'member',
      resource_id: dbId(member.id),
      payload: { member: asV2Record(payload.member), changed_fields: expect.any(Array) },
      request_id: 'gql-member-update-1',
    });
    expect([...event.payload.changed_fields].sort()).toEqual(['first_name', 'staff_title']);
  });

  it('hashes a new password afresh; the event names password and carries nothing derived from it', async () => {
    const member = await createMember();
    const oldHash = await storedHash(app, dbId(member.id));

    const response = await update(member.id, { password: NEW_PASSWORD });

    expect(response.body.data.memberUpdate.userErrors).toEqual([]);
    expect(response.body.data.memberUpdate.member).toEqual({ ...member, updatedAt: expect.stringMatching(ISO_TIMESTAMP) });
    const newHash = await storedHash(app, dbId(member.id));
    expect(newHash).toMatch(STORED_HASH);
    expect(newHash).not.toBe(oldHash);
    expect(await verifyPassword(NEW_PASSWORD, newHash)).toBe(true);
    expect(await verifyPassword(PASSWORD, newHash)).toBe(false);
    const [, event] = await memberEvents(member.id);
    expect(event.payload.changed_fields).toEqual(['password']);
    expectNoSecrets(event.payload, [NEW_PASSWORD, PASSWORD, newHash, oldHash]);
    expectNoSecrets(response.body, [NEW_PASSWORD, PASSWORD, newHash, oldHash]);
  });

  it('accepts the member’s own advertiserAccountId, global or bare, and, as nothing changes, records nothing', async () => {
    const member = await createMember();
    const before = await state();

    for (const advertiserAccountId of [accountId, String(dbId(accountId))]) {
      const response = await update(member.id, { advertiserAccountId, email: member.email, active: member.active });
      expect([advertiserAccountId, response.body.data.memberUpdate]).toEqual([advertiserAccountId, { member, userErrors: [] }]);
    }
    expect(await state()).toEqual(before);
  });

  it('refuses another advertiserAccountId: a member never moves', async () => {
    const member = await createMember();
    const before = await state();

    for (const advertiserAccountId of [secondAccountId, String(dbId(secondAccountId)), otherAccountId, UNKNOWN_ID]) {
      const response = await update(member.id, { advertiserAccountId, firstName: 'Moved' });
      expect(response.body.data.memberUpdate).toEqual({
        member: null,
        userErrors: [
          { field: ['input', 'advertiserAccountId'], message: "advertiserAccountId must be the member's own advertiser account: a member never moves to another account", code: 'BAD_USER_INPUT' },
        ],
      });
    }
    expect(await state()).toEqual(before);
  });

  it('refuses another live member’s e-mail, whatever its case, and accepts a case change of its own', async () => {
    const holder = await createMember({ email: uniqueEmail('holder') });
    const member = await createMember({ email: uniqueEmail('mover') });
    const before = await state();

    const taken = await update(member.id, { email: holder.email.toUpperCase() });

    expect(taken.body.data.memberUpdate).toEqual({ member: null, userErrors: [{ field: ['input', 'email'], message: EMAIL_TAKEN, code: 'BAD_USER_INPUT' }] });
    expect(await state()).toEqual(before);
    const own = await update(member.id, { email: member.email.toUpperCase() });
    expect(own.body.data.memberUpdate.member.email).toBe(member.email.toUpperCase());
  });

  describe('refusals', () => {
    let member: AnyBody;

    beforeAll(async () => {
      member = await createMember({ email: uniqueEmail('refused') });
    });

    it.each(FIELD_RULES)('refuses %s with a BAD_USER_INPUT userError and changes nothing', async (_case, fields, field, userErrors) => {
      const before = await state();

      const response = await update(member.id, { firstName: 'Would change', ...fields });

      expect(response.body.errors).toBeUndefined();
      expect(response.body.data.memberUpdate.member).toBeNull();
      expectUserErrorsAt(response.body.data.memberUpdate, userErrors.map(() => ['input', field]));
      expect(response.body.data.memberUpdate.userErrors).toEqual(userErrors);
      expect(await state()).toEqual(before);
    });

    it.each(REFUSED_BY_TYPES)('refuses %s before running (GraphQL coercion) and changes nothing', async (_case, fields) => {
      const before = await state();

      expectCoercionError(await update(member.id, { firstName: 'Would change', ...fields }));
      expect(await state()).toEqual(before);
    });

    it.each(ACCOUNT_ID_REFUSALS)('refuses advertiserAccountId %s with a top-level BAD_USER_INPUT on input.advertiserAccountId and changes nothing', async (_case, value, message) => {
      const before = await state();

      const response = await update(member.id, { firstName: 'Would change', advertiserAccountId: value() });

      expectIdRefused(response, 'memberUpdate', 'input.advertiserAccountId', message, null);
      expect(await state()).toEqual(before);
    });

    it('refuses an input field it does not have before running, without echoing the new password', async () => {
      const before = await state();

      const response = await update(member.id, { password: NEW_PASSWORD, role: 'admin' });

      expectCoercionError(response);
      expect(await state()).toEqual(before);
      expectNoSecrets(response.body, [NEW_PASSWORD]);
    });

    it('leaves the member as it was, old password still verifying', async () => {
      expect((await gql(GET, { id: member.id })).body.data.member).toEqual(member);
      expect(await verifyPassword(PASSWORD, await storedHash(app, dbId(member.id)))).toBe(true);
    });
  });

  it('answers a NOT_FOUND userError for unknown ids, global or bare, changing nothing', async () => {
    const before = await state();

    for (const id of [UNKNOWN_GID, UNKNOWN_ID, ...BARE_IDS_NAMING_NOTHING]) {
      const response = await update(id, { firstName: 'Ghost' });
      expect([id, response.body]).toEqual([id, { extensions: { cost: expect.any(Object) }, data: { memberUpdate: { member: null, userErrors: [NOT_FOUND_ERROR] } } }]);
    }
    expect(await state()).toEqual(before);
  });

  it('refuses malformed ids and a global id of another type with a top-level BAD_USER_INPUT on id, changing nothing', async () => {
    const member = await createMember();
    const before = await state();

    for (const id of MALFORMED_IDS) {
      const response = await update(id, { firstName: 'Ghost' });
      expect([id, response.body.errors?.[0]?.extensions.code]).toEqual([id, 'BAD_USER_INPUT']);
      expectIdRefused(response, 'memberUpdate', 'id', notAnIdOf('Member'), null);
    }
    // An AdvertiserAccount gid carrying the member's own database id: refused by its type, never looked up as a member.
    expectIdRefused(await update(gid('AdvertiserAccount', dbId(member.id)), { firstName: 'Ghost' }), 'memberUpdate', 'id', idOfAnotherType('AdvertiserAccount', 'Member'), null);
    expect(await state()).toEqual(before);
    expect((await gql(GET, { id: member.id })).body.data.member).toEqual(member);
  });

  it('answers another workspace’s member exactly as an unknown id, and leaves it alone', async () => {
    const before = await state();

    const response = await update(foreign.id, { firstName: 'Hijacked', password: NEW_PASSWORD });

    expect(response.body).toEqual({ extensions: { cost: expect.any(Object) }, data: { memberUpdate: { member: null, userErrors: [NOT_FOUND_ERROR] } } });
    expect(await state()).toEqual(before);
    expect((await gql(GET, { id: foreign.id }, other)).body.data.member).toEqual(foreign);
  });

  it('answers a NOT_FOUND userError for a deleted member', async () => {
    const doomed = await createMember();
    await deleteMember(doomed.id);
    const before = await state();

    const response = await update(doomed.id, { firstName: 'Revived' });

    expect(response.body.data.memberUpdate).toEqual({ member: null, userErrors: [NOT_FOUND_ERROR] });
    expect(await state()).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------
// memberDelete
// ---------------------------------------------------------------------------------------------

describe('mutation memberDelete', () => {
  let foreign: AnyBody;

  beforeAll(async () => {
    foreign = await createForeignMember();
  });

  it('soft-deletes the member, returns its global id and records member_deleted', async () => {
    const member = await createMember();
    const before = await workspaceEvents(app, ws);

    const response = await gql(DELETE, { id: member.id }, ws, { 'x-request-id': 'gql-member-delete-1' });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ extensions: { cost: expect.any(Object) }, data: { memberDelete: { deletedMemberId: member.id, userErrors: [] } } });
    const row = await memberRow(app, dbId(member.id));
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect(row.email).toBe(member.email);
    const added = (await workspaceEvents(app, ws)).slice(before.length);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ event_type: 'member_deleted', resource_type: 'member', resource_id: dbId(member.id), request_id: 'gql-member-delete-1' });
    expect(added[0].payload).toEqual({ member: { ...asV2Record(member), deleted_at: expect.stringMatching(ISO_TIMESTAMP), updated_at: expect.stringMatching(ISO_TIMESTAMP) } });
    expectNoSecrets(added[0].payload, [PASSWORD]);
    expect((await gql(GET, { id: member.id })).body.data).toEqual({ member: null });
  });

  it('releases the account’s primary contact: primaryContactId null, advertiser_account_updated naming primary_contact_id', async () => {
    const account = await createAccountGid(ws, 'With a primary contact');
    const contact = await createMember({ advertiserAccountId: account });
    const colleague = await createMember({ advertiserAccountId: account });
    expect((await ws.api.put(`/v2/advertiser-accounts/${dbId(account)}`, { primary_contact_id: dbId(contact.id) })).status).toBe(200);
    const accountEventsBefore = await resourceEvents(app, 'advertiser_account', dbId(account));

    await deleteMember(contact.id);

    const view = await gql(ACCOUNT_MEMBERS, { id: account });
    expect(view.body.data.advertiserAccount).toEqual({ id: account, primaryContactId: null, primaryContact: null, members: [colleague] });
    expect((await rowById(app, 'advertiser_accounts', dbId(account)))!.primary_contact_id).toBeNull();
    const accountEvents = (await resourceEvents(app, 'advertiser_account', dbId(account))).slice(accountEventsBefore.length);
    expect(accountEvents).toHaveLength(1);
    expect(accountEvents[0]).toMatchObject({ event_type: 'advertiser_account_updated', payload: { changed_fields: ['primary_contact_id'] } });
    expect(accountEvents[0].payload.advertiser_account).toMatchObject({ id: dbId(account), primary_contact_id: null });
  });

  it('answers a NOT_FOUND userError for unknown and deleted ids, global or bare, changing nothing', async () => {
    const doomed = await createMember();
    await deleteMember(doomed.id);
    const before = await state();

    for (const id of [UNKNOWN_GID, UNKNOWN_ID, ...BARE_IDS_NAMING_NOTHING, doomed.id, String(dbId(doomed.id))]) {
      const response = await gql(DELETE, { id });
      expect([id, response.body]).toEqual([id, { extensions: { cost: expect.any(Object) }, data: { memberDelete: { deletedMemberId: null, userErrors: [NOT_FOUND_ERROR] } } }]);
    }
    expect(await state()).toEqual(before);
  });

  it('refuses malformed ids and a global id of another type with a top-level BAD_USER_INPUT on id, deleting nothing', async () => {
    const member = await createMember();
    const before = await state();

    for (const id of MALFORMED_IDS) {
      const response = await gql(DELETE, { id });
      expect([id, response.body.errors?.[0]?.extensions.code]).toEqual([id, 'BAD_USER_INPUT']);
      expectIdRefused(response, 'memberDelete', 'id', notAnIdOf('Member'), null);
    }
    // An AdvertiserAccount gid carrying the member's own database id: refused by its type, never looked up as a member.
    expectIdRefused(await gql(DELETE, { id: gid('AdvertiserAccount', dbId(member.id)) }), 'memberDelete', 'id', idOfAnotherType('AdvertiserAccount', 'Member'), null);
    expect(await state()).toEqual(before);
    expect((await gql(GET, { id: member.id })).body.data.member).toEqual(member);
  });

  it('answers another workspace’s member exactly as an unknown id, and leaves it alone', async () => {
    const before = await state();

    const response = await gql(DELETE, { id: foreign.id });

    expect(response.body).toEqual({ extensions: { cost: expect.any(Object) }, data: { memberDelete: { deletedMemberId: null, userErrors: [NOT_FOUND_ERROR] } } });
    expect(await state()).toEqual(before);
    expect((await gql(GET, { id: foreign.id }, other)).body.data.member).toEqual(foreign);
  });
});

// ---------------------------------------------------------------------------------------------
// Password secrecy, across everything above
// ---------------------------------------------------------------------------------------------

describe('password secrecy', () => {
  it('no response and no outbox event of this file holds a password, a stored hash, its salt or its key', async () => {
    expect(secrets.recorded).toBeGreaterThan(100);

    await secrets.expectNothingLeaked(app);
  });
});
