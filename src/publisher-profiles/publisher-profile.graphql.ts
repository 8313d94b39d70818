import { ConnectionType } from '../graphql/connection';
import { listTypes } from '../graphql/lists/list-types';
import { DeletePayloadType } from '../graphql/payloads';
import { PublisherProfile } from './publisher-profile.entity';
import { publisherProfileList } from './publisher-profile.list';

export const PublisherProfileConnection = ConnectionType('PublisherProfile', PublisherProfile);
export const PublisherProfileListArgs = listTypes(publisherProfileList).args;

export const PublisherProfileDeletePayload = DeletePayloadType('PublisherProfileDeletePayload', 'deletedPublisherProfileId');
export type PublisherProfileDeletePayload = InstanceType<typeof PublisherProfileDeletePayload>;
