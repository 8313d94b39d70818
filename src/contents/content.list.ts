import { enumKey, recordKey } from '../db/lists/group-keys';
import { TRAFFIC_METRICS } from '../workspace/traffic-metrics';
import { defineList } from '../db/lists/define-list';
import { anyOf, dateRange, oneOf, recordId } from '../db/lists/filters';
import { ContentStatus, contentStatuses } from './content-status';

/**
 * The content pieces list of both faces (GraphQL `contents`, `GET /v2/contents`); its paging
 * also serves the nested `Campaign.contents` and `Phase.contents` (by id, without filters).
 */
export const contentList = defineList({
  name: 'Content',
  records: 'content pieces',
  filters: {
    campaignId: recordId({ property: 'campaignId', node: 'Campaign', description: 'Only pieces of this campaign.', rest: 'campaign_id', restDescription: 'Only the content pieces of this campaign.' }),
    phaseId: recordId({ property: 'phaseId', node: 'Phase', description: 'Only pieces of this phase.', rest: 'phase_id', restDescription: 'Only the content pieces of this phase.' }),
    status: oneOf({
      property: 'status',
      enum: ContentStatus,
      values: contentStatuses.values,
      message: contentStatuses.valuesMessage,
      description: 'Only pieces with this status.',
      rest: 'status',
      restDescription: 'Only content pieces in this status (1 draft … 6 archived).',
    }),
    statusIn: anyOf({ property: 'status', enum: ContentStatus, values: contentStatuses.values, message: contentStatuses.valuesMessage, description: 'Only pieces in one of these statuses.' }),
    liveDate: dateRange({ property: 'liveDate', description: 'Only pieces whose `liveDate` is in this range (pieces without one never are).' }),
  },
  aggregates: {
    metrics: TRAFFIC_METRICS,
    dates: ['liveDate'],
    groupBy: [
      enumKey({ property: 'status', enum: ContentStatus, description: 'By `status`.' }),
      recordKey({ property: 'campaignId', node: 'Campaign', description: 'By `campaignId`.' }),
      recordKey({ property: 'phaseId', node: 'Phase', description: 'By `phaseId`.' }),
      recordKey({ property: 'publisherTitleId', node: 'PublisherTitle', description: 'By `publisherTitleId` (null: pieces on no title).' }),
    ],
  },
  sort: { NAME: { property: 'contentName', rest: 'content_name', kind: 'text', description: 'By `contentName`.' } },
});
