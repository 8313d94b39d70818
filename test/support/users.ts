import { allRows } from './database-state';
import { ISO_TIMESTAMP } from './expectations';
import type { AnyBody, TestApp, Workspace } from './test-app';

/**
 * What the organisation-user tests (REST /v2 and GraphQL) share: the record shapes of spec §2.3,
 * a valid Upsert User body, and the database state a refused request must leave as it was.
 */

export const USERS_PATH = '/v2/organisation-users';

/** The v2 user record of lists, details and the delete response, in its order (§2.3, then the added fields). */
export const USER_RECORD_FIELDS = [
  'id',
  'first_name',
  'last_name',
  'email',
  'idp_id',
  'email_verified_at',
  'contact_number',
  'staff_title',
  'organization_code',
  'notification',
  'photo',
  'active',
  'is_deleted',
  'emailNotification',
  'updated_at',
  'idp_alt_id',
  'custom_fields',
  'roles',
  'created_at',
];

/** The record Upsert User answers with (§2.3), in its order. */
export const UPSERT_RECORD_FIELDS = ['user_id', 'user_first_name', 'user_last_name', 'user_email', 'custom_fields', 'idp_id', 'idp_alt_id', 'roles'];

/** role_type → name (§2.3). */
export const ROLE_NAMES: Record<number, string> = { 1: 'Campaign Manager', 2: 'Content Editor' };

/** The v2 `roles` of a user holding these role types. */
export function v2Roles(roleTypes: number[]): AnyBody[] {
  return roleTypes.map((role_type) => ({ name: ROLE_NAMES[role_type], role_type }));
}

/** Words that must never appear as a key of a user response. */
const SECRET_KEY = /password|hash|secret|token/i;

/** No key at any depth names a secret. */
export function expectNoSecretKeys(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) expectNoSecretKeys(item);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      expect(key).not.toMatch(SECRET_KEY);
      expectNoSecretKeys(child);
    }
  }
}

function isPlainObject(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `roles` as v2 shows them: a non-empty list of {name, role_type}, ascending, without repeats. */
export function expectV2Roles(roles: AnyBody): void {
  expect(Array.isArray(roles)).toBe(true);
  expect(roles.length).toBeGreaterThan(0);
  for (const role of roles) {
    expect(Object.keys(role)).toEqual(['name', 'role_type']);
    expect([1, 2]).toContain(role.role_type);
    expect(role.name).toBe(ROLE_NAMES[role.role_type]);
  }
  const types = roles.map((role: AnyBody) => role.role_type);
  expect(types).toEqual([...new Set(types)].sort());
}

/** Every field of a v2 user record, with its type; the record is a live user of `ws`. */
export function expectUserRecord(record: AnyBody, ws: Workspace): void {
  expect(Object.keys(record)).toEqual(USER_RECORD_FIELDS);
  expect(Number.isInteger(record.id)).toBe(true);
  expect(record.id).toBeGreaterThan(0);
  for (const field of ['first_name', 'last_name', 'email', 'contact_number', 'notification', 'photo', 'emailNotification']) expect(typeof record[field]).toBe('string');
  for (const field of ['idp_id', 'idp_alt_id', 'staff_title']) expect(record[field] === null || typeof record[field] === 'string').toBe(true);
  expect(record.email_verified_at === null || ISO_TIMESTAMP.test(record.email_verified_at)).toBe(true);
  expect(record.organization_code).toBe(ws.organizationCode);
  expect(['0', '1']).toContain(record.notification);
  expect(['0', '1']).toContain(record.emailNotification);
  expect([0, 1]).toContain(record.active);
  expect(record.is_deleted).toBe(0);
  expect(record.updated_at).toMatch(ISO_TIMESTAMP);
  expect(record.created_at).toMatch(ISO_TIMESTAMP);
  expect(isPlainObject(record.custom_fields)).toBe(true);
  expectV2Roles(record.roles);
  expectNoSecretKeys(record);
}

/** Every field of the Upsert User record, with its type. */
export function expectUpsertRecord(record: AnyBody): void {
  expect(Object.keys(record)).toEqual(UPSERT_RECORD_FIELDS);
  expect(Number.isInteger(record.user_id)).toBe(true);
  expect(record.user_id).toBeGreaterThan(0);
  for (const field of ['user_first_name', 'user_last_name', 'user_email']) expect(typeof record[field]).toBe('string');
  expect(record.user_email).toMatch(/^[^@\s]+@[^@\s]+$/);
  expect(isPlainObject(record.custom_fields)).toBe(true);
  for (const field of ['idp_id', 'idp_alt_id']) expect(record[field] === null || typeof record[field] === 'string').toBe(true);
  expectV2Roles(record.roles);
  expectNoSecretKeys(record);
}

/** A valid Upsert User body (required fields only), with overrides. */
export function userBody(email: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { user_email: email, user_first_name: 'Ann', user_last_name: 'Lee', roles: [{ role_type: 2 }], ...overrides };
}

/** An Upsert User body with every field set. */
export function fullUserBody(email: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    user_email: email,
    user_first_name: 'Grace',
    user_last_name: 'Hopper',
    roles: [{ role_type: 1 }, { role_type: 2 }],
    custom_fields: { department: 'Editorial', level: 3, tags: ['a', 'b'], nested: { on: true } },
    idp_id: 'auth0|grace',
    idp_alt_id: 'okta|00u1grace',
    contact_number: '+44 20 7946 0000',
    staff_title: 'Head of Content',
    photo: 'https://cdn.example.com/grace.png',
    active: 1,
    ...overrides,
  };
}

/** Every user row (every workspace, deleted ones too) and every outbox event: "nothing changed" compares two of these. */
export async function usersState(app: TestApp): Promise<{ users: AnyBody[]; outbox: AnyBody[] }> {
  return { users: await allRows(app, 'organisation_users'), outbox: await allRows(app, 'outbox_events') };
}
