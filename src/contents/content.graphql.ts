import { ConnectionType } from '../graphql/connection';
import { listTypes } from '../graphql/lists/list-types';
import { DeletePayloadType, ResourcePayloadType } from '../graphql/payloads';
import { Content } from './content.entity';
import { contentList } from './content.list';

export const ContentConnection = ConnectionType('Content', Content);
export const ContentListArgs = listTypes(contentList).args;

export const ContentPayload = ResourcePayloadType('ContentPayload', 'content', Content);
export const ContentDeletePayload = DeletePayloadType('ContentDeletePayload', 'deletedContentId');
export type ContentPayload = InstanceType<typeof ContentPayload>;
export type ContentDeletePayload = InstanceType<typeof ContentDeletePayload>;
