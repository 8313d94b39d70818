import { inputSchema } from '../http/rest/openapi/input-schema';
import { keyed, pageOf } from '../http/rest/openapi/response-schemas';
import { recordSchema } from '../http/rest/openapi/record-schema';
import { paginated } from '../http/rest/pagination';
import { listQuery } from '../http/rest/list-query';
import { bodyInput, pathParam } from '../http/rest/request-input';
import type { ListQueryDeclaration, V2Route } from '../http/rest/v2-route';
import { requestContext } from '../http/request-context';
import { campaignStatuses } from './campaign-status';
import { Campaign } from './campaign.entity';
import { CampaignInput } from './campaign.input';
import { campaignList } from './campaign.list';
import { campaignWire, toCampaignRecord } from './campaign.record';
import { REQUIRED_ON_CREATE } from './campaign.service';

const TAG = 'Campaigns';
const config = { wire: campaignWire };
const record = recordSchema('Campaign', campaignWire, Campaign);
/** Create and update share CampaignInput; a create requires what the service requires, and starts in an initial status. */
const createBody = inputSchema('CampaignCreateInput', campaignWire, CampaignInput, {
  required: REQUIRED_ON_CREATE,
  properties: { campaign_status: (generated) => ({ ...generated, enum: [...campaignStatuses.initial] }) },
});
const updateBody = inputSchema('CampaignUpdateInput', campaignWire, CampaignInput);
const id = { id: 'A campaign of this workspace.' };

const LIST_QUERY = { paged: true, list: campaignList } satisfies ListQueryDeclaration;

/** v2 campaigns (spec §4.5): a thin translation onto CampaignService. Update is a POST, as documented. */
export const campaignRoutes = [
  {
    method: 'GET',
    path: '/campaigns',
    operationId: 'listCampaigns',
    summary: 'List campaigns',
    tag: TAG,
    scope: 'campaigns:read',
    query: LIST_QUERY,
    success: { message: 'Campaigns retrieved successfully', data: keyed('campaigns', pageOf(record)) },
    config,
    async handle(request, { services, publicUrl }) {
      const slice = await services.campaigns.list(requestContext(request), listQuery(request, campaignList));
      return { campaigns: paginated(request, publicUrl, slice, toCampaignRecord) };
    },
  },
  {
    method: 'POST',
    path: '/campaigns',
    operationId: 'createCampaign',
    summary: 'Create a campaign',
    description: '`campaign_title` and `primary_advertiser_account_id` are required.',
    tag: TAG,
    scope: 'campaigns:write',
    body: createBody,
    success: { message: 'Campaign created successfully', data: keyed('campaign', record) },
    config,
    async handle(request, { services }) {
      const campaign = await services.campaigns.create(requestContext(request), bodyInput(request, campaignWire, CampaignInput));
      return { campaign: toCampaignRecord(campaign) };
    },
  },
  {
    method: 'GET',
    path: '/campaigns/:id',
    operationId: 'getCampaign',
    summary: 'Get a campaign',
    tag: TAG,
    scope: 'campaigns:read',
    params: id,
    success: { message: 'Campaign retrieved successfully', data: keyed('campaign', record) },
    config,
    async handle(request, { services }) {
      const campaign = await services.campaigns.get(requestContext(request), pathParam(request, 'id'));
      return { campaign: toCampaignRecord(campaign) };
    },
  },
  {
    method: 'POST',
    path: '/campaigns/:id',
    operationId: 'updateCampaign',
    summary: 'Update a campaign',
    description: 'Fields left out are unchanged. A POST, as the specification documents it.',
    tag: TAG,
    scope: 'campaigns:write',
    params: id,
    body: updateBody,
    success: { message: 'Campaign updated successfully', data: keyed('campaign', record) },
    config,
    async handle(request, { services }) {
      const campaign = await services.campaigns.update(requestContext(request), pathParam(request, 'id'), bodyInput(request, campaignWire, CampaignInput));
      return { campaign: toCampaignRecord(campaign) };
    },
  },
  {
    method: 'DELETE',
    path: '/campaigns/:id',
    operationId: 'deleteCampaign',
    summary: 'Delete a campaign',
    description: 'Soft delete; its phases, contents and distributions go with it.',
    tag: TAG,
    scope: 'campaigns:write',
    params: id,
    success: { message: 'Campaign deleted successfully' },
    config,
    async handle(request, { services }) {
      await services.campaigns.delete(requestContext(request), pathParam(request, 'id'));
    },
  },
] satisfies V2Route[];
