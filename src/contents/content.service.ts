import type { DataSource, EntityManager } from 'typeorm';
import { Campaign } from '../campaigns/campaign.entity';
import { changedProperties } from '../common/changes';
import { type RecordId, withParsedIds, type WithParsedIds } from '../common/ids';
import type { RequestContext } from '../common/request-context';
import { assertValid, type ErrorSink, FieldErrorCollector, validationProblems } from '../common/validation';
import { type ChildLazies, type ChildPage, countChildren, fetchChildConnections, type ListSlice, parentsWithChildrenOutside } from '../db/lists/list-engine';
import { type AggregateGroup, type GroupedSelection, readAggregates } from '../db/lists/list-aggregates';
import { WorkspaceResourceService } from '../workspace/workspace-resource-service';
import { nextContentDistributionIds } from '../db/shared-id-sequence';
import { type RowLock, softDeleteInWorkspace, tenantQuery } from '../db/tenant-scope';
import { moveDistributionsWithContent } from '../distributions/distribution-moves';
import { softDeleteDescendants } from '../hierarchy/cascade-delete';
import { recordEvent } from '../outbox/outbox';
import { Phase } from '../phases/phase.entity';
import { checkReferences } from '../reference-libraries/reference-checks';
import { contentReferences } from './content-references';
import { ContentStatus, contentStatuses } from './content-status';
import { Content } from './content.entity';
import { ContentInput } from './content.input';
import { contentList } from './content.list';
import { contentWire, toContentRecord } from './content.record';
import { embeddedChildren } from '../db/embedded-json';
import type { Projection } from '../db/projection';
import { distributionsEmbedding, type DistributionSelection } from '../distributions/distribution-queries';

const RESOURCE = 'Content';
/** What a create requires (update and create share ContentInput); the REST document states it too. */
export const REQUIRED_ON_CREATE = ['campaignId', 'phaseId', 'contentName'] as const;

/** Every field of the input that names a record, parsed to the number its column holds. */
const REFERENCE_FIELDS = ['campaignId', 'phaseId', 'publisherProductId', 'publisherTitleId', 'contentEditorId'] as const;
type ContentValues = WithParsedIds<ContentInput, (typeof REFERENCE_FIELDS)[number]>;

/** What a nested contents connection hangs from. */
export type ContentParent = 'campaignId' | 'phaseId';

export class ContentService extends WorkspaceResourceService<Content> {
  constructor(dataSource: DataSource) {
    super(dataSource, Content, 'c', contentList, RESOURCE);
  }

  /**
   * For DataLoader: a page of contents of many campaigns or phases, in one statement; `lazies`
   * answer their counts and the side not paged towards (loaders batching those too).
   */
  async connectionsByParent(
    ctx: RequestContext,
    parent: ContentParent,
    page: ChildPage,
    lazies: ChildLazies,
    projection?: Projection,
    distributions?: DistributionSelection,
  ): Promise<Map<number, ListSlice<Content>>> {
    const embedded = distributions ? [embeddedChildren(this.dataSource.manager, 'c', distributionsEmbedding(distributions))] : [];
    return fetchChildConnections(this.records.rows(ctx), parent, page, lazies, projection, embedded);
  }

  /** For DataLoader: how many live contents each campaign or phase has. */
  countByParent(ctx: RequestContext, parent: ContentParent, parentIds: readonly number[]): Promise<Map<number, number>> {
    return countChildren(this.records.rows(ctx), parent, parentIds);
  }

  /** For DataLoader: the aggregates of the live contents of each campaign or phase, in one grouped statement. */
  aggregatesByParent(ctx: RequestContext, parent: ContentParent, parentIds: readonly number[], request: GroupedSelection): Promise<Map<number | null, AggregateGroup[]>> {
    return readAggregates(this.records.rows(ctx), contentList.aggregates, request, { property: parent, ids: parentIds });
  }

  /** For DataLoader: the campaigns or phases having contents beyond a nested page, on the side not paged towards. */
  parentsWithContentsOutside(ctx: RequestContext, parent: ContentParent, { parentIds, request }: ChildPage): Promise<Set<number>> {
    const [values, side] = request.backward ? [request.before, 'before' as const] : [request.after, 'after' as const];
    if (!values) return Promise.resolve(new Set());
    return parentsWithChildrenOutside(this.records.rows(ctx), parent, parentIds, request.keys, values, side);
  }

