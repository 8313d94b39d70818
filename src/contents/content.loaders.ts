import DataLoader from 'dataloader';
import type { Services } from '../app/services';
import type { RequestContext } from '../common/request-context';
import type { ListSlice } from '../db/lists/list-engine';
import type { ConnectionRequest } from '../db/lists/list-request';
import { projectionKey, type Projection } from '../db/projection';
import { aggregateSelectionKey, type AggregateGroup, type GroupedSelection } from '../db/lists/list-aggregates';
import { distributionSelectionKey, type DistributionSelection } from '../distributions/distribution-queries';
import { byId, fromMap, perKey } from '../graphql/loader-kit';
import type { Content } from './content.entity';
import type { ContentParent } from './content.service';

/** A nested page's arguments as a loader key: parents asking for the same page batch together. */
function pageKey(request: ConnectionRequest): string {
  return JSON.stringify([request.size, request.backward, request.after ?? null, request.before ?? null]);
}

export interface ContentLoaders {
  contentById: DataLoader<number, Content | null>;
  /** A nested page of contents; with `distributions`, each piece's distributions (and their link and media as selected) come in the same statement. */
  contentPages(parent: ContentParent, request: ConnectionRequest, projection: Projection, distributions?: DistributionSelection): DataLoader<number, ListSlice<Content>>;
}

/** Content pieces: by id, and the nested pages of campaigns and phases with their counts. */
export function contentLoaders(services: Services, ctx: RequestContext): ContentLoaders {
  const counts = perKey(
    (parent: ContentParent) => parent,
    (parent: ContentParent) => fromMap((ids: readonly number[]) => services.contents.countByParent(ctx, parent, ids), 0),
  );
  const outside = perKey(
    (parent: ContentParent, request: ConnectionRequest) => `${parent}:${pageKey(request)}`,
    (parent: ContentParent, request: ConnectionRequest) =>
      new DataLoader<number, boolean>(async (ids) => {
        const found = await services.contents.parentsWithContentsOutside(ctx, parent, { parentIds: ids, request });
        return ids.map((id) => found.has(id));
      }),
  );
  const aggregates = perKey(
    (parent: ContentParent, request: GroupedSelection) => `${parent}:${aggregateSelectionKey(request)}`,
    (parent: ContentParent, request: GroupedSelection) =>
      new DataLoader<number, AggregateGroup[]>(async (ids) => {
        const byParent = await services.contents.aggregatesByParent(ctx, parent, ids, request);
        return ids.map((id) => byParent.get(id) ?? []);
      }),
  );
  return {
    contentById: byId((ids: readonly number[]) => services.contents.findByIds(ctx, ids)),
    contentPages: perKey(
      (parent: ContentParent, request: ConnectionRequest, projection: Projection, distributions?: DistributionSelection) =>
        `${parent}:${pageKey(request)}:${projectionKey(projection)}:${distributionSelectionKey(distributions)}`,
      (parent: ContentParent, request: ConnectionRequest, projection: Projection, distributions?: DistributionSelection) =>
        new DataLoader<number, ListSlice<Content>>(async (ids) => {
          const lazies = {
            count: (id: number) => counts(parent).load(id),
            outside: (id: number) => outside(parent, request).load(id),
            aggregates: (id: number, aggregated: GroupedSelection) => aggregates(parent, aggregated).load(id),
          };
          const slices = await services.contents.connectionsByParent(ctx, parent, { parentIds: ids, request }, lazies, projection, distributions);
          return ids.map((id) => slices.get(id)!);
        }),
    ),
  };
}
