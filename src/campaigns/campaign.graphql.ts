import { registerEnumType } from 'type-graphql';
import { ConnectionType } from '../graphql/connection';
import { DeletePayloadType, OrderInputType, orderFieldEnumDescription, orderFieldValues, ResourcePayloadType } from '../graphql/payloads';
import { Campaign } from './campaign.entity';

export const CampaignConnection = ConnectionType('Campaign', Campaign);

/** Values are the entity properties sorted on (each NOT NULL, so keyset cursors are total). */
export enum CampaignOrderField {
  ID = 'id',
  TITLE = 'campaignTitle',
  CREATED_AT = 'createdAt',
  UPDATED_AT = 'updatedAt',
}
registerEnumType(CampaignOrderField, {
  name: 'CampaignOrderField',
  description: orderFieldEnumDescription('campaigns'),
  valuesConfig: orderFieldValues({ TITLE: 'By `campaignTitle`.' }),
});

export const CampaignOrder = OrderInputType('CampaignOrder', CampaignOrderField, CampaignOrderField.ID);
export const CampaignPayload = ResourcePayloadType('CampaignPayload', 'campaign', Campaign);
export const CampaignDeletePayload = DeletePayloadType('CampaignDeletePayload', 'deletedCampaignId');
export type CampaignOrder = InstanceType<typeof CampaignOrder>;
export type CampaignPayload = InstanceType<typeof CampaignPayload>;
export type CampaignDeletePayload = InstanceType<typeof CampaignDeletePayload>;
