import { Field, ID, Int, ObjectType } from 'type-graphql';
import { NodeRef, Node } from '../graphql/node';
import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryColumn } from 'typeorm';
import { Campaign } from '../campaigns/campaign.entity';
import { Content } from '../contents/content.entity';
import { CONTENT_DISTRIBUTION_ID_DEFAULT } from '../db/shared-id-sequence';
import { WorkspaceRow } from '../workspace/workspace-record';
import { count, flag } from '../graphql/descriptions';
import { DateScalar } from '../graphql/scalars';
import { DistributionStatus } from './distribution-status';
import { MediaItem } from './media-item.entity';
import { PrimaryLink } from './primary-link.entity';

/**
 * Where and how a content piece is published (spec §2.9). Its id comes from the sequence it
 * shares with contents. `campaignId` always equals its content's campaign.
 */
@ObjectType({ simpleResolvers: true, implements: Node, description: 'A placement of a content piece.' })
@Entity('distributions')
@Index(['organisationId', 'id'])
@Index(['organisationId', 'contentId', 'id'])
@Index(['organisationId', 'campaignId'])
export class Distribution extends WorkspaceRow {
  @PrimaryColumn({ type: 'integer', default: CONTENT_DISTRIBUTION_ID_DEFAULT })
  id!: number;

  @NodeRef('Content')
  @Field(() => ID, { description: 'The content piece the distribution places; it never changes.' })
  @Column({ type: 'integer' })
  contentId!: number;

  @ManyToOne(() => Content, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'content_id' })
  content?: Content;

  @NodeRef('Campaign')
  @Field(() => ID, { description: 'The campaign of its content piece, always (it moves with the piece).' })
  @Column({ type: 'integer' })
  campaignId!: number;

  @ManyToOne(() => Campaign, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'campaign_id' })
  campaign?: Campaign;

  @Field(() => Int, { description: 'Kind of placement: a code of the `distribution-types` reference library.' })
  @Column({ type: 'integer' })
  distributionTypeId!: number;

  @NodeRef('PublisherTitle')
  @Field(() => ID, { nullable: true, description: 'The publisher title the placement runs on; null when none. The id stays after the title is deleted (then `publisherTitle` is null).' })
  @Column({ type: 'integer', nullable: true })
  publisherTitleId!: number | null;

  @Field(() => DistributionStatus, { description: 'Where the placement is in its lifecycle (v2: the integer in parentheses on each value); a new distribution is PLANNED unless created SCHEDULED.' })
  @Column({ type: 'smallint', default: DistributionStatus.PLANNED })
  status!: DistributionStatus;

  @Field(() => Int, { description: 'Distribution class: an integer 0 to 2,147,483,647 (default 0); v2 spells it `distiribution_class`.' })
  @Column({ type: 'integer', default: 0 })
  distributionClass!: number;

  @Field(() => Int, { description: count('Count clicks as') })
  @Column({ type: 'integer', default: 0 })
  countClicksAs!: number;

  @Field(() => DateScalar, { nullable: true, description: 'The day the placement goes live; null when not set.' })
  @Column({ type: 'date', nullable: true })
  distributionLiveDate!: string | null;

  @Field(() => Int, { description: flag('the placement links to a destination') })
  @Column({ type: 'smallint', default: 0 })
  hasDestinationLink!: number;

  @Field(() => Int, { description: count('Number of feedback rounds allowed') })
  @Column({ type: 'integer', default: 0 })
  noOfFeedbackAllowed!: number;

  @Field({ description: 'Title shown on the placement, at most 255 characters; "" when not given. v2 spells it `content_tile`.' })
  @Column({ type: 'varchar', length: 255, default: '' })
  contentTitle!: string;

  @Field({ description: 'Label of the distribution, at most 255 characters; "" when not given.' })
  @Column({ type: 'varchar', length: 255, default: '' })
  distributionLabel!: string;

  @Field(() => Int, { description: flag('the advertiser reviews the placement') })
  @Column({ type: 'smallint', default: 0 })
  advertiserReview!: number;

  /** Joined with the distribution (see distribution-queries.ts), never loaded lazily. */
  @Field(() => PrimaryLink, { nullable: true, description: 'The link readers are sent to; null when there is none.' })
  primaryLink?: PrimaryLink | null;

  /** Joined for v2 records; GraphQL resolves it through a batched loader when not joined. */
  @OneToMany(() => MediaItem, (media) => media.distribution)
  mediaLibrary?: MediaItem[];
}
