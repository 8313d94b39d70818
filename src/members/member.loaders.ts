import type { Services } from '../app/services';
import type { RequestContext } from '../common/request-context';
import type DataLoader from 'dataloader';
import { byId, groupedBy } from '../graphql/loader-kit';
import type { Member } from './member.entity';

export interface MemberLoaders {
  memberById: DataLoader<number, Member | null>;
  membersByAdvertiserAccountId: DataLoader<number, Member[]>;
}

export function memberLoaders(services: Services, ctx: RequestContext): MemberLoaders {
  return {
    memberById: byId((ids: readonly number[]) => services.members.findByIds(ctx, ids)),
    membersByAdvertiserAccountId: groupedBy((member: Member) => member.advertiserAccountId, (ids: readonly number[]) => services.members.findByAdvertiserAccountIds(ctx, ids)),
  };
}
