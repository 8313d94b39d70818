import { AdvertiserAccountType } from '../advertiser-accounts/advertiser-account-enums';
import { AdvertiserAccountInput } from '../advertiser-accounts/advertiser-account.input';
import { CampaignStatus } from '../campaigns/campaign-status';
import { CampaignInput } from '../campaigns/campaign.input';
import { operatorContext, type RequestContext } from '../common/request-context';
import { ContentInput } from '../contents/content.input';
import { DistributionInput, DistributionsInput, MediaItemInput, PrimaryLinkInput } from '../distributions/distribution.input';
import { MemberInput } from '../members/member.input';
import { UserRoleInput, UserUpsertInput } from '../organisation-users/organisation-user.input';
import { RoleType } from '../organisation-users/role-type';
import { PhaseInput, PhasesCreateInput } from '../phases/phase.input';
import { PublisherProfileInput, PublisherTitleInput } from '../publisher-profiles/publisher-profile.input';
import type { PublisherTitle } from '../publisher-profiles/publisher-title.entity';
import type { Services } from '../app/services';

const ACCOUNTS: Partial<AdvertiserAccountInput>[] = [
  { name: 'Northwind Outdoor', type: AdvertiserAccountType.BRAND, country: 'GB', state: 'England', city: 'Leeds', address1: '12 Canal Wharf' },
  { name: 'Brightside Media Agency', type: AdvertiserAccountType.AGENCY, country: 'US', state: 'NY', city: 'New York', address1: '200 Hudson St' },
  { name: 'Kettle & Crumb', type: AdvertiserAccountType.BRAND, country: 'IE', state: 'Leinster', city: 'Dublin', address1: '4 Baggot Lane' },
];
const USERS = [
  { firstName: 'Ava', lastName: 'Patel', roles: [RoleType.CAMPAIGN_MANAGER] },
  { firstName: 'Tomás', lastName: 'Reyes', roles: [RoleType.CAMPAIGN_MANAGER, RoleType.CONTENT_EDITOR] },
  { firstName: 'Mei', lastName: 'Lin', roles: [RoleType.CONTENT_EDITOR] },
  { firstName: 'Jonah', lastName: 'Okafor', roles: [RoleType.CONTENT_EDITOR] },
];
const MEMBERS_PER_ACCOUNT = 2;
const PUBLISHERS: { name: string; country: string; website: string; titles: string[] }[] = [
  { name: 'Harbour Street Media', country: 'GB', website: 'https://harbourstreet.example', titles: ['The Harbour Daily', 'Harbour Weekend', 'Outdoor Life Weekly'] },
  { name: 'Pinewood Digital', country: 'US', website: 'https://pinewood.example', titles: ['Pinewood Tech', 'Trail & Summit'] },
  { name: 'Liffey Press', country: 'IE', website: 'https://liffeypress.example', titles: ['Dublin Food Guide', 'The Liffey Letter'] },
];
/** Demo members sign in with this; it is hashed like any other password. */
const DEMO_MEMBER_PASSWORD = 'demo-password-1';
const PHASES = ['Tease', 'Launch', 'Sustain'];
const CONTENTS_PER_PHASE = 4;
const DISTRIBUTIONS_PER_CONTENT = 2;

export interface HierarchyCounts {
  users: number;
  members: number;
  publisher_profiles: number;
  publisher_titles: number;
  advertiser_accounts: number;
  campaigns: number;
  phases: number;
  contents: number;
  distributions: number;
}

/** Where a long seed says how far it got (the admin CLI: stderr, one line each). */
export type SeedProgress = (message: string) => void;

/** A progress line every this many campaigns (about 6 s of work each at the default size). */
const PROGRESS_EVERY_CAMPAIGNS = 10;

function month(n: number): string {
  return String((n % 12) + 1).padStart(2, '0');
}

/**
 * A realistic workspace, through the service layer (so every rule and event applies as in
 * production): users, publisher profiles with titles, accounts with members (the first one the
 * primary contact), then per campaign 3 phases × 4 contents × 2 distributions, each distribution
 * with a link and two media files. Contents name an editor and a title; distributions a title.
 */
