import { Field, Int, ObjectType } from 'type-graphql';
import { Column, Entity, Index } from 'typeorm';
import { WorkspaceRecord } from '../db/workspace-record';
import { PublisherProfileStatus } from './publisher-profile-status';

@ObjectType({ description: 'A publishing brand the workspace places content with (spec §2.10); it owns publisher titles.' })
@Entity('publisher_profiles')
@Index(['organisationId', 'id'])
@Index(['organisationId', 'name', 'id'])
@Index(['organisationId', 'createdAt', 'id'])
@Index(['organisationId', 'updatedAt', 'id'])
export class PublisherProfile extends WorkspaceRecord {
  @Field()
  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Field({ description: 'Home page, absolute http(s) URL, or "".' })
  @Column({ type: 'text', default: '' })
  website!: string;

  @Field({ description: 'ISO 3166-1 alpha-2 country code of the publisher (upper case), or "".' })
  @Column({ type: 'varchar', length: 2, default: '' })
  country!: string;

  @Field(() => PublisherProfileStatus)
  @Column({ type: 'varchar', length: 16, default: PublisherProfileStatus.ACTIVE })
  status!: PublisherProfileStatus;

  @Field()
  @Column({ type: 'text', default: '' })
  description!: string;

  @Field({ description: 'Where to reach the publisher about placements, or "".' })
  @Column({ type: 'varchar', length: 254, default: '' })
  contactEmail!: string;

  @Field(() => Int, { description: 'Audience: unique visitors a month across the titles.' })
  @Column({ type: 'integer', default: 0 })
  monthlyUniqueVisitors!: number;

  @Field(() => Int, { description: 'Audience: page views a month across the titles.' })
  @Column({ type: 'integer', default: 0 })
  monthlyPageViews!: number;

  @Field(() => Int, { description: 'Audience: followers across social channels.' })
  @Column({ type: 'integer', default: 0 })
  socialFollowers!: number;

  @Field(() => Int, { description: 'Audience: newsletter subscribers.' })
  @Column({ type: 'integer', default: 0 })
  newsletterSubscribers!: number;

  /** Mirrors `deletedAt` for the v2 `is_deleted` flag. */
  @Column({ type: 'smallint', default: 0 })
  isDeleted!: number;
}
