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

/** §2.4, field for field and in its order. */
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
