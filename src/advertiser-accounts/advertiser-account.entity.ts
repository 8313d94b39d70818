import { Field, ID, ObjectType } from 'type-graphql';
import { Column, Entity, Index } from 'typeorm';
import { WorkspaceRecord } from '../db/workspace-record';
import { AdvertiserAccountStatus, AdvertiserAccountType } from './advertiser-account-enums';

@ObjectType({ description: 'A brand or agency the workspace runs campaigns for.' })
@Entity('advertiser_accounts')
@Index(['organisationId', 'id'])
// One index per GraphQL sort order, so each keyset page is an index range scan.
@Index(['organisationId', 'name', 'id'])
@Index(['organisationId', 'createdAt', 'id'])
@Index(['organisationId', 'updatedAt', 'id'])
export class AdvertiserAccount extends WorkspaceRecord {
  @Field()
  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Field(() => AdvertiserAccountStatus)
  @Column({ type: 'varchar', length: 16, default: AdvertiserAccountStatus.ACTIVE })
  status!: AdvertiserAccountStatus;

  @Field(() => String, { nullable: true })
  @Column({ type: 'text', nullable: true })
  deactivationReason!: string | null;

  /** Mirrors `deletedAt` for the v2 `is_deleted` flag. */
  @Column({ type: 'smallint', default: 0 })
  isDeleted!: number;

  @Field(() => AdvertiserAccountType)
  @Column({ type: 'varchar', length: 16, default: AdvertiserAccountType.BRAND })
  type!: AdvertiserAccountType;

  @Field(() => String, { nullable: true, description: 'URL of the logo image.' })
  @Column({ type: 'text', nullable: true })
  logo!: string | null;

  @Field(() => ID, { nullable: true, description: 'Id of the primary contact (a member of this account).' })
  @Column({ type: 'integer', nullable: true })
  primaryContactId!: number | null;

  @Field()
  @Column({ type: 'varchar', length: 100, default: '' })
  country!: string;

  @Field()
  @Column({ type: 'varchar', length: 100, default: '' })
  state!: string;

  @Field(() => String, { nullable: true })
  @Column({ type: 'varchar', length: 100, nullable: true })
  city!: string | null;

  @Field(() => String, { nullable: true })
  @Column({ type: 'varchar', length: 20, nullable: true })
  zipCode!: string | null;

  @Field()
  @Column({ type: 'varchar', length: 255, default: '' })
  address1!: string;

  @Field()
  @Column({ type: 'varchar', length: 255, default: '' })
  address2!: string;
}
