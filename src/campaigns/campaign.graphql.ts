import { ConnectionType } from '../graphql/connection';
import { listTypes } from '../graphql/lists/list-types';
import { DeletePayloadType, ResourcePayloadType } from '../graphql/payloads';
import { Campaign } from './campaign.entity';
import { campaignList } from './campaign.list';
import type { NodeSource } from '../graphql/node-resolver';
import { loadEach } from '../graphql/loader-kit';

export const CampaignConnection = ConnectionType('Campaign', Campaign);
export const CampaignListArgs = listTypes(campaignList).args;

export const CampaignPayload = ResourcePayloadType('CampaignPayload', 'campaign', Campaign);
export const CampaignDeletePayload = DeletePayloadType('CampaignDeletePayload', 'deletedCampaignId', 'Campaign');
export type CampaignPayload = InstanceType<typeof CampaignPayload>;
export type CampaignDeletePayload = InstanceType<typeof CampaignDeletePayload>;

export const campaignNode: NodeSource = { typeName: 'Campaign', objectType: Campaign, scope: 'campaigns:read', idKind: 'integer', load: ({ loaders }, ids) => loadEach(loaders.campaignById, ids) };
