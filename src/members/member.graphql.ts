import { ConnectionType } from '../graphql/connection';
import { listTypes } from '../graphql/lists/list-types';
import { DeletePayloadType, ResourcePayloadType } from '../graphql/payloads';
import { Member } from './member.entity';
import { memberList } from './member.list';
import type { NodeSource } from '../graphql/node-resolver';
import { loadEach } from '../graphql/loader-kit';

export const MemberConnection = ConnectionType('Member', Member);
export const MemberListArgs = listTypes(memberList).args;

export const MemberPayload = ResourcePayloadType('MemberPayload', 'member', Member);
export const MemberDeletePayload = DeletePayloadType('MemberDeletePayload', 'deletedMemberId', 'Member');
export type MemberPayload = InstanceType<typeof MemberPayload>;
export type MemberDeletePayload = InstanceType<typeof MemberDeletePayload>;

export const memberNode: NodeSource = { typeName: 'Member', objectType: Member, scope: 'accounts:read', idKind: 'integer', load: ({ loaders }, ids) => loadEach(loaders.memberById, ids) };
