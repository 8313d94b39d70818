import { allRows, rowById } from '../support/database-state';
import { createCampaignThroughService, contextOf, createMember } from '../support/fixtures';
import { dbId, gid, notAnIdOf, idOfAnotherType } from '../support/global-ids';
import { workspaceEvents } from '../support/outbox';
import { walkConnection, expectIdRefused, expectGraphQLError } from '../support/graphql';
import { type AnyBody, type Workspace } from '../support/test-app';
import { untilClockMoves } from '../support/expectations';
import { appForFile, workspacesForBlock } from '../support/file-app';

/**
 * GraphQL advertiser accounts: the same behaviours as REST /v2 (spec §2.4, §4.3, §7) in GraphQL
 * terms: Relay connections, global ids, NOT_FOUND errors, userErrors for refused mutations. Through
 * real HTTP against the real database; every refusal is checked to have changed nothing.
 */

const { app } = appForFile({ ws: null });

const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
/** A bare database id naming nothing: still taken as an account's id during the transition to global ids. */
const UNKNOWN_ID = '2000000000';
/** The same id in the global form. */
const UNKNOWN_GID = gid('AdvertiserAccount', UNKNOWN_ID);
const ACCOUNT_GID = /^gid:\/\/partner-api\/AdvertiserAccount\/[1-9]\d*$/;
const MEMBER_GID = /^gid:\/\/partner-api\/Member\/[1-9]\d*$/;
/** Ids that are neither a global id nor a bare database id: refused before anything runs. */
const MALFORMED_IDS = ['abc', '-1', '1.5', '', 'gid://partner-api/AdvertiserAccount/abc'];
const NOT_A_MEMBER = 'primaryContactId does not name a member of this advertiser account';
const NULL_ON_CREATE = 'primaryContactId must be null when the account is created: add members, then name one of them';

/** The new relation fields, selected apart from AccountFields (whose keys the tests check one by one). */
const WITH_MEMBERS = `
  query WithMembers($id: ID!) {
    advertiserAccount(id: $id) {
      id primaryContactId
      primaryContact { id email advertiserAccountId }
      members { id email advertiserAccountId }
    }
  }
`;

const LIST_WITH_MEMBERS = `
  query ListWithMembers($filter: AdvertiserAccountFilter) {
    advertiserAccounts(first: 100, filter: $filter) {
      nodes { id name primaryContact { id } members { id } }
    }
  }
`;

const MEMBER = `query Member($id: ID!) { member(id: $id) { id } }`;

const ACCOUNT_FIELDS = `
  fragment AccountFields on AdvertiserAccount {
    id databaseId name status deactivationReason type logo primaryContactId
    country state city zipCode address1 address2 createdAt updatedAt
  }
`;

const LIST = `
  query List($first: Int, $after: String, $filter: AdvertiserAccountFilter, $orderBy: [AdvertiserAccountOrder!]) {
    advertiserAccounts(first: $first, after: $after, filter: $filter, orderBy: $orderBy) {
      edges { cursor node { ...AccountFields } }
      nodes { ...AccountFields }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    }
  }
  ${ACCOUNT_FIELDS}
`;

const GET = `
  query Get($id: ID!) { advertiserAccount(id: $id) { ...AccountFields } }
  ${ACCOUNT_FIELDS}
`;

const CREATE = `
  mutation Create($input: AdvertiserAccountInput!) {
    advertiserAccountCreate(input: $input) {
      advertiserAccount { ...AccountFields }
      userErrors { field message code }
    }
  }
  ${ACCOUNT_FIELDS}
`;

const UPDATE = `
  mutation Update($id: ID!, $input: AdvertiserAccountInput!) {
    advertiserAccountUpdate(id: $id, input: $input) {
      advertiserAccount { ...AccountFields }
      userErrors { field message code }
    }
  }
  ${ACCOUNT_FIELDS}
`;

const DELETE = `
  mutation Delete($id: ID!) {
    advertiserAccountDelete(id: $id) {
      deletedAdvertiserAccountId
      userErrors { field message code }
    }
  }
`;

/** An input with every field set. */
function validInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Acme Foods',
    status: 'ACTIVE',
    deactivationReason: null,
    type: 'AGENCY',
    logo: 'https://cdn.example.com/acme.png',
    // A new account has no members yet, so it has no primary contact: members come first.
    primaryContactId: null,
    country: 'United Kingdom',
    state: 'England',
    city: 'London',
    zipCode: 'EC1A 1BB',
    address1: '1 High Street',
    address2: 'Floor 2',
    ...overrides,
  };
}

/** Every field of the node has its schema type. */
function expectAccountNode(node: AnyBody): void {
  expect(Object.keys(node).sort()).toEqual(
    ['address1', 'address2', 'city', 'country', 'createdAt', 'databaseId', 'deactivationReason', 'id', 'logo', 'name', 'primaryContactId', 'state', 'status', 'type', 'updatedAt', 'zipCode'],
  );
  expect(node.id).toMatch(ACCOUNT_GID);
  expect(node.databaseId).toBe(dbId(node.id));
  expect(typeof node.name).toBe('string');
  expect(['ACTIVE', 'INACTIVE']).toContain(node.status);
  expect(node.deactivationReason === null || typeof node.deactivationReason === 'string').toBe(true);
  expect(['BRAND', 'AGENCY']).toContain(node.type);
  expect(node.logo === null || typeof node.logo === 'string').toBe(true);
  expect(node.primaryContactId === null || MEMBER_GID.test(node.primaryContactId)).toBe(true);
  for (const field of ['country', 'state', 'address1', 'address2']) expect(typeof node[field]).toBe('string');
  for (const field of ['city', 'zipCode']) expect(node[field] === null || typeof node[field] === 'string').toBe(true);
  expect(node.createdAt).toMatch(ISO_8601);
  expect(node.updatedAt).toMatch(ISO_8601);
}

async function createAccount(ws: Workspace, overrides: Record<string, unknown> = {}): Promise<AnyBody> {
  const response = await ws.api.graphql(CREATE, { input: validInput(overrides) });
  expect(response.status).toBe(200);
  expect(response.body.data.advertiserAccountCreate.userErrors).toEqual([]);
  return response.body.data.advertiserAccountCreate.advertiserAccount;
}

/** The row of the account with this global id. */
async function accountRow(id: string): Promise<AnyBody> {
  return rowById(app, 'advertiser_accounts', dbId(id));
}

async function outboxEvents(ws: Workspace): Promise<AnyBody[]> {
  return workspaceEvents(app, ws);
}

/** Every advertiser account and member row (every workspace, deleted ones too) and every outbox event. */
async function databaseState(): Promise<{ accounts: AnyBody[]; members: AnyBody[]; outbox: AnyBody[] }> {
  return { accounts: await allRows(app, 'advertiser_accounts'), members: await allRows(app, 'advertiser_account_members'), outbox: await allRows(app, 'outbox_events') };
}

let memberEmails = 0;