  async create(ctx: RequestContext, input: ContentInput): Promise<Content> {
    const problems = await validationProblems(input, REQUIRED_ON_CREATE);
    const values = this.values(input);
    if (values.status !== undefined && !problems.has('status')) contentStatuses.checkInitial(problems, 'status', values.status);
    problems.throwIfAny();

    return this.dataSource.transaction(async (manager) => {
      await this.checkPlacement(manager, ctx, values.campaignId!, values.phaseId!, problems);
      await checkReferences(manager, ctx, contentReferences(values, null), problems);
      problems.throwIfAny();
      const [id] = await nextContentDistributionIds(manager, 1);
      await manager.insert(Content, { status: ContentStatus.DRAFT, ...values, id, organisationId: ctx.organisationId });
      const content = await this.load(manager, ctx, id);
      await recordEvent(manager, ctx, { type: 'content_created', resourceId: id, payload: { content: toContentRecord(content) } });
      return content;
    });
  }

  /** Partial update. Moving a piece to another campaign moves its distributions with it. */
  async update(ctx: RequestContext, rawId: RecordId, input: ContentInput): Promise<Content> {
    const id = this.idOf(rawId);
    await assertValid(input);
    const values = this.values(input);
    return this.dataSource.transaction(async (manager) => {
      const current = await this.load(manager, ctx, id, 'update');
      const problems = new FieldErrorCollector();
      contentStatuses.checkTransition(problems, 'status', current.status, values.status);
      const campaignId = values.campaignId ?? current.campaignId;
      const phaseId = values.phaseId ?? current.phaseId;
      if (campaignId !== current.campaignId || phaseId !== current.phaseId) await this.checkPlacement(manager, ctx, campaignId, phaseId, problems);
      await checkReferences(manager, ctx, contentReferences(values, current), problems);
      problems.throwIfAny();

      const changed = changedProperties(current, values as Partial<Content>);
      if (changed.length === 0) return current;
      await manager.update(Content, { id, organisationId: ctx.organisationId }, values as Partial<Content>);
      const content = await this.load(manager, ctx, id);
      if (campaignId !== current.campaignId) await moveDistributionsWithContent(manager, ctx, content);
      await recordEvent(manager, ctx, {
        type: 'content_updated',
        resourceId: id,
        payload: { content: toContentRecord(content), changed_fields: changed.map((prop) => contentWire.wireName(prop)) },
      });
      if (content.status !== current.status) {
        await recordEvent(manager, ctx, {
          type: 'post_content_status',
          resourceId: id,
          payload: {
            content_id: id,
            campaign_id: content.campaignId,
            phase_id: content.phaseId,
            status: content.status,
            previous_status: current.status,
            changed_at: content.updatedAt.toISOString(),
          },
        });
      }
      return content;
    });
  }

  /** Soft delete, taking the piece's distributions with it. */
  async delete(ctx: RequestContext, rawId: RecordId): Promise<Content> {
    const id = this.idOf(rawId);
    return this.dataSource.transaction(async (manager) => {
      await this.load(manager, ctx, id, 'update');
      const cascaded = await softDeleteDescendants(manager, ctx, { contentId: id });
      const content = await softDeleteInWorkspace(manager, Content, ctx, id);
      await recordEvent(manager, ctx, {
        type: 'content_deleted',
        resourceId: id,
        payload: { content: toContentRecord(content), deleted: { distributions: cascaded.distributions } },
      });
      return content;
    });
  }

  /** Loads a content piece for a write below it (distributions), holding it against a concurrent delete. */
  async loadForChildWrite(manager: EntityManager, ctx: RequestContext, id: number, lock: RowLock = 'share'): Promise<Content> {
    return this.load(manager, ctx, id, lock);
  }

  private values(input: ContentInput): ContentValues {
    return withParsedIds(input, REFERENCE_FIELDS);
  }

  /**
   * The campaign must be this workspace's and the phase one of that campaign's; both are held
   * (FOR SHARE) so neither can be deleted before this write commits.
   */
  private async checkPlacement(manager: EntityManager, ctx: RequestContext, campaignId: number, phaseId: number, problems: ErrorSink): Promise<void> {
    const campaign = await tenantQuery(manager, Campaign, 'k', ctx).andWhere('k.id = :campaignId', { campaignId }).setLock('pessimistic_read').getOne();
    if (!campaign) {
      problems.add('campaignId', 'does not name a campaign of this workspace');
      return;
    }
    const phase = await tenantQuery(manager, Phase, 'p', ctx).andWhere('p.id = :phaseId', { phaseId }).setLock('pessimistic_read').getOne();
    if (!phase || phase.campaignId !== campaignId) problems.add('phaseId', 'does not name a phase of this campaign');
  }
}
