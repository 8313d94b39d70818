import { AdvertiserAccount } from '../advertiser-accounts/advertiser-account.entity';
import type { DatePair } from '../common/date-order';
import { BRAND_INDUSTRIES, BRAND_SUB_INDUSTRIES } from '../reference-libraries/reference-catalogue';
import { needsCheck, type Reference } from '../reference-libraries/reference-checks';
import type { Campaign } from './campaign.entity';

export const CAMPAIGN_DATE_PAIRS: readonly DatePair<Campaign>[] = [
  ['earliestStartDate', 'latestStartDate', 'the latest start date'],
  ['earliestEndDate', 'latestEndDate', 'the latest end date'],
];

type ReferenceFields = Pick<Partial<Campaign>, 'primaryAdvertiserAccountId' | 'brandIndustryId' | 'brandSubIndustryId'>;

/**
 * What a campaign write names that must exist: its advertiser account (of this workspace) and its
 * brand industry and sub-industry (global libraries; the sub-industry must be one of the industry's).
 * Only values that are set and changed are checked; `current` is null on create.
 */
export function campaignReferences(values: ReferenceFields, current: Campaign | null): Reference[] {
  const references: Reference[] = [];
  if (needsCheck(values.primaryAdvertiserAccountId, current?.primaryAdvertiserAccountId)) {
    references.push({ path: 'primaryAdvertiserAccountId', id: values.primaryAdvertiserAccountId, entity: AdvertiserAccount, describe: 'an advertiser account of this workspace' });
  }
  if (needsCheck(values.brandIndustryId, current?.brandIndustryId)) {
    references.push({ path: 'brandIndustryId', id: values.brandIndustryId, library: BRAND_INDUSTRIES });
  }
  const industry = values.brandIndustryId === undefined ? (current?.brandIndustryId ?? null) : values.brandIndustryId;
  const subIndustry = values.brandSubIndustryId === undefined ? (current?.brandSubIndustryId ?? null) : values.brandSubIndustryId;
  const industryChanged = values.brandIndustryId !== undefined && values.brandIndustryId !== (current?.brandIndustryId ?? null);
  if (subIndustry !== null && (needsCheck(values.brandSubIndustryId, current?.brandSubIndustryId) || industryChanged)) {
    references.push({
      path: 'brandSubIndustryId',
      id: subIndustry,
      library: BRAND_SUB_INDUSTRIES,
      parent: industry === null ? undefined : { id: industry, describe: `brand industry ${industry}`, path: 'brandIndustryId' },
    });
  }
  return references;
}
