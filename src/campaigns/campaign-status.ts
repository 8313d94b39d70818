import { registerEnumType } from 'type-graphql';

/** v2 `campaign_status` integers. The spec names none; these are ours (docs/decisions.md). */
export enum CampaignStatus {
  DRAFT = 1,
  ACTIVE = 2,
  PAUSED = 3,
  COMPLETED = 4,
  CANCELLED = 5,
}

/** A campaign is created as a draft or straight into delivery. */
export const INITIAL_CAMPAIGN_STATUSES: readonly CampaignStatus[] = [CampaignStatus.DRAFT, CampaignStatus.ACTIVE];

/** Where a campaign may go from each status. Completed and cancelled are final. */
export const CAMPAIGN_STATUS_TRANSITIONS: Readonly<Record<CampaignStatus, readonly CampaignStatus[]>> = {
  [CampaignStatus.DRAFT]: [CampaignStatus.ACTIVE, CampaignStatus.CANCELLED],
  [CampaignStatus.ACTIVE]: [CampaignStatus.PAUSED, CampaignStatus.COMPLETED, CampaignStatus.CANCELLED],
  [CampaignStatus.PAUSED]: [CampaignStatus.ACTIVE, CampaignStatus.COMPLETED, CampaignStatus.CANCELLED],
  [CampaignStatus.COMPLETED]: [],
  [CampaignStatus.CANCELLED]: [],
};

export function campaignStatusName(status: number): string {
  return CampaignStatus[status]?.toLowerCase() ?? String(status);
}

/** Null when the move is allowed (staying put always is); otherwise the reason, for a 422. */
export function campaignTransitionProblem(from: CampaignStatus, to: CampaignStatus): string | null {
  if (from === to || CAMPAIGN_STATUS_TRANSITIONS[from].includes(to)) return null;
  const allowed = CAMPAIGN_STATUS_TRANSITIONS[from];
  const next = allowed.length ? allowed.map((s) => `${s} (${campaignStatusName(s)})`).join(', ') : 'none: it is final';
  return `cannot change from ${from} (${campaignStatusName(from)}) to ${to} (${campaignStatusName(to)}); allowed: ${next}`;
}

registerEnumType(CampaignStatus, {
  name: 'CampaignStatus',
  description: 'Lifecycle of a campaign. v2 carries the integer in parentheses.',
  valuesConfig: {
    DRAFT: { description: '1: being planned; not delivering.' },
    ACTIVE: { description: '2: delivering.' },
    PAUSED: { description: '3: delivery halted; may resume.' },
    COMPLETED: { description: '4: finished (final).' },
    CANCELLED: { description: '5: stopped for good (final).' },
  },
});
