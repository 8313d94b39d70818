import type { EventType } from '../events/event-catalogue';
import type { DataSource, SelectQueryBuilder } from 'typeorm';
import { parseIdOrNotFound, type RecordId } from '../common/ids';
import { type ConnectionRequest, type ConnectionSlice, fetchConnection, fetchPage, type PageRequest, type PageSlice } from '../common/pagination';
import type { RequestContext } from '../common/request-context';
import { escapeLike } from '../common/sql';
import { assertAllValid, assertValid, validationProblems } from '../common/validation';
import { findManyInWorkspace, loadInWorkspace, softDeleteInWorkspace, tenantQuery } from '../db/tenant-scope';
import { recordEvent } from '../outbox/outbox';
import { PublisherProfileStatus } from './publisher-profile-status';
import { PublisherProfile } from './publisher-profile.entity';
import { type PublisherProfileFilter, type PublisherProfileInput } from './publisher-profile.input';
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
  constructor(private readonly dataSource: DataSource) {}

  async list(ctx: RequestContext, filter: PublisherProfileFilter, page: PageRequest): Promise<PageSlice<PublisherProfileWithTitles>> {
    await assertAllValid(filter, page);
    const slice = await fetchPage((await this.filtered(ctx, filter)).orderBy('p.id', 'ASC'), page);
    return { ...slice, items: await this.withTitles(ctx, slice.items) };
  }

  async connection(ctx: RequestContext, filter: PublisherProfileFilter, request: ConnectionRequest): Promise<ConnectionSlice<PublisherProfile>> {
    await assertValid(filter);
    return fetchConnection(await this.filtered(ctx, filter), request);
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

  /** The filter's query; callers have validated the filter (lists together with their page). */
  private async filtered(ctx: RequestContext, filter: PublisherProfileFilter): Promise<SelectQueryBuilder<PublisherProfile>> {
    const query = tenantQuery(this.dataSource.manager, PublisherProfile, 'p', ctx);
    if (filter.search) {
      const search = `%${escapeLike(filter.search)}%`;
      const titleMatch = tenantQuery(this.dataSource.manager, PublisherTitle, 'st', ctx)
        .select('1')
        .andWhere('st.publisherProfileId = p.id')
        .andWhere('st.name ILIKE :search');
      query.andWhere(`(p.name ILIKE :search OR EXISTS (${titleMatch.getQuery()}))`, { search });
    }
    if (filter.country) query.andWhere('p.country = :country', { country: filter.country.toUpperCase() });
    if (filter.status) query.andWhere('p.status = :status', { status: filter.status });
    return query;
  }

  private event(type: EventType, { profile, titles }: PublisherProfileWithTitles, ctx: RequestContext) {
    return { type, resourceType: 'publisher_profile', resourceId: profile.id, payload: { publisher_profile: toPublisherProfileRecord(profile, titles, ctx) } };
  }
}
