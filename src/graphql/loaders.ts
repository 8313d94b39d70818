import DataLoader from 'dataloader';
import type { AdvertiserAccount } from '../advertiser-accounts/advertiser-account.entity';
import type { RequestContext } from '../common/request-context';
import type { Services } from '../services';

/**
 * Per-request batching: every relation a query touches costs one statement per level, however
 * many parents asked. Created for each request so nothing is cached across workspaces or time.
 */
export interface Loaders {
  advertiserAccountById: DataLoader<number, AdvertiserAccount | null>;
}

function byId<T extends { id: number }>(load: (ids: readonly number[]) => Promise<T[]>): DataLoader<number, T | null> {
  return new DataLoader(async (ids) => {
    const found = new Map((await load(ids)).map((row) => [row.id, row]));
    return ids.map((id) => found.get(id) ?? null);
  });
}

export function createLoaders(services: Services, ctx: RequestContext): Loaders {
  return {
    advertiserAccountById: byId((ids) => services.advertiserAccounts.findByIds(ctx, ids)),
  };
}
