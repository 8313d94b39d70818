import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import type { RequestContext } from '../common/request-context';
import { tenantQuery } from '../db/tenant-scope';
import { Distribution } from './distribution.entity';
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
