import type { DataSource } from 'typeorm';
import { AdvertiserAccountService } from './advertiser-accounts/advertiser-account.service';
import { ApiKeyService } from './api-keys/api-key.service';
import { CampaignService } from './campaigns/campaign.service';
import { ContentService } from './contents/content.service';
import { DistributionService } from './distributions/distribution.service';
import { OrganisationService } from './organisations/organisation.service';
import { PhaseService } from './phases/phase.service';

/** The service layer: both faces and the admin CLI call these and nothing below them. */
export interface Services {
  organisations: OrganisationService;
  apiKeys: ApiKeyService;
  advertiserAccounts: AdvertiserAccountService;
  campaigns: CampaignService;
  phases: PhaseService;
  contents: ContentService;
  distributions: DistributionService;
}

export function createServices(dataSource: DataSource): Services {
  const contents = new ContentService(dataSource);
  return {
    organisations: new OrganisationService(dataSource),
    apiKeys: new ApiKeyService(dataSource),
    advertiserAccounts: new AdvertiserAccountService(dataSource),
    campaigns: new CampaignService(dataSource),
    phases: new PhaseService(dataSource),
    contents,
    distributions: new DistributionService(dataSource, contents),
  };
}
