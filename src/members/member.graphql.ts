import { resourceTypes } from '../graphql/resource-types';
import { Member } from './member.entity';
import { memberList } from './member.list';
import type { NodeSource } from '../graphql/node-resolver';
import { loadEach } from '../graphql/loader-kit';

export const { Connection: MemberConnection, ListArgs: MemberListArgs, Payload: MemberPayload, DeletePayload: MemberDeletePayload } = resourceTypes('Member', Member, memberList);
export type MemberPayload = InstanceType<typeof MemberPayload>;
export type MemberDeletePayload = InstanceType<typeof MemberDeletePayload>;

export const memberNode: NodeSource = { typeName: 'Member', objectType: Member, scope: 'accounts:read', idKind: 'integer', load: ({ loaders }, ids) => loadEach(loaders.memberById, ids) };
