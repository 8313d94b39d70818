import { ConnectionType } from '../graphql/connection';
import { listTypes } from '../graphql/lists/list-types';
import { DeletePayloadType } from '../graphql/payloads';
import { PublisherProfile } from './publisher-profile.entity';
import { publisherProfileList } from './publisher-profile.list';
import type { NodeSource } from '../graphql/node-resolver';
import { loadEach } from '../graphql/loader-kit';
import { PublisherTitle } from './publisher-title.entity';

export const PublisherProfileConnection = ConnectionType('PublisherProfile', PublisherProfile, publisherProfileList);
export const PublisherProfileListArgs = listTypes(publisherProfileList).args;

export const PublisherProfileDeletePayload = DeletePayloadType('PublisherProfileDeletePayload', 'deletedPublisherProfileId', 'PublisherProfile');
export type PublisherProfileDeletePayload = InstanceType<typeof PublisherProfileDeletePayload>;

export const publisherNodes: NodeSource[] = [
  { typeName: 'PublisherProfile', objectType: PublisherProfile, scope: 'publishers:read', idKind: 'integer', load: ({ loaders }, ids) => loadEach(loaders.publisherProfileById, ids) },
  { typeName: 'PublisherTitle', objectType: PublisherTitle, scope: 'publishers:read', idKind: 'integer', load: ({ loaders }, ids) => loadEach(loaders.publisherTitleById, ids) },
];
