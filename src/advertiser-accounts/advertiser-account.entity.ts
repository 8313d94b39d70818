import { Field, ID, ObjectType } from 'type-graphql';
import { NodeRef, Node } from '../graphql/node';
import { Column, Entity, Index } from 'typeorm';
import { WorkspaceRecord } from '../workspace/workspace-record';
import { AdvertiserAccountStatus, AdvertiserAccountType } from './advertiser-account-enums';

@ObjectType({ simpleResolvers: true, implements: Node, description: 'A brand or agency the workspace runs campaigns for.' })
@Entity('advertiser_accounts')
@Index(['organisationId', 'id'])
// One index per GraphQL sort order, so each keyset page is an index range scan.
@Index(['organisationId', 'name', 'id'])
@Index(['organisationId', 'createdAt', 'id'])
@Index(['organisationId', 'updatedAt', 'id'])
export class AdvertiserAccount extends WorkspaceRecord {
  @Field({ description: 'Name of the brand or agency, at most 255 characters.' })
  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Field(() => AdvertiserAccountStatus, { description: 'Whether the account is in use; ACTIVE for a new account (v2: `active`, `inactive`).' })
  @Column({ type: 'varchar', length: 16, default: AdvertiserAccountStatus.ACTIVE })
  status!: AdvertiserAccountStatus;

  @Field(() => String, { nullable: true, description: 'Why the account was switched off: free text of at most 1,000 characters, not tied to `status`; null when none is given.' })
  @Column({ type: 'text', nullable: true })
  deactivationReason!: string | null;

  /** Mirrors `deletedAt` for the v2 `is_deleted` flag. */
  @Column({ type: 'smallint', default: 0 })
  isDeleted!: number;

  @Field(() => AdvertiserAccountType, { description: 'Brand or agency; BRAND for a new account (v2: `brand`, `agency`).' })
  @Column({ type: 'varchar', length: 16, default: AdvertiserAccountType.BRAND })
  type!: AdvertiserAccountType;

  @Field(() => String, { nullable: true, description: 'Absolute http(s) URL of the logo image; null for none.' })
  @Column({ type: 'text', nullable: true })
  logo!: string | null;

  @NodeRef('Member')
  @Field(() => ID, { nullable: true, description: 'Id of the primary contact, a member of this account; null when none is set (also after that member is deleted).' })
  @Column({ type: 'integer', nullable: true })
  primaryContactId!: number | null;

  @Field({ description: 'Country, free text of at most 100 characters; "" when not given.' })
  @Column({ type: 'varchar', length: 100, default: '' })
  country!: string;

  @Field({ description: 'State or region, at most 100 characters; "" when not given.' })
  @Column({ type: 'varchar', length: 100, default: '' })
  state!: string;

  @Field(() => String, { nullable: true, description: 'City, at most 100 characters; null when not given.' })
  @Column({ type: 'varchar', length: 100, nullable: true })
  city!: string | null;

  @Field(() => String, { nullable: true, description: 'Postal code, at most 20 characters; null when not given.' })
  @Column({ type: 'varchar', length: 20, nullable: true })
  zipCode!: string | null;

  @Field({ description: 'First address line, at most 255 characters; "" when not given.' })
  @Column({ type: 'varchar', length: 255, default: '' })
  address1!: string;

  @Field({ description: 'Second address line, at most 255 characters; "" when not given.' })
  @Column({ type: 'varchar', length: 255, default: '' })
  address2!: string;
}
