import { resourceTypes } from '../graphql/resource-types';
import { Campaign } from './campaign.entity';
import { campaignList } from './campaign.list';
import type { NodeSource } from '../graphql/node-resolver';
import { loadEach } from '../graphql/loader-kit';

export const { Connection: CampaignConnection, ListArgs: CampaignListArgs, Payload: CampaignPayload, DeletePayload: CampaignDeletePayload } = resourceTypes('Campaign', Campaign, campaignList);
export type CampaignPayload = InstanceType<typeof CampaignPayload>;
export type CampaignDeletePayload = InstanceType<typeof CampaignDeletePayload>;

export const campaignNode: NodeSource = { typeName: 'Campaign', objectType: Campaign, scope: 'campaigns:read', idKind: 'integer', load: ({ loaders }, ids) => loadEach(loaders.campaignById, ids) };
