import { registerEnumType } from 'type-graphql';
import { ConnectionType } from '../graphql/connection';
import { DeletePayloadType, OrderInputType, orderFieldEnumDescription, orderFieldValues, ResourcePayloadType } from '../graphql/payloads';
import { AdvertiserAccount } from './advertiser-account.entity';

export const AdvertiserAccountConnection = ConnectionType('AdvertiserAccount', AdvertiserAccount);

/** Values are the entity properties sorted on (each NOT NULL, so keyset cursors are total). */
export enum AdvertiserAccountOrderField {
  ID = 'id',
  NAME = 'name',
  CREATED_AT = 'createdAt',
  UPDATED_AT = 'updatedAt',
}
registerEnumType(AdvertiserAccountOrderField, {
  name: 'AdvertiserAccountOrderField',
  description: orderFieldEnumDescription('advertiser accounts'),
  valuesConfig: orderFieldValues({ NAME: 'By `name`.' }),
});

export const AdvertiserAccountOrder = OrderInputType('AdvertiserAccountOrder', AdvertiserAccountOrderField, AdvertiserAccountOrderField.ID);
export const AdvertiserAccountPayload = ResourcePayloadType('AdvertiserAccountPayload', 'advertiserAccount', AdvertiserAccount);
export const AdvertiserAccountDeletePayload = DeletePayloadType('AdvertiserAccountDeletePayload', 'deletedAdvertiserAccountId');
export type AdvertiserAccountOrder = InstanceType<typeof AdvertiserAccountOrder>;
export type AdvertiserAccountPayload = InstanceType<typeof AdvertiserAccountPayload>;
export type AdvertiserAccountDeletePayload = InstanceType<typeof AdvertiserAccountDeletePayload>;
