import { AdvertiserAccountType } from '../advertiser-accounts/advertiser-account-enums';
import { AdvertiserAccountInput } from '../advertiser-accounts/advertiser-account.input';
import { CampaignStatus } from '../campaigns/campaign-status';
import { CampaignInput } from '../campaigns/campaign.input';
import type { RequestContext } from '../common/request-context';
import { ContentInput } from '../contents/content.input';
import { DistributionInput, DistributionsInput, MediaItemInput, PrimaryLinkInput } from '../distributions/distribution.input';
import { PhaseInput, PhasesCreateInput } from '../phases/phase.input';
import type { Services } from '../services';

const ACCOUNTS: Partial<AdvertiserAccountInput>[] = [
  { name: 'Northwind Outdoor', type: AdvertiserAccountType.BRAND, country: 'GB', state: 'England', city: 'Leeds', address1: '12 Canal Wharf' },
  { name: 'Brightside Media Agency', type: AdvertiserAccountType.AGENCY, country: 'US', state: 'NY', city: 'New York', address1: '200 Hudson St' },
  { name: 'Kettle & Crumb', type: AdvertiserAccountType.BRAND, country: 'IE', state: 'Leinster', city: 'Dublin', address1: '4 Baggot Lane' },
];
const PHASES = ['Tease', 'Launch', 'Sustain'];
const CONTENTS_PER_PHASE = 4;
const DISTRIBUTIONS_PER_CONTENT = 2;

export interface HierarchyCounts {
  advertiser_accounts: number;
  campaigns: number;
  phases: number;
  contents: number;
  distributions: number;
}

function month(n: number): string {
  return String((n % 12) + 1).padStart(2, '0');
}

/**
 * A realistic hierarchy in a workspace, through the service layer (so every rule and event
 * applies as in production): accounts, then per campaign 3 phases × 4 contents × 2 distributions,
 * each distribution with a link and two media files.
 */
export async function seedHierarchy(services: Services, ctx: RequestContext, campaignCount: number): Promise<HierarchyCounts> {
  const counts: HierarchyCounts = { advertiser_accounts: 0, campaigns: 0, phases: 0, contents: 0, distributions: 0 };
  const accounts = [];
  for (const fields of ACCOUNTS) {
    accounts.push(await services.advertiserAccounts.create(ctx, Object.assign(new AdvertiserAccountInput(), fields)));
    counts.advertiser_accounts += 1;
  }

  for (let n = 1; n <= campaignCount; n += 1) {
    const account = accounts[n % accounts.length];
    const campaign = await services.campaigns.create(
      ctx,
      Object.assign(new CampaignInput(), {
        primaryAdvertiserAccountId: account.id,
        campaignTitle: `${account.name} — campaign ${n}`,
        brandPromoting: account.name,
        campaignStatus: n % 2 === 0 ? CampaignStatus.ACTIVE : CampaignStatus.DRAFT,
        campaignObjective: 'Awareness',
        earliestStartDate: `2027-${month(n)}-01`,
        latestStartDate: `2027-${month(n)}-10`,
        earliestEndDate: `2027-${month(n)}-20`,
        latestEndDate: `2027-${month(n)}-28`,
        campaignNetCost: 10_000 + 250 * n,
        campaignGrossCost: 12_500 + 300 * n,
        gImpressions: 100_000 * n,
        eImpressions: 90_000 * n,
      }),
    );
    counts.campaigns += 1;

    const phases = await services.phases.createMany(
      ctx,
      Object.assign(new PhasesCreateInput(), {
        campaignId: campaign.id,
        phases: PHASES.map((title) => Object.assign(new PhaseInput(), { phaseTitle: title, keyMessage: `${title} the range`, gImpressions: 30_000, customFields: { region: 'EMEA' } })),
      }),
    );
    counts.phases += phases.length;

    for (const phase of phases) {
      for (let c = 1; c <= CONTENTS_PER_PHASE; c += 1) {
        const content = await services.contents.create(
          ctx,
          Object.assign(new ContentInput(), { campaignId: campaign.id, phaseId: phase.id, contentName: `${phase.phaseTitle} piece ${c}`, liveDate: `2027-${month(n)}-1${c}` }),
        );
        counts.contents += 1;
        const distributions = Array.from({ length: DISTRIBUTIONS_PER_CONTENT }, (_, d) =>
          Object.assign(new DistributionInput(), {
            distributionTypeId: d + 1,
            contentTitle: `${content.contentName} (${d === 0 ? 'web' : 'social'})`,
            primaryLink: Object.assign(new PrimaryLinkInput(), { linkType: 1, linkLabel: 'Read more', originalLink: `https://example.com/c/${content.id}`, hyperlinkText: 'Read more' }),
            mediaLibrary: [1, 2].map((m) =>
              Object.assign(new MediaItemInput(), { isBodyMedia: m === 1 ? 1 : 0, mediaLabel: `Image ${m}`, fileUrl: `https://cdn.example.com/${content.id}/${d}-${m}.jpg` }),
            ),
          }),
        );
        await services.distributions.createMany(ctx, Object.assign(new DistributionsInput(), { contentId: content.id, distributions }));
        counts.distributions += distributions.length;
      }
    }
  }
  return counts;
}

/** A demo workspace with the hierarchy above and the API key to explore it. */
export async function seedDemo(services: Services, campaignCount = 50): Promise<{ organization_code: string; key: string } & HierarchyCounts> {
  const organisation = await services.organisations.create('Demo Workspace');
  const issued = await services.apiKeys.issue(organisation, 'seed:demo');
  const ctx: RequestContext = { organisationId: organisation.id, organisationCode: organisation.organizationCode, apiKeyId: issued.id, requestId: 'seed:demo' };
  const counts = await seedHierarchy(services, ctx, campaignCount);
  return { organization_code: organisation.organizationCode, key: issued.key, ...counts };
}