/**
 * A member of the account (given by its global id) made through REST, with an e-mail address no
 * other member of this file has; returns the member's global id.
 */
async function addMember(ws: Workspace, accountId: string): Promise<string> {
  memberEmails += 1;
  return gid('Member', await createMember(ws, dbId(accountId), `gql-member-${memberEmails}@example.com`));
}

/** Names a member (by its global id) as the account's primary contact; returns the account as updated. */
async function setPrimaryContact(ws: Workspace, accountId: string, memberId: string): Promise<AnyBody> {
  const response = await ws.api.graphql(UPDATE, { id: accountId, input: { primaryContactId: memberId } });
  expect(response.body.data.advertiserAccountUpdate.userErrors).toEqual([]);
  return response.body.data.advertiserAccountUpdate.advertiserAccount;
}

/** A campaign of the account (given by its global id) made through the service, which speaks database ids. */
function createCampaignFor(ws: Workspace, accountId: string): Promise<number> {
  return createCampaignThroughService(app, ws, dbId(accountId));
}

/** Deletes a member (given by its global id) through REST /v2. */
async function deleteMemberThroughRest(ws: Workspace, memberId: string): Promise<void> {
  expect((await ws.api.delete(`/v2/members/${dbId(memberId)}`)).status).toBe(200);
}

/** Follows `after` from the first page to the last, `first` at a time. */
async function walk(ws: Workspace, first: number, variables: Record<string, unknown> = {}): Promise<{ ids: string[]; pages: AnyBody[] }> {
  return walkConnection(async (after) => {
    const response = await ws.api.graphql(LIST, { ...variables, first, ...(after ? { after } : {}) });
    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    return response.body.data.advertiserAccounts;
  });
}

