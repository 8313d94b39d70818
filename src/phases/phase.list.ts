import { recordKey } from '../db/lists/group-keys';
import { TRAFFIC_METRICS } from '../workspace/traffic-metrics';
import { defineList } from '../db/lists/define-list';
import { recordId } from '../db/lists/filters';

/** The phases list of /v2 (`GET /v2/phases`); GraphQL reads a campaign's phases whole (`Campaign.phases`). */
export const phaseList = defineList({
  name: 'Phase',
  records: 'phases',
  filters: {
    campaignId: recordId({ property: 'campaignId', node: 'Campaign', description: 'Only the phases of this campaign (an unknown campaign gives an empty page).', rest: 'campaign_id' }),
  },
  aggregates: {
    metrics: TRAFFIC_METRICS,
    dates: ['earliestPhaseLaunchDate', 'latestPhaseLaunchDate', 'earliestPhaseEndDate', 'latestPhaseEndDate'],
    groupBy: [recordKey({ property: 'campaignId', node: 'Campaign', description: 'By `campaignId`.' })],
  },
  sort: {
    CAMPAIGN_ID: { property: 'campaignId', rest: 'campaign_id', kind: 'integer', description: 'By `campaignId`.' },
    PHASE_NO: { property: 'phaseNo', rest: 'phase_no', kind: 'integer', description: 'By `phaseNo`.' },
  },
  // A campaign's phases in their numbered order, as a campaign shows them.
  defaultOrder: [
    { field: 'CAMPAIGN_ID', direction: 'ASC' },
    { field: 'PHASE_NO', direction: 'ASC' },
  ],
});
