import { resourceTypes } from '../graphql/resource-types';
import { AdvertiserAccount } from './advertiser-account.entity';
import { advertiserAccountList } from './advertiser-account.list';
import type { NodeSource } from '../graphql/node-resolver';
import { loadEach } from '../graphql/loader-kit';

export const { Connection: AdvertiserAccountConnection, ListArgs: AdvertiserAccountListArgs, Payload: AdvertiserAccountPayload, DeletePayload: AdvertiserAccountDeletePayload } = resourceTypes('AdvertiserAccount', AdvertiserAccount, advertiserAccountList);
export type AdvertiserAccountPayload = InstanceType<typeof AdvertiserAccountPayload>;
export type AdvertiserAccountDeletePayload = InstanceType<typeof AdvertiserAccountDeletePayload>;

export const advertiserAccountNode: NodeSource = {
  typeName: 'AdvertiserAccount',
  objectType: AdvertiserAccount,
  scope: 'accounts:read',
  idKind: 'integer',
  load: ({ loaders }, ids) => loadEach(loaders.advertiserAccountById, ids),
};