describe('query advertiserAccounts', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });
  let accounts: AnyBody[];

  beforeAll(async () => {
    accounts = [];
    for (const [name, status] of [
      ['Delta', 'ACTIVE'],
      ['alpha', 'INACTIVE'],
      ['Charlie Acme', 'ACTIVE'],
      ['Bravo', 'ACTIVE'],
      ['Acme Echo', 'INACTIVE'],
      ['Bravo', 'INACTIVE'],
      ['Foxtrot', 'ACTIVE'],
    ]) {
      accounts.push(await createAccount(ws, { name, status, deactivationReason: status === 'INACTIVE' ? 'Paused' : null }));
    }
    await createAccount(other, { name: 'Acme of another workspace' });
  });

  const ids = (list: AnyBody[]) => list.map((account) => account.id);

  it('returns a Relay connection of the workspace accounts, by id by default', async () => {
    const response = await ws.api.graphql(LIST);

    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    const connection = response.body.data.advertiserAccounts;
    expect(connection.nodes).toEqual(accounts);
    expect(connection.edges.map((edge: AnyBody) => edge.node)).toEqual(accounts);
    for (const edge of connection.edges) {
      expect(typeof edge.cursor).toBe('string');
      expect(edge.cursor.length).toBeGreaterThan(0);
      expectAccountNode(edge.node);
    }
    expect(connection.pageInfo).toEqual({
      hasNextPage: false,
      hasPreviousPage: false,
      startCursor: connection.edges[0].cursor,
      endCursor: connection.edges.at(-1).cursor,
    });
  });

  it('never lists another workspace’s accounts', async () => {
    const theirs = await other.api.graphql(LIST);

    expect(theirs.body.data.advertiserAccounts.nodes.map((node: AnyBody) => node.name)).toEqual(['Acme of another workspace']);
  });

  it('walks every account with first/after, without duplicates or gaps', async () => {
    const { ids: walked, pages } = await walk(ws, 3);

    expect(walked).toEqual(ids(accounts));
    expect(pages.map((page) => page.nodes.length)).toEqual([3, 3, 1]);
    expect(pages.map((page) => page.pageInfo.hasNextPage)).toEqual([true, true, false]);
    expect(pages.map((page) => page.pageInfo.hasPreviousPage)).toEqual([false, true, true]);
    for (const page of pages) {
      expect(page.pageInfo.startCursor).toBe(page.edges[0].cursor);
      expect(page.pageInfo.endCursor).toBe(page.edges.at(-1).cursor);
    }
  });

  it('continues after the cursor of any edge', async () => {
    const all = await ws.api.graphql(LIST);
    const thirdCursor = all.body.data.advertiserAccounts.edges[2].cursor;

    const rest = await ws.api.graphql(LIST, { after: thirdCursor, first: 2 });

    expect(rest.body.data.advertiserAccounts.nodes).toEqual(accounts.slice(3, 5));
    expect(rest.body.data.advertiserAccounts.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
  });

  /** The order the database itself gives: the sort column, then id, in one direction. */
  async function databaseOrder(column: string, direction: string): Promise<string[]> {
    const rows: { id: number }[] = await app.dataSource.query(
      `SELECT id FROM advertiser_accounts WHERE organisation_id = $1 AND deleted_at IS NULL ORDER BY ${column} ${direction}, id ${direction}`,
      [ws.organisationId],
    );
    return rows.map((row) => gid('AdvertiserAccount', row.id));
  }

  it.each([
    ['ID', 'ASC', 'id'],
    ['ID', 'DESC', 'id'],
    ['NAME', 'ASC', 'name'],
    ['NAME', 'DESC', 'name'],
    ['CREATED_AT', 'ASC', 'created_at'],
    ['CREATED_AT', 'DESC', 'created_at'],
  ])('orders by %s %s and walks that order page by page', async (field, direction, column) => {
    const whole = await ws.api.graphql(LIST, { orderBy: { field, direction } });
    const { ids: walked } = await walk(ws, 2, { orderBy: { field, direction } });

    const nodes: AnyBody[] = whole.body.data.advertiserAccounts.nodes;
    expect(ids(nodes)).toEqual(await databaseOrder(column, direction));
    expect([...ids(nodes)].sort()).toEqual([...ids(accounts)].sort());
    expect(walked).toEqual(ids(nodes));
  });

  it('breaks ties in NAME order by id, in the same direction', async () => {
    const asc = await ws.api.graphql(LIST, { orderBy: { field: 'NAME', direction: 'ASC' } });
    const desc = await ws.api.graphql(LIST, { orderBy: { field: 'NAME', direction: 'DESC' } });

    const bravos = (list: AnyBody[]) => list.filter((node) => node.name === 'Bravo').map((node) => node.id);
    expect(bravos(asc.body.data.advertiserAccounts.nodes)).toEqual([accounts[3].id, accounts[5].id]);
    expect(bravos(desc.body.data.advertiserAccounts.nodes)).toEqual([accounts[5].id, accounts[3].id]);
  });

  it('sorts ascending when orderBy gives no direction', async () => {
    const implicit = await ws.api.graphql(LIST, { orderBy: { field: 'NAME' } });

    expect(ids(implicit.body.data.advertiserAccounts.nodes)).toEqual(await databaseOrder('name', 'ASC'));
  });

  it('orders by UPDATED_AT: a just-updated account comes last', async () => {
    const touched = accounts[1];
    const update = await ws.api.graphql(UPDATE, { id: touched.id, input: { address2: 'Touched' } });
    expect(update.body.data.advertiserAccountUpdate.userErrors).toEqual([]);

    const response = await ws.api.graphql(LIST, { orderBy: { field: 'UPDATED_AT', direction: 'ASC' } });
    const { ids: walked } = await walk(ws, 2, { orderBy: { field: 'UPDATED_AT', direction: 'ASC' } });

    const nodes: AnyBody[] = response.body.data.advertiserAccounts.nodes;
    expect(nodes.at(-1).id).toBe(touched.id);
    expect(walked).toEqual(ids(nodes));
    expect([...walked].sort()).toEqual(ids(accounts).sort());
    // later tests compare against the account as it now is
    accounts[1] = update.body.data.advertiserAccountUpdate.advertiserAccount;
  });

  it('filters by search, case-insensitively anywhere in the name', async () => {
    const response = await ws.api.graphql(LIST, { filter: { search: 'ACME' } });

    expect(response.body.data.advertiserAccounts.nodes.map((node: AnyBody) => node.name)).toEqual(['Charlie Acme', 'Acme Echo']);
  });

  it('filters by status, and by search and status together', async () => {
    const inactive = await ws.api.graphql(LIST, { filter: { status: 'INACTIVE' } });
    const inactiveAcme = await ws.api.graphql(LIST, { filter: { status: 'INACTIVE', search: 'acme' } });

    expect(inactive.body.data.advertiserAccounts.nodes.map((node: AnyBody) => node.name)).toEqual(['alpha', 'Acme Echo', 'Bravo']);
    expect(inactiveAcme.body.data.advertiserAccounts.nodes.map((node: AnyBody) => node.name)).toEqual(['Acme Echo']);
  });

  it('walks a filtered list without leaving the filter', async () => {
    const { ids: walked } = await walk(ws, 1, { filter: { status: 'ACTIVE' } });

    expect(walked).toEqual(ids(accounts.filter((account) => account.status === 'ACTIVE')));
  });

  it('returns an empty connection when nothing matches', async () => {
    const response = await ws.api.graphql(LIST, { filter: { search: 'nothing matches this' } });

    expect(response.body.data.advertiserAccounts).toEqual({
      edges: [],
      nodes: [],
      pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
    });
  });

  it('treats after: null (as Relay clients send for the first page) as no cursor', async () => {
    const response = await ws.api.graphql(LIST, { first: 3, after: null });

    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.advertiserAccounts.nodes).toEqual(accounts.slice(0, 3));
    expect(response.body.data.advertiserAccounts.pageInfo.hasPreviousPage).toBe(false);
  });

  it('treats first, filter and orderBy given as null as not given', async () => {
    const response = await ws.api.graphql(LIST, { first: null, after: null, filter: null, orderBy: null });

    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.advertiserAccounts.nodes).toEqual(accounts);
  });

  it('does not list deleted accounts', async () => {
    const doomed = await createAccount(ws, { name: 'Acme Doomed' });
    const deleted = await ws.api.graphql(DELETE, { id: doomed.id });
    expect(deleted.body.data.advertiserAccountDelete.userErrors).toEqual([]);

    const response = await ws.api.graphql(LIST, { filter: { search: 'acme' } });

    expect(response.body.data.advertiserAccounts.nodes.map((node: AnyBody) => node.name)).toEqual(['Charlie Acme', 'Acme Echo']);
  });

  it('accepts first: 100', async () => {
    const response = await ws.api.graphql(LIST, { first: 100 });

    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.advertiserAccounts.nodes).toHaveLength(accounts.length);
  });

  it.each([0, 101, -1])('refuses first: %d with BAD_USER_INPUT', async (first) => {
    const response = await ws.api.graphql(LIST, { first });

    expectGraphQLError(response.body, 'BAD_USER_INPUT');
    expect(response.body.data).toBeNull();
  });

  it.each([
    ['garbage', 'not-a-cursor'],
    ['base64 of something else', Buffer.from('{"id":1}').toString('base64url')],
    ['empty', ''],
  ])('refuses a bad cursor (%s) with BAD_USER_INPUT', async (_case, after) => {
    const response = await ws.api.graphql(LIST, { after });

    expectGraphQLError(response.body, 'BAD_USER_INPUT');
    expect(response.body.data).toBeNull();
  });

  it('refuses a cursor of another order with BAD_USER_INPUT', async () => {
    const byName = await ws.api.graphql(LIST, { first: 2, orderBy: { field: 'NAME', direction: 'ASC' } });

    const response = await ws.api.graphql(LIST, { after: byName.body.data.advertiserAccounts.pageInfo.endCursor });

    expectGraphQLError(response.body, 'BAD_USER_INPUT');
  });

  it('refuses a filter search longer than 255 characters with BAD_USER_INPUT', async () => {
    const response = await ws.api.graphql(LIST, { filter: { search: 'x'.repeat(256) } });

    expectGraphQLError(response.body, 'BAD_USER_INPUT');
  });

  it('refuses an unknown status in the filter', async () => {
    const response = await ws.api.graphql(LIST, { filter: { status: 'ARCHIVED' } });

    expect(response.status).toBe(400);
    expectGraphQLError(response.body, 'BAD_USER_INPUT');
  });
});

