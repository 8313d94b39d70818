import { allRows, rowById } from './database-state';
import type { AnyBody, ApiClient, ApiResponse, TestApp, Workspace } from './test-app';

/**
 * What the member tests (REST /v2 and GraphQL) share: record shapes, the stored password hash,
 * state snapshots, and a watch over every response and outbox event for anything derived from a
 * password.
 */

export const MEMBER_TABLE = 'advertiser_account_members';

/** The v2 member record's keys, in order: §2.5's create fields without the password, then id and timestamps. */
export const MEMBER_RECORD_KEYS = [
  'id',
  'advertiser_account_id',
  'email',
  'first_name',
  'last_name',
  'contact_number',
  'staff_title',
  'photo',
  'active',
  'deleted_at',
  'created_at',
  'updated_at',
];

/** The v2 advertiser account record (§2.4), field for field and in its order (the account tests check it too). */
export const ACCOUNT_RECORD_KEYS = [
  'id',
  'name',
  'organization_code',
  'status',
  'deactivation_reason',
  'is_deleted',
  'type',
  'logo',
  'primary_contact_id',
  'country',
  'state',
  'city',
  'zip_code',
  'address1',
  'address2',
  'deleted_at',
  'created_at',
  'updated_at',
];

/** §4.4 member detail: §2.4 without `organization_code`. */
export const DETAIL_ACCOUNT_RECORD_KEYS = ACCOUNT_RECORD_KEYS.filter((key) => key !== 'organization_code');

/** The GraphQL Member type's fields (no password, no hash, no deletedAt). */
export const MEMBER_TYPE_FIELDS = ['active', 'advertiserAccount', 'advertiserAccountId', 'contactNumber', 'createdAt', 'email', 'firstName', 'id', 'lastName', 'photo', 'staffTitle', 'updatedAt'];

/** The stored form: `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`, a 16-byte salt and a 32-byte key in base64url. */
export const STORED_HASH = /^scrypt\$15\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/;

/** The member row, deleted or not, `password_hash` included. */
export async function memberRow(app: TestApp, id: number | string): Promise<AnyBody> {
  return rowById(app, MEMBER_TABLE, id);
}

/** The stored password hash of a member. */
export async function storedHash(app: TestApp, id: number | string): Promise<string> {
  const row = await memberRow(app, id);
  expect(row).toBeDefined();
  return row.password_hash as string;
}

/** Every member, account and outbox row (every workspace, deleted ones too): "nothing changed" compares two of these. */
export async function membersState(app: TestApp): Promise<{ members: AnyBody[]; accounts: AnyBody[]; outbox: AnyBody[] }> {
  return {
    members: await allRows(app, MEMBER_TABLE),
    accounts: await allRows(app, 'advertiser_accounts'),
    outbox: await allRows(app, 'outbox_events'),
  };
}

/** Keys anywhere in a JSON value, except those of a refusal's field → messages map (a 422 names the field `password`). */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => [key, ...(key === 'errors' || key === 'fieldErrors' ? [] : keysOf(child))]);
}

/**
 * What of `secrets` appears in `value` (its JSON text), plus `scrypt$` when anything in the stored
 * format does, plus each record key naming a password or hash.
 */
export function leaksIn(value: unknown, secrets: Iterable<string>): string[] {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const found = [...secrets, 'scrypt$'].filter((secret) => text.includes(secret));
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = undefined;
    }
  }
  return [...found, ...keysOf(parsed).filter((key) => /password|hash/i.test(key)).map((key) => `key ${key}`)];
}

/**
 * Neither a password the tests sent, nor a stored hash (nor its salt or key), nor anything in the
 * stored format, nor a record key naming a password or hash appears anywhere in `value`.
 */
export function expectNoSecrets(value: unknown, secrets: Iterable<string>): void {
  expect(leaksIn(value, secrets)).toEqual([]);
}

/**
 * Remembers the passwords a test file sends and every response body its workspaces' clients
 * receive, so one check at the end can search all of them, and every outbox event, for anything
 * derived from a password.
 */
