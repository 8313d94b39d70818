import type { DatePair } from '../common/date-order';
import type { Campaign } from './campaign.entity';

export const CAMPAIGN_DATE_PAIRS: readonly DatePair<Campaign>[] = [
  ['earliestStartDate', 'latestStartDate', 'the latest start date'],
  ['earliestEndDate', 'latestEndDate', 'the latest end date'],
];