describe('query advertiserAccount', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });
  let account: AnyBody;
  let foreign: AnyBody;

  beforeAll(async () => {
    account = await createAccount(ws);
    foreign = await createAccount(other, { name: 'Not yours' });
  });

  it('returns the account with every field', async () => {
    const response = await ws.api.graphql(GET, { id: account.id });

    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    const node = response.body.data.advertiserAccount;
    expectAccountNode(node);
    expect(node).toEqual({ ...validInput(), id: account.id, databaseId: account.databaseId, createdAt: account.createdAt, updatedAt: account.updatedAt });
  });

  it('also reads the account by its bare database id (the transition from /v2 ids)', async () => {
    const response = await ws.api.graphql(GET, { id: String(dbId(account.id)) });

    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.advertiserAccount).toEqual(account);
  });

  it('shows the same account as REST /v2, whose id is databaseId', async () => {
    const graph = await ws.api.graphql(GET, { id: account.id });
    const rest = await ws.api.get(`/v2/advertiser-accounts/${dbId(account.id)}`);

    const node = graph.body.data.advertiserAccount;
    const record = rest.body.data.advertiser_account;
    expect(record).toMatchObject({
      id: node.databaseId,
      name: node.name,
      status: node.status.toLowerCase(),
      deactivation_reason: node.deactivationReason,
      type: node.type.toLowerCase(),
      logo: node.logo,
      primary_contact_id: node.primaryContactId === null ? null : dbId(node.primaryContactId),
      zip_code: node.zipCode,
      created_at: node.createdAt,
      updated_at: node.updatedAt,
    });
  });

  it('answers NOT_FOUND for an id that does not exist, global or bare alike', async () => {
    const response = await ws.api.graphql(GET, { id: UNKNOWN_GID });

    expect(response.status).toBe(200);
    expectGraphQLError(response.body, 'NOT_FOUND');
    expect(response.body.errors[0].path).toEqual(['advertiserAccount']);
    expect(response.body.data).toEqual({ advertiserAccount: null });
    expect((await ws.api.graphql(GET, { id: UNKNOWN_ID })).body).toEqual(response.body);
  });

  it('answers NOT_FOUND for another workspace’s account, exactly as for an id that does not exist', async () => {
    const foreignResponse = await ws.api.graphql(GET, { id: foreign.id });
    const unknownResponse = await ws.api.graphql(GET, { id: UNKNOWN_ID });

    expectGraphQLError(foreignResponse.body, 'NOT_FOUND');
    expect(foreignResponse.body.data).toEqual({ advertiserAccount: null });
    expect(foreignResponse.status).toBe(unknownResponse.status);
    expect(foreignResponse.body).toEqual(unknownResponse.body);
  });

  it.each(['0', '99999999999'])('answers NOT_FOUND for the bare database id "%s", which names no account, as for an unknown id', async (id) => {
    const response = await ws.api.graphql(GET, { id });

    expect(response.body).toEqual((await ws.api.graphql(GET, { id: UNKNOWN_ID })).body);
  });

  it.each(MALFORMED_IDS)('refuses the malformed id "%s" with a top-level BAD_USER_INPUT on id', async (id) => {
    const response = await ws.api.graphql(GET, { id });

    expectIdRefused(response, 'advertiserAccount', 'id', notAnIdOf('AdvertiserAccount'), { advertiserAccount: null });
  });

  it("refuses a global id of another type with a top-level BAD_USER_INPUT on id, even one whose database id is this account's", async () => {
    // A Member gid with the account's own database id: refused by its type, never looked up as an account.
    const response = await ws.api.graphql(GET, { id: gid('Member', dbId(account.id)) });

    expectIdRefused(response, 'advertiserAccount', 'id', idOfAnotherType('Member', 'AdvertiserAccount'), { advertiserAccount: null });
  });

  it('answers NOT_FOUND for a deleted account', async () => {
    const doomed = await createAccount(ws, { name: 'Doomed' });
    await ws.api.graphql(DELETE, { id: doomed.id });

    const response = await ws.api.graphql(GET, { id: doomed.id });

    expect(response.body).toEqual((await ws.api.graphql(GET, { id: UNKNOWN_ID })).body);
  });
});

