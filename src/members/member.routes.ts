import { advertiserAccountRecordSchema, advertiserAccountWire, toAdvertiserAccountRecord } from '../advertiser-accounts/advertiser-account.record';
import { type JsonSchema, objectOf } from '../common/json-schema';
import type { RequestContext } from '../common/request-context';
import { inputSchema } from '../http/rest/openapi/input-schema';
import { keyed, pageOf } from '../http/rest/openapi/response-schemas';
import { recordSchema } from '../http/rest/openapi/record-schema';
import { paginated } from '../http/rest/pagination';
import { listQuery } from '../http/rest/list-query';
import { bodyInput, pathParam } from '../http/rest/request-input';
import type { ListQueryDeclaration, V2Route } from '../http/rest/v2-route';
import { requestContext } from '../http/request-context';
import { Member } from './member.entity';
import { MemberInput } from './member.input';
import { memberList } from './member.list';
import { memberWire, toMemberRecord } from './member.record';
import { type MemberWithAccount, REQUIRED_ON_CREATE } from './member.service';

const TAG = 'Members';
const config = { wire: memberWire };
const record = recordSchema('Member', memberWire, Member);
/** Create and update share MemberInput; a create requires what the service requires. */
const createBody = inputSchema('MemberCreateInput', memberWire, MemberInput, { required: REQUIRED_ON_CREATE });
const updateBody = inputSchema('MemberUpdateInput', memberWire, MemberInput);
const id = { member_id: 'A member of this workspace.' };

/** `data` of create and update: the account (§2.4, with `organization_code`) and the member. */
const WITH_ACCOUNT = objectOf({ advertiser_account: advertiserAccountRecordSchema, member: record });

function withAccount({ member, account }: MemberWithAccount, ctx: RequestContext) {
  return { advertiser_account: toAdvertiserAccountRecord(account, ctx), member: toMemberRecord(member) };
}

/** The detail's account: the §2.4 record without `organization_code`, as §4.4 shows it. */
const ACCOUNT_WITHOUT_CODE: JsonSchema = (() => {
  const { organization_code: _code, ...properties } = advertiserAccountRecordSchema.properties ?? {};
  return { title: 'MemberAdvertiserAccount', ...objectOf(properties) };
})();

const LIST_QUERY = { paged: true, list: memberList } satisfies ListQueryDeclaration;

/** v2 advertiser account members (spec §4.4): a thin translation onto MemberService. */
// `satisfies` rather than an annotation: the handlers are then typed in eslint's eyes too (explicit-module-boundary-types).
export const memberRoutes = [
  {
    method: 'GET',
    path: '/members',
    operationId: 'listMembers',
    summary: 'List members',
    tag: TAG,
    scope: 'accounts:read',
    query: LIST_QUERY,
    success: { message: 'Members retrieved successfully', data: keyed('members', pageOf(record)) },
    config,
    async handle(request, { services, publicUrl }) {
      const slice = await services.members.list(requestContext(request), listQuery(request, memberList));
      return { members: paginated(request, publicUrl, slice, toMemberRecord) };
    },
  },
  {
    method: 'GET',
    path: '/members/:member_id',
    operationId: 'getMember',
    summary: 'Get a member',
    description: 'The member and its advertiser account, shown without `organization_code` as the specification does.',
    tag: TAG,
    scope: 'accounts:read',
    params: id,
    success: { message: 'Member retrieved successfully', data: objectOf({ advertiser_account: ACCOUNT_WITHOUT_CODE, member: record }) },
    config,
    async handle(request, { services }) {
      const { member, account } = await services.members.getWithAccount(requestContext(request), pathParam(request, 'member_id'));
      const { organization_code: _code, ...accountRecord } = advertiserAccountWire.toRecord(account);
      return { advertiser_account: accountRecord, member: toMemberRecord(member) };
    },
  },
  {
    method: 'POST',
    path: '/members',
    operationId: 'createMember',
    summary: 'Create a member',
    description:
      '`advertiser_account_id` (a live account of this workspace), `email`, `first_name`, `last_name` and `password` are required. The e-mail address is unique within the account, whatever its case. The password is stored only as a salted hash and never returned.',
    tag: TAG,
    scope: 'accounts:write',
    body: createBody,
    success: { message: 'Member created successfully', data: WITH_ACCOUNT },
    config,
    async handle(request, { services }) {
      const ctx = requestContext(request);
      return withAccount(await services.members.create(ctx, bodyInput(request, memberWire, MemberInput)), ctx);
    },
  },
  {
    method: 'PUT',
    path: '/members/:member_id',
    operationId: 'updateMember',
    summary: 'Update a member',
    description:
      'Fields left out are unchanged. A member never moves to another account: `advertiser_account_id` may only be sent back as read. A `password` given is hashed afresh.',
    tag: TAG,
    scope: 'accounts:write',
    params: id,
    body: updateBody,
    success: { message: 'Member updated successfully', data: WITH_ACCOUNT },
    config,
    async handle(request, { services }) {
      const ctx = requestContext(request);
      const memberId = pathParam(request, 'member_id');
      return withAccount(await services.members.update(ctx, memberId, bodyInput(request, memberWire, MemberInput)), ctx);
    },
  },
  {
    method: 'DELETE',
    path: '/members/:member_id',
    operationId: 'deleteMember',
    summary: 'Delete a member',
    description: "Soft delete. When the member was its account's primary contact, the account's `primary_contact_id` becomes null.",
    tag: TAG,
    scope: 'accounts:write',
    params: id,
    success: { message: 'Member deleted successfully' },
    config,
    async handle(request, { services }) {
      await services.members.delete(requestContext(request), pathParam(request, 'member_id'));
    },
  },
] satisfies V2Route[];
