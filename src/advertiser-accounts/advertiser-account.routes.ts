import { inputSchema } from '../http/rest/openapi/input-schema';
import { createRoute, deleteRoute, getRoute, listRoute, updateRoute, type V2Resource } from '../http/rest/resource-routes';
import type { V2Route } from '../http/rest/v2-route';
import type { AdvertiserAccount } from './advertiser-account.entity';
import { AdvertiserAccountInput } from './advertiser-account.input';
import { advertiserAccountList } from './advertiser-account.list';
import { advertiserAccountRecordSchema, advertiserAccountWire, toAdvertiserAccountRecord } from './advertiser-account.record';
import { type AdvertiserAccountService, REQUIRED_ON_CREATE } from './advertiser-account.service';

const advertiserAccounts: V2Resource<AdvertiserAccount, AdvertiserAccountService, AdvertiserAccountInput> = {
  param: 'id',
  paramDescription: 'An advertiser account of this workspace.',
  name: 'Advertiser account',
  names: 'Advertiser accounts',
  group: 'accounts',
  wire: advertiserAccountWire,
  record: advertiserAccountRecordSchema,
  input: AdvertiserAccountInput,
  service: (services) => services.advertiserAccounts,
  toRecord: toAdvertiserAccountRecord,
};

/** Create and update share AdvertiserAccountInput; a create requires what the service requires, and names no primary contact yet. */
const createBody = inputSchema('AdvertiserAccountCreateInput', advertiserAccountWire, AdvertiserAccountInput, {
  required: REQUIRED_ON_CREATE,
  properties: { primary_contact_id: () => ({ type: 'null', description: 'A new account has no members yet: null or left out.' }) },
});
const updateBody = inputSchema('AdvertiserAccountUpdateInput', advertiserAccountWire, AdvertiserAccountInput);

/** v2 advertiser accounts (spec §4.3): a thin translation onto AdvertiserAccountService. */
export const advertiserAccountRoutes: V2Route[] = [
  listRoute(advertiserAccounts, { summary: 'List advertiser accounts', list: advertiserAccountList }),
  getRoute(advertiserAccounts, { summary: 'Get an advertiser account' }),
  createRoute(advertiserAccounts, {
    summary: 'Create an advertiser account',
    description:
      '`name` is required. `status` defaults to `active` and `type` to `brand`. `primary_contact_id` must be null or left out: a new account has no members yet.',
    body: createBody,
  }),
  updateRoute(advertiserAccounts, {
    summary: 'Update an advertiser account',
    description:
      'Fields left out are unchanged. A changed `primary_contact_id` must name a live member of this account; null clears it. `is_deleted` may be echoed only as 0.',
    body: updateBody,
  }),
  deleteRoute(advertiserAccounts, {
    summary: 'Delete an advertiser account',
    description:
      'Soft delete; its members go with it. Refused (422) while a campaign that is not deleted has the account as its `primary_advertiser_account_id`.',
  }),
];
