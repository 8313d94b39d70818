import { CampaignStatus } from '../campaigns/campaign-status';
import { CampaignInput } from '../campaigns/campaign.input';
import { AdvertiserAccountInput } from '../advertiser-accounts/advertiser-account.input';
import { AdvertiserAccountType } from '../advertiser-accounts/advertiser-account-enums';
import type { RequestContext } from '../common/request-context';
import type { Services } from '../services';

const ACCOUNTS: Partial<AdvertiserAccountInput>[] = [
  { name: 'Northwind Outdoor', type: AdvertiserAccountType.BRAND, country: 'GB', state: 'England', city: 'Leeds', address1: '12 Canal Wharf' },
  { name: 'Brightside Media Agency', type: AdvertiserAccountType.AGENCY, country: 'US', state: 'NY', city: 'New York', address1: '200 Hudson St' },
  { name: 'Kettle & Crumb', type: AdvertiserAccountType.BRAND, country: 'IE', state: 'Leinster', city: 'Dublin', address1: '4 Baggot Lane' },
];

const STATUSES = [CampaignStatus.DRAFT, CampaignStatus.ACTIVE];

/**
 * A demo workspace through the service layer (so every rule and event applies as in production),
 * with the API key to explore it.
 */
export async function seedDemo(services: Services): Promise<{ organization_code: string; key: string; advertiser_accounts: number; campaigns: number }> {
  const organisation = await services.organisations.create('Demo Workspace');
  const issued = await services.apiKeys.issue(organisation, 'seed:demo');
  const ctx: RequestContext = { organisationId: organisation.id, organisationCode: organisation.organizationCode, apiKeyId: issued.id, requestId: 'seed:demo' };

  let campaigns = 0;
  for (const [index, fields] of ACCOUNTS.entries()) {
    const account = await services.advertiserAccounts.create(ctx, Object.assign(new AdvertiserAccountInput(), fields));
    for (let n = 1; n <= 4; n += 1) {
      const month = String(((index * 4 + n) % 12) + 1).padStart(2, '0');
      await services.campaigns.create(
        ctx,
        Object.assign(new CampaignInput(), {
          primaryAdvertiserAccountId: account.id,
          campaignTitle: `${account.name} — campaign ${n}`,
          brandPromoting: account.name,
          campaignStatus: STATUSES[n % STATUSES.length],
          campaignObjective: 'Awareness',
          earliestStartDate: `2027-${month}-01`,
          latestStartDate: `2027-${month}-10`,
          earliestEndDate: `2027-${month}-20`,
          latestEndDate: `2027-${month}-28`,
          campaignNetCost: 10_000 * n,
          campaignGrossCost: 12_500 * n,
          gImpressions: 100_000 * n,
          eImpressions: 90_000 * n,
        }),
      );
      campaigns += 1;
    }
  }
  return { organization_code: organisation.organizationCode, key: issued.key, advertiser_accounts: ACCOUNTS.length, campaigns };
}
