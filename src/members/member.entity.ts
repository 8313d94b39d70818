import { Field, ID, Int, ObjectType } from 'type-graphql';
import { NodeRef, Node } from '../graphql/node';
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { AdvertiserAccount } from '../advertiser-accounts/advertiser-account.entity';
import { WorkspaceRecord } from '../workspace/workspace-record';
import { flag, httpUrlOrEmpty } from '../graphql/descriptions';

export const MEMBER_EMAIL_UNIQUE = 'UQ_advertiser_account_members_email';

@ObjectType('Member', { simpleResolvers: true, implements: Node, description: 'A person at an advertiser account who can sign in to review its campaigns (spec §2.5).' })
@Entity('advertiser_account_members')
@Index(['organisationId', 'id'])
@Index(['organisationId', 'advertiserAccountId', 'id'])
@Index(['organisationId', 'createdAt', 'id'])
@Index(['organisationId', 'updatedAt', 'id'])
// E-mail addresses are unique per advertiser account regardless of case, among members not deleted.
@Index(MEMBER_EMAIL_UNIQUE, ['advertiserAccountId', 'emailKey'], { unique: true, where: '"deleted_at" IS NULL' })
export class Member extends WorkspaceRecord {
  @NodeRef('AdvertiserAccount')
  @Field(() => ID, { description: 'The advertiser account the member belongs to; it never changes.' })
  @Column({ type: 'integer' })
  advertiserAccountId!: number;

  @ManyToOne(() => AdvertiserAccount, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'advertiser_account_id' })
  advertiserAccountRelation?: AdvertiserAccount;

  @Field({ description: 'E-mail address, as given; unique within the account whatever its case.' })
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  /** `email` lower-cased: what uniqueness is judged on. */
  @Column({ type: 'varchar', length: 254 })
  emailKey!: string;

  @Field({ description: 'First name, at most 100 characters.' })
  @Column({ type: 'varchar', length: 100 })
  firstName!: string;

  @Field({ description: 'Last name, at most 100 characters.' })
  @Column({ type: 'varchar', length: 100 })
  lastName!: string;

  @Field({ description: 'Phone number, free text of at most 50 characters; "" when not given.' })
  @Column({ type: 'varchar', length: 50, default: '' })
  contactNumber!: string;

  @Field({ description: 'Job title, at most 100 characters; "" when not given.' })
  @Column({ type: 'varchar', length: 100, default: '' })
  staffTitle!: string;

  @Field({ description: httpUrlOrEmpty('the profile photo') })
  @Column({ type: 'text', default: '' })
  photo!: string;

  @Field(() => Int, { description: flag('the member may sign in', 1) })
  @Column({ type: 'smallint', default: 1 })
  active!: number;

  /** Never selected unless asked for by name, so no read path can return or log it. */
  @Column({ type: 'varchar', length: 255, select: false })
  passwordHash?: string;
}
