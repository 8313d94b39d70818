import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { ConnectionType } from '../graphql/connection';
import { DeletePayloadType, OrderInputType, orderFieldEnumDescription, orderFieldValues, ResourcePayloadType } from '../graphql/payloads';
import { OrganisationUser } from './organisation-user.entity';
import { RoleType } from './role-type';

@ObjectType('UserRole', { description: 'A role a user holds.' })
export class UserRoleType {
  @Field({ description: 'Name of the role: "Campaign Manager" or "Content Editor".' }) name!: string;
  @Field(() => RoleType, { description: 'The role (v2 `role_type`, the integer in parentheses on each value).' }) roleType!: RoleType;
}

export const UserConnection = ConnectionType('User', OrganisationUser);

/** Values are the entity properties sorted on (each NOT NULL, so keyset cursors are total). */
export enum UserOrderField {
  ID = 'id',
  LAST_NAME = 'lastName',
  CREATED_AT = 'createdAt',
  UPDATED_AT = 'updatedAt',
}
registerEnumType(UserOrderField, {
  name: 'UserOrderField',
  description: orderFieldEnumDescription('users'),
  valuesConfig: orderFieldValues({ LAST_NAME: 'By `lastName`.' }),
});

export const UserOrder = OrderInputType('UserOrder', UserOrderField, UserOrderField.ID);
export const UserPayload = ResourcePayloadType('UserPayload', 'user', OrganisationUser);
export const UserDeletePayload = DeletePayloadType('UserDeletePayload', 'deletedUserId');
export type UserOrder = InstanceType<typeof UserOrder>;
export type UserPayload = InstanceType<typeof UserPayload>;
export type UserDeletePayload = InstanceType<typeof UserDeletePayload>;
