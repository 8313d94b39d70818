import { ConnectionType } from '../graphql/connection';
import { listTypes } from '../graphql/lists/list-types';
import { DeletePayloadType, ResourcePayloadType } from '../graphql/payloads';
import { AdvertiserAccount } from './advertiser-account.entity';
import { advertiserAccountList } from './advertiser-account.list';
import type { NodeSource } from '../graphql/node-resolver';
import { loadEach } from '../graphql/loader-kit';

export const AdvertiserAccountConnection = ConnectionType('AdvertiserAccount', AdvertiserAccount);
export const AdvertiserAccountListArgs = listTypes(advertiserAccountList).args;

export const AdvertiserAccountPayload = ResourcePayloadType('AdvertiserAccountPayload', 'advertiserAccount', AdvertiserAccount);
export const AdvertiserAccountDeletePayload = DeletePayloadType('AdvertiserAccountDeletePayload', 'deletedAdvertiserAccountId', 'AdvertiserAccount');
export type AdvertiserAccountPayload = InstanceType<typeof AdvertiserAccountPayload>;
export type AdvertiserAccountDeletePayload = InstanceType<typeof AdvertiserAccountDeletePayload>;

export const advertiserAccountNode: NodeSource = {
  typeName: 'AdvertiserAccount',
  objectType: AdvertiserAccount,
  scope: 'accounts:read',
  idKind: 'integer',
  load: ({ loaders }, ids) => loadEach(loaders.advertiserAccountById, ids),
};
