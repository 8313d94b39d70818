import type { FastifyInstance } from 'fastify';
import { parseIdOrNotFound } from '../common/ids';
import { done, success } from '../http/rest/envelope';
import { paginated } from '../http/rest/pagination';
import { bodyInput, listQuery } from '../http/rest/request-input';
import type { RestDeps } from '../http/rest/rest-deps';
import { requestContext } from '../http/request-context';
import { AdvertiserAccountFilter, AdvertiserAccountInput } from './advertiser-account.input';
import { advertiserAccountWire, toAdvertiserAccountRecord } from './advertiser-account.record';

const RESOURCE = 'Advertiser account';
const config = { wire: advertiserAccountWire };

/** v2 advertiser accounts (spec §4.3): a thin translation onto AdvertiserAccountService. */
export function registerAdvertiserAccountRoutes(app: FastifyInstance, { services, publicUrl }: RestDeps): void {
  const accounts = services.advertiserAccounts;

  app.get('/advertiser-accounts', { config }, async (request) => {
    const ctx = requestContext(request);
    const { filter, page } = listQuery(request, AdvertiserAccountFilter, { search: { prop: 'search' }, status: { prop: 'status' } });
    const slice = await accounts.list(ctx, filter, page);
    return success('Advertiser accounts retrieved successfully', {
      advertiser_accounts: paginated(request, publicUrl, slice, (account) => toAdvertiserAccountRecord(account, ctx)),
    });
  });

  app.get<{ Params: { id: string } }>('/advertiser-accounts/:id', { config }, async (request) => {
    const ctx = requestContext(request);
    const account = await accounts.get(ctx, parseIdOrNotFound(request.params.id, RESOURCE));
    return success('Advertiser account retrieved successfully', { advertiser_account: toAdvertiserAccountRecord(account, ctx) });
  });

  app.post('/advertiser-accounts', { config }, async (request) => {
    const ctx = requestContext(request);
    const account = await accounts.create(ctx, bodyInput(request, advertiserAccountWire, AdvertiserAccountInput));
    return success('Advertiser account created successfully', { advertiser_account: toAdvertiserAccountRecord(account, ctx) });
  });

  app.put<{ Params: { id: string } }>('/advertiser-accounts/:id', { config }, async (request) => {
    const ctx = requestContext(request);
    const id = parseIdOrNotFound(request.params.id, RESOURCE);
    const account = await accounts.update(ctx, id, bodyInput(request, advertiserAccountWire, AdvertiserAccountInput));
    return success('Advertiser account updated successfully', { advertiser_account: toAdvertiserAccountRecord(account, ctx) });
  });

  app.delete<{ Params: { id: string } }>('/advertiser-accounts/:id', { config }, async (request) => {
    await accounts.delete(requestContext(request), parseIdOrNotFound(request.params.id, RESOURCE));
    return done('Advertiser account deleted successfully');
  });
}
