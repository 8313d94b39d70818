import { registerEnumType } from 'type-graphql';
import { StatusMachine } from '../common/status-machine';

/** v2 `campaign_status` integers. The spec names none; these are ours (docs/decisions.md). */
export enum CampaignStatus {
  DRAFT = 1,
  ACTIVE = 2,
  PAUSED = 3,
  COMPLETED = 4,
  CANCELLED = 5,
}

/** Created as a draft or straight into delivery; completed and cancelled are final. */
export const campaignStatuses = new StatusMachine<CampaignStatus>(
  { 1: 'draft', 2: 'active', 3: 'paused', 4: 'completed', 5: 'cancelled' },
  {
    [CampaignStatus.DRAFT]: [CampaignStatus.ACTIVE, CampaignStatus.CANCELLED],
    [CampaignStatus.ACTIVE]: [CampaignStatus.PAUSED, CampaignStatus.COMPLETED, CampaignStatus.CANCELLED],
    [CampaignStatus.PAUSED]: [CampaignStatus.ACTIVE, CampaignStatus.COMPLETED, CampaignStatus.CANCELLED],
    [CampaignStatus.COMPLETED]: [],
    [CampaignStatus.CANCELLED]: [],
  },
  [CampaignStatus.DRAFT, CampaignStatus.ACTIVE],
);

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
