import type { DataSource } from 'typeorm';
import { AdvertiserAccountService } from './advertiser-accounts/advertiser-account.service';
import { ApiKeyService } from './api-keys/api-key.service';
import { CampaignService } from './campaigns/campaign.service';
import { OrganisationService } from './organisations/organisation.service';

/** The service layer: both faces and the admin CLI call these and nothing below them. */
export interface Services {
  organisations: OrganisationService;
  apiKeys: ApiKeyService;
  advertiserAccounts: AdvertiserAccountService;
  campaigns: CampaignService;
}

export function createServices(dataSource: DataSource): Services {
  return {
    organisations: new OrganisationService(dataSource),
    apiKeys: new ApiKeyService(dataSource),
    advertiserAccounts: new AdvertiserAccountService(dataSource),
    campaigns: new CampaignService(dataSource),
  };
}
