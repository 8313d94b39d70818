import type { FastifyInstance } from 'fastify';
import { parseIdOrNotFound } from '../common/ids';
import { done, success } from '../http/rest/envelope';
import { paginated } from '../http/rest/pagination';
import { bodyInput, listQuery } from '../http/rest/request-input';
import type { RestDeps } from '../http/rest/rest-deps';
import { requestContext } from '../http/request-context';
import { CampaignFilter, CampaignInput } from './campaign.input';
import { campaignWire, toCampaignRecord } from './campaign.record';

const RESOURCE = 'Campaign';
const config = { wire: campaignWire };

/** v2 campaigns (spec §4.5): a thin translation onto CampaignService. Update is a POST, as documented. */
export function registerCampaignRoutes(app: FastifyInstance, { services, publicUrl }: RestDeps): void {
  const campaigns = services.campaigns;

  app.get('/campaigns', { config }, async (request) => {
    const { filter, page } = listQuery(request, CampaignFilter, {
      campaign_status: { prop: 'campaignStatus', integer: true },
      search: { prop: 'search' },
      advertiser_account_id: { prop: 'advertiserAccountId' },
    });
    const slice = await campaigns.list(requestContext(request), filter, page);
    return success('Campaigns retrieved successfully', { campaigns: paginated(request, publicUrl, slice, toCampaignRecord) });
  });

  app.post('/campaigns', { config }, async (request) => {
    const campaign = await campaigns.create(requestContext(request), bodyInput(request, campaignWire, CampaignInput));
    return success('Campaign created successfully', { campaign: toCampaignRecord(campaign) });
  });

  app.get<{ Params: { id: string } }>('/campaigns/:id', { config }, async (request) => {
    const campaign = await campaigns.get(requestContext(request), parseIdOrNotFound(request.params.id, RESOURCE));
    return success('Campaign retrieved successfully', { campaign: toCampaignRecord(campaign) });
  });

  app.post<{ Params: { id: string } }>('/campaigns/:id', { config }, async (request) => {
    const id = parseIdOrNotFound(request.params.id, RESOURCE);
    const campaign = await campaigns.update(requestContext(request), id, bodyInput(request, campaignWire, CampaignInput));
    return success('Campaign updated successfully', { campaign: toCampaignRecord(campaign) });
  });

  app.delete<{ Params: { id: string } }>('/campaigns/:id', { config }, async (request) => {
    await campaigns.delete(requestContext(request), parseIdOrNotFound(request.params.id, RESOURCE));
    return done('Campaign deleted successfully');
  });
}
