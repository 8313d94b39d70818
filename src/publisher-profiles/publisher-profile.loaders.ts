import type { Services } from '../app/services';
import type { RequestContext } from '../common/request-context';
import type DataLoader from 'dataloader';
import { byId, groupedBy } from '../graphql/loader-kit';
import type { PublisherProfile } from './publisher-profile.entity';
import type { PublisherTitle } from './publisher-title.entity';

export interface PublisherProfileLoaders {
  publisherProfileById: DataLoader<number, PublisherProfile | null>;
  publisherTitleById: DataLoader<number, PublisherTitle | null>;
  titlesByPublisherProfileId: DataLoader<number, PublisherTitle[]>;
}

export function publisherProfileLoaders(services: Services, ctx: RequestContext): PublisherProfileLoaders {
  return {
    publisherProfileById: byId((ids: readonly number[]) => services.publisherProfiles.findByIds(ctx, ids)),
    publisherTitleById: byId((ids: readonly number[]) => services.publisherProfiles.findTitlesByIds(ctx, ids)),
    titlesByPublisherProfileId: groupedBy((title: PublisherTitle) => title.publisherProfileId, (ids: readonly number[]) => services.publisherProfiles.findTitlesByProfileIds(ctx, ids)),
  };
}
