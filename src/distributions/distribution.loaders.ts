import type { Services } from '../app/services';
import type { RequestContext } from '../common/request-context';
import { projectionKey, type Projection } from '../db/projection';
import { byId, groupedBy, perKey } from '../graphql/loader-kit';
import type { Distribution } from './distribution.entity';
import type DataLoader from 'dataloader';
import type { MediaItem } from './media-item.entity';
import type { PrimaryLink } from './primary-link.entity';

export interface DistributionLoaders {
  distributionById: DataLoader<number, Distribution | null>;
  mediaItemById: DataLoader<number, MediaItem | null>;
  primaryLinkById: DataLoader<number, PrimaryLink | null>;
  /** With `media`, each distribution's media files come in the same statement (their projection). */
  distributionsByContentId(projection: Projection, media?: { projection: Projection }): DataLoader<number, Distribution[]>;
  mediaByDistributionId(projection: Projection): DataLoader<number, MediaItem[]>;
}

export function distributionLoaders(services: Services, ctx: RequestContext): DistributionLoaders {
  return {
    distributionById: byId((ids: readonly number[]) => services.distributions.findByIds(ctx, ids)),
    mediaItemById: byId((ids: readonly number[]) => services.distributions.findMediaByIds(ctx, ids)),
    primaryLinkById: byId((ids: readonly number[]) => services.distributions.findLinksByIds(ctx, ids)),
    distributionsByContentId: perKey(
      (projection: Projection, media?: { projection: Projection }) => `${projectionKey(projection)}|${media ? projectionKey(media.projection) : '-'}`,
      (projection: Projection, media?: { projection: Projection }) =>
        groupedBy((distribution: Distribution) => distribution.contentId, (ids: readonly number[]) => services.distributions.findByContentIds(ctx, ids, projection, media)),
    ),
    mediaByDistributionId: perKey(projectionKey, (projection: Projection) =>
      groupedBy((media: MediaItem) => media.distributionId, (ids: readonly number[]) => services.distributions.findMediaByDistributionIds(ctx, ids, projection)),
    ),
  };
}
