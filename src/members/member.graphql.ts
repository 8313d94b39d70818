import { registerEnumType } from 'type-graphql';
import { ConnectionType } from '../graphql/connection';
import { DeletePayloadType, OrderInputType, orderFieldEnumDescription, orderFieldValues, ResourcePayloadType } from '../graphql/payloads';
import { Member } from './member.entity';

export const MemberConnection = ConnectionType('Member', Member);

/** Values are the entity properties sorted on (each NOT NULL, so keyset cursors are total). */
export enum MemberOrderField {
  ID = 'id',
  CREATED_AT = 'createdAt',
  UPDATED_AT = 'updatedAt',
}
registerEnumType(MemberOrderField, { name: 'MemberOrderField', description: orderFieldEnumDescription('members'), valuesConfig: orderFieldValues({}) });

export const MemberOrder = OrderInputType('MemberOrder', MemberOrderField, MemberOrderField.ID);
export const MemberPayload = ResourcePayloadType('MemberPayload', 'member', Member);
export const MemberDeletePayload = DeletePayloadType('MemberDeletePayload', 'deletedMemberId');
export type MemberOrder = InstanceType<typeof MemberOrder>;
export type MemberPayload = InstanceType<typeof MemberPayload>;
export type MemberDeletePayload = InstanceType<typeof MemberDeletePayload>;
