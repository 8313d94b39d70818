import type { FastifyInstance } from 'fastify';
import { advertiserAccountWire, toAdvertiserAccountRecord } from '../advertiser-accounts/advertiser-account.record';
import { parseIdOrNotFound } from '../common/ids';
import type { RequestContext } from '../common/request-context';
import { done, success } from '../http/rest/envelope';
import { paginated } from '../http/rest/pagination';
import { bodyInput, listQuery } from '../http/rest/request-input';
import type { RestDeps } from '../http/rest/rest-deps';
import { requestContext } from '../http/request-context';
import { MemberFilter, MemberInput } from './member.input';
import { memberWire, toMemberRecord } from './member.record';
import type { MemberWithAccount } from './member.service';

const RESOURCE = 'Member';
const config = { wire: memberWire };

/** `data` of create and update: the account (§2.4, with `organization_code`) and the member. */
function withAccount({ member, account }: MemberWithAccount, ctx: RequestContext) {
  return { advertiser_account: toAdvertiserAccountRecord(account, ctx), member: toMemberRecord(member) };
}

/** v2 advertiser account members (spec §4.4): a thin translation onto MemberService. */
export function registerMemberRoutes(app: FastifyInstance, { services, publicUrl }: RestDeps): void {
  const members = services.members;

  app.get('/members', { config }, async (request) => {
    const { filter, page } = listQuery(request, MemberFilter, { advertiser_account_id: { prop: 'advertiserAccountId' } });
    const slice = await members.list(requestContext(request), filter, page);
    return success('Members retrieved successfully', { members: paginated(request, publicUrl, slice, toMemberRecord) });
  });

  /** As the spec says: the member's account without `organization_code`, plus the member. */
  app.get<{ Params: { member_id: string } }>('/members/:member_id', { config }, async (request) => {
    const { member, account } = await members.getWithAccount(requestContext(request), parseIdOrNotFound(request.params.member_id, RESOURCE));
    const { organization_code: _code, ...accountRecord } = advertiserAccountWire.toRecord(account);
    return success('Member retrieved successfully', { advertiser_account: accountRecord, member: toMemberRecord(member) });
  });

  app.post('/members', { config }, async (request) => {
    const ctx = requestContext(request);
    const created = await members.create(ctx, bodyInput(request, memberWire, MemberInput));
    return success('Member created successfully', withAccount(created, ctx));
  });

  app.put<{ Params: { member_id: string } }>('/members/:member_id', { config }, async (request) => {
    const ctx = requestContext(request);
    const id = parseIdOrNotFound(request.params.member_id, RESOURCE);
    const updated = await members.update(ctx, id, bodyInput(request, memberWire, MemberInput));
    return success('Member updated successfully', withAccount(updated, ctx));
  });

  app.delete<{ Params: { member_id: string } }>('/members/:member_id', { config }, async (request) => {
    await members.delete(requestContext(request), parseIdOrNotFound(request.params.member_id, RESOURCE));
    return done('Member deleted successfully');
  });
}
