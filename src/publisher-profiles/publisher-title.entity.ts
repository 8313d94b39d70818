import { Field, ID, Int, ObjectType } from 'type-graphql';
import { NodeRef, Node } from '../graphql/node';
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { WorkspaceRecord } from '../workspace/workspace-record';
import { httpUrlOrEmpty } from '../graphql/descriptions';
import { PublisherProfile } from './publisher-profile.entity';

/** A title (site, newsletter, magazine…) of a publisher: what `publisher_title_id` on contents and distributions names. */
@ObjectType({ simpleResolvers: true, implements: Node, description: 'A title of a publisher profile: a site, newsletter, magazine or channel content runs on.' })
@Entity('publisher_titles')
@Index(['organisationId', 'id'])
@Index(['organisationId', 'publisherProfileId', 'id'])
export class PublisherTitle extends WorkspaceRecord {
  @NodeRef('PublisherProfile')
  @Field(() => ID, { description: 'The profile the title belongs to.' })
  @Column({ type: 'integer' })
  publisherProfileId!: number;

  @ManyToOne(() => PublisherProfile, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'publisher_profile_id' })
  publisherProfile?: PublisherProfile;

  @Field({ description: 'Name of the title.' })
  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Field({ description: httpUrlOrEmpty('the title') })
  @Column({ type: 'text', default: '' })
  url!: string;

  @Field(() => Int, { description: 'Audience: unique visitors a month.' })
  @Column({ type: 'integer', default: 0 })
  monthlyUniqueVisitors!: number;
}
