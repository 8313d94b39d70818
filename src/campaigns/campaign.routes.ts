import { inputSchema } from '../http/rest/openapi/input-schema';
import { recordSchema } from '../http/rest/openapi/record-schema';
import { createRoute, deleteRoute, getRoute, listRoute, updateRoute, type V2Resource } from '../http/rest/resource-routes';
import type { V2Route } from '../http/rest/v2-route';
import { campaignStatuses } from './campaign-status';
import { Campaign } from './campaign.entity';
import { CampaignInput } from './campaign.input';
import { campaignList } from './campaign.list';
import { campaignWire, toCampaignRecord } from './campaign.record';
import { type CampaignService, REQUIRED_ON_CREATE } from './campaign.service';

const campaigns: V2Resource<Campaign, CampaignService, CampaignInput> = {
  param: 'id',
  paramDescription: 'A campaign of this workspace.',
  name: 'Campaign',
  names: 'Campaigns',
  group: 'campaigns',
  wire: campaignWire,
  record: recordSchema('Campaign', campaignWire, Campaign),
  input: CampaignInput,
  service: (services) => services.campaigns,
  toRecord: toCampaignRecord,
};

/** Create and update share CampaignInput; a create requires what the service requires, and starts in an initial status. */
const createBody = inputSchema('CampaignCreateInput', campaignWire, CampaignInput, {
  required: REQUIRED_ON_CREATE,
  properties: { campaign_status: (generated) => ({ ...generated, enum: [...campaignStatuses.initial] }) },
});
const updateBody = inputSchema('CampaignUpdateInput', campaignWire, CampaignInput);

/** v2 campaigns (spec §4.5): a thin translation onto CampaignService. Update is a POST, as documented. */
export const campaignRoutes: V2Route[] = [
  listRoute(campaigns, { summary: 'List campaigns', list: campaignList }),
  createRoute(campaigns, {
    summary: 'Create a campaign',
    description: '`campaign_title` and `primary_advertiser_account_id` are required.',
    body: createBody,
  }),
  getRoute(campaigns, { summary: 'Get a campaign' }),
  updateRoute(campaigns, {
    method: 'POST',
    summary: 'Update a campaign',
    description: 'Fields left out are unchanged. A POST, as the specification documents it.',
    body: updateBody,
  }),
  deleteRoute(campaigns, { summary: 'Delete a campaign', description: 'Soft delete; its phases, contents and distributions go with it.' }),
];
