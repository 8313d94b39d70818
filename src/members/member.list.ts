import { recordKey } from '../db/lists/group-keys';
import { defineList } from '../db/lists/define-list';
import { recordId } from '../db/lists/filters';

/** The members list of both faces (GraphQL `members`, `GET /v2/members`). */
export const memberList = defineList({
  name: 'Member',
  records: 'members',
  filters: {
    advertiserAccountId: recordId({
      property: 'advertiserAccountId',
      node: 'AdvertiserAccount',
      description: 'Members of this advertiser account.',
      rest: 'advertiser_account_id',
      restDescription: 'Only the members of this advertiser account (an account the workspace does not have gives an empty page).',
    }),
  },
  aggregates: { groupBy: [recordKey({ property: 'advertiserAccountId', node: 'AdvertiserAccount', description: 'By `advertiserAccountId`.' })] },
  sort: {},
});
