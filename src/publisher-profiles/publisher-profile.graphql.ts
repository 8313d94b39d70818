import { registerEnumType } from 'type-graphql';
import { ConnectionType } from '../graphql/connection';
import { DeletePayloadType, OrderInputType, orderFieldEnumDescription, orderFieldValues } from '../graphql/payloads';
import { PublisherProfile } from './publisher-profile.entity';

export const PublisherProfileConnection = ConnectionType('PublisherProfile', PublisherProfile);

/** Values are the entity properties sorted on (each NOT NULL, so keyset cursors are total). */
export enum PublisherProfileOrderField {
  ID = 'id',
  NAME = 'name',
  CREATED_AT = 'createdAt',
  UPDATED_AT = 'updatedAt',
}
registerEnumType(PublisherProfileOrderField, {
  name: 'PublisherProfileOrderField',
  description: orderFieldEnumDescription('publisher profiles'),
  valuesConfig: orderFieldValues({ NAME: 'By `name`.' }),
});

export const PublisherProfileOrder = OrderInputType('PublisherProfileOrder', PublisherProfileOrderField, PublisherProfileOrderField.ID);
export const PublisherProfileDeletePayload = DeletePayloadType('PublisherProfileDeletePayload', 'deletedPublisherProfileId');
export type PublisherProfileOrder = InstanceType<typeof PublisherProfileOrder>;
export type PublisherProfileDeletePayload = InstanceType<typeof PublisherProfileDeletePayload>;
