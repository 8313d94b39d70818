import { Field, ObjectType } from 'type-graphql';
import { ConnectionType } from '../graphql/connection';
import { listTypes } from '../graphql/lists/list-types';
import { DeletePayloadType, ResourcePayloadType } from '../graphql/payloads';
import { OrganisationUser } from './organisation-user.entity';
import { RoleType } from './role-type';
import { organisationUserList } from './organisation-user.list';
import type { NodeSource } from '../graphql/node-resolver';
import { loadEach } from '../graphql/loader-kit';

@ObjectType('UserRole', { description: 'A role a user holds.' })
export class UserRoleType {
  @Field({ description: 'Name of the role: "Campaign Manager" or "Content Editor".' }) name!: string;
  @Field(() => RoleType, { description: 'The role (v2 `role_type`, the integer in parentheses on each value).' }) roleType!: RoleType;
}

export const UserConnection = ConnectionType('User', OrganisationUser);
export const UserListArgs = listTypes(organisationUserList).args;

export const UserPayload = ResourcePayloadType('UserPayload', 'user', OrganisationUser);
export const UserDeletePayload = DeletePayloadType('UserDeletePayload', 'deletedUserId', 'User');
export type UserPayload = InstanceType<typeof UserPayload>;
export type UserDeletePayload = InstanceType<typeof UserDeletePayload>;

export const userNode: NodeSource = { typeName: 'User', objectType: OrganisationUser, scope: 'users:read', idKind: 'integer', load: ({ loaders }, ids) => loadEach(loaders.userById, ids) };
