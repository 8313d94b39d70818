import { Field, Int, ObjectType } from 'type-graphql';
import { Node } from '../graphql/node';
import { Column, Entity, Index } from 'typeorm';
import { WorkspaceRecord } from '../workspace/workspace-record';
import { httpUrlOrEmpty } from '../graphql/descriptions';
import { PublisherProfileStatus } from './publisher-profile-status';

@ObjectType({ simpleResolvers: true, implements: Node, description: 'A publishing brand the workspace places content with (spec §2.10); it owns publisher titles.' })
@Entity('publisher_profiles')
@Index(['organisationId', 'id'])
@Index(['organisationId', 'name', 'id'])
@Index(['organisationId', 'createdAt', 'id'])
@Index(['organisationId', 'updatedAt', 'id'])
export class PublisherProfile extends WorkspaceRecord {
  @Field({ description: 'Name of the publisher.' })
  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Field({ description: httpUrlOrEmpty('the home page') })
  @Column({ type: 'text', default: '' })
  website!: string;

  @Field({ description: 'ISO 3166-1 alpha-2 country code of the publisher (upper case), or "".' })
  @Column({ type: 'varchar', length: 2, default: '' })
  country!: string;

  @Field(() => PublisherProfileStatus, { description: 'Whether placements may be booked with the publisher (v2: `active`, `inactive`).' })
  @Column({ type: 'varchar', length: 16, default: PublisherProfileStatus.ACTIVE })
  status!: PublisherProfileStatus;

  @Field({ description: 'Description of the publisher, free text; "" when not given.' })
  @Column({ type: 'text', default: '' })
  description!: string;

  @Field({ description: 'E-mail address to reach the publisher about placements, or "" for none.' })
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
