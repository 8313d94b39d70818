import { ConnectionType } from '../graphql/connection';
import { listTypes } from '../graphql/lists/list-types';
import { DeletePayloadType, ResourcePayloadType } from '../graphql/payloads';
import { Campaign } from './campaign.entity';
import { campaignList } from './campaign.list';

export const CampaignConnection = ConnectionType('Campaign', Campaign);
export const CampaignListArgs = listTypes(campaignList).args;

export const CampaignPayload = ResourcePayloadType('CampaignPayload', 'campaign', Campaign);
export const CampaignDeletePayload = DeletePayloadType('CampaignDeletePayload', 'deletedCampaignId');
export type CampaignPayload = InstanceType<typeof CampaignPayload>;
export type CampaignDeletePayload = InstanceType<typeof CampaignDeletePayload>;
