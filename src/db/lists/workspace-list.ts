import type { DataSource, EntityTarget, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { RequestContext } from '../../common/request-context';
import type { EmbeddedChildren } from '../embedded-json';
import type { Projection } from '../projection';
import { tenantQuery } from '../tenant-scope';
import { fetchListConnection, fetchListPage, type ListSlice, type PageSlice } from './list-engine';
import type { ListDeclaration } from './list-declaration';
import type { ConnectionRequest, PageRequest } from './list-request';

/**
 * A declared list of a workspace's records, both faces' way: a /v2 page or a GraphQL connection
 * page, over the workspace's live rows (`scope` may narrow them further, as the event feed's 30
 * days). What services list with, instead of writing each list by hand.
 */
export class WorkspaceList<T extends ObjectLiteral> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly entity: EntityTarget<T>,
    private readonly alias: string,
    readonly declaration: ListDeclaration,
    private readonly scope: (query: SelectQueryBuilder<T>, ctx: RequestContext) => SelectQueryBuilder<T> = (query) => query,
  ) {}

  /** The workspace's rows the list shows, before its filters. */
  rows(ctx: RequestContext): SelectQueryBuilder<T> {
    return this.scope(tenantQuery(this.dataSource.manager, this.entity, this.alias, ctx), ctx);
  }

  page(ctx: RequestContext, request: PageRequest): Promise<PageSlice<T>> {
    return fetchListPage(this.rows(ctx), this.declaration, request);
  }

  connection(ctx: RequestContext, request: ConnectionRequest, projection?: Projection, embedded: readonly EmbeddedChildren[] = []): Promise<ListSlice<T>> {
    return fetchListConnection(this.rows(ctx), this.declaration, request, projection, embedded);
  }
}
