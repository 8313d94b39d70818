import type { EventType } from '../events/event-catalogue';
import type { DataSource, EntityManager } from 'typeorm';
import { changedProperties } from '../common/changes';
import { NotFoundError } from '../common/errors';
import { parseId, parseIdOrNotFound, type RecordId } from '../common/ids';
import { fetchListPage, type PageSlice } from '../db/lists/list-engine';
import type { PageRequest } from '../db/lists/list-request';
import { distributionList } from './distribution.list';
import type { RequestContext } from '../common/request-context';
import { validationProblems } from '../common/validation';
import type { Content } from '../contents/content.entity';
import type { ContentService } from '../contents/content.service';
import { nextContentDistributionIds } from '../db/shared-id-sequence';
import { loadInWorkspace, softDeleteInWorkspace, tenantQuery } from '../db/tenant-scope';
import { type DomainEvent, recordEvent } from '../outbox/outbox';
import { checkReferences, type Reference } from '../reference-libraries/reference-checks';
import { DistributionStatus } from './distribution-status';
import { Distribution } from './distribution.entity';
import { checkCampaign, checkChangedEntry, checkNewEntry, distributionReferences, fieldsOf, linkFields, mediaFields } from './distribution-rules';
import { type DistributionInput, DistributionsInput } from './distribution.input';
import { distributionWithLinkQuery, fullDistributionQuery, mediaEmbedding } from './distribution-queries';
import { distributionWire, mediaItemWire, toDistributionRecord } from './distribution.record';
import { MediaItem } from './media-item.entity';
import { PrimaryLink } from './primary-link.entity';
import { readProjected, type Projection } from '../db/projection';
import { embeddedChildren } from '../db/embedded-json';

const RESOURCE = 'Distribution';

/** What `/v2/distributions/{id}` names: ids of contents and distributions never collide. */
export type DistributionPathTarget = { kind: 'content'; content: Content; distributions: PageSlice<Distribution> } | { kind: 'distribution'; distribution: Distribution };

