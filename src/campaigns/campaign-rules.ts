import { FieldErrorCollector } from '../common/validation';
import { CampaignStatus, campaignStatusName, campaignTransitionProblem, INITIAL_CAMPAIGN_STATUSES } from './campaign-status';

export interface CampaignDates {
  earliestStartDate: string | null;
  latestStartDate: string | null;
  earliestEndDate: string | null;
  latestEndDate: string | null;
}

const DATE_PAIRS: [keyof CampaignDates, keyof CampaignDates, string][] = [
  ['earliestStartDate', 'latestStartDate', 'the latest start date'],
  ['earliestEndDate', 'latestEndDate', 'the latest end date'],
];

/** Each earliest date is on or before its latest date (checked on the record as it would be saved). */
export function checkDateOrder(dates: CampaignDates, errors: FieldErrorCollector): void {
  for (const [earliest, latest, latestName] of DATE_PAIRS) {
    const from = dates[earliest];
    const to = dates[latest];
    // ISO calendar dates order correctly as strings.
    if (from !== null && to !== null && from > to) errors.add(earliest, `must be on or before ${latestName}`);
  }
}

export function checkInitialStatus(status: CampaignStatus, errors: FieldErrorCollector): void {
  if (!INITIAL_CAMPAIGN_STATUSES.includes(status)) {
    const allowed = INITIAL_CAMPAIGN_STATUSES.map((value) => `${value} (${campaignStatusName(value)})`).join(' or ');
    errors.add('campaignStatus', `must be ${allowed} when a campaign is created`);
  }
}

export function checkTransition(from: CampaignStatus, to: CampaignStatus, errors: FieldErrorCollector): void {
  const problem = campaignTransitionProblem(from, to);
  if (problem) errors.add('campaignStatus', problem);
}
