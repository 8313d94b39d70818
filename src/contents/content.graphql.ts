import { resourceTypes } from '../graphql/resource-types';
import { Content } from './content.entity';
import { contentList } from './content.list';
import type { NodeSource } from '../graphql/node-resolver';
import { SHARED_SEQUENCE_NOTE } from '../graphql/descriptions';
import { loadEach } from '../graphql/loader-kit';

export const { Connection: ContentConnection, ListArgs: ContentListArgs, Payload: ContentPayload, DeletePayload: ContentDeletePayload } = resourceTypes('Content', Content, contentList);
export type ContentPayload = InstanceType<typeof ContentPayload>;
export type ContentDeletePayload = InstanceType<typeof ContentDeletePayload>;

export const contentNode: NodeSource = { typeName: 'Content', objectType: Content, scope: 'campaigns:read', idKind: 'integer', databaseIdNote: SHARED_SEQUENCE_NOTE, load: ({ loaders }, ids) => loadEach(loaders.contentById, ids) };
