import type { DataSource, EntityManager, EntityTarget } from 'typeorm';
import { parseIdOrNotFound, type RecordId } from '../common/ids';
import type { RequestContext } from '../common/request-context';
import type { ListDeclaration } from '../db/lists/list-declaration';
import type { ListSlice, PageSlice } from '../db/lists/list-engine';
import type { ConnectionRequest, PageRequest } from '../db/lists/list-request';
import { WorkspaceList } from '../db/lists/workspace-list';
import type { Projection } from '../db/projection';
import { findManyInWorkspace, loadInWorkspace, type RowLock } from '../db/tenant-scope';
import type { WorkspaceRecord } from './workspace-record';

/**
 * What every service of a workspace resource reads the same way: its declared list on both faces,
 * one live record by id (an id of another workspace, or not an id at all, is 404 under the
 * resource's name), and many by id for DataLoader. Subclasses add the writes.
 */
export abstract class WorkspaceResourceService<T extends WorkspaceRecord> {
  protected readonly records: WorkspaceList<T>;

  protected constructor(
    protected readonly dataSource: DataSource,
    private readonly entity: EntityTarget<T>,
    alias: string,
    list: ListDeclaration,
    /** The name NotFoundError gives (`Campaign not found`). */
    protected readonly resource: string,
  ) {
    this.records = new WorkspaceList(dataSource, entity, alias, list);
  }

  list(ctx: RequestContext, request: PageRequest): Promise<PageSlice<T>> {
    return this.records.page(ctx, request);
  }

  connection(ctx: RequestContext, request: ConnectionRequest, projection?: Projection): Promise<ListSlice<T>> {
    return this.records.connection(ctx, request, projection);
  }

  async get(ctx: RequestContext, id: RecordId): Promise<T> {
    return this.load(this.dataSource.manager, ctx, this.idOf(id));
  }

  /** For DataLoader: one statement for many ids; missing, deleted or foreign ids are simply absent. */
  async findByIds(ctx: RequestContext, ids: readonly number[]): Promise<T[]> {
    return findManyInWorkspace(this.dataSource.manager, this.entity, ctx, ids);
  }

  /** An id as a face passes it; one that cannot name a record answers 404 like an unknown one. */
  protected idOf(id: RecordId): number {
    return parseIdOrNotFound(id, this.resource);
  }

  protected load(manager: EntityManager, ctx: RequestContext, id: number, lock: RowLock = false): Promise<T> {
    return loadInWorkspace(manager, this.entity, ctx, id, this.resource, lock);
  }
}
