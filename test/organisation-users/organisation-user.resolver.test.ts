import { rowById } from '../support/database-state';
import { ISO_TIMESTAMP, untilClockMoves } from '../support/expectations';
import { createAccount, createCampaign, createContent, createPhases } from '../support/fixtures';
import { dbId, gid } from '../support/global-ids';
import { USER_ERRORS, craftCursor, expectCoercionError, expectUserErrorsAt, walkConnection, expectIdRefused, expectGraphQLError } from '../support/graphql';
import { resourceEvents } from '../support/outbox';
import { type AnyBody, type ApiResponse, type Workspace } from '../support/test-app';
import { USERS_PATH, expectNoSecretKeys, usersState } from '../support/users';
import { appForFile, workspacesForBlock } from '../support/file-app';

/**
 * GraphQL organisation users: `users` (a Relay connection), `user(id)`, `userUpsert`, `userDelete`
 * and `Content.editor`: the behaviours of REST /v2 (spec §2.3, §4.2) in GraphQL terms, through real
 * HTTP against the real database. Every refusal is checked to have changed nothing.
 */

const { app } = appForFile({ ws: null });

const UNKNOWN_ID = '2000000000';
/** Digits, taken as a user's database id during the transition to global ids, that name no user (zero, out of range). */
const UNMATCHED_DIGIT_IDS = ['0', '99999999999'];
/** Neither a global id nor a bare database id: refused before any lookup. */
const MALFORMED_IDS = ['abc', '-1', '1.5', '', 'gid://partner-api/User/x'];
/** A global id as GraphQL writes a user's. */
const USER_GID = /^gid:\/\/partner-api\/User\/[1-9]\d*$/;

const USER_FIELDS = `
  fragment UserFields on User {
    id firstName lastName email idpId idpAltId emailVerifiedAt contactNumber staffTitle
    notification photo active emailNotification customFields roles { name roleType } createdAt updatedAt
  }
`;

const USER_KEYS = [
  'active',
  'contactNumber',
  'createdAt',
  'customFields',
  'email',
  'emailNotification',
  'emailVerifiedAt',
  'firstName',
  'id',
  'idpAltId',
  'idpId',
  'lastName',
  'notification',
  'photo',
  'roles',
  'staffTitle',
  'updatedAt',
];

const LIST = `
  query Users($first: Int, $after: String, $filter: UserFilter, $orderBy: [UserOrder!]) {
    users(first: $first, after: $after, filter: $filter, orderBy: $orderBy) {
      edges { cursor node { ...UserFields } }
      nodes { ...UserFields }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    }
  }
  ${USER_FIELDS}
`;

const GET = `
  query User($id: ID!) { user(id: $id) { ...UserFields } }
  ${USER_FIELDS}
`;

const UPSERT = `
  mutation Upsert($input: UserUpsertInput!) {
    userUpsert(input: $input) { user { ...UserFields } ${USER_ERRORS} }
  }
  ${USER_FIELDS}
`;

const DELETE = `
  mutation Delete($id: ID!) {
    userDelete(id: $id) { deletedUserId ${USER_ERRORS} }
  }
`;

const CONTENT_EDITOR = `
  query Content($id: ID!) { content(id: $id) { id contentEditorId editor { ...UserFields } } }
  ${USER_FIELDS}
`;

const ROLE_NAME: Record<string, string> = { CAMPAIGN_MANAGER: 'Campaign Manager', CONTENT_EDITOR: 'Content Editor' };

function roles(...types: string[]): AnyBody[] {
  return types.map((roleType) => ({ name: ROLE_NAME[roleType], roleType }));
}

let emails = 0;
function freshEmail(local = 'user'): string {
  emails += 1;
  return `${local}.${emails}@example.com`;
}

/** An input with only the required fields. */
function minimalInput(email: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { email, firstName: 'Ann', lastName: 'Lee', roles: [{ roleType: 'CONTENT_EDITOR' }], ...overrides };
}

/** An input with every field set. */
function fullInput(email: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    email,
    firstName: 'Grace',
    lastName: 'Hopper',
    roles: [{ roleType: 'CONTENT_EDITOR' }, { roleType: 'CAMPAIGN_MANAGER' }],
    customFields: { department: 'Editorial', level: 3, nested: { on: true } },
    idpId: 'auth0|grace',
    idpAltId: 'okta|grace',
    contactNumber: '+44 20 7946 0000',
    staffTitle: 'Head of Content',
    photo: 'https://cdn.example.com/grace.png',
    active: 1,
    ...overrides,
  };
}

/** Every field of a User node, with its schema type. */
function expectUserNode(node: AnyBody): void {
  expect(Object.keys(node).sort()).toEqual(USER_KEYS);
  expect(node.id).toMatch(USER_GID);
  for (const field of ['firstName', 'lastName', 'email', 'contactNumber', 'notification', 'photo', 'emailNotification']) expect(typeof node[field]).toBe('string');
  for (const field of ['idpId', 'idpAltId', 'staffTitle']) expect(node[field] === null || typeof node[field] === 'string').toBe(true);
  expect(node.emailVerifiedAt === null || ISO_TIMESTAMP.test(node.emailVerifiedAt)).toBe(true);
  expect([0, 1]).toContain(node.active);
  expect(node.customFields !== null && typeof node.customFields === 'object' && !Array.isArray(node.customFields)).toBe(true);
  expect(node.roles.length).toBeGreaterThan(0);
  for (const role of node.roles) expect(role).toEqual({ name: ROLE_NAME[role.roleType], roleType: expect.stringMatching(/^(CAMPAIGN_MANAGER|CONTENT_EDITOR)$/) });
  expect(node.createdAt).toMatch(ISO_TIMESTAMP);
  expect(node.updatedAt).toMatch(ISO_TIMESTAMP);
  expectNoSecretKeys(node);
}