describe('mutation advertiserAccountCreate', () => {
  const { ws } = workspacesForBlock(app);

  it('creates the account and returns it with no userErrors', async () => {
    const response = await ws.api.graphql(CREATE, { input: validInput() });

    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    const payload = response.body.data.advertiserAccountCreate;
    expect(payload.userErrors).toEqual([]);
    expectAccountNode(payload.advertiserAccount);
    expect(payload.advertiserAccount).toEqual({
      ...validInput(),
      id: expect.stringMatching(ACCOUNT_GID),
      databaseId: dbId(payload.advertiserAccount.id),
      createdAt: expect.stringMatching(ISO_8601),
      updatedAt: expect.stringMatching(ISO_8601),
    });
    expect(await accountRow(payload.advertiserAccount.id)).toMatchObject({
      organisation_id: ws.organisationId,
      name: 'Acme Foods',
      status: 'active',
      type: 'agency',
      primary_contact_id: null,
      zip_code: 'EC1A 1BB',
      is_deleted: 0,
      deleted_at: null,
    });
    expect((await ws.api.graphql(GET, { id: payload.advertiserAccount.id })).body.data.advertiserAccount).toEqual(payload.advertiserAccount);
  });

  it('needs only a name: the other fields take their defaults', async () => {
    const response = await ws.api.graphql(CREATE, { input: { name: 'Minimal' } });

    const payload = response.body.data.advertiserAccountCreate;
    expect(payload.userErrors).toEqual([]);
    expect(payload.advertiserAccount).toMatchObject({
      name: 'Minimal',
      status: 'ACTIVE',
      deactivationReason: null,
      type: 'BRAND',
      logo: null,
      primaryContactId: null,
      country: '',
      state: '',
      city: null,
      zipCode: null,
      address1: '',
      address2: '',
    });
  });

  it('writes one advertiser_account_created event in the outbox', async () => {
    const before = await outboxEvents(ws);

    const response = await ws.api.graphql(CREATE, { input: validInput({ name: 'Evented' }) }, { 'x-request-id': 'gql-create-advertiser-1' });

    const after = await outboxEvents(ws);
    const id = dbId(response.body.data.advertiserAccountCreate.advertiserAccount.id);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toEqual({
      organisation_id: ws.organisationId,
      event_type: 'advertiser_account_created',
      resource_type: 'advertiser_account',
      resource_id: id,
      payload: { advertiser_account: expect.objectContaining({ id, name: 'Evented', organization_code: ws.organizationCode, is_deleted: 0 }) },
      request_id: 'gql-create-advertiser-1',
      created_at: expect.any(Date),
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['name missing', { ...validInput(), name: undefined }, 'name'],
    ['name empty', validInput({ name: '' }), 'name'],
    ['name null', validInput({ name: null }), 'name'],
    ['name too long', validInput({ name: 'n'.repeat(256) }), 'name'],
    ['status null', validInput({ status: null }), 'status'],
    ['type null', validInput({ type: null }), 'type'],
    ['logo not a URL', validInput({ logo: 'acme logo' }), 'logo'],
    ['logo an ftp URL', validInput({ logo: 'ftp://cdn.example.com/acme.png' }), 'logo'],
    ['primaryContactId zero', validInput({ primaryContactId: 0 }), 'primaryContactId'],
    ['country null', validInput({ country: null }), 'country'],
    ['country too long', validInput({ country: 'c'.repeat(101) }), 'country'],
    ['state too long', validInput({ state: 's'.repeat(101) }), 'state'],
    ['city too long', validInput({ city: 'y'.repeat(101) }), 'city'],
    ['zipCode too long', validInput({ zipCode: 'z'.repeat(21) }), 'zipCode'],
    ['address1 too long', validInput({ address1: 'a'.repeat(256) }), 'address1'],
    ['address2 too long', validInput({ address2: 'b'.repeat(256) }), 'address2'],
    ['deactivationReason too long', validInput({ deactivationReason: 'r'.repeat(1001) }), 'deactivationReason'],
  ])('refuses %s with a BAD_USER_INPUT userError and creates nothing', async (_case, input, field) => {
    const before = await databaseState();

    const response = await ws.api.graphql(CREATE, { input });

    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    const payload = response.body.data.advertiserAccountCreate;
    expect(payload.advertiserAccount).toBeNull();
    expect(payload.userErrors).toEqual([{ field: ['input', field], message: expect.stringMatching(new RegExp(`^${field} `)), code: 'BAD_USER_INPUT' }]);
    expect(await databaseState()).toEqual(before);
  });

  it.each<[string, () => Promise<string | number>]>([
    ['an id that names nothing', async () => 1],
    ['the global id of a member of another account of the workspace', async () => addMember(ws, (await createAccount(ws, { name: 'Has a member' })).id)],
  ])('refuses a primaryContactId (%s) with a BAD_USER_INPUT userError: a new account has no members; creates nothing', async (_case, contact) => {
    const primaryContactId = await contact();
    const before = await databaseState();

    const response = await ws.api.graphql(CREATE, { input: validInput({ primaryContactId }) });

    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.advertiserAccountCreate).toEqual({
      advertiserAccount: null,
      userErrors: [{ field: ['input', 'primaryContactId'], message: NULL_ON_CREATE, code: 'BAD_USER_INPUT' }],
    });
    expect(await databaseState()).toEqual(before);
  });

  it.each<[string, unknown, string]>([
    ['negative', -3, notAnIdOf('Member')],
    ['not digits', 'abc', notAnIdOf('Member')],
    ['a global id of another type', gid('AdvertiserAccount', 1), idOfAnotherType('AdvertiserAccount', 'Member')],
  ])('refuses a primaryContactId %s with a top-level BAD_USER_INPUT on input.primaryContactId, and creates nothing', async (_case, primaryContactId, message) => {
    const before = await databaseState();

    const response = await ws.api.graphql(CREATE, { input: validInput({ primaryContactId }) });

    expectIdRefused(response, 'advertiserAccountCreate', 'input.primaryContactId', message, null);
    expect(await databaseState()).toEqual(before);
  });

  it('starts with no members and no primary contact', async () => {
    const account = await createAccount(ws, { name: 'Empty' });

    const response = await ws.api.graphql(WITH_MEMBERS, { id: account.id });

    expect(response.body).toEqual({ extensions: { cost: expect.any(Object) }, data: { advertiserAccount: { id: account.id, primaryContactId: null, primaryContact: null, members: [] } } });
  });

  it('says which rule was broken', async () => {
    const missing = await ws.api.graphql(CREATE, { input: { city: 'London' } });
    const logo = await ws.api.graphql(CREATE, { input: validInput({ logo: 'acme logo' }) });

    expect(missing.body.data.advertiserAccountCreate.userErrors).toEqual([{ field: ['input', 'name'], message: 'name is required', code: 'BAD_USER_INPUT' }]);
    expect(logo.body.data.advertiserAccountCreate.userErrors).toEqual([{ field: ['input', 'logo'], message: 'logo must be an http(s) URL', code: 'BAD_USER_INPUT' }]);
  });

  it('reports every invalid field at once', async () => {
    const before = await databaseState();

    const response = await ws.api.graphql(CREATE, { input: validInput({ logo: 'nope', primaryContactId: 0, zipCode: 'z'.repeat(21) }) });

    const payload = response.body.data.advertiserAccountCreate;
    expect(payload.advertiserAccount).toBeNull();
    expect(payload.userErrors.map((error: AnyBody) => error.field).sort()).toEqual([['input', 'logo'], ['input', 'primaryContactId'], ['input', 'zipCode']]);
    expect(payload.userErrors.every((error: AnyBody) => error.code === 'BAD_USER_INPUT')).toBe(true);
    expect(await databaseState()).toEqual(before);
  });

  it('reports a missing name together with the other broken rules', async () => {
    const before = await databaseState();

    const response = await ws.api.graphql(CREATE, { input: { logo: 'nope', primaryContactId: 0 } });

    const payload = response.body.data.advertiserAccountCreate;
    expect(payload.advertiserAccount).toBeNull();
    expect(payload.userErrors).toEqual([
      { field: ['input', 'name'], message: 'name is required', code: 'BAD_USER_INPUT' },
      { field: ['input', 'logo'], message: 'logo must be an http(s) URL', code: 'BAD_USER_INPUT' },
      { field: ['input', 'primaryContactId'], message: expect.stringMatching(/^primaryContactId /), code: 'BAD_USER_INPUT' },
    ]);
    expect(await databaseState()).toEqual(before);
  });

  it.each([
    ['status', 'ARCHIVED'],
    ['type', 'PERSON'],
    ['status', 'active'],
  ])('refuses %s %s at the schema and creates nothing', async (field, value) => {
    const before = await databaseState();

    const response = await ws.api.graphql(CREATE, { input: validInput({ [field]: value }) });

    expect(response.status).toBe(400);
    expectGraphQLError(response.body, 'BAD_USER_INPUT');
    expect(await databaseState()).toEqual(before);
  });

  it('refuses a field the input does not have, and creates nothing', async () => {
    const before = await databaseState();

    const response = await ws.api.graphql(CREATE, { input: validInput({ isDeleted: 1 }) });

    expect(response.status).toBe(400);
    expectGraphQLError(response.body, 'BAD_USER_INPUT');
    expect(await databaseState()).toEqual(before);
  });
});

describe('mutation advertiserAccountUpdate', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });
  let foreign: AnyBody;

  beforeAll(async () => {
    foreign = await createAccount(other, { name: 'Not yours' });
  });

  it('changes only the given fields and returns the whole account', async () => {
    const account = await createAccount(ws);
    await untilClockMoves();

    const response = await ws.api.graphql(UPDATE, { id: account.id, input: { status: 'INACTIVE', deactivationReason: 'Budget frozen' } });

    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    const payload = response.body.data.advertiserAccountUpdate;
    expect(payload.userErrors).toEqual([]);
    expectAccountNode(payload.advertiserAccount);
    expect(payload.advertiserAccount).toEqual({ ...account, status: 'INACTIVE', deactivationReason: 'Budget frozen', updatedAt: expect.stringMatching(ISO_8601) });
    expect(Date.parse(payload.advertiserAccount.updatedAt)).toBeGreaterThan(Date.parse(account.updatedAt));
    expect((await ws.api.graphql(GET, { id: account.id })).body.data.advertiserAccount).toEqual(payload.advertiserAccount);
  });

  it('clears nullable fields given as null', async () => {
    const created = await createAccount(ws);
    const account = await setPrimaryContact(ws, created.id, await addMember(ws, created.id));
    expect(account.primaryContactId).toEqual(expect.stringMatching(MEMBER_GID));

    const response = await ws.api.graphql(UPDATE, { id: account.id, input: { logo: null, primaryContactId: null, city: null, zipCode: null } });

    expect(response.body.data.advertiserAccountUpdate.advertiserAccount).toEqual({ ...account, logo: null, primaryContactId: null, city: null, zipCode: null, updatedAt: expect.any(String) });
  });

  it('writes one advertiser_account_updated event listing only the changed fields', async () => {
    const account = await createAccount(ws);
    const before = await outboxEvents(ws);

    await ws.api.graphql(UPDATE, { id: account.id, input: { name: 'Renamed', zipCode: '75001', city: 'London' } }, { 'x-request-id': 'gql-update-advertiser-1' });

    const after = await outboxEvents(ws);
    expect(after).toHaveLength(before.length + 1);
    const event = after.at(-1);
    expect(event).toMatchObject({
      organisation_id: ws.organisationId,
      event_type: 'advertiser_account_updated',
      resource_type: 'advertiser_account',
      resource_id: dbId(account.id),
      request_id: 'gql-update-advertiser-1',
    });
    expect(event.payload.advertiser_account).toMatchObject({ id: dbId(account.id), name: 'Renamed', zip_code: '75001', city: 'London' });
    expect([...event.payload.changed_fields].sort()).toEqual(['name', 'zip_code']);
  });

  it('writes no event when nothing changes', async () => {
    const account = await createAccount(ws);
    const before = await databaseState();

    const response = await ws.api.graphql(UPDATE, { id: account.id, input: { name: account.name } });

    expect(response.body.data.advertiserAccountUpdate).toEqual({ advertiserAccount: account, userErrors: [] });
    expect(await databaseState()).toEqual(before);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['name empty', { name: '' }, 'name'],
    ['name null', { name: null }, 'name'],
    ['name too long', { name: 'n'.repeat(256) }, 'name'],
    ['status null', { status: null }, 'status'],
    ['logo not an http(s) URL', { logo: 'mailto:logo@example.com' }, 'logo'],
    ['primaryContactId zero', { primaryContactId: 0 }, 'primaryContactId'],
    ['address1 null', { address1: null }, 'address1'],
    ['zipCode too long', { zipCode: 'z'.repeat(21) }, 'zipCode'],
  ])('refuses %s with a BAD_USER_INPUT userError and changes nothing', async (_case, input, field) => {
    const account = await createAccount(ws);
    const before = await databaseState();

    const response = await ws.api.graphql(UPDATE, { id: account.id, input });

    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.advertiserAccountUpdate).toEqual({
      advertiserAccount: null,
      userErrors: [{ field: ['input', field], message: expect.stringMatching(new RegExp(`^${field} `)), code: 'BAD_USER_INPUT' }],
    });
    expect(await databaseState()).toEqual(before);
  });

  describe('primaryContactId (a live member of this account)', () => {
    let account: AnyBody;
    let member: string;
    let deletedMember: string;
    let memberOfAnotherAccount: string;
    let foreignMember: string;

    beforeAll(async () => {
      account = await createAccount(ws, { name: 'With members' });
      member = await addMember(ws, account.id);
      deletedMember = await addMember(ws, account.id);
      await deleteMemberThroughRest(ws, deletedMember);
      memberOfAnotherAccount = await addMember(ws, (await createAccount(ws, { name: 'Sibling account' })).id);
      foreignMember = await addMember(other, foreign.id);
    });

    it('names a member of the account by its global id: primaryContactId and primaryContact show it', async () => {
      const response = await ws.api.graphql(UPDATE, { id: account.id, input: { primaryContactId: member } });

      expect(response.body.data.advertiserAccountUpdate).toEqual({
        advertiserAccount: { ...account, primaryContactId: member, updatedAt: expect.stringMatching(ISO_8601) },
        userErrors: [],
      });
      const read = await ws.api.graphql(WITH_MEMBERS, { id: account.id });
      expect(read.body.data.advertiserAccount).toMatchObject({
        primaryContactId: member,
        primaryContact: { id: member, advertiserAccountId: account.id },
      });
      account = response.body.data.advertiserAccountUpdate.advertiserAccount;
    });

    it('also takes the bare database id of a member of the account (the transition from /v2 ids)', async () => {
      // Cleared first, so that the bare id is a change and is checked (an unchanged contact is not re-judged).
      const cleared = await ws.api.graphql(UPDATE, { id: account.id, input: { primaryContactId: null } });
      expect(cleared.body.data.advertiserAccountUpdate.advertiserAccount.primaryContactId).toBeNull();

      const response = await ws.api.graphql(UPDATE, { id: account.id, input: { primaryContactId: String(dbId(member)) } });

      expect(response.body.data.advertiserAccountUpdate).toEqual({
        advertiserAccount: { ...account, primaryContactId: member, updatedAt: expect.stringMatching(ISO_8601) },
        userErrors: [],
      });
      account = response.body.data.advertiserAccountUpdate.advertiserAccount;
    });

    it.each<[string, () => string]>([
      ['a bare id that names nothing', () => UNKNOWN_ID],
      ['a global id that names nothing', () => gid('Member', UNKNOWN_ID)],
      ['a member of another account of the same workspace', () => memberOfAnotherAccount],
      ["a member of another workspace's account", () => foreignMember],
      ['a deleted member of the account', () => deletedMember],
    ])('refuses %s with a BAD_USER_INPUT userError on primaryContactId, and changes nothing', async (_case, contact) => {
      const before = await databaseState();

      const response = await ws.api.graphql(UPDATE, { id: account.id, input: { name: 'Would be renamed', primaryContactId: contact() } });

      expect(response.body.errors).toBeUndefined();
      expect(response.body.data.advertiserAccountUpdate).toEqual({
        advertiserAccount: null,
        userErrors: [{ field: ['input', 'primaryContactId'], message: NOT_A_MEMBER, code: 'BAD_USER_INPUT' }],
      });
      expect(await databaseState()).toEqual(before);
      expect((await ws.api.graphql(GET, { id: account.id })).body.data.advertiserAccount).toEqual(account);
    });

    it.each<[string, () => string, string]>([
      ['a malformed id', () => 'abc', notAnIdOf('Member')],
      // The member's own database id, in an AdvertiserAccount gid: refused by its type, not looked up.
      ['a global id of another type', () => gid('AdvertiserAccount', dbId(member)), idOfAnotherType('AdvertiserAccount', 'Member')],
    ])('refuses %s as primaryContactId with a top-level BAD_USER_INPUT on input.primaryContactId, and changes nothing', async (_case, contact, message) => {
      const before = await databaseState();

      const response = await ws.api.graphql(UPDATE, { id: account.id, input: { name: 'Would be renamed', primaryContactId: contact() } });

      expectIdRefused(response, 'advertiserAccountUpdate', 'input.primaryContactId', message, null);
      expect(await databaseState()).toEqual(before);
      expect((await ws.api.graphql(GET, { id: account.id })).body.data.advertiserAccount).toEqual(account);
    });

    it('does not re-judge an unchanged primary contact that no longer names a member', async () => {
      const legacy = await createAccount(ws, { name: 'Legacy contact' });
      const gone = await addMember(ws, legacy.id);
      await deleteMemberThroughRest(ws, gone);
      // A contact stored before the check existed, naming a member since deleted.
      await app.dataSource.query('UPDATE advertiser_accounts SET primary_contact_id = $1 WHERE id = $2', [dbId(gone), dbId(legacy.id)]);

      const response = await ws.api.graphql(UPDATE, { id: legacy.id, input: { name: 'Legacy, renamed', primaryContactId: gone } });

      expect(response.body.data.advertiserAccountUpdate.userErrors).toEqual([]);
      expect(response.body.data.advertiserAccountUpdate.advertiserAccount).toMatchObject({ name: 'Legacy, renamed', primaryContactId: gone });
    });
  });

  it('answers a NOT_FOUND userError for an id that does not exist, global or bare alike, and changes nothing', async () => {
    const before = await databaseState();

    const response = await ws.api.graphql(UPDATE, { id: UNKNOWN_GID, input: { name: 'Ghost' } });

    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.advertiserAccountUpdate).toEqual({
      advertiserAccount: null,
      userErrors: [{ field: ['id'], message: expect.any(String), code: 'NOT_FOUND' }],
    });
    expect((await ws.api.graphql(UPDATE, { id: UNKNOWN_ID, input: { name: 'Ghost' } })).body).toEqual(response.body);
    expect(await databaseState()).toEqual(before);
  });

  it('answers another workspace’s account exactly as an id that does not exist, and leaves it alone', async () => {
    const before = await databaseState();

    const foreignResponse = await ws.api.graphql(UPDATE, { id: foreign.id, input: { name: 'Hijacked' } });
    const unknownResponse = await ws.api.graphql(UPDATE, { id: UNKNOWN_ID, input: { name: 'Hijacked' } });

    expect(foreignResponse.body.data.advertiserAccountUpdate.userErrors[0].code).toBe('NOT_FOUND');
    expect(foreignResponse.body).toEqual(unknownResponse.body);
    expect(await databaseState()).toEqual(before);
    expect((await other.api.graphql(GET, { id: foreign.id })).body.data.advertiserAccount).toEqual(foreign);
  });

  it('answers a NOT_FOUND userError for a deleted account, as for an id that does not exist', async () => {
    const doomed = await createAccount(ws, { name: 'Doomed' });
    await ws.api.graphql(DELETE, { id: doomed.id });
    const unknownResponse = await ws.api.graphql(UPDATE, { id: UNKNOWN_ID, input: { name: 'Revived' } });
    const before = await databaseState();

    const deleted = await ws.api.graphql(UPDATE, { id: doomed.id, input: { name: 'Revived' } });

    expect(deleted.body).toEqual(unknownResponse.body);
    expect(await databaseState()).toEqual(before);
  });

  it('refuses malformed ids and a global id of another type with a top-level BAD_USER_INPUT on id, and changes nothing', async () => {
    const account = await createAccount(ws, { name: 'Untouched' });
    const before = await databaseState();

    for (const id of MALFORMED_IDS) {
      expectIdRefused(await ws.api.graphql(UPDATE, { id, input: { name: 'Renamed' } }), 'advertiserAccountUpdate', 'id', notAnIdOf('AdvertiserAccount'), null);
    }
    // A Member gid carrying the account's own database id: refused by its type, never looked up as an account.
    const otherType = await ws.api.graphql(UPDATE, { id: gid('Member', dbId(account.id)), input: { name: 'Renamed' } });

    expectIdRefused(otherType, 'advertiserAccountUpdate', 'id', idOfAnotherType('Member', 'AdvertiserAccount'), null);
    expect(await databaseState()).toEqual(before);
  });
});

