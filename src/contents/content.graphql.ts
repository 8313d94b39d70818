import { ConnectionType } from '../graphql/connection';
import { listTypes } from '../graphql/lists/list-types';
import { DeletePayloadType, ResourcePayloadType } from '../graphql/payloads';
import { Content } from './content.entity';
import { contentList } from './content.list';
import type { NodeSource } from '../graphql/node-resolver';
import { SHARED_SEQUENCE_NOTE } from '../graphql/descriptions';
import { loadEach } from '../graphql/loader-kit';

export const ContentConnection = ConnectionType('Content', Content);
export const ContentListArgs = listTypes(contentList).args;

export const ContentPayload = ResourcePayloadType('ContentPayload', 'content', Content);
export const ContentDeletePayload = DeletePayloadType('ContentDeletePayload', 'deletedContentId', 'Content');
export type ContentPayload = InstanceType<typeof ContentPayload>;
export type ContentDeletePayload = InstanceType<typeof ContentDeletePayload>;

export const contentNode: NodeSource = { typeName: 'Content', objectType: Content, scope: 'campaigns:read', idKind: 'integer', databaseIdNote: SHARED_SEQUENCE_NOTE, load: ({ loaders }, ids) => loadEach(loaders.contentById, ids) };