export class SecretWatch {
  private readonly passwords = new Set<string>();
  private readonly bodies: unknown[] = [];

  /** Registers a password the tests send; returns it. */
  password(value: string): string {
    this.passwords.add(value);
    return value;
  }

  /** The workspace with a client that records every response body. */
  watch(ws: Workspace): Workspace {
    const api = ws.api;
    const record = async <T>(sent: Promise<ApiResponse<T>>): Promise<ApiResponse<T>> => {
      const response = await sent;
      this.bodies.push(response.body);
      return response;
    };
    const watched: ApiClient = {
      get: (path, headers) => record(api.get(path, headers)),
      post: (path, body, headers) => record(api.post(path, body, headers)),
      put: (path, body, headers) => record(api.put(path, body, headers)),
      delete: (path, headers) => record(api.delete(path, headers)),
      graphql: (query, variables, headers) => record(api.graphql(query, variables, headers)),
    };
    return { ...ws, api: watched };
  }

  /** How many response bodies were recorded (to show the final check had something to search). */
  get recorded(): number {
    return this.bodies.length;
  }

  /** Searches every recorded response and every outbox event for the passwords and every stored hash, salt and key. */
  async expectNothingLeaked(app: TestApp): Promise<void> {
    const hashes: { password_hash: string }[] = await app.dataSource.query(`SELECT password_hash FROM ${MEMBER_TABLE}`);
    const secrets = [...this.passwords];
    for (const { password_hash: hash } of hashes) {
      const [, , , , salt, key] = hash.split('$');
      secrets.push(hash, salt, key);
    }
    const events: AnyBody[] = await allRows(app, 'outbox_events');
    const leaks = [
      ...this.bodies.map((body) => ({ where: 'response', text: JSON.stringify(body), found: leaksIn(body, secrets) })),
      ...events.map((event) => ({ where: `outbox event ${event.id}`, text: JSON.stringify(event.payload), found: leaksIn(event.payload, secrets) })),
    ].filter((leak) => leak.found.length > 0);
    expect(leaks.map(({ where, text, found }) => ({ where, found, text: text.slice(0, 400) }))).toEqual([]);
  }
}

/**
 * How GraphQL meets a value a member field rule refuses: its rules refuse it as REST's do, with a
 * userError on the field (`rules`); its types refuse it before anything runs, a 400 (`types`: a
 * JSON type the field's GraphQL type does not take, or a field MemberInput does not have); or its
 * id check does, a top-level BAD_USER_INPUT (`id`: member.resolver.test.ts's ACCOUNT_ID_REFUSALS).
 */
export type GraphQLRefusal = 'rules' | 'types' | 'id';

/** A value of a member input field that create and update refuse, on both faces (member.routes.test.ts, member.resolver.test.ts). */
export interface MemberFieldRule {
  /** The field as the service and GraphQL name it; REST /v2 names it in snake_case (v2FieldName). */
  field: string;
  /** What the value is, for the case's name. */
  is: string;
  value: unknown;
  /** The refusal's messages for the field, each without the field's name (each face puts its own spelling first). */
  messages: string[];
  graphql: GraphQLRefusal;
}

function rule(field: string, is: string, value: unknown, messages: string | string[], graphql: GraphQLRefusal = 'rules'): MemberFieldRule {
  return { field, is, value, messages: typeof messages === 'string' ? [messages] : messages, graphql };
}

const POSITIVE_ID = 'must be a positive integer id';
const NOT_A_STRING = 'must be a string';
const NOT_AN_EMAIL = 'must be a valid e-mail address';
const BLANK = 'must not be blank';
const NUL = 'must not contain NUL characters';
const NOT_A_PHOTO_URL = 'must be an http(s) URL or empty';
const NOT_ACTIVE = 'must be 0 or 1';
const NOT_A_FIELD = 'is not a field of this operation';
const atMost = (characters: number): string => `must be shorter than or equal to ${characters} characters`;

