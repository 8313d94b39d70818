import { arrayOf, type JsonSchema, objectOf } from '../common/json-schema';
import type { RequestContext } from '../common/request-context';
import { WireShape } from '../common/wire-shape';
import type { OrganisationUser } from './organisation-user.entity';
import { ROLE_NAMES, ROLE_TYPES, type RoleType } from './role-type';

export interface UserRole {
  name: string;
  roleType: RoleType;
}

export function rolesOf(user: OrganisationUser): UserRole[] {
  return user.roleTypes.map((roleType) => ({ name: ROLE_NAMES[roleType as RoleType], roleType: roleType as RoleType }));
}

function rolesToWire(value: unknown): unknown {
  return (value as number[]).map((roleType) => ({ name: ROLE_NAMES[roleType as RoleType], role_type: roleType }));
}

/** `roles` as `rolesToWire` writes it: the column holds bare integers, so the document cannot derive it. */
const ROLES_SCHEMA: JsonSchema = arrayOf({
  title: 'OrganisationUserRole',
  ...objectOf({ name: { type: 'string', enum: ROLE_TYPES.map((roleType) => ROLE_NAMES[roleType]) }, role_type: { type: 'integer', enum: [...ROLE_TYPES] } }),
});

/** A jsonb column says nothing of its shape; the service only ever stores an object here. */
const CUSTOM_FIELDS_SCHEMA: JsonSchema = { type: 'object' };

/**
 * The v2 user record of lists, details and the delete response (spec §2.3), in its order, then
 * what a partner also needs to manage users: the second identity-provider id, custom fields,
 * roles and the creation time.
 */
export const userWire = new WireShape([
  'id',
  'first_name',
  'last_name',
  'email',
  'idp_id',
  'email_verified_at',
  'contact_number',
  'staff_title',
  // From the request's workspace, not a column of the user.
  { wire: 'organization_code', schema: { type: 'string' } },
  'notification',
  'photo',
  'active',
  'is_deleted',
  { wire: 'emailNotification', prop: 'emailNotification' },
  'updated_at',
  'idp_alt_id',
  { wire: 'custom_fields', schema: CUSTOM_FIELDS_SCHEMA },
  { wire: 'roles', prop: 'roleTypes', toWire: rolesToWire, schema: ROLES_SCHEMA },
  'created_at',
]);

/** The record Upsert User returns (spec §2.3), field for field and in its order. */
export const userUpsertRecordWire = new WireShape([
  { wire: 'user_id', prop: 'id' },
  { wire: 'user_first_name', prop: 'firstName' },
  { wire: 'user_last_name', prop: 'lastName' },
  { wire: 'user_email', prop: 'email' },
  { wire: 'custom_fields', schema: CUSTOM_FIELDS_SCHEMA },
  'idp_id',
  'idp_alt_id',
  { wire: 'roles', prop: 'roleTypes', toWire: rolesToWire, schema: ROLES_SCHEMA },
]);

/** The Upsert User body (spec §4.2) plus the optional profile fields of the user record. */
export const userUpsertBodyWire = new WireShape([
  { wire: 'user_id', prop: 'id' },
  { wire: 'user_email', prop: 'email' },
  { wire: 'user_first_name', prop: 'firstName' },
  { wire: 'user_last_name', prop: 'lastName' },
  'roles',
  'custom_fields',
  'idp_id',
  'idp_alt_id',
  'contact_number',
  'staff_title',
  'photo',
  'active',
]);

/** One element of `roles` in an upsert body; an echoed `name` is ignored. */
export const roleBodyWire = new WireShape(['role_type', { wire: 'name', readOnly: true }]);

export function toUserRecord(user: OrganisationUser, ctx: RequestContext): Record<string, unknown> {
  return userWire.toRecord(user, { organization_code: ctx.organisationCode });
}

export function toUserUpsertRecord(user: OrganisationUser): Record<string, unknown> {
  return userUpsertRecordWire.toRecord(user);
}