function state() {
  return usersState(app);
}

/** The row of the user GraphQL names `id` (a global id). */
async function userRow(id: string): Promise<AnyBody> {
  return rowById(app, 'organisation_users', dbId(id));
}

/** The outbox events of the user GraphQL names `id` (a global id). */
function userEvents(id: string) {
  return resourceEvents(app, 'user', dbId(id));
}

/** The REST /v2 record of the user GraphQL names `id` (a global id): /v2 speaks database ids. */
async function restUser(ws: Workspace, id: string): Promise<AnyBody> {
  return (await ws.api.get(`${USERS_PATH}/${dbId(id)}`)).body.data;
}

async function upsert(ws: Workspace, input: Record<string, unknown>, headers?: Record<string, string>): Promise<ApiResponse<AnyBody>> {
  return ws.api.graphql(UPSERT, { input }, headers);
}

/** Runs userUpsert and expects it to succeed; returns the user. */
async function createUser(ws: Workspace, input: Record<string, unknown> = minimalInput(freshEmail())): Promise<AnyBody> {
  const response = await upsert(ws, input);
  expect(response.status).toBe(200);
  expect(response.body.errors).toBeUndefined();
  expect(response.body.data.userUpsert.userErrors).toEqual([]);
  return response.body.data.userUpsert.user;
}

async function deleteUser(ws: Workspace, id: string): Promise<void> {
  const response = await ws.api.graphql(DELETE, { id });
  expect(response.body.data.userDelete).toEqual({ deletedUserId: id, userErrors: [] });
}

async function getUser(ws: Workspace, id: string): Promise<ApiResponse<AnyBody>> {
  return ws.api.graphql(GET, { id });
}

/** A refused upsert: no user, and userErrors on exactly these fields (a field may break more than one rule). */
function expectRefusedUpsert(response: ApiResponse<AnyBody>, fields: string[][], code = 'BAD_USER_INPUT'): void {
  expect(response.status).toBe(200);
  expect(response.body.errors).toBeUndefined();
  const payload = response.body.data.userUpsert;
  expect(payload.user).toBeNull();
  const distinct = [...new Map(payload.userErrors.map((error: AnyBody) => [JSON.stringify(error.field), error])).values()];
  expectUserErrorsAt({ userErrors: distinct }, fields, code);
  for (const error of payload.userErrors) expect(error).toEqual({ field: expect.any(Array), message: expect.stringMatching(new RegExp(`^${error.field.at(-1)} \\S`)), code });
}

// ---------------------------------------------------------------------------------------------
// query users
// ---------------------------------------------------------------------------------------------

