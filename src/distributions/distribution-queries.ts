import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import type { RequestContext } from '../common/request-context';
import type { EmbedSpec } from '../db/embedded-json';
import { projectionKey, type Projection } from '../db/projection';
import { tenantQuery } from '../db/tenant-scope';
import { Distribution } from './distribution.entity';
import { MediaItem } from './media-item.entity';
import { PrimaryLink } from './primary-link.entity';

/** Live distributions of the workspace with their live link (one join), for GraphQL lists. */
export function distributionWithLinkQuery(manager: EntityManager, ctx: RequestContext): SelectQueryBuilder<Distribution> {
  return tenantQuery(manager, Distribution, 'd', ctx).leftJoinAndMapOne('d.primaryLink', PrimaryLink, 'link', 'link.distributionId = d.id AND link.deletedAt IS NULL');
}

/** Live distributions of the workspace with their link and media, as v2 records show them. */
export function fullDistributionQuery(manager: EntityManager, ctx: RequestContext): SelectQueryBuilder<Distribution> {
  return distributionWithLinkQuery(manager, ctx)
    .leftJoinAndSelect('d.mediaLibrary', 'media')
    .orderBy('d.id', 'ASC')
    .addOrderBy('media.id', 'ASC');
}

/** What a read of distributions is asked for: their columns, and their link's and media files' when wanted. */
export interface DistributionSelection {
  projection: Projection;
  link?: { projection: Projection };
  media?: { projection: Projection };
}

export function distributionSelectionKey(selection: DistributionSelection | undefined): string {
  if (!selection) return '-';
  const { projection, link, media } = selection;
  return `${projectionKey(projection)}|${link ? projectionKey(link.projection) : '-'}|${media ? projectionKey(media.projection) : '-'}`;
}

/** A distribution's live media files, read inside its row (db/embedded-json.ts). */
export function mediaEmbedding(projection: Projection): EmbedSpec {
  return { entity: MediaItem, parentProperty: 'distributionId', property: 'mediaLibrary', projection };
}

/** A content piece's live distributions, with their link and media files as selected, read inside its row. */
export function distributionsEmbedding({ projection, link, media }: DistributionSelection): EmbedSpec {
  const children: EmbedSpec[] = [];
  if (link) children.push({ entity: PrimaryLink, parentProperty: 'distributionId', property: 'primaryLink', projection: link.projection, one: true });
  if (media) children.push(mediaEmbedding(media.projection));
  return { entity: Distribution, parentProperty: 'contentId', property: 'distributions', projection, children };
}
