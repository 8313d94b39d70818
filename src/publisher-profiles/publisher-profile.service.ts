import type { EventType } from '../events/event-catalogue';
import type { DataSource } from 'typeorm';
import { parseIdOrNotFound, type RecordId } from '../common/ids';
import type { ListSlice, PageSlice } from '../db/lists/list-engine';
import type { ConnectionRequest, PageRequest } from '../db/lists/list-request';
import { WorkspaceList } from '../db/lists/workspace-list';
import type { RequestContext } from '../common/request-context';
import { validationProblems } from '../common/validation';
import { findManyInWorkspace, loadInWorkspace, softDeleteInWorkspace, tenantQuery } from '../db/tenant-scope';
import { recordEvent } from '../outbox/outbox';
import { PublisherProfileStatus } from './publisher-profile-status';
import { PublisherProfile } from './publisher-profile.entity';
import type { PublisherProfileInput } from './publisher-profile.input';
import { publisherProfileList } from './publisher-profile.list';
import { toPublisherProfileRecord } from './publisher-profile.record';
import { PublisherTitle } from './publisher-title.entity';

const RESOURCE = 'Publisher profile';

export interface PublisherProfileWithTitles {
  profile: PublisherProfile;
  titles: PublisherTitle[];
}

/**
 * Publisher profiles and their titles. Partners read and delete them (spec §4.8); operators
 * create them (admin CLI, demo seed).
 */
export class PublisherProfileService {
  private readonly records: WorkspaceList<PublisherProfile>;

  constructor(private readonly dataSource: DataSource) {
    this.records = new WorkspaceList(dataSource, PublisherProfile, 'p', publisherProfileList);
  }

  async list(ctx: RequestContext, request: PageRequest): Promise<PageSlice<PublisherProfileWithTitles>> {
    const slice = await this.records.page(ctx, request);
    return { ...slice, items: await this.withTitles(ctx, slice.items) };
  }

  connection(ctx: RequestContext, request: ConnectionRequest): Promise<ListSlice<PublisherProfile>> {
    return this.records.connection(ctx, request);
  }

  async get(ctx: RequestContext, id: RecordId): Promise<PublisherProfileWithTitles> {
    const profile = await this.getProfile(ctx, id);
    return (await this.withTitles(ctx, [profile]))[0];
  }

  async getProfile(ctx: RequestContext, id: RecordId): Promise<PublisherProfile> {
    return loadInWorkspace(this.dataSource.manager, PublisherProfile, ctx, parseIdOrNotFound(id, RESOURCE), RESOURCE);
  }

  /** For DataLoader: the live titles of many profiles, in one statement. */
  async findTitlesByProfileIds(ctx: RequestContext, profileIds: readonly number[]): Promise<PublisherTitle[]> {
    return tenantQuery(this.dataSource.manager, PublisherTitle, 't', ctx)
      .andWhere('t.publisherProfileId = ANY(:profileIds)', { profileIds: [...profileIds] })
      .orderBy('t.publisherProfileId')
      .addOrderBy('t.id')
      .getMany();
  }

  async findByIds(ctx: RequestContext, ids: readonly number[]): Promise<PublisherProfile[]> {
    return findManyInWorkspace(this.dataSource.manager, PublisherProfile, ctx, ids);
  }

  /** For DataLoader (`Content.publisherTitle`): titles of deleted profiles are deleted with them. */
  async findTitlesByIds(ctx: RequestContext, ids: readonly number[]): Promise<PublisherTitle[]> {
    return findManyInWorkspace(this.dataSource.manager, PublisherTitle, ctx, ids);
  }

  async create(ctx: RequestContext, input: PublisherProfileInput): Promise<PublisherProfileWithTitles> {
    const problems = await validationProblems(input, ['name']);
    (input.titles ?? []).forEach((title, index) => problems.requirePresent(title, ['name'], `titles.${index}`));
    problems.throwIfAny();
    return this.dataSource.transaction(async (manager) => {
      const { titles = [], ...fields } = input;
      const inserted = await manager.insert(PublisherProfile, {
        status: PublisherProfileStatus.ACTIVE,
        ...fields,
        country: fields.country?.toUpperCase(),
        organisationId: ctx.organisationId,
      });
      const id = inserted.identifiers[0].id as number;
      for (const title of titles) await manager.insert(PublisherTitle, { ...title, publisherProfileId: id, organisationId: ctx.organisationId });
      const created = { profile: await loadInWorkspace(manager, PublisherProfile, ctx, id, RESOURCE), titles: await this.titlesOf(manager, ctx, id) };
      await recordEvent(manager, ctx, this.event('publisher_profile_created', created, ctx));
      return created;
    });
  }

  /** Soft delete of the profile and its titles. Contents and distributions keep the title ids they carry. */
  async delete(ctx: RequestContext, rawId: RecordId): Promise<PublisherProfile> {
    const id = parseIdOrNotFound(rawId, RESOURCE);
    return this.dataSource.transaction(async (manager) => {
      await loadInWorkspace(manager, PublisherProfile, ctx, id, RESOURCE, 'update');
      const titles = await this.titlesOf(manager, ctx, id);
      await manager
        .createQueryBuilder()
        .update(PublisherTitle)
        .set({ deletedAt: new Date() })
        .where('organisation_id = :organisationId AND publisher_profile_id = :id AND deleted_at IS NULL', { organisationId: ctx.organisationId, id })
        .execute();
      const profile = await softDeleteInWorkspace(manager, PublisherProfile, ctx, id, { isDeleted: 1 });
      await recordEvent(manager, ctx, this.event('publisher_profile_deleted', { profile, titles }, ctx));
      return profile;
    });
  }

  private titlesOf(manager: DataSource['manager'], ctx: RequestContext, profileId: number): Promise<PublisherTitle[]> {
    return tenantQuery(manager, PublisherTitle, 't', ctx).andWhere('t.publisherProfileId = :profileId', { profileId }).orderBy('t.id').getMany();
  }

  private async withTitles(ctx: RequestContext, profiles: PublisherProfile[]): Promise<PublisherProfileWithTitles[]> {
    const titles = profiles.length ? await this.findTitlesByProfileIds(ctx, profiles.map((profile) => profile.id)) : [];
    return profiles.map((profile) => ({ profile, titles: titles.filter((title) => title.publisherProfileId === profile.id) }));
  }


  private event<T extends EventType>(type: T, { profile, titles }: PublisherProfileWithTitles, ctx: RequestContext) {
    return { type, resourceId: profile.id, payload: { publisher_profile: toPublisherProfileRecord(profile, titles, ctx) } };
  }
}