describe('mutation advertiserAccountDelete', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });
  let foreign: AnyBody;

  beforeAll(async () => {
    foreign = await createAccount(other, { name: 'Not yours' });
  });

  it('soft-deletes the account and returns its global id', async () => {
    const account = await createAccount(ws);
    const bystander = await createAccount(ws, { name: 'Bystander' });

    const response = await ws.api.graphql(DELETE, { id: account.id });

    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.advertiserAccountDelete).toEqual({ deletedAdvertiserAccountId: account.id, userErrors: [] });
    const row = await accountRow(account.id);
    expect(row.is_deleted).toBe(1);
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect((await ws.api.graphql(GET, { id: bystander.id })).body.data.advertiserAccount).toEqual(bystander);
  });

  it('makes the account unreadable and a second delete NOT_FOUND', async () => {
    const account = await createAccount(ws);
    await ws.api.graphql(DELETE, { id: account.id });
    const before = await databaseState();

    const read = await ws.api.graphql(GET, { id: account.id });
    const again = await ws.api.graphql(DELETE, { id: account.id });

    expectGraphQLError(read.body, 'NOT_FOUND');
    expect(again.body.data.advertiserAccountDelete).toEqual({
      deletedAdvertiserAccountId: null,
      userErrors: [{ field: ['id'], message: expect.any(String), code: 'NOT_FOUND' }],
    });
    expect(await databaseState()).toEqual(before);
  });

  it('writes one advertiser_account_deleted event', async () => {
    const account = await createAccount(ws);
    const before = await outboxEvents(ws);

    await ws.api.graphql(DELETE, { id: account.id }, { 'x-request-id': 'gql-delete-advertiser-1' });

    const after = await outboxEvents(ws);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({
      organisation_id: ws.organisationId,
      event_type: 'advertiser_account_deleted',
      resource_type: 'advertiser_account',
      resource_id: dbId(account.id),
      request_id: 'gql-delete-advertiser-1',
      payload: { advertiser_account: expect.objectContaining({ id: dbId(account.id), is_deleted: 1, deleted_at: expect.stringMatching(ISO_8601) }), deleted: { members: [] } },
    });
  });

  it("deletes the account's members with it: they answer NOT_FOUND, and the event lists them under deleted.members", async () => {
    const account = await createAccount(ws, { name: 'With members' });
    const members = [await addMember(ws, account.id), await addMember(ws, account.id)];
    await setPrimaryContact(ws, account.id, members[0]);
    const bystander = await createAccount(ws, { name: 'Bystander' });
    const bystanderMember = await addMember(ws, bystander.id);

    const response = await ws.api.graphql(DELETE, { id: account.id });

    expect(response.body.data.advertiserAccountDelete).toEqual({ deletedAdvertiserAccountId: account.id, userErrors: [] });
    for (const member of members) {
      const read = await ws.api.graphql(MEMBER, { id: member });
      expect([member, read.body.data, read.body.errors?.[0]?.extensions.code]).toEqual([member, { member: null }, 'NOT_FOUND']);
      expect((await rowById(app, 'advertiser_account_members', dbId(member)))?.deleted_at).toBeInstanceOf(Date);
    }
    expect((await ws.api.graphql(MEMBER, { id: bystanderMember })).body.data).toEqual({ member: { id: bystanderMember } });
    const event = (await outboxEvents(ws)).at(-1);
    expect(event?.event_type).toBe('advertiser_account_deleted');
    // The event's payload speaks /v2: database ids.
    const deleted: number[] = event?.payload.deleted.members ?? [];
    expect([...deleted].sort((a, b) => a - b)).toEqual(members.map(dbId));
  });

  it('is refused with a BAD_USER_INPUT userError on id while a campaign references the account, and changes nothing', async () => {
    const account = await createAccount(ws);
    await createCampaignFor(ws, account.id);
    const before = await databaseState();

    const response = await ws.api.graphql(DELETE, { id: account.id });

    expect(response.status).toBe(200);
    expect(response.body.data.advertiserAccountDelete).toEqual({
      deletedAdvertiserAccountId: null,
      userErrors: [{ field: ['id'], message: expect.stringMatching(/^id /), code: 'BAD_USER_INPUT' }],
    });
    expect(await databaseState()).toEqual(before);
    expect((await ws.api.graphql(GET, { id: account.id })).body.data.advertiserAccount).toEqual(account);
  });

  it('is allowed once the referencing campaign is deleted', async () => {
    const account = await createAccount(ws);
    const campaignId = await createCampaignFor(ws, account.id);
    await app.services.campaigns.delete(contextOf(ws), campaignId);

    const response = await ws.api.graphql(DELETE, { id: account.id });

    expect(response.body.data.advertiserAccountDelete).toEqual({ deletedAdvertiserAccountId: account.id, userErrors: [] });
  });

  it('answers a NOT_FOUND userError for an id that does not exist, global or bare alike, and changes nothing', async () => {
    const before = await databaseState();

    const response = await ws.api.graphql(DELETE, { id: UNKNOWN_GID });

    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.advertiserAccountDelete).toEqual({
      deletedAdvertiserAccountId: null,
      userErrors: [{ field: ['id'], message: expect.any(String), code: 'NOT_FOUND' }],
    });
    expect((await ws.api.graphql(DELETE, { id: UNKNOWN_ID })).body).toEqual(response.body);
    expect(await databaseState()).toEqual(before);
  });

  it('refuses malformed ids and a global id of another type with a top-level BAD_USER_INPUT on id, and deletes nothing', async () => {
    const account = await createAccount(ws, { name: 'Survivor' });
    const before = await databaseState();

    for (const id of MALFORMED_IDS) {
      expectIdRefused(await ws.api.graphql(DELETE, { id }), 'advertiserAccountDelete', 'id', notAnIdOf('AdvertiserAccount'), null);
    }
    // A Member gid carrying the account's own database id: refused by its type, never looked up as an account.
    const otherType = await ws.api.graphql(DELETE, { id: gid('Member', dbId(account.id)) });

    expectIdRefused(otherType, 'advertiserAccountDelete', 'id', idOfAnotherType('Member', 'AdvertiserAccount'), null);
    expect(await databaseState()).toEqual(before);
    expect((await ws.api.graphql(GET, { id: account.id })).body.data.advertiserAccount).toEqual(account);
  });

  it('answers another workspace’s account exactly as an id that does not exist, and leaves it alone', async () => {
    const before = await databaseState();

    const foreignResponse = await ws.api.graphql(DELETE, { id: foreign.id });
    const unknownResponse = await ws.api.graphql(DELETE, { id: UNKNOWN_ID });

    expect(foreignResponse.body.data.advertiserAccountDelete.userErrors[0].code).toBe('NOT_FOUND');
    expect(foreignResponse.body).toEqual(unknownResponse.body);
    expect(await databaseState()).toEqual(before);
    expect((await other.api.graphql(GET, { id: foreign.id })).body.data.advertiserAccount).toEqual(foreign);
  });
});