export async function seedHierarchy(services: Services, ctx: RequestContext, campaignCount: number, progress: SeedProgress = () => undefined): Promise<HierarchyCounts> {
  const counts: HierarchyCounts = { users: 0, members: 0, publisher_profiles: 0, publisher_titles: 0, advertiser_accounts: 0, campaigns: 0, phases: 0, contents: 0, distributions: 0 };
  const domain = `${ctx.organisationCode}.example`;
  const editors = [];
  for (const { firstName, lastName, roles } of USERS) {
    const input = Object.assign(new UserUpsertInput(), {
      email: `${firstName.normalize('NFKD').replace(/[^A-Za-z]/g, '').toLowerCase()}.${lastName.toLowerCase()}@${domain}`,
      firstName,
      lastName,
      roles: roles.map((roleType) => Object.assign(new UserRoleInput(), { roleType })),
      customFields: { team: roles.includes(RoleType.CONTENT_EDITOR) ? 'Editorial' : 'Accounts' },
    });
    const { user } = await services.organisationUsers.upsert(ctx, input);
    if (roles.includes(RoleType.CONTENT_EDITOR)) editors.push(user);
    counts.users += 1;
  }

  const titles: PublisherTitle[] = [];
  for (const [index, { titles: names, ...fields }] of PUBLISHERS.entries()) {
    const input = Object.assign(new PublisherProfileInput(), {
      ...fields,
      description: `${fields.name} publishes ${names.length} titles.`,
      monthlyUniqueVisitors: 250_000 * (index + 1),
      monthlyPageViews: 1_100_000 * (index + 1),
      titles: names.map((name, n) => Object.assign(new PublisherTitleInput(), { name, monthlyUniqueVisitors: 80_000 * (n + 1) })),
    });
    const created = await services.publisherProfiles.create(ctx, input);
    titles.push(...created.titles);
    counts.publisher_profiles += 1;
    counts.publisher_titles += created.titles.length;
  }
  progress(`${counts.users} users, ${counts.publisher_profiles} publisher profiles with ${counts.publisher_titles} titles`);

  const accounts = [];
  for (const fields of ACCOUNTS) {
    const account = await services.advertiserAccounts.create(ctx, Object.assign(new AdvertiserAccountInput(), fields));
    counts.advertiser_accounts += 1;
    const slug = account.name.toLowerCase().replace(/[^a-z0-9]+/g, '');
    const members = [];
    for (let m = 1; m <= MEMBERS_PER_ACCOUNT; m += 1) {
      const input = Object.assign(new MemberInput(), {
        advertiserAccountId: String(account.id),
        email: `reviewer${m}@${slug}.example`,
        firstName: m === 1 ? 'Sam' : 'Alex',
        lastName: account.name.split(' ')[0],
        staffTitle: m === 1 ? 'Marketing Director' : 'Brand Manager',
        password: DEMO_MEMBER_PASSWORD,
      });
      members.push((await services.members.create(ctx, input)).member);
      counts.members += 1;
    }
    accounts.push(await services.advertiserAccounts.update(ctx, account.id, Object.assign(new AdvertiserAccountInput(), { primaryContactId: members[0].id })));
  }
  progress(`${counts.advertiser_accounts} advertiser accounts with ${counts.members} members`);

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
          Object.assign(new ContentInput(), {
            campaignId: campaign.id,
            phaseId: phase.id,
            contentName: `${phase.phaseTitle} piece ${c}`,
            liveDate: `2027-${month(n)}-1${c}`,
            contentEditorId: editors[(n + c) % editors.length].id,
            publisherTitleId: titles[(n + c) % titles.length].id,
          }),
        );
        counts.contents += 1;
        const distributions = Array.from({ length: DISTRIBUTIONS_PER_CONTENT }, (_, d) =>
          Object.assign(new DistributionInput(), {
            distributionTypeId: d + 1,
            publisherTitleId: titles[(n + c + d) % titles.length].id,
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
    if (n % PROGRESS_EVERY_CAMPAIGNS === 0 || n === campaignCount) progress(`campaigns ${n}/${campaignCount}`);
  }
  return counts;
}

/** A demo workspace with the data above and the API key to explore it. */
export async function seedDemo(
  services: Services,
  campaignCount = 50,
  progress: SeedProgress = () => undefined,
): Promise<{ organization_code: string; key: string } & HierarchyCounts> {
  const organisation = await services.organisations.create('Demo Workspace');
  const issued = await services.apiKeys.issue(organisation, { label: 'seed:demo' });
  progress(`workspace ${organisation.organizationCode} and its key created; seeding ${campaignCount} campaigns`);
  const ctx: RequestContext = { ...operatorContext(organisation.id, organisation.organizationCode, 'seed:demo'), apiKeyId: issued.id };
  const counts = await seedHierarchy(services, ctx, campaignCount, progress);
  return { organization_code: organisation.organizationCode, key: issued.key, ...counts };
}
