import type { EventType } from '../events/event-catalogue';
import type { DataSource, EntityManager } from 'typeorm';
import { changedProperties } from '../common/changes';
import { mergeCustomFields, sameJson } from '../common/custom-fields';
import { emailAddress } from '../common/email-address';
import { type RecordId } from '../common/ids';
import type { PageSlice } from '../db/lists/list-engine';
import type { PageRequest } from '../db/lists/list-request';
import { WorkspaceResourceService } from '../workspace/workspace-resource-service';
import type { RequestContext } from '../common/request-context';
import { validationProblems } from '../common/validation';
import { softDeleteInWorkspace } from '../db/tenant-scope';
import { assertUnique, type UniqueRule, withUniqueRule } from '../db/unique-violation';
import { recordEvent } from '../outbox/outbox';
import { OrganisationUser, USER_EMAIL_UNIQUE } from './organisation-user.entity';
import type { UserUpsertInput } from './organisation-user.input';
import { organisationUserList } from './organisation-user.list';
import { toUserRecord, userUpsertBodyWire } from './organisation-user.record';

const RESOURCE = 'User';
/** What an upsert requires, whether it creates or updates; the REST document states it too. */
export const REQUIRED_ON_UPSERT = ['email', 'firstName', 'lastName', 'roles'] as const;
const UNIQUE_EMAIL: UniqueRule = { constraint: USER_EMAIL_UNIQUE, field: 'email', message: 'is already the e-mail address of another user of this workspace' };

type UserValues = Partial<Omit<OrganisationUser, 'id' | 'organisation' | 'organisationId'>>;

export class OrganisationUserService extends WorkspaceResourceService<OrganisationUser> {
  constructor(dataSource: DataSource) {
    super(dataSource, OrganisationUser, 'u', organisationUserList, RESOURCE);
  }

  /**
   * Upsert User (spec §4.2): with an id, that user of the workspace is updated (404 otherwise);
   * without, one is created. `customFields` merges into the stored object; roles are replaced.
   */
  async upsert(ctx: RequestContext, input: UserUpsertInput): Promise<{ user: OrganisationUser; created: boolean }> {
    (await validationProblems(input, REQUIRED_ON_UPSERT)).throwIfAny();
    // An explicit null id is no id (GraphQL clients send nulls for unset fields): create.
    const id = input.id === undefined || input.id === null ? null : this.idOf(input.id);
    return withUniqueRule(UNIQUE_EMAIL, () =>
      this.dataSource.transaction(async (manager) =>
        id === null ? { user: await this.create(manager, ctx, input), created: true } : { user: await this.update(manager, ctx, id, input), created: false },
      ),
    );
  }

  /** Soft delete: the row is kept (`is_deleted` 1, `deleted_at`) but the user is gone from every read. */
  async delete(ctx: RequestContext, rawId: RecordId): Promise<OrganisationUser> {
    const id = this.idOf(rawId);
    return this.dataSource.transaction(async (manager) => {
      await this.load(manager, ctx, id, 'update');
      const user = await softDeleteInWorkspace(manager, OrganisationUser, ctx, id, { isDeleted: 1 });
      await recordEvent(manager, ctx, this.event('user_deleted', user, ctx));
      return user;
    });
  }

  /** Delete User as v2 answers it: the page is checked before anything is deleted, then read after. */
  async deleteAndList(ctx: RequestContext, rawId: RecordId, page: PageRequest): Promise<PageSlice<OrganisationUser>> {
    const id = this.idOf(rawId);
    await this.delete(ctx, id);
    return this.list(ctx, page);
  }

  private async create(manager: EntityManager, ctx: RequestContext, input: UserUpsertInput): Promise<OrganisationUser> {
    const values = valuesOf(input);
    await assertUnique(manager, ctx, OrganisationUser, { emailKey: values.emailKey! }, null, UNIQUE_EMAIL);
    const inserted = await manager.insert(OrganisationUser, { ...values, customFields: input.customFields ?? {}, organisationId: ctx.organisationId });
    const user = await this.load(manager, ctx, inserted.identifiers[0].id as number);
    await recordEvent(manager, ctx, this.event('user_created', user, ctx));
    return user;
  }

  private async update(manager: EntityManager, ctx: RequestContext, id: number, input: UserUpsertInput): Promise<OrganisationUser> {
    const current = await this.load(manager, ctx, id, 'update');
    const values = valuesOf(input);
    if (values.emailKey !== current.emailKey) await assertUnique(manager, ctx, OrganisationUser, { emailKey: values.emailKey! }, id, UNIQUE_EMAIL);
    if (input.customFields) values.customFields = mergeCustomFields(current.customFields, input.customFields);
    const changed = changedProperties(current, values).filter(
      (key) => key !== 'emailKey' && (key !== 'customFields' || !sameJson(current.customFields, values.customFields)) && (key !== 'roleTypes' || !sameJson(current.roleTypes, values.roleTypes)),
    );
    if (changed.length === 0) return current;
    await manager.update(OrganisationUser, { id, organisationId: ctx.organisationId }, values);
    const user = await this.load(manager, ctx, id);
    const event = this.event('user_updated', user, ctx);
    await recordEvent(manager, ctx, { ...event, payload: { ...event.payload, changed_fields: changed.map(changedFieldName) } });
    return user;
  }

  private event<T extends EventType>(type: T, user: OrganisationUser, ctx: RequestContext) {
    return { type, resourceId: user.id, payload: { user: toUserRecord(user, ctx) } };
  }
}

/** The columns an upsert writes. */
function valuesOf(input: UserUpsertInput): UserValues {
  const { id: _id, roles, customFields: _customFields, email, ...profile } = input;
  const given = Object.fromEntries(Object.entries(profile).filter(([, value]) => value !== undefined)) as UserValues;
  const values: UserValues = { ...given, ...emailAddress(email) };
  values.roleTypes = [...new Set(roles.map((role) => role.roleType))].sort((a, b) => a - b);
  return values;
}

/** A changed property as the upsert body names it (roles are stored as their role types). */
function changedFieldName(prop: string): string {
  return prop === 'roleTypes' ? 'roles' : userUpsertBodyWire.wireName(prop);
}
