import { Field, ObjectType } from 'type-graphql';
import { resourceTypes } from '../graphql/resource-types';
import { OrganisationUser } from './organisation-user.entity';
import { RoleType } from './role-type';
import { organisationUserList } from './organisation-user.list';
import type { NodeSource } from '../graphql/node-resolver';
import { loadEach } from '../graphql/loader-kit';

@ObjectType('UserRole', { simpleResolvers: true, description: 'A role a user holds.' })
export class UserRoleType {
  @Field({ description: 'Name of the role: "Campaign Manager" or "Content Editor".' }) name!: string;
  @Field(() => RoleType, { description: 'The role (v2 `role_type`, the integer in parentheses on each value).' }) roleType!: RoleType;
}

export const { Connection: UserConnection, ListArgs: UserListArgs, Payload: UserPayload, DeletePayload: UserDeletePayload } = resourceTypes('User', OrganisationUser, organisationUserList);
export type UserPayload = InstanceType<typeof UserPayload>;
export type UserDeletePayload = InstanceType<typeof UserDeletePayload>;

export const userNode: NodeSource = { typeName: 'User', objectType: OrganisationUser, scope: 'users:read', idKind: 'integer', load: ({ loaders }, ids) => loadEach(loaders.userById, ids) };
