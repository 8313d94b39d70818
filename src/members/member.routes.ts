import { advertiserAccountRecordSchema, advertiserAccountWire, toAdvertiserAccountRecord } from '../advertiser-accounts/advertiser-account.record';
import { type JsonSchema, objectOf } from '../common/json-schema';
import type { RequestContext } from '../common/request-context';
import { inputSchema } from '../http/rest/openapi/input-schema';
import { recordSchema } from '../http/rest/openapi/record-schema';
import { bodyInput, pathParam } from '../http/rest/request-input';
import { deleteRoute, listRoute, type V2Resource } from '../http/rest/resource-routes';
import type { V2Route } from '../http/rest/v2-route';
import { requestContext } from '../http/request-context';
import { Member } from './member.entity';
import { MemberInput } from './member.input';
import { memberList } from './member.list';
import { memberWire, toMemberRecord } from './member.record';
import { type MemberService, type MemberWithAccount, REQUIRED_ON_CREATE } from './member.service';

const record = recordSchema('Member', memberWire, Member);
const members: V2Resource<Member, MemberService, MemberInput> = {
  param: 'member_id',
  paramDescription: 'A member of this workspace.',
  name: 'Member',
  names: 'Members',
  group: 'accounts',
  wire: memberWire,
  record,
  input: MemberInput,
  service: (services) => services.members,
  toRecord: toMemberRecord,
};
const config = { wire: memberWire };
/** Create and update share MemberInput; a create requires what the service requires. */
const createBody = inputSchema('MemberCreateInput', memberWire, MemberInput, { required: REQUIRED_ON_CREATE });
const updateBody = inputSchema('MemberUpdateInput', memberWire, MemberInput);
const id = { [members.param]: members.paramDescription };

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

/** v2 advertiser account members (spec §4.4): a thin translation onto MemberService. */
// `satisfies` rather than an annotation: the handlers are then typed in eslint's eyes too (explicit-module-boundary-types).
export const memberRoutes = [
  listRoute(members, { summary: 'List members', list: memberList }),
  {
    method: 'GET',
    path: '/members/:member_id',
    operationId: 'getMember',
    summary: 'Get a member',
    description: 'The member and its advertiser account, shown without `organization_code` as the specification does.',
    tag: members.names,
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
    tag: members.names,
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
    tag: members.names,
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
  deleteRoute(members, {
    summary: 'Delete a member',
    description: "Soft delete. When the member was its account's primary contact, the account's `primary_contact_id` becomes null.",
  }),
] satisfies V2Route[];