describe('AdvertiserAccount.members and AdvertiserAccount.primaryContact', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });

  it("lists the account's live members by id, and shows the primary contact once named", async () => {
    const account = await createAccount(ws, { name: 'Team' });
    const first = await addMember(ws, account.id);
    const gone = await addMember(ws, account.id);
    const second = await addMember(ws, account.id);
    await deleteMemberThroughRest(ws, gone);

    const unnamed = await ws.api.graphql(WITH_MEMBERS, { id: account.id });
    await setPrimaryContact(ws, account.id, second);
    const named = await ws.api.graphql(WITH_MEMBERS, { id: account.id });

    expect(unnamed.body.errors).toBeUndefined();
    expect(unnamed.body.data.advertiserAccount).toEqual({
      id: account.id,
      primaryContactId: null,
      primaryContact: null,
      members: [
        { id: first, email: expect.stringMatching(/@example\.com$/), advertiserAccountId: account.id },
        { id: second, email: expect.stringMatching(/@example\.com$/), advertiserAccountId: account.id },
      ],
    });
    expect(named.body.data.advertiserAccount.primaryContact).toEqual(unnamed.body.data.advertiserAccount.members[1]);
  });

  it('shows no primary contact once the member is deleted', async () => {
    const account = await createAccount(ws, { name: 'Losing its contact' });
    const member = await addMember(ws, account.id);
    await setPrimaryContact(ws, account.id, member);

    await deleteMemberThroughRest(ws, member);

    const response = await ws.api.graphql(WITH_MEMBERS, { id: account.id });
    expect(response.body.data.advertiserAccount).toEqual({ id: account.id, primaryContactId: null, primaryContact: null, members: [] });
  });

  it('shows primaryContact null when a stored id names a deleted member or another workspace’s member', async () => {
    const account = await createAccount(ws, { name: 'Legacy contact' });
    const gone = await addMember(ws, account.id);
    await deleteMemberThroughRest(ws, gone);
    const theirAccount = await createAccount(other, { name: 'Not yours' });
    const theirMember = await addMember(other, theirAccount.id);

    for (const stored of [gone, theirMember]) {
      // Ids stored before the check existed.
      await app.dataSource.query('UPDATE advertiser_accounts SET primary_contact_id = $1 WHERE id = $2', [dbId(stored), dbId(account.id)]);
      const response = await ws.api.graphql(WITH_MEMBERS, { id: account.id });
      expect(response.body.errors).toBeUndefined();
      // The stored id is still written as a Member's global id, whatever it now names.
      expect(response.body.data.advertiserAccount).toEqual({ id: account.id, primaryContactId: stored, primaryContact: null, members: [] });
    }
  });

  it('gives each account of a list its own members and primary contact', async () => {
    const lister = await app.workspace();
    const a = await createAccount(lister, { name: 'Listed A' });
    const b = await createAccount(lister, { name: 'Listed B' });
    const c = await createAccount(lister, { name: 'Listed C' });
    const a1 = await addMember(lister, a.id);
    const b1 = await addMember(lister, b.id);
    const a2 = await addMember(lister, a.id);
    await setPrimaryContact(lister, b.id, b1);

    const response = await lister.api.graphql(LIST_WITH_MEMBERS);

    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.advertiserAccounts.nodes).toEqual([
      { id: a.id, name: 'Listed A', primaryContact: null, members: [{ id: a1 }, { id: a2 }] },
      { id: b.id, name: 'Listed B', primaryContact: { id: b1 }, members: [{ id: b1 }] },
      { id: c.id, name: 'Listed C', primaryContact: null, members: [] },
    ]);
  });
});