export class DistributionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly contents: ContentService,
  ) {}

  async get(ctx: RequestContext, rawId: RecordId): Promise<Distribution> {
    const id = parseIdOrNotFound(rawId, RESOURCE);
    const distribution = await fullDistributionQuery(this.dataSource.manager, ctx).andWhere('d.id = :id', { id }).getOne();
    if (!distribution) throw new NotFoundError(RESOURCE);
    return distribution;
  }

  /** The shared-id route: a content id lists that piece's distributions, a distribution id shows it. */
  async resolvePath(ctx: RequestContext, rawId: RecordId, page: PageRequest): Promise<DistributionPathTarget> {
    const id = parseIdOrNotFound(rawId, RESOURCE);
    const [content] = await this.contents.findByIds(ctx, [id]);
    if (content) return { kind: 'content', content, distributions: await this.listForContent(ctx, content.id, page) };
    return { kind: 'distribution', distribution: await this.get(ctx, id) };
  }

  private async listForContent(ctx: RequestContext, contentId: number, page: PageRequest): Promise<PageSlice<Distribution>> {
    // Page over the distributions first: a join with media would multiply rows and break LIMIT.
    const slice = await fetchListPage(tenantQuery(this.dataSource.manager, Distribution, 'd', ctx).andWhere('d.contentId = :contentId', { contentId }), distributionList, page);
    const rows = slice.items.length ? await fullDistributionQuery(this.dataSource.manager, ctx).andWhere('d.id = ANY(:ids)', { ids: slice.items.map((d) => d.id) }).getMany() : [];
    // In the page's order (`sort` may differ from the full read's id order).
    const byId = new Map(rows.map((row) => [row.id, row]));
    return { ...slice, items: slice.items.flatMap((item) => byId.get(item.id) ?? []) };
  }

  /** For DataLoader: live distributions (with their link, one join) of many contents in one statement. */
  /** `media`: given when the media files are wanted too, read in the same statement (their projection). */
  async findByContentIds(ctx: RequestContext, contentIds: readonly number[], projection?: Projection, media?: { projection: Projection }): Promise<Distribution[]> {
    const manager = this.dataSource.manager;
    return readProjected(
      distributionWithLinkQuery(manager, ctx).andWhere('d.contentId = ANY(:contentIds)', { contentIds: [...contentIds] }).orderBy('d.id', 'ASC'),
      projection,
      ['contentId'],
      media ? [embeddedChildren(manager, 'd', mediaEmbedding(media.projection))] : [],
    );
  }

  async findByIds(ctx: RequestContext, ids: readonly number[]): Promise<Distribution[]> {
    return distributionWithLinkQuery(this.dataSource.manager, ctx).andWhere('d.id = ANY(:ids)', { ids: [...ids] }).getMany();
  }

  /** For DataLoader: media of many distributions in one statement. */
  async findMediaByDistributionIds(ctx: RequestContext, distributionIds: readonly number[], projection?: Projection): Promise<MediaItem[]> {
    return readProjected(
      tenantQuery(this.dataSource.manager, MediaItem, 'm', ctx).andWhere('m.distributionId = ANY(:distributionIds)', { distributionIds: [...distributionIds] }).orderBy('m.id', 'ASC'),
      projection,
      ['distributionId'],
    );
  }

  /** For `node`: media files among `ids` whose distribution is live (a deleted distribution keeps its files' rows). */
  async findMediaByIds(ctx: RequestContext, ids: readonly number[]): Promise<MediaItem[]> {
    return this.partsOfLiveDistributions(MediaItem, ctx, ids);
  }

  /** For `node`: links among `ids` whose distribution is live. */
  async findLinksByIds(ctx: RequestContext, ids: readonly number[]): Promise<PrimaryLink[]> {
    return this.partsOfLiveDistributions(PrimaryLink, ctx, ids);
  }

  private partsOfLiveDistributions<T extends MediaItem | PrimaryLink>(entity: new () => T, ctx: RequestContext, ids: readonly number[]): Promise<T[]> {
    return tenantQuery(this.dataSource.manager, entity, 'p', ctx)
      .andWhere('p.id = ANY(:ids)', { ids: [...ids] })
      .andWhere('EXISTS (SELECT 1 FROM distributions d WHERE d.id = p.distribution_id AND d.organisation_id = p.organisation_id AND d.deleted_at IS NULL)')
      .getMany();
  }

  /** Bulk create for one content piece: every entry is checked before any is written. */
  async createMany(ctx: RequestContext, input: DistributionsInput): Promise<Distribution[]> {
    const problems = await validationProblems(input);
    const entries = Array.isArray(input.distributions) ? input.distributions : [];
    entries.forEach((entry, index) => {
      if (entry.id !== undefined) problems.add(`distributions.${index}.id`, 'must not be given when creating; update existing distributions with the update operation');
      checkNewEntry(entry, problems, `distributions.${index}`);
    });
    // Rules that need no stored record are reported first (422), then the content is looked up (404).
    problems.throwIfAny();
    const contentId = parseIdOrNotFound(input.contentId, 'Content');

    return this.dataSource.transaction(async (manager) => {
      const content = await this.contents.loadForChildWrite(manager, ctx, contentId);
      entries.forEach((entry, index) => checkCampaign(entry, content, problems, `distributions.${index}`));
      await checkReferences(manager, ctx, entries.flatMap((entry, index) => distributionReferences(entry, null, `distributions.${index}`)), problems);
      problems.throwIfAny();
      const ids = await nextContentDistributionIds(manager, entries.length);
      for (const [index, entry] of entries.entries()) await this.insert(manager, ctx, content, ids[index], entry);
      return fullDistributionQuery(manager, ctx).andWhere('d.id = ANY(:ids)', { ids }).getMany();
    });
  }

  /**
   * Bulk update for one content piece (spec §4.7): entries with `id` change that distribution,
   * entries without create one; distributions and media the request leaves out are kept.
   */
  async updateMany(ctx: RequestContext, input: DistributionsInput): Promise<Distribution[]> {
    const problems = await validationProblems(input);
    const entries = Array.isArray(input.distributions) ? input.distributions : [];
    entries.forEach((entry, index) => {
      if (entry.id === undefined) checkNewEntry(entry, problems, `distributions.${index}`);
    });
    problems.throwIfAny();
    const contentId = parseIdOrNotFound(input.contentId, 'Content');

    return this.dataSource.transaction(async (manager) => {
      const content = await this.contents.loadForChildWrite(manager, ctx, contentId);
      const targetIds = entries.map((entry) => (entry.id === undefined ? null : parseId(entry.id))).filter((id): id is number => id !== null);
      // Lock first, then read links and media in a statement of their own: a statement that locks
      // while it joins returns the joined rows as they were before it waited for the lock, so a
      // link or media file a concurrent request just committed would be missed (a second link
      // insert then breaks the one-link-per-distribution index: a 500; media edits are lost).
      const locked = await tenantQuery(manager, Distribution, 'd', ctx)
        .select('d.id')
        .andWhere('d.contentId = :contentId AND d.id = ANY(:targetIds)', { contentId, targetIds })
        .orderBy('d.id', 'ASC')
        .setLock('pessimistic_write')
        .getMany();
      const lockedIds = locked.map((distribution) => distribution.id);
      const existing = new Map(
        (lockedIds.length ? await fullDistributionQuery(manager, ctx).andWhere('d.id = ANY(:lockedIds)', { lockedIds }).getMany() : []).map((distribution) => [distribution.id, distribution]),
      );
      const references: Reference[] = [];
      entries.forEach((entry, index) => {
        const path = `distributions.${index}`;
        checkCampaign(entry, content, problems, path);
        if (entry.id === undefined) {
          references.push(...distributionReferences(entry, null, path));
          return;
        }
        const current = existing.get(parseId(entry.id) ?? 0);
        // A malformed id or status has already failed its type rule; one message says it (as in ContentService).
        if (!current) return problems.has(`${path}.id`) ? undefined : problems.add(`${path}.id`, 'does not name a distribution of this content');
        checkChangedEntry(entry, current, problems, path);
        references.push(...distributionReferences(entry, current, path));
      });
      await checkReferences(manager, ctx, references, problems);
      if (new Set(targetIds).size !== targetIds.length) problems.add('distributions', 'name each distribution at most once');
      problems.throwIfAny();

      const savedIds: number[] = [];
      const newEntries = entries.filter((entry) => entry.id === undefined);
      const newIds = await nextContentDistributionIds(manager, newEntries.length);
      for (const entry of entries) {
        if (entry.id === undefined) {
          const id = newIds.shift()!;
          await this.insert(manager, ctx, content, id, entry);
          savedIds.push(id);
        } else {
          const current = existing.get(parseId(entry.id)!)!;
          await this.change(manager, ctx, current, entry);
          savedIds.push(current.id);
        }
      }
      const saved = new Map((await fullDistributionQuery(manager, ctx).andWhere('d.id = ANY(:savedIds)', { savedIds }).getMany()).map((d) => [d.id, d]));
      return savedIds.map((id) => saved.get(id)!);
    });
  }

  async delete(ctx: RequestContext, rawId: RecordId): Promise<Distribution> {
    const id = parseIdOrNotFound(rawId, RESOURCE);
    return this.dataSource.transaction(async (manager) => {
      // Lock, then read the link and media in a statement of their own (see updateMany).
      await loadInWorkspace(manager, Distribution, ctx, id, RESOURCE, 'update');
      const current = await fullDistributionQuery(manager, ctx).andWhere('d.id = :id', { id }).getOneOrFail();
      const deleted = await softDeleteInWorkspace(manager, Distribution, ctx, id);
      Object.assign(deleted, { primaryLink: current.primaryLink, mediaLibrary: current.mediaLibrary });
      await recordEvent(manager, ctx, this.event('distribution_deleted', deleted));
      return deleted;
    });
  }

  private async insert(manager: EntityManager, ctx: RequestContext, content: Content, id: number, entry: DistributionInput): Promise<void> {
    const organisationId = ctx.organisationId;
    await manager.insert(Distribution, { status: DistributionStatus.PLANNED, ...fieldsOf(entry), id, contentId: content.id, campaignId: content.campaignId, organisationId });
    if (entry.primaryLink) await manager.insert(PrimaryLink, { ...linkFields(entry.primaryLink), distributionId: id, organisationId });
    const media = entry.mediaLibrary ?? [];
    for (const item of media) await manager.insert(MediaItem, { ...mediaFields(item), distributionId: id, organisationId });
    const created = await fullDistributionQuery(manager, ctx).andWhere('d.id = :id', { id }).getOneOrFail();
    await recordEvent(manager, ctx, this.event('distribution_created', created));
    if (media.length > 0) await recordEvent(manager, ctx, this.mediaAdded(created, created.mediaLibrary ?? []));
  }

  private async change(manager: EntityManager, ctx: RequestContext, current: Distribution, entry: DistributionInput): Promise<void> {
    const organisationId = ctx.organisationId;
    const fields = fieldsOf(entry);
    const changed: string[] = changedProperties(current, fields);
    const rowChanged = changed.length > 0;
    if (rowChanged) await manager.update(Distribution, { id: current.id, organisationId }, fields);

    if (entry.primaryLink === null && current.primaryLink) {
      await softDeleteInWorkspace(manager, PrimaryLink, ctx, current.primaryLink.id);
      changed.push('primaryLink');
    } else if (entry.primaryLink && current.primaryLink) {
      const linkChanges = changedProperties(current.primaryLink, linkFields(entry.primaryLink));
      if (linkChanges.length > 0) {
        await manager.update(PrimaryLink, { id: current.primaryLink.id, organisationId }, linkFields(entry.primaryLink));
        changed.push('primaryLink');
      }
    } else if (entry.primaryLink) {
      await manager.insert(PrimaryLink, { ...linkFields(entry.primaryLink), distributionId: current.id, organisationId });
      changed.push('primaryLink');
    }

    const added: number[] = [];
    let mediaChanged = false;
    const byId = new Map((current.mediaLibrary ?? []).map((media) => [media.id, media]));
    for (const item of entry.mediaLibrary ?? []) {
      if (item.id === undefined) {
        const inserted = await manager.insert(MediaItem, { ...mediaFields(item), distributionId: current.id, organisationId });
        added.push(inserted.identifiers[0].id as number);
        continue;
      }
      const stored = byId.get(parseId(item.id)!)!;
      if (changedProperties(stored, mediaFields(item)).length === 0) continue;
      await manager.update(MediaItem, { id: stored.id, organisationId }, mediaFields(item));
      mediaChanged = true;
    }
    if (mediaChanged || added.length > 0) changed.push('mediaLibrary');
    if (changed.length === 0) return;
    // A change to the link or media alone is a change of the distribution: its updated_at moves too.
    if (!rowChanged) await manager.update(Distribution, { id: current.id, organisationId }, { updatedAt: new Date() });

    const saved = await fullDistributionQuery(manager, ctx).andWhere('d.id = :id', { id: current.id }).getOneOrFail();
    await recordEvent(manager, ctx, {
      ...this.event('distribution_updated', saved),
      payload: { distribution: toDistributionRecord(saved), changed_fields: changed.map((prop) => distributionWire.wireName(prop)) },
    });
    if (added.length > 0) await recordEvent(manager, ctx, this.mediaAdded(saved, (saved.mediaLibrary ?? []).filter((media) => added.includes(media.id))));
  }

  private event<T extends EventType>(type: T, distribution: Distribution) {
    return { type, resourceId: distribution.id, payload: { distribution: toDistributionRecord(distribution) } };
  }

  /** `campaign_media_added` (spec §6): media reached a campaign through one of its distributions. */
  private mediaAdded(distribution: Distribution, media: MediaItem[]): DomainEvent<'campaign_media_added'> {
    return {
      type: 'campaign_media_added',
      resourceId: distribution.campaignId,
      payload: {
        campaign_id: distribution.campaignId,
        content_id: distribution.contentId,
        distribution_id: distribution.id,
        media: media.map((item) => mediaItemWire.toRecord(item)),
      },
    };
  }
}
