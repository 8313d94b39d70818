import { inputSchema } from '../http/rest/openapi/input-schema';
import { keyed, pageOf } from '../http/rest/openapi/response-schemas';
import { paginated } from '../http/rest/pagination';
import { listQuery } from '../http/rest/list-query';
import { bodyInput, pathParam } from '../http/rest/request-input';
import type { ListQueryDeclaration, V2Route } from '../http/rest/v2-route';
import { requestContext } from '../http/request-context';
import { AdvertiserAccountInput } from './advertiser-account.input';
import { advertiserAccountList } from './advertiser-account.list';
import { advertiserAccountRecordSchema as record, advertiserAccountWire, toAdvertiserAccountRecord } from './advertiser-account.record';
import { REQUIRED_ON_CREATE } from './advertiser-account.service';

const TAG = 'Advertiser accounts';
const config = { wire: advertiserAccountWire };
/** Create and update share AdvertiserAccountInput; a create requires what the service requires, and names no primary contact yet. */
const createBody = inputSchema('AdvertiserAccountCreateInput', advertiserAccountWire, AdvertiserAccountInput, {
  required: REQUIRED_ON_CREATE,
  properties: { primary_contact_id: () => ({ type: 'null', description: 'A new account has no members yet: null or left out.' }) },
});
const updateBody = inputSchema('AdvertiserAccountUpdateInput', advertiserAccountWire, AdvertiserAccountInput);
const one = keyed('advertiser_account', record);
const id = { id: 'An advertiser account of this workspace.' };

const LIST_QUERY = { paged: true, list: advertiserAccountList } satisfies ListQueryDeclaration;

/** v2 advertiser accounts (spec §4.3): a thin translation onto AdvertiserAccountService. */
// `satisfies` rather than an annotation: the handlers are then typed in eslint's eyes too (explicit-module-boundary-types).
export const advertiserAccountRoutes = [
  {
    method: 'GET',
    path: '/advertiser-accounts',
    operationId: 'listAdvertiserAccounts',
    summary: 'List advertiser accounts',
    tag: TAG,
    scope: 'accounts:read',
    query: LIST_QUERY,
    success: { message: 'Advertiser accounts retrieved successfully', data: keyed('advertiser_accounts', pageOf(record)) },
    config,
    async handle(request, { services, publicUrl }) {
      const ctx = requestContext(request);
      const slice = await services.advertiserAccounts.list(ctx, listQuery(request, advertiserAccountList));
      return { advertiser_accounts: paginated(request, publicUrl, slice, (account) => toAdvertiserAccountRecord(account, ctx)) };
    },
  },
  {
    method: 'GET',
    path: '/advertiser-accounts/:id',
    operationId: 'getAdvertiserAccount',
    summary: 'Get an advertiser account',
    tag: TAG,
    scope: 'accounts:read',
    params: id,
    success: { message: 'Advertiser account retrieved successfully', data: one },
    config,
    async handle(request, { services }) {
      const ctx = requestContext(request);
      const account = await services.advertiserAccounts.get(ctx, pathParam(request, 'id'));
      return { advertiser_account: toAdvertiserAccountRecord(account, ctx) };
    },
  },
  {
    method: 'POST',
    path: '/advertiser-accounts',
    operationId: 'createAdvertiserAccount',
    summary: 'Create an advertiser account',
    description:
      '`name` is required. `status` defaults to `active` and `type` to `brand`. `primary_contact_id` must be null or left out: a new account has no members yet.',
    tag: TAG,
    scope: 'accounts:write',
    body: createBody,
    success: { message: 'Advertiser account created successfully', data: one },
    config,
    async handle(request, { services }) {
      const ctx = requestContext(request);
      const account = await services.advertiserAccounts.create(ctx, bodyInput(request, advertiserAccountWire, AdvertiserAccountInput));
      return { advertiser_account: toAdvertiserAccountRecord(account, ctx) };
    },
  },
  {
    method: 'PUT',
    path: '/advertiser-accounts/:id',
    operationId: 'updateAdvertiserAccount',
    summary: 'Update an advertiser account',
    description:
      'Fields left out are unchanged. A changed `primary_contact_id` must name a live member of this account; null clears it. `is_deleted` may be echoed only as 0.',
    tag: TAG,
    scope: 'accounts:write',
    params: id,
    body: updateBody,
    success: { message: 'Advertiser account updated successfully', data: one },
    config,
    async handle(request, { services }) {
      const ctx = requestContext(request);
      const accountId = pathParam(request, 'id');
      const account = await services.advertiserAccounts.update(ctx, accountId, bodyInput(request, advertiserAccountWire, AdvertiserAccountInput));
      return { advertiser_account: toAdvertiserAccountRecord(account, ctx) };
    },
  },
  {
    method: 'DELETE',
    path: '/advertiser-accounts/:id',
    operationId: 'deleteAdvertiserAccount',
    summary: 'Delete an advertiser account',
    description:
      'Soft delete; its members go with it. Refused (422) while a campaign that is not deleted has the account as its `primary_advertiser_account_id`.',
    tag: TAG,
    scope: 'accounts:write',
    params: id,
    success: { message: 'Advertiser account deleted successfully' },
    config,
    async handle(request, { services }) {
      await services.advertiserAccounts.delete(requestContext(request), pathParam(request, 'id'));
    },
  },
] satisfies V2Route[];