describe('query users', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });
  let users: AnyBody[];

  beforeAll(async () => {
    const specs: [string, string, string, string[], number][] = [
      ['Delta', 'Zulu', 'delta@acme.example', ['CONTENT_EDITOR'], 1],
      ['ann', 'Young', 'ann@acme.example', ['CAMPAIGN_MANAGER'], 1],
      ['Carl', 'Xavier', 'carl@STUDIO.example', ['CAMPAIGN_MANAGER', 'CONTENT_EDITOR'], 0],
      ['Bea', 'Young', 'bea@studio.example', ['CONTENT_EDITOR'], 1],
      ['Ed', 'Annis', 'ed@studio.example', ['CONTENT_EDITOR'], 0],
    ];
    users = [];
    for (const [firstName, lastName, email, roleTypes, active] of specs) {
      users.push(await createUser(ws, minimalInput(email, { firstName, lastName, roles: roleTypes.map((roleType) => ({ roleType })), active })));
    }
    // Touch the first user so UPDATED_AT order differs from CREATED_AT order.
    await untilClockMoves();
    users[0] = await createUser(ws, minimalInput(users[0].email, { id: users[0].id, firstName: 'Delta', lastName: 'Zulu', staffTitle: 'Touched' }));
    // Noise the connection must never show: another workspace's user and a deleted one.
    await createUser(other, minimalInput('ann@other.example', { firstName: 'Ann' }));
    const gone = await createUser(ws, minimalInput(freshEmail('gone'), { firstName: 'Ann Gone' }));
    await deleteUser(ws, gone.id);
  });

  const ids = (nodes: AnyBody[]) => nodes.map((node) => node.id);
  const idsOf = (...indexes: number[]) => indexes.map((index) => users[index].id);

  async function listIds(variables: Record<string, unknown>, workspace = ws): Promise<string[]> {
    const response = await workspace.api.graphql(LIST, variables);
    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    return ids(response.body.data.users.nodes);
  }

  /** Follows `after` from the first page to the last, `first` at a time. */
  async function walk(first: number, variables: Record<string, unknown> = {}): Promise<{ walked: string[]; pages: AnyBody[] }> {
    const { ids: walked, pages } = await walkConnection(async (after) => {
      const response = await ws.api.graphql(LIST, { ...variables, first, ...(after ? { after } : {}) });
      expect(response.body.errors).toBeUndefined();
      return response.body.data.users;
    }, 20);
    return { walked, pages };
  }

  /** The order the database gives: the sort column, then id, in one direction. */
  async function databaseOrder(column: string, direction: string): Promise<string[]> {
    const rows: { id: number }[] = await app.dataSource.query(
      `SELECT id FROM organisation_users WHERE organisation_id = $1 AND deleted_at IS NULL ORDER BY ${column} ${direction}, id ${direction}`,
      [ws.organisationId],
    );
    return rows.map((row) => gid('User', row.id));
  }

  it('returns a Relay connection of the workspace’s live users, by id by default', async () => {
    const response = await ws.api.graphql(LIST);

    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    const connection = response.body.data.users;
    expect(connection.nodes).toEqual(users);
    expect(connection.edges.map((edge: AnyBody) => edge.node)).toEqual(users);
    for (const edge of connection.edges) {
      expect(typeof edge.cursor).toBe('string');
      expect(edge.cursor.length).toBeGreaterThan(0);
      expectUserNode(edge.node);
    }
    expect(connection.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: false, startCursor: connection.edges[0].cursor, endCursor: connection.edges.at(-1).cursor });
  });

  it('never lists another workspace’s users', async () => {
    expect(await listIds({ filter: { search: 'ann' } })).toEqual(idsOf(1, 4));
    expect((await other.api.graphql(LIST)).body.data.users.nodes.map((node: AnyBody) => node.email)).toEqual(['ann@other.example']);
  });

  it('walks every user with first/after, without duplicates or gaps', async () => {
    const { walked, pages } = await walk(2);

    expect(walked).toEqual(idsOf(0, 1, 2, 3, 4));
    expect(pages.map((page) => page.nodes.length)).toEqual([2, 2, 1]);
    expect(pages.map((page) => page.pageInfo.hasNextPage)).toEqual([true, true, false]);
    expect(pages.map((page) => page.pageInfo.hasPreviousPage)).toEqual([false, true, true]);
  });

  it.each([
    ['ID', 'ASC', 'id'],
    ['ID', 'DESC', 'id'],
    ['LAST_NAME', 'ASC', 'last_name'],
    ['LAST_NAME', 'DESC', 'last_name'],
    ['CREATED_AT', 'ASC', 'created_at'],
    ['CREATED_AT', 'DESC', 'created_at'],
    ['UPDATED_AT', 'ASC', 'updated_at'],
    ['UPDATED_AT', 'DESC', 'updated_at'],
  ])('orders by %s %s and walks that order page by page', async (field, direction, column) => {
    const whole = await listIds({ orderBy: { field, direction } });
    const { walked } = await walk(2, { orderBy: { field, direction } });

    expect(whole).toEqual(await databaseOrder(column, direction));
    expect([...whole].sort()).toEqual([...idsOf(0, 1, 2, 3, 4)].sort());
    expect(walked).toEqual(whole);
  });

  it('breaks ties in LAST_NAME order by id, in the same direction', async () => {
    const asc = await listIds({ orderBy: { field: 'LAST_NAME', direction: 'ASC' } });
    const desc = await listIds({ orderBy: { field: 'LAST_NAME', direction: 'DESC' } });

    const youngs = (list: string[]) => list.filter((id) => idsOf(1, 3).includes(id));
    expect(youngs(asc)).toEqual(idsOf(1, 3));
    expect(youngs(desc)).toEqual(idsOf(3, 1));
  });

  it('puts a just-updated user last in UPDATED_AT order', async () => {
    expect((await listIds({ orderBy: { field: 'UPDATED_AT' } })).at(-1)).toBe(users[0].id);
  });

  it.each([
    ['a first name', 'BEA', [3]],
    ['a last name', 'young', [1, 3]],
    ['the full name', 'Bea Young', [3]],
    ['a part of the e-mail', '@studio', [2, 3, 4]],
    ['either name', 'ann', [1, 4]],
  ])('filters by search on %s, case-insensitively', async (_case, search, expected) => {
    expect(await listIds({ filter: { search } })).toEqual(idsOf(...expected));
  });

  it('filters by roleType and active, alone and together', async () => {
    expect(await listIds({ filter: { roleType: 'CAMPAIGN_MANAGER' } })).toEqual(idsOf(1, 2));
    expect(await listIds({ filter: { roleType: 'CONTENT_EDITOR' } })).toEqual(idsOf(0, 2, 3, 4));
    expect(await listIds({ filter: { active: 0 } })).toEqual(idsOf(2, 4));
    expect(await listIds({ filter: { active: 1, roleType: 'CONTENT_EDITOR', search: 'studio' } })).toEqual(idsOf(3));
  });

  it('walks a filtered list without leaving the filter', async () => {
    const { walked } = await walk(1, { filter: { roleType: 'CONTENT_EDITOR' } });

    expect(walked).toEqual(idsOf(0, 2, 3, 4));
  });

  it('returns an empty connection when nothing matches', async () => {
    const response = await ws.api.graphql(LIST, { filter: { search: 'nobody at all' } });

    expect(response.body.data.users).toEqual({ edges: [], nodes: [], pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null } });
  });

  it('treats first, after, filter and orderBy given as null as not given', async () => {
    expect(await listIds({ first: null, after: null, filter: null, orderBy: null })).toEqual(idsOf(0, 1, 2, 3, 4));
  });

  it.each(['search', 'roleType', 'active'])('treats the filter field %s given as null as not given', async (field) => {
    expect(await listIds({ filter: { [field]: null } })).toEqual(idsOf(0, 1, 2, 3, 4));
  });

  it('shows the users REST /v2 lists, field for field', async () => {
    const rest = await ws.api.get(`${USERS_PATH}?per_page=100`);
    const graph = (await ws.api.graphql(LIST)).body.data.users.nodes;

    expect(rest.body.data.users.data.map((record: AnyBody) => gid('User', record.id))).toEqual(ids(graph));
    rest.body.data.users.data.forEach((record: AnyBody, index: number) => {
      const node = graph[index];
      expect(record).toMatchObject({
        first_name: node.firstName,
        last_name: node.lastName,
        email: node.email,
        idp_id: node.idpId,
        idp_alt_id: node.idpAltId,
        staff_title: node.staffTitle,
        contact_number: node.contactNumber,
        active: node.active,
        custom_fields: node.customFields,
        roles: node.roles.map((role: AnyBody) => ({ name: role.name, role_type: role.roleType === 'CAMPAIGN_MANAGER' ? 1 : 2 })),
        created_at: node.createdAt,
        updated_at: node.updatedAt,
      });
    });
  });

  it.each([0, 101, -1])('refuses first: %d with BAD_USER_INPUT', async (first) => {
    const response = await ws.api.graphql(LIST, { first });

    expectGraphQLError(response.body, 'BAD_USER_INPUT');
    expect(response.body.data).toBeNull();
  });

  it.each([
    ['garbage', 'not-a-cursor'],
    ['a cursor of another order', craftCursor(['lastName', 'Young', 1])],
    ['a cursor with a bad id', craftCursor(['id', 1, 'x'])],
  ])('refuses a bad cursor (%s) with BAD_USER_INPUT', async (_case, after) => {
    const response = await ws.api.graphql(LIST, { after });

    expectGraphQLError(response.body, 'BAD_USER_INPUT');
    expect(response.body.data).toBeNull();
  });

  it.each([
    ['active 2', { active: 2 }],
    ['a search over 255 characters', { search: 'x'.repeat(256) }],
  ])('refuses a filter with %s with BAD_USER_INPUT', async (_case, filter) => {
    const response = await ws.api.graphql(LIST, { filter });

    expectGraphQLError(response.body, 'BAD_USER_INPUT');
    expect(response.body.data).toBeNull();
  });

  it('refuses an unknown roleType or order field at the schema', async () => {
    expectCoercionError(await ws.api.graphql(LIST, { filter: { roleType: 'ADMIN' } }));
    expectCoercionError(await ws.api.graphql(LIST, { filter: { roleType: 1 } }));
    expectCoercionError(await ws.api.graphql(LIST, { orderBy: { field: 'EMAIL' } }));
  });
});

