import { type DataSource } from 'typeorm';
import { changedProperties } from '../common/changes';
import { ValidationFailedError } from '../common/errors';
import { type RecordId, withParsedIds } from '../common/ids';
import { WorkspaceResourceService } from '../workspace/workspace-resource-service';
import type { RequestContext } from '../common/request-context';
import { assertValid, FieldErrorCollector, validationProblems } from '../common/validation';
import { softDeleteInWorkspace, tenantQuery } from '../db/tenant-scope';
import { Campaign } from '../campaigns/campaign.entity';
import { softDeleteMembersOfAccount } from '../members/member-cascade';
import { Member } from '../members/member.entity';
import { recordEvent } from '../outbox/outbox';
import { checkReferences, needsCheck } from '../reference-libraries/reference-checks';
import { AdvertiserAccountStatus, AdvertiserAccountType } from './advertiser-account-enums';
import { AdvertiserAccount } from './advertiser-account.entity';
import { AdvertiserAccountInput } from './advertiser-account.input';
import { advertiserAccountList } from './advertiser-account.list';
import { advertiserAccountWire, toAdvertiserAccountRecord } from './advertiser-account.record';

const RESOURCE = 'Advertiser account';
/** What a create requires (update and create share AdvertiserAccountInput); the REST document states it too. */
export const REQUIRED_ON_CREATE = ['name'] as const;

export class AdvertiserAccountService extends WorkspaceResourceService<AdvertiserAccount> {
  constructor(dataSource: DataSource) {
    super(dataSource, AdvertiserAccount, 'a', advertiserAccountList, RESOURCE);
  }

  async create(ctx: RequestContext, input: AdvertiserAccountInput): Promise<AdvertiserAccount> {
    const problems = await validationProblems(input, REQUIRED_ON_CREATE);
    // A new account has no members yet, so none can be its primary contact.
    if (input.primaryContactId !== undefined && input.primaryContactId !== null && !problems.has('primaryContactId')) {
      problems.add('primaryContactId', 'must be null when the account is created: add members, then name one of them');
    }
    problems.throwIfAny();
    return this.dataSource.transaction(async (manager) => {
      const { isDeleted: _isDeleted, ...fields } = withParsedIds(input, ['primaryContactId']);
      const inserted = await manager.insert(AdvertiserAccount, {
        status: AdvertiserAccountStatus.ACTIVE,
        type: AdvertiserAccountType.BRAND,
        ...fields,
        organisationId: ctx.organisationId,
      });
      const account = await this.load(manager, ctx, inserted.identifiers[0].id as number);
      await recordEvent(manager, ctx, { type: 'advertiser_account_created', resourceId: account.id, payload: { advertiser_account: toAdvertiserAccountRecord(account, ctx) } });
      return account;
    });
  }

  async update(ctx: RequestContext, rawId: RecordId, input: AdvertiserAccountInput): Promise<AdvertiserAccount> {
    const id = this.idOf(rawId);
    await assertValid(input);
    return this.dataSource.transaction(async (manager) => {
      const current = await this.load(manager, ctx, id, 'update');
      const { isDeleted: _isDeleted, ...fields } = withParsedIds(input, ['primaryContactId']);
      if (needsCheck(fields.primaryContactId, current.primaryContactId)) {
        const problems = new FieldErrorCollector();
        const within = { property: 'advertiserAccountId', id };
        await checkReferences(manager, ctx, [{ path: 'primaryContactId', id: fields.primaryContactId, entity: Member, describe: 'a member of this advertiser account', within }], problems);
        problems.throwIfAny();
      }
      const changed = changedProperties(current, fields);
      if (changed.length === 0) return current;
      await manager.update(AdvertiserAccount, { id, organisationId: ctx.organisationId }, fields);
      const account = await this.load(manager, ctx, id);
      await recordEvent(manager, ctx, {
        type: 'advertiser_account_updated',
        resourceId: account.id,
        payload: { advertiser_account: toAdvertiserAccountRecord(account, ctx), changed_fields: changed.map((prop) => advertiserAccountWire.wireName(prop)) },
      });
      return account;
    });
  }

  /** Soft delete. Refused while live campaigns run for the account, so none is left pointing at nothing. */
  async delete(ctx: RequestContext, rawId: RecordId): Promise<AdvertiserAccount> {
    const id = this.idOf(rawId);
    return this.dataSource.transaction(async (manager) => {
      await this.load(manager, ctx, id, 'update');
      const campaigns = await tenantQuery(manager, Campaign, 'c', ctx).andWhere('c.primaryAdvertiserAccountId = :id', { id }).getCount();
      if (campaigns > 0) {
        throw ValidationFailedError.single('id', `has ${campaigns} campaign(s); delete them or move them to another account first`);
      }
      const members = await softDeleteMembersOfAccount(manager, ctx, id);
      const account = await softDeleteInWorkspace(manager, AdvertiserAccount, ctx, id, { isDeleted: 1 });
      await recordEvent(manager, ctx, { type: 'advertiser_account_deleted', resourceId: account.id, payload: { advertiser_account: toAdvertiserAccountRecord(account, ctx), deleted: { members } } });
      return account;
    });
  }
}