/** The field rules member create and update share, one table for both faces. */
export const MEMBER_FIELD_RULES: MemberFieldRule[] = [
  rule('advertiserAccountId', 'not digits', 'abc', POSITIVE_ID, 'id'),
  // GraphQL reads a bare "0" as a database id (the transition to global ids), then the id rule refuses it, as REST's does.
  rule('advertiserAccountId', '"0"', '0', POSITIVE_ID),
  rule('advertiserAccountId', 'negative', -1, POSITIVE_ID, 'id'),
  rule('advertiserAccountId', 'fractional', 1.5, POSITIVE_ID, 'types'),
  rule('advertiserAccountId', 'a boolean', true, POSITIVE_ID, 'types'),
  rule('advertiserAccountId', 'null', null, POSITIVE_ID),
  rule('advertiserAccountId', 'out of range', '99999999999', POSITIVE_ID),
  rule('email', 'not an address', 'not-an-email', NOT_AN_EMAIL),
  rule('email', 'empty', '', NOT_AN_EMAIL),
  rule('email', 'null', null, NOT_A_STRING),
  rule('email', 'a number', 42, NOT_A_STRING, 'types'),
  rule('email', 'over 254 characters', `${'a'.repeat(60)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`, ['must be at most 254 characters', NOT_AN_EMAIL]),
  rule('firstName', 'empty', '', BLANK),
  rule('firstName', 'blank', '   ', BLANK),
  rule('firstName', 'null', null, NOT_A_STRING),
  rule('firstName', 'over 100 characters', 'f'.repeat(101), atMost(100)),
  rule('firstName', 'with a NUL character', 'Ja\u0000ne', NUL),
  rule('lastName', 'empty', '', BLANK),
  rule('lastName', 'a number', 5, NOT_A_STRING, 'types'),
  rule('lastName', 'over 100 characters', 'l'.repeat(101), atMost(100)),
  rule('contactNumber', 'null', null, NOT_A_STRING),
  rule('contactNumber', 'a number', 447946, NOT_A_STRING, 'types'),
  rule('contactNumber', 'over 50 characters', '1'.repeat(51), atMost(50)),
  rule('staffTitle', 'null', null, NOT_A_STRING),
  rule('staffTitle', 'over 100 characters', 's'.repeat(101), atMost(100)),
  rule('photo', 'not a URL', 'jane.png', NOT_A_PHOTO_URL),
  rule('photo', 'an ftp URL', 'ftp://cdn.example.com/jane.png', NOT_A_PHOTO_URL),
  rule('photo', 'a javascript: URL', 'javascript:alert(1)', NOT_A_PHOTO_URL),
  rule('photo', 'null', null, NOT_A_STRING),
  rule('photo', 'over 2048 characters', `https://cdn.example.com/${'p'.repeat(2030)}.png`, atMost(2048)),
  rule('active', '2', 2, NOT_ACTIVE),
  rule('active', '-1', -1, NOT_ACTIVE),
  rule('active', '"1"', '1', NOT_ACTIVE, 'types'),
  rule('active', 'true', true, NOT_ACTIVE, 'types'),
  rule('active', 'null', null, NOT_ACTIVE),
  rule('password', 'of 7 characters', 'seven77', 'must be longer than or equal to 8 characters'),
  rule('password', 'empty', '', 'must be longer than or equal to 8 characters'),
  rule('password', 'of 129 characters', 'p'.repeat(129), atMost(128)),
  rule('password', 'null', null, NOT_A_STRING),
  rule('password', 'a number', 12345678, NOT_A_STRING, 'types'),
  rule('password', 'with a NUL character', 'pass\u0000word', NUL),
  rule('colour', '(an unknown field)', 'red', NOT_A_FIELD, 'types'),
  rule('passwordHash', '(not an input field)', 'scrypt$15$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', NOT_A_FIELD, 'types'),
  rule('organizationCode', '(not a member field)', 'someone-else', NOT_A_FIELD, 'types'),
];

/** A member input field's REST /v2 name: `firstName` → `first_name`. */
export function v2FieldName(field: string): string {
  return field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}