// ---------------------------------------------------------------------------------------------
// query user
// ---------------------------------------------------------------------------------------------

describe('query user', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });
  let user: AnyBody;
  let foreign: AnyBody;

  beforeAll(async () => {
    user = await createUser(ws, fullInput(freshEmail('detail')));
    foreign = await createUser(other, fullInput(freshEmail('foreign')));
  });

  it('returns the user with every field', async () => {
    const response = await getUser(ws, user.id);

    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    const node = response.body.data.user;
    expectUserNode(node);
    const { roles: _roles, ...input } = fullInput(user.email);
    expect(node).toEqual({
      ...input,
      id: user.id,
      roles: roles('CAMPAIGN_MANAGER', 'CONTENT_EDITOR'),
      emailVerifiedAt: null,
      notification: '1',
      emailNotification: '1',
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    });
  });

  it('shows the same user as REST /v2', async () => {
    const node = (await getUser(ws, user.id)).body.data.user;
    const record = await restUser(ws, user.id);

    expect(record).toEqual({
      id: dbId(node.id),
      first_name: node.firstName,
      last_name: node.lastName,
      email: node.email,
      idp_id: node.idpId,
      email_verified_at: node.emailVerifiedAt,
      contact_number: node.contactNumber,
      staff_title: node.staffTitle,
      organization_code: ws.organizationCode,
      notification: node.notification,
      photo: node.photo,
      active: node.active,
      is_deleted: 0,
      emailNotification: node.emailNotification,
      updated_at: node.updatedAt,
      idp_alt_id: node.idpAltId,
      custom_fields: node.customFields,
      roles: [
        { name: 'Campaign Manager', role_type: 1 },
        { name: 'Content Editor', role_type: 2 },
      ],
      created_at: node.createdAt,
    });
  });

  it('answers NOT_FOUND for an id that names no user', async () => {
    const response = await getUser(ws, UNKNOWN_ID);

    expect(response.status).toBe(200);
    expectGraphQLError(response.body, 'NOT_FOUND');
    expect(response.body.errors[0].message).toBe('User not found');
    expect(response.body.errors[0].path).toEqual(['user']);
    expect(response.body.data).toEqual({ user: null });
  });

  it('takes the bare database id of a user as its global id, and answers a global id naming no user as an unknown bare id', async () => {
    expect((await getUser(ws, String(dbId(user.id)))).body.data.user).toEqual(user);
    expect((await getUser(ws, gid('User', UNKNOWN_ID))).body).toEqual((await getUser(ws, UNKNOWN_ID)).body);
  });

  it('answers NOT_FOUND for another workspace’s user, exactly as for an unknown one', async () => {
    const foreignResponse = await getUser(ws, foreign.id);

    expect(foreignResponse.body).toEqual((await getUser(ws, UNKNOWN_ID)).body);
    expect((await getUser(other, foreign.id)).body.data.user).toEqual(foreign);
  });

  it.each(UNMATCHED_DIGIT_IDS)('answers NOT_FOUND for the digits "%s", which name no user', async (id) => {
    expect((await getUser(ws, id)).body).toEqual((await getUser(ws, UNKNOWN_ID)).body);
  });

  it.each(MALFORMED_IDS)('refuses the malformed id "%s" with a top-level BAD_USER_INPUT on id', async (id) => {
    expectIdRefused(await getUser(ws, id), 'user', 'id', /User/);
  });

  it('refuses a global id of another type with BAD_USER_INPUT on id, even when its database id is a user’s', async () => {
    const response = await getUser(ws, gid('Campaign', dbId(user.id)));

    expectIdRefused(response, 'user', 'id', /User/);
    expect(response.body.errors[0].extensions.fieldErrors.id[0]).toContain('Campaign');
  });
});

