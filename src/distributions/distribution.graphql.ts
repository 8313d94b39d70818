import { DeletePayloadType, ResourceListPayloadType } from '../graphql/payloads';
import { Distribution } from './distribution.entity';
import type { NodeSource } from '../graphql/node-resolver';
import { SHARED_SEQUENCE_NOTE } from '../graphql/descriptions';
import { loadEach } from '../graphql/loader-kit';
import { MediaItem } from './media-item.entity';
import { PrimaryLink } from './primary-link.entity';

export const DistributionsPayload = ResourceListPayloadType('DistributionsPayload', 'distributions', Distribution);
export const DistributionDeletePayload = DeletePayloadType('DistributionDeletePayload', 'deletedDistributionId', 'Distribution');
export type DistributionsPayload = InstanceType<typeof DistributionsPayload>;
export type DistributionDeletePayload = InstanceType<typeof DistributionDeletePayload>;

export const distributionNodes: NodeSource[] = [
  { typeName: 'Distribution', objectType: Distribution, scope: 'campaigns:read', idKind: 'integer', databaseIdNote: SHARED_SEQUENCE_NOTE, load: ({ loaders }, ids) => loadEach(loaders.distributionById, ids) },
  { typeName: 'MediaItem', objectType: MediaItem, scope: 'campaigns:read', idKind: 'integer', load: ({ loaders }, ids) => loadEach(loaders.mediaItemById, ids) },
  { typeName: 'PrimaryLink', objectType: PrimaryLink, scope: 'campaigns:read', idKind: 'integer', load: ({ loaders }, ids) => loadEach(loaders.primaryLinkById, ids) },
];
