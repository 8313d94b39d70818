import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { ConnectionType } from '../graphql/connection';
import { DeletePayloadType, OrderInputType, ResourcePayloadType } from '../graphql/payloads';
import { OrganisationUser } from './organisation-user.entity';
import { RoleType } from './role-type';

@ObjectType('UserRole', { description: 'A role a user holds.' })
export class UserRoleType {
  @Field() name!: string;
  @Field(() => RoleType) roleType!: RoleType;
}

export const UserConnection = ConnectionType('User', OrganisationUser);

/** Values are the entity properties sorted on (each NOT NULL, so keyset cursors are total). */
export enum UserOrderField {
  ID = 'id',
  LAST_NAME = 'lastName',
  CREATED_AT = 'createdAt',
  UPDATED_AT = 'updatedAt',
}
registerEnumType(UserOrderField, { name: 'UserOrderField' });

export const UserOrder = OrderInputType('UserOrder', UserOrderField, UserOrderField.ID);
export const UserPayload = ResourcePayloadType('UserPayload', 'user', OrganisationUser);
export const UserDeletePayload = DeletePayloadType('UserDeletePayload', 'deletedUserId');
export type UserOrder = InstanceType<typeof UserOrder>;
export type UserPayload = InstanceType<typeof UserPayload>;
export type UserDeletePayload = InstanceType<typeof UserDeletePayload>;
