import type { GraphQLResolveInfo } from 'graphql';
import { childProjectionOf } from '../graphql/projection';
import type { DistributionSelection } from './distribution-queries';

/**
 * What the resolving field's content pieces ask of their distributions (and of their link and
 * media files), for a contents read that embeds them; undefined when the selection does not ask
 * for distributions.
 */
export function distributionSelectionOf(info: GraphQLResolveInfo): DistributionSelection | undefined {
  const distributions = childProjectionOf(info, 'distributions');
  if (!distributions) return undefined;
  return {
    projection: distributions.projection,
    link: childProjectionOf(info, 'distributions.primaryLink'),
    media: childProjectionOf(info, 'distributions.mediaLibrary'),
  };
}
