import { enumKey, recordKey } from '../db/lists/group-keys';
import { defineList } from '../db/lists/define-list';
import { anyOf, dateRange, oneOf, recordId, textSearch } from '../db/lists/filters';
import { CampaignStatus, campaignStatuses } from './campaign-status';

/** The campaigns list of both faces (GraphQL `campaigns`, `GET /v2/campaigns`). */
export const campaignList = defineList({
  name: 'Campaign',
  records: 'campaigns',
  filters: {
    campaignStatus: oneOf({
      property: 'campaignStatus',
      enum: CampaignStatus,
      values: campaignStatuses.values,
      message: campaignStatuses.valuesMessage,
      description: 'Only campaigns in this status.',
      rest: 'campaign_status',
      restDescription: 'Only campaigns in this status (1 draft … 5; see the campaign statuses library).',
    }),
    campaignStatusIn: anyOf({ property: 'campaignStatus', enum: CampaignStatus, values: campaignStatuses.values, message: campaignStatuses.valuesMessage, description: 'Only campaigns in one of these statuses.' }),
    search: textSearch({
      description: 'Case-insensitive match anywhere in the title or the brand promoted; at most 255 characters.',
      rest: 'search',
      matches: (alias, param) => `${alias}.campaignTitle ILIKE :${param} OR ${alias}.brandPromoting ILIKE :${param}`,
    }),
    advertiserAccountId: recordId({ property: 'primaryAdvertiserAccountId', node: 'AdvertiserAccount', description: 'Only campaigns run for this advertiser account.', rest: 'advertiser_account_id' }),
    earliestStartDate: dateRange({ property: 'earliestStartDate', description: 'Only campaigns whose `earliestStartDate` is in this range (campaigns without one never are).' }),
    latestEndDate: dateRange({ property: 'latestEndDate', description: 'Only campaigns whose `latestEndDate` is in this range (campaigns without one never are).' }),
  },
  aggregates: {
    metrics: ['gImpressions', 'eImpressions', 'gArticleViews', 'eArticleViews', 'gClicksToSite', 'eClicksToSite', 'gVideoViews', 'eVideoViews'],
    dates: ['earliestStartDate', 'latestStartDate', 'earliestEndDate', 'latestEndDate', 'actualStartDate'],
    groupBy: [
      enumKey({ property: 'campaignStatus', enum: CampaignStatus, description: 'By `campaignStatus`.' }),
      recordKey({ property: 'primaryAdvertiserAccountId', node: 'AdvertiserAccount', description: 'By `primaryAdvertiserAccountId`, the advertiser account the campaign is run for.' }),
    ],
  },
  sort: { TITLE: { property: 'campaignTitle', rest: 'campaign_title', kind: 'text', description: 'By `campaignTitle`.' } },
});
