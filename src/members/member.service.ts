import type { EventType } from '../events/event-catalogue';
import type { DataSource, EntityManager } from 'typeorm';
import { AdvertiserAccount } from '../advertiser-accounts/advertiser-account.entity';
import { toAdvertiserAccountRecord } from '../advertiser-accounts/advertiser-account.record';
import { changedProperties } from '../common/changes';
import { emailAddress } from '../common/email-address';
import { ValidationFailedError } from '../common/errors';
import { parseId, type RecordId } from '../common/ids';
import { WorkspaceResourceService } from '../workspace/workspace-resource-service';
import type { RequestContext } from '../common/request-context';
import { assertValid, FieldErrorCollector, validationProblems } from '../common/validation';
import { loadInWorkspace, softDeleteInWorkspace, tenantQuery } from '../db/tenant-scope';
import { assertUnique, type UniqueRule, withUniqueRule } from '../db/unique-violation';
import { recordEvent } from '../outbox/outbox';
import { checkReferences } from '../reference-libraries/reference-checks';
import { Member, MEMBER_EMAIL_UNIQUE } from './member.entity';
import type { MemberInput } from './member.input';
import { memberList } from './member.list';
import { memberWire, toMemberRecord } from './member.record';
import { hashPassword } from './password';

const RESOURCE = 'Member';
/** What a create requires (update and create share MemberInput); the REST document states it too. */
export const REQUIRED_ON_CREATE = ['advertiserAccountId', 'email', 'firstName', 'lastName', 'password'] as const;
const UNIQUE_EMAIL: UniqueRule = { constraint: MEMBER_EMAIL_UNIQUE, field: 'email', message: 'is already the e-mail address of another member of this advertiser account' };

export interface MemberWithAccount {
  member: Member;
  account: AdvertiserAccount;
}

type MemberValues = Partial<Omit<Member, 'id' | 'organisation' | 'organisationId' | 'advertiserAccountRelation'>>;

/** Advertiser account members (spec §2.5, §4.4). Passwords go in, hashed; they never come out. */
export class MemberService extends WorkspaceResourceService<Member> {
  constructor(dataSource: DataSource) {
    super(dataSource, Member, 'm', memberList, RESOURCE);
  }

  /** The member and the account it belongs to (member detail, spec §4.4). */
  async getWithAccount(ctx: RequestContext, id: RecordId): Promise<MemberWithAccount> {
    const member = await this.get(ctx, id);
    return { member, account: await loadInWorkspace(this.dataSource.manager, AdvertiserAccount, ctx, member.advertiserAccountId, 'Advertiser account') };
  }

  /** For DataLoader (`AdvertiserAccount.members`): live members of many accounts in one statement. */
  async findByAdvertiserAccountIds(ctx: RequestContext, accountIds: readonly number[]): Promise<Member[]> {
    return tenantQuery(this.dataSource.manager, Member, 'm', ctx)
      .andWhere('m.advertiserAccountId = ANY(:accountIds)', { accountIds: [...accountIds] })
      .orderBy('m.advertiserAccountId')
      .addOrderBy('m.id')
      .getMany();
  }

  async create(ctx: RequestContext, input: MemberInput): Promise<MemberWithAccount> {
    (await validationProblems(input, REQUIRED_ON_CREATE)).throwIfAny();
    const accountId = parseId(input.advertiserAccountId)!;
    // Hashing is slow on purpose: done after the cheap checks, and before the transaction so no
    // row lock waits on it. The account is checked again, and held, inside the transaction.
    await this.assertAccount(this.dataSource.manager, ctx, accountId);
    const passwordHash = await hashPassword(input.password!);
    return withUniqueRule(UNIQUE_EMAIL, () =>
      this.dataSource.transaction(async (manager) => {
        await this.assertAccount(manager, ctx, accountId);
        const account = await loadInWorkspace(manager, AdvertiserAccount, ctx, accountId, 'Advertiser account');
        const values = valuesOf(input);
        await assertUnique(manager, ctx, Member, { advertiserAccountId: accountId, emailKey: values.emailKey! }, null, UNIQUE_EMAIL);
        const inserted = await manager.insert(Member, { ...values, passwordHash, advertiserAccountId: accountId, organisationId: ctx.organisationId });
        const member = await this.load(manager, ctx, inserted.identifiers[0].id as number);
        await recordEvent(manager, ctx, this.event('member_created', member));
        return { member, account };
      }),
    );
  }

