import type { Services } from '../app/services';
import type { RequestContext } from '../common/request-context';
import type DataLoader from 'dataloader';
import { byId } from '../graphql/loader-kit';
import type { AdvertiserAccount } from './advertiser-account.entity';

export interface AdvertiserAccountLoaders {
  advertiserAccountById: DataLoader<number, AdvertiserAccount | null>;
}

export function advertiserAccountLoaders(services: Services, ctx: RequestContext): AdvertiserAccountLoaders {
  return { advertiserAccountById: byId((ids: readonly number[]) => services.advertiserAccounts.findByIds(ctx, ids)) };
}
