import { registerEnumType } from 'type-graphql';
import { ConnectionType } from '../graphql/connection';
import { DeletePayloadType, OrderInputType, orderFieldEnumDescription, orderFieldValues, ResourcePayloadType } from '../graphql/payloads';
import { Content } from './content.entity';

export const ContentConnection = ConnectionType('Content', Content);

/** Values are the entity properties sorted on (each NOT NULL, so keyset cursors are total). */
export enum ContentOrderField {
  ID = 'id',
  NAME = 'contentName',
  CREATED_AT = 'createdAt',
  UPDATED_AT = 'updatedAt',
}
registerEnumType(ContentOrderField, {
  name: 'ContentOrderField',
  description: orderFieldEnumDescription('content pieces'),
  valuesConfig: orderFieldValues({ NAME: 'By `contentName`.' }),
});

export const ContentOrder = OrderInputType('ContentOrder', ContentOrderField, ContentOrderField.ID);
export const ContentPayload = ResourcePayloadType('ContentPayload', 'content', Content);
export const ContentDeletePayload = DeletePayloadType('ContentDeletePayload', 'deletedContentId');
export type ContentOrder = InstanceType<typeof ContentOrder>;
export type ContentPayload = InstanceType<typeof ContentPayload>;
export type ContentDeletePayload = InstanceType<typeof ContentDeletePayload>;