  /** Partial update; a new password is hashed afresh. A member stays with its account. */
  async update(ctx: RequestContext, rawId: RecordId, input: MemberInput): Promise<MemberWithAccount> {
    const id = this.idOf(rawId);
    await assertValid(input);
    // A missing member is a 404 before any hashing work is spent on it.
    if (input.password !== undefined) await this.get(ctx, id);
    const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
    return withUniqueRule(UNIQUE_EMAIL, () =>
      this.dataSource.transaction(async (manager) => {
        const current = await this.load(manager, ctx, id, 'update');
        if (input.advertiserAccountId !== undefined && parseId(input.advertiserAccountId) !== current.advertiserAccountId) {
          throw ValidationFailedError.single('advertiserAccountId', "must be the member's own advertiser account: a member never moves to another account");
        }
        const values = valuesOf(input);
        if (values.emailKey !== undefined && values.emailKey !== current.emailKey) {
          await assertUnique(manager, ctx, Member, { advertiserAccountId: current.advertiserAccountId, emailKey: values.emailKey }, id, UNIQUE_EMAIL);
        }
        const changed = changedProperties(current, values).filter((key) => key !== 'emailKey');
        if (passwordHash !== undefined) values.passwordHash = passwordHash;
        const account = await loadInWorkspace(manager, AdvertiserAccount, ctx, current.advertiserAccountId, 'Advertiser account');
        if (changed.length === 0 && passwordHash === undefined) return { member: current, account };
        await manager.update(Member, { id, organisationId: ctx.organisationId }, values);
        const member = await this.load(manager, ctx, id);
        // The event names a password change without carrying anything derived from the password.
        const changedFields = [...changed.map((prop) => memberWire.wireName(prop)), ...(passwordHash === undefined ? [] : ['password'])];
        await recordEvent(manager, ctx, { ...this.event('member_updated', member), payload: { member: toMemberRecord(member), changed_fields: changedFields } });
        return { member, account };
      }),
    );
  }

  /** Soft delete. An account whose primary contact this member was is left without one. */
  async delete(ctx: RequestContext, rawId: RecordId): Promise<Member> {
    const id = this.idOf(rawId);
    return this.dataSource.transaction(async (manager) => {
      // Account first, then member: the order an account delete takes them in, so the two cannot deadlock.
      const { advertiserAccountId } = await this.load(manager, ctx, id);
      await tenantQuery(manager, AdvertiserAccount, 'a', ctx).andWhere('a.id = :advertiserAccountId', { advertiserAccountId }).setLock('pessimistic_write').getOne();
      const current = await this.load(manager, ctx, id, 'update');
      const member = await softDeleteInWorkspace(manager, Member, ctx, id);
      await recordEvent(manager, ctx, this.event('member_deleted', member));
      await this.releasePrimaryContact(manager, ctx, current);
      return member;
    });
  }

  private async releasePrimaryContact(manager: EntityManager, ctx: RequestContext, member: Member): Promise<void> {
    const released = await manager
      .createQueryBuilder()
      .update(AdvertiserAccount)
      .set({ primaryContactId: null })
      .where('organisation_id = :organisationId AND id = :accountId AND primary_contact_id = :memberId AND deleted_at IS NULL', {
        organisationId: ctx.organisationId,
        accountId: member.advertiserAccountId,
        memberId: member.id,
      })
      .execute();
    if (!released.affected) return;
    const account = await loadInWorkspace(manager, AdvertiserAccount, ctx, member.advertiserAccountId, 'Advertiser account');
    await recordEvent(manager, ctx, {
      type: 'advertiser_account_updated',
      resourceId: account.id,
      payload: { advertiser_account: toAdvertiserAccountRecord(account, ctx), changed_fields: ['primary_contact_id'] },
    });
  }

  /** The account must be a live account of this workspace (422 on the field otherwise), held until commit. */
  private async assertAccount(manager: EntityManager, ctx: RequestContext, accountId: number): Promise<void> {
    const problems = new FieldErrorCollector();
    await checkReferences(manager, ctx, [{ path: 'advertiserAccountId', id: accountId, entity: AdvertiserAccount, describe: 'an advertiser account of this workspace' }], problems);
    problems.throwIfAny();
  }

  private event<T extends EventType>(type: T, member: Member) {
    return { type, resourceId: member.id, payload: { member: toMemberRecord(member) } };
  }
}

function valuesOf(input: MemberInput): MemberValues {
  const { advertiserAccountId: _account, password: _password, email, ...profile } = input;
  const values = Object.fromEntries(Object.entries(profile).filter(([, value]) => value !== undefined)) as MemberValues;
  if (email !== undefined) Object.assign(values, emailAddress(email));
  return values;
}
