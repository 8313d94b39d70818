import { ConnectionType } from '../graphql/connection';
import { listTypes } from '../graphql/lists/list-types';
import { DeletePayloadType, ResourcePayloadType } from '../graphql/payloads';
import { Member } from './member.entity';
import { memberList } from './member.list';

export const MemberConnection = ConnectionType('Member', Member);
export const MemberListArgs = listTypes(memberList).args;

export const MemberPayload = ResourcePayloadType('MemberPayload', 'member', Member);
export const MemberDeletePayload = DeletePayloadType('MemberDeletePayload', 'deletedMemberId');
export type MemberPayload = InstanceType<typeof MemberPayload>;
export type MemberDeletePayload = InstanceType<typeof MemberDeletePayload>;