// ---------------------------------------------------------------------------------------------
// mutation userUpsert
// ---------------------------------------------------------------------------------------------

describe('mutation userUpsert', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });
  let foreign: AnyBody;

  beforeAll(async () => {
    foreign = await createUser(other, fullInput(freshEmail('foreign')));
  });

  /** The required fields of `user` as an update input, so only `changes` differ. */
  function sameAs(user: AnyBody, changes: Record<string, unknown> = {}): Record<string, unknown> {
    return { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, roles: user.roles.map((role: AnyBody) => ({ roleType: role.roleType })), ...changes };
  }

  describe('without id: create', () => {
    it('creates the user and returns it with no userErrors', async () => {
      const email = freshEmail('grace');

      const response = await upsert(ws, fullInput(email));

      expect(response.status).toBe(200);
      expect(response.body.errors).toBeUndefined();
      const payload = response.body.data.userUpsert;
      expect(payload.userErrors).toEqual([]);
      expectUserNode(payload.user);
      const { roles: _roles, ...input } = fullInput(email);
      expect(payload.user).toEqual({
        ...input,
        id: expect.stringMatching(USER_GID),
        roles: roles('CAMPAIGN_MANAGER', 'CONTENT_EDITOR'),
        emailVerifiedAt: null,
        notification: '1',
        emailNotification: '1',
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      });
      expect(await userRow(payload.user.id)).toMatchObject({ organisation_id: ws.organisationId, email, email_key: email, role_types: [1, 2], is_deleted: 0, deleted_at: null });
      expect((await getUser(ws, payload.user.id)).body.data.user).toEqual(payload.user);
    });

    it('needs only email, names and roles: the rest take their defaults', async () => {
      const user = await createUser(ws, minimalInput(freshEmail('minimal')));

      expect(user).toMatchObject({ idpId: null, idpAltId: null, contactNumber: '', staffTitle: null, photo: '', active: 1, customFields: {}, roles: roles('CONTENT_EDITOR') });
    });

    it('collapses repeated roles', async () => {
      const user = await createUser(ws, minimalInput(freshEmail(), { roles: [{ roleType: 'CONTENT_EDITOR' }, { roleType: 'CONTENT_EDITOR' }] }));

      expect(user.roles).toEqual(roles('CONTENT_EDITOR'));
    });

    it('treats id: null as no id and creates a user', async () => {
      const email = freshEmail('null-id');

      const response = await upsert(ws, minimalInput(email, { id: null }));

      expect(response.body.data.userUpsert.userErrors).toEqual([]);
      expect(response.body.data.userUpsert.user).toMatchObject({ email });
    });

    it('writes one user_created event carrying the v2 record', async () => {
      const user = (await upsert(ws, fullInput(freshEmail('evented')), { 'x-request-id': 'gql-create-user-1' })).body.data.userUpsert.user;

      const events = await userEvents(user.id);

      expect(events).toEqual([
        {
          organisation_id: ws.organisationId,
          event_type: 'user_created',
          resource_type: 'user',
          resource_id: dbId(user.id),
          payload: { user: await restUser(ws, user.id) },
          request_id: 'gql-create-user-1',
        },
      ]);
    });

    it('refuses an e-mail another user of the workspace has, whatever its case, and creates nothing', async () => {
      const email = freshEmail('taken');
      await createUser(ws, minimalInput(email));
      const before = await state();

      const response = await upsert(ws, minimalInput(email.toUpperCase()));

      expectRefusedUpsert(response, [['input', 'email']]);
      expect(response.body.data.userUpsert.userErrors[0].message).toBe('email is already the e-mail address of another user of this workspace');
      expect(await state()).toEqual(before);
    });

    it('accepts an e-mail that a user of another workspace has, and that of a deleted user', async () => {
      const gone = await createUser(ws, minimalInput(freshEmail('gone')));
      await deleteUser(ws, gone.id);

      const shared = await createUser(ws, minimalInput(foreign.email));
      const reused = await createUser(ws, minimalInput(gone.email));

      expect(shared.email).toBe(foreign.email);
      expect(reused.id).not.toBe(gone.id);
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['email not an address', { email: 'not-an-email' }, 'email'],
      ['email too long', { email: `${'e'.repeat(250)}@example.com` }, 'email'],
      ['firstName empty', { firstName: '' }, 'firstName'],
      ['firstName blank', { firstName: '   ' }, 'firstName'],
      ['lastName too long', { lastName: 'l'.repeat(101) }, 'lastName'],
      ['roles empty', { roles: [] }, 'roles'],
      ['roles with more than four entries', { roles: Array.from({ length: 5 }, () => ({ roleType: 'CONTENT_EDITOR' })) }, 'roles'],
      ['customFields over 16 KB', { customFields: { big: 'x'.repeat(16 * 1024) } }, 'customFields'],
      ['idpId too long', { idpId: 'i'.repeat(256) }, 'idpId'],
      ['idpAltId too long', { idpAltId: 'i'.repeat(256) }, 'idpAltId'],
      ['contactNumber null', { contactNumber: null }, 'contactNumber'],
      ['contactNumber too long', { contactNumber: '1'.repeat(51) }, 'contactNumber'],
      ['staffTitle too long', { staffTitle: 's'.repeat(101) }, 'staffTitle'],
      ['photo not a URL', { photo: 'my face' }, 'photo'],
      ['photo null', { photo: null }, 'photo'],
      ['active 2', { active: 2 }, 'active'],
      ['active null', { active: null }, 'active'],
      ['id 0', { id: '0' }, 'id'],
    ])('refuses %s with a BAD_USER_INPUT userError and creates nothing', async (_case, overrides, field) => {
      const before = await state();

      const response = await upsert(ws, minimalInput(freshEmail(), overrides));

      expectRefusedUpsert(response, [['input', field]]);
      expect(await state()).toEqual(before);
    });

    it.each(MALFORMED_IDS)('refuses the malformed input.id "%s" with a top-level BAD_USER_INPUT on input.id, and creates nothing', async (id) => {
      const before = await state();

      expectIdRefused(await upsert(ws, minimalInput(freshEmail(), { id })), 'userUpsert', 'input.id', /User/);
      expect(await state()).toEqual(before);
    });

    it('reports every broken field at once', async () => {
      const before = await state();

      const response = await upsert(ws, { email: 'nope', firstName: ' ', lastName: 'Lee', roles: [], photo: 'nope', active: 5 });

      expect(response.body.data.userUpsert.user).toBeNull();
      expect(response.body.data.userUpsert.userErrors.map((error: AnyBody) => error.field)).toEqual(
        expect.arrayContaining([
          ['input', 'email'],
          ['input', 'firstName'],
          ['input', 'roles'],
          ['input', 'photo'],
          ['input', 'active'],
        ]),
      );
      expect(response.body.data.userUpsert.userErrors).toHaveLength(5);
      expect(await state()).toEqual(before);
    });

    it.each<[string, Record<string, unknown>]>([
      ['without email', { email: undefined }],
      ['without roles', { roles: undefined }],
      ['with email null', { email: null }],
      ['with an unknown roleType', { roles: [{ roleType: 'ADMIN' }] }],
      ['with roleType as a number', { roles: [{ roleType: 1 }] }],
      ['with customFields an array', { customFields: ['a'] }],
      ['with a field the input does not have', { password: 'hunter2' }],
    ])('refuses an input %s at the schema, and creates nothing', async (_case, overrides) => {
      const before = await state();

      expectCoercionError(await upsert(ws, minimalInput(freshEmail(), overrides)));
      expect(await state()).toEqual(before);
    });
  });

  describe('with id: update', () => {
    it('updates that user and returns it', async () => {
      const user = await createUser(ws, fullInput(freshEmail('full')));
      await untilClockMoves();
      const email = freshEmail('ada');

      const response = await upsert(ws, { id: user.id, email, firstName: 'Ada', lastName: 'Lovelace', roles: [{ roleType: 'CAMPAIGN_MANAGER' }], idpId: null });

      expect(response.body.errors).toBeUndefined();
      const payload = response.body.data.userUpsert;
      expect(payload.userErrors).toEqual([]);
      expectUserNode(payload.user);
      expect(payload.user).toEqual({
        ...user,
        email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        roles: roles('CAMPAIGN_MANAGER'),
        idpId: null,
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      });
      expect(Date.parse(payload.user.updatedAt)).toBeGreaterThan(Date.parse(user.updatedAt));
      expect((await getUser(ws, user.id)).body.data.user).toEqual(payload.user);
    });

    it('merges customFields: keys added or replaced, null removes; null or omitted leaves them', async () => {
      const user = await createUser(ws, minimalInput(freshEmail(), { customFields: { keep: 1, replace: 'old', drop: true } }));

      const merged = await upsert(ws, sameAs(user, { customFields: { replace: 'new', drop: null, added: { deep: [1] } } }));
      const unchangedByNull = await upsert(ws, sameAs(user, { customFields: null, firstName: 'Other' }));
      const unchangedByOmission = await upsert(ws, sameAs(user, { firstName: 'Third' }));

      const expected = { keep: 1, replace: 'new', added: { deep: [1] } };
      expect(merged.body.data.userUpsert.user.customFields).toEqual(expected);
      expect(unchangedByNull.body.data.userUpsert.user.customFields).toEqual(expected);
      expect(unchangedByOmission.body.data.userUpsert.user.customFields).toEqual(expected);
      expect((await userRow(user.id)).custom_fields).toEqual(expected);
    });

    it('replaces the roles', async () => {
      const user = await createUser(ws, minimalInput(freshEmail(), { roles: [{ roleType: 'CAMPAIGN_MANAGER' }] }));

      const response = await upsert(ws, sameAs(user, { roles: [{ roleType: 'CONTENT_EDITOR' }] }));

      expect(response.body.data.userUpsert.user.roles).toEqual(roles('CONTENT_EDITOR'));
      expect((await userRow(user.id)).role_types).toEqual([2]);
    });

    it('writes one user_updated event listing the changed fields in v2 spelling', async () => {
      const user = await createUser(ws, fullInput(freshEmail('evented')));

      await upsert(ws, sameAs(user, { firstName: 'Renamed', lastName: user.lastName, staffTitle: 'Editor' }), { 'x-request-id': 'gql-update-user-1' });

      const events = await userEvents(user.id);
      expect(events.map((event) => event.event_type)).toEqual(['user_created', 'user_updated']);
      expect(events[1]).toMatchObject({ organisation_id: ws.organisationId, resource_type: 'user', resource_id: dbId(user.id), request_id: 'gql-update-user-1' });
      expect(events[1].payload.user).toEqual(await restUser(ws, user.id));
      expect([...events[1].payload.changed_fields].sort()).toEqual(['staff_title', 'user_first_name']);
    });

    it('changes nothing and records no event when nothing changes', async () => {
      const user = await createUser(ws, fullInput(freshEmail('steady')));
      const before = await state();

      const response = await upsert(ws, sameAs(user, { customFields: { department: 'Editorial' }, active: 1, photo: user.photo }));

      expect(response.body.data.userUpsert).toEqual({ user, userErrors: [] });
      expect(await state()).toEqual(before);
    });

    it('refuses another user’s e-mail with a BAD_USER_INPUT userError on email, and changes nothing', async () => {
      const taken = await createUser(ws);
      const user = await createUser(ws);
      const before = await state();

      const response = await upsert(ws, sameAs(user, { email: taken.email.toUpperCase() }));

      expectRefusedUpsert(response, [['input', 'email']]);
      expect(await state()).toEqual(before);
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['firstName blank', { firstName: ' ' }, 'firstName'],
      ['roles empty', { roles: [] }, 'roles'],
      ['photo not a URL', { photo: 'face' }, 'photo'],
      ['active 7', { active: 7 }, 'active'],
    ])('refuses %s with a BAD_USER_INPUT userError and changes nothing', async (_case, changes, field) => {
      const user = await createUser(ws);
      const before = await state();

      const response = await upsert(ws, sameAs(user, changes));

      expectRefusedUpsert(response, [['input', field]]);
      expect(await state()).toEqual(before);
    });

    it('answers a NOT_FOUND userError on ["input", "id"] for an unknown id, and changes nothing', async () => {
      const before = await state();

      const response = await upsert(ws, minimalInput(freshEmail(), { id: UNKNOWN_ID }));

      expect(response.status).toBe(200);
      expect(response.body.errors).toBeUndefined();
      expect(response.body.data.userUpsert).toEqual({ user: null, userErrors: [{ field: ['input', 'id'], message: 'User not found', code: 'NOT_FOUND' }] });
      expect(await state()).toEqual(before);
    });

    it('answers a user’s global id naming no user exactly as the unknown bare id', async () => {
      const before = await state();
      const email = freshEmail();

      const response = await upsert(ws, minimalInput(email, { id: gid('User', UNKNOWN_ID) }));

      expect(response.body).toEqual((await upsert(ws, minimalInput(email, { id: UNKNOWN_ID }))).body);
      expect(await state()).toEqual(before);
    });

    it('takes a user’s bare database id as its global id', async () => {
      const user = await createUser(ws);

      const response = await upsert(ws, sameAs(user, { id: String(dbId(user.id)), firstName: 'Bare' }));

      expect(response.body.data.userUpsert).toEqual({ user: { ...user, firstName: 'Bare', updatedAt: expect.stringMatching(ISO_TIMESTAMP) }, userErrors: [] });
    });

    it('refuses a global id of another type naming an existing user’s database id with a top-level BAD_USER_INPUT on input.id, and changes nothing', async () => {
      const user = await createUser(ws);
      const before = await state();

      const response = await upsert(ws, sameAs(user, { id: gid('Member', dbId(user.id)), firstName: 'Retyped' }));

      expectIdRefused(response, 'userUpsert', 'input.id', /User/);
      expect(response.body.errors[0].extensions.fieldErrors['input.id'][0]).toContain('Member');
      expect(await state()).toEqual(before);
      expect((await getUser(ws, user.id)).body.data.user).toEqual(user);
    });

    it('answers another workspace’s user exactly as an unknown id, and leaves it alone', async () => {
      const before = await state();

      const foreignResponse = await upsert(ws, sameAs(foreign, { firstName: 'Hijacked' }));
      const unknownResponse = await upsert(ws, sameAs(foreign, { id: UNKNOWN_ID, firstName: 'Hijacked' }));

      expect(foreignResponse.body.data.userUpsert.userErrors[0].code).toBe('NOT_FOUND');
      expect(foreignResponse.body).toEqual(unknownResponse.body);
      expect(await state()).toEqual(before);
      expect((await getUser(other, foreign.id)).body.data.user).toEqual(foreign);
    });

    it('answers a NOT_FOUND userError for a deleted user, and does not revive it', async () => {
      const gone = await createUser(ws);
      await deleteUser(ws, gone.id);
      const before = await state();

      const response = await upsert(ws, sameAs(gone, { firstName: 'Revived' }));

      expect(response.body.data.userUpsert).toEqual({ user: null, userErrors: [{ field: ['input', 'id'], message: 'User not found', code: 'NOT_FOUND' }] });
      expect(await state()).toEqual(before);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// mutation userDelete
// ---------------------------------------------------------------------------------------------

describe('mutation userDelete', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });
  let foreign: AnyBody;

  beforeAll(async () => {
    foreign = await createUser(other);
  });

  it('soft-deletes the user and returns its id', async () => {
    const user = await createUser(ws, fullInput(freshEmail('doomed')));
    const bystander = await createUser(ws);

    const response = await ws.api.graphql(DELETE, { id: user.id });

    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.userDelete).toEqual({ deletedUserId: user.id, userErrors: [] });
    const row = await userRow(user.id);
    expect(row).toMatchObject({ is_deleted: 1, email: user.email, first_name: 'Grace' });
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect((await getUser(ws, bystander.id)).body.data.user).toEqual(bystander);
  });

  it('writes one user_deleted event', async () => {
    const user = await createUser(ws);

    await ws.api.graphql(DELETE, { id: user.id }, { 'x-request-id': 'gql-delete-user-1' });

    const events = await userEvents(user.id);
    expect(events.map((event) => event.event_type)).toEqual(['user_created', 'user_deleted']);
    expect(events[1]).toMatchObject({
      organisation_id: ws.organisationId,
      resource_type: 'user',
      resource_id: dbId(user.id),
      request_id: 'gql-delete-user-1',
      payload: { user: expect.objectContaining({ id: dbId(user.id), email: user.email, is_deleted: 1 }) },
    });
  });

  it('answers a NOT_FOUND userError for a user already deleted, and records nothing more', async () => {
    const user = await createUser(ws);
    await deleteUser(ws, user.id);
    const before = await state();

    const response = await ws.api.graphql(DELETE, { id: user.id });

    expect(response.body.data.userDelete).toEqual({ deletedUserId: null, userErrors: [{ field: ['id'], message: 'User not found', code: 'NOT_FOUND' }] });
    expect(await state()).toEqual(before);
  });

  it.each([UNKNOWN_ID, gid('User', UNKNOWN_ID), ...UNMATCHED_DIGIT_IDS])('answers a NOT_FOUND userError on ["id"] for the id "%s", and deletes nothing', async (id) => {
    const before = await state();

    const response = await ws.api.graphql(DELETE, { id });

    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.userDelete).toEqual({ deletedUserId: null, userErrors: [{ field: ['id'], message: 'User not found', code: 'NOT_FOUND' }] });
    expect(await state()).toEqual(before);
  });

  it.each(MALFORMED_IDS)('refuses the malformed id "%s" with a top-level BAD_USER_INPUT on id, and deletes nothing', async (id) => {
    const before = await state();

    expectIdRefused(await ws.api.graphql(DELETE, { id }), 'userDelete', 'id', /User/);
    expect(await state()).toEqual(before);
  });

  it('refuses a global id of another type naming an existing user’s database id with BAD_USER_INPUT on id, and deletes nothing', async () => {
    const user = await createUser(ws);
    const before = await state();

    const response = await ws.api.graphql(DELETE, { id: gid('Phase', dbId(user.id)) });

    expectIdRefused(response, 'userDelete', 'id', /User/);
    expect(response.body.errors[0].extensions.fieldErrors.id[0]).toContain('Phase');
    expect(await state()).toEqual(before);
    expect((await getUser(ws, user.id)).body.data.user).toEqual(user);
  });

  it('deletes the user its bare database id names', async () => {
    const user = await createUser(ws);

    const response = await ws.api.graphql(DELETE, { id: String(dbId(user.id)) });

    // The payload names the deleted user by its global id, whatever form the argument took.
    expect(response.body.data.userDelete).toEqual({ deletedUserId: user.id, userErrors: [] });
    expect((await userRow(user.id)).is_deleted).toBe(1);
  });

  it('answers another workspace’s user exactly as an unknown id, and leaves it alone', async () => {
    const before = await state();

    const foreignResponse = await ws.api.graphql(DELETE, { id: foreign.id });

    expect(foreignResponse.body).toEqual((await ws.api.graphql(DELETE, { id: UNKNOWN_ID })).body);
    expect(await state()).toEqual(before);
    expect((await getUser(other, foreign.id)).body.data.user).toEqual(foreign);
  });
});

