import { enumKey } from '../db/lists/group-keys';
import { defineList } from '../db/lists/define-list';
import { anyOf, oneOf, textSearch } from '../db/lists/filters';
import { AdvertiserAccountStatus } from './advertiser-account-enums';

const STATUSES = Object.values(AdvertiserAccountStatus);
const STATUS_MESSAGE = `must be one of: ${STATUSES.join(', ')}`;

/** The advertiser accounts list of both faces (GraphQL `advertiserAccounts`, `GET /v2/advertiser-accounts`). */
export const advertiserAccountList = defineList({
  name: 'AdvertiserAccount',
  records: 'advertiser accounts',
  filters: {
    search: textSearch({ description: 'Case-insensitive match anywhere in the name; at most 255 characters.', rest: 'search', matches: (alias, param) => `${alias}.name ILIKE :${param}` }),
    status: oneOf({ property: 'status', enum: AdvertiserAccountStatus, values: STATUSES, message: STATUS_MESSAGE, description: 'Only accounts with this status.', rest: 'status', restDescription: 'Only accounts in this status.' }),
    statusIn: anyOf({ property: 'status', enum: AdvertiserAccountStatus, values: STATUSES, message: STATUS_MESSAGE, description: 'Only accounts in one of these statuses.' }),
  },
  aggregates: { groupBy: [enumKey({ property: 'status', enum: AdvertiserAccountStatus, description: 'By `status`.' })] },
  sort: { NAME: { property: 'name', rest: 'name', kind: 'text', description: 'By `name`.' } },
});
