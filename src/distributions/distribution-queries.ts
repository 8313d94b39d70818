import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import type { RequestContext } from '../common/request-context';
import { tenantQuery } from '../db/tenant-scope';
import { Distribution } from './distribution.entity';

/** Live distributions of the workspace with their link and media, as v2 records show them. */
export function fullDistributionQuery(manager: EntityManager, ctx: RequestContext): SelectQueryBuilder<Distribution> {
  return tenantQuery(manager, Distribution, 'd', ctx)
    .leftJoinAndSelect('d.primaryLink', 'link')
    .leftJoinAndSelect('d.mediaLibrary', 'media')
    .orderBy('d.id', 'ASC')
    .addOrderBy('media.id', 'ASC');
}