// ---------------------------------------------------------------------------------------------
// A deleted user is gone from every read, Content.editor included
// ---------------------------------------------------------------------------------------------

describe('a deleted user', () => {
  const { ws } = workspacesForBlock(app);
  let editor: AnyBody;
  let contentId: number;

  beforeAll(async () => {
    editor = await createUser(ws, fullInput(freshEmail('editor')));
    const campaignId = await createCampaign(ws, await createAccount(ws, 'Acme'));
    const [phaseId] = await createPhases(ws, campaignId, ['Phase one']);
    contentId = await createContent(ws, campaignId, phaseId, 'Edited piece');
    const update = await ws.api.put(`/v2/contents/${contentId}`, { content_editor_id: dbId(editor.id) });
    expect(update.status).toBe(200);
  });

  it('is a content piece’s editor while it lives', async () => {
    const response = await ws.api.graphql(CONTENT_EDITOR, { id: String(contentId) });

    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.content).toEqual({ id: gid('Content', contentId), contentEditorId: editor.id, editor });
  });

  it('once deleted, is gone from users, user and Content.editor', async () => {
    await deleteUser(ws, editor.id);

    const list = await ws.api.graphql(LIST, { filter: { search: editor.email } });
    const all = await ws.api.graphql(LIST);
    const one = await getUser(ws, editor.id);
    const content = await ws.api.graphql(CONTENT_EDITOR, { id: String(contentId) });

    expect(list.body.data.users.nodes).toEqual([]);
    expect(all.body.data.users.nodes.map((node: AnyBody) => node.id)).not.toContain(editor.id);
    expectGraphQLError(one.body, 'NOT_FOUND');
    expect(one.body.data).toEqual({ user: null });
    expect(content.body.errors).toBeUndefined();
    expect(content.body.data.content.editor).toBeNull();
  });
});
