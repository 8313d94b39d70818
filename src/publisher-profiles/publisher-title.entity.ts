import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { WorkspaceRecord } from '../db/workspace-record';
import { PublisherProfile } from './publisher-profile.entity';

/** A title (site, newsletter, magazine…) of a publisher: what `publisher_title_id` on contents and distributions names. */
@ObjectType({ description: 'A title of a publisher profile: a site, newsletter, magazine or channel content runs on.' })
@Entity('publisher_titles')
@Index(['organisationId', 'id'])
@Index(['organisationId', 'publisherProfileId', 'id'])
export class PublisherTitle extends WorkspaceRecord {
  @Field(() => ID)
  @Column({ type: 'integer' })
  publisherProfileId!: number;

  @ManyToOne(() => PublisherProfile, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'publisher_profile_id' })
  publisherProfile?: PublisherProfile;

  @Field()
  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Field({ description: 'Absolute http(s) URL of the title, or "".' })
  @Column({ type: 'text', default: '' })
  url!: string;

  @Field(() => Int, { description: 'Audience: unique visitors a month.' })
  @Column({ type: 'integer', default: 0 })
  monthlyUniqueVisitors!: number;
}
