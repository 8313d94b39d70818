import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryColumn } from 'typeorm';
import { Campaign } from '../campaigns/campaign.entity';
import { Content } from '../contents/content.entity';
import { CONTENT_DISTRIBUTION_ID_DEFAULT } from '../db/shared-id-sequence';
import { WorkspaceRow } from '../db/workspace-record';
import { DateScalar } from '../graphql/scalars';
import { DistributionStatus } from './distribution-status';
import { MediaItem } from './media-item.entity';
import { PrimaryLink } from './primary-link.entity';

/**
 * Where and how a content piece is published (spec §2.9). Its id comes from the sequence it
 * shares with contents. `campaignId` always equals its content's campaign.
 */
@ObjectType({ description: 'A placement of a content piece.' })
@Entity('distributions')
@Index(['organisationId', 'id'])
@Index(['organisationId', 'contentId', 'id'])
@Index(['organisationId', 'campaignId'])
export class Distribution extends WorkspaceRow {
  @Field(() => ID)
  @PrimaryColumn({ type: 'integer', default: CONTENT_DISTRIBUTION_ID_DEFAULT })
  id!: number;

  @Field(() => ID)
  @Column({ type: 'integer' })
  contentId!: number;

  @ManyToOne(() => Content, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'content_id' })
  content?: Content;

  @Field(() => ID)
  @Column({ type: 'integer' })
  campaignId!: number;

  @ManyToOne(() => Campaign, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'campaign_id' })
  campaign?: Campaign;

  @Field(() => Int, { description: 'Kind of placement (reference library of distribution types).' })
  @Column({ type: 'integer' })
  distributionTypeId!: number;

  @Field(() => ID, { nullable: true })
  @Column({ type: 'integer', nullable: true })
  publisherTitleId!: number | null;

  @Field(() => DistributionStatus)
  @Column({ type: 'smallint', default: DistributionStatus.PLANNED })
  status!: DistributionStatus;

  @Field(() => Int, { description: 'v2 spells it `distiribution_class`.' })
  @Column({ type: 'integer', default: 0 })
  distributionClass!: number;

  @Field(() => Int)
  @Column({ type: 'integer', default: 0 })
  countClicksAs!: number;

  @Field(() => DateScalar, { nullable: true })
  @Column({ type: 'date', nullable: true })
  distributionLiveDate!: string | null;

  @Field(() => Int, { description: '1 when the placement links to a destination, else 0.' })
  @Column({ type: 'smallint', default: 0 })
  hasDestinationLink!: number;

  @Field(() => Int)
  @Column({ type: 'integer', default: 0 })
  noOfFeedbackAllowed!: number;

  @Field({ description: 'Title shown on the placement (v2 spells it `content_tile`).' })
  @Column({ type: 'varchar', length: 255, default: '' })
  contentTitle!: string;

  @Field()
  @Column({ type: 'varchar', length: 255, default: '' })
  distributionLabel!: string;

  @Field(() => Int, { description: '1 when the advertiser reviews the placement, else 0.' })
  @Column({ type: 'smallint', default: 0 })
  advertiserReview!: number;

  /** Joined with the distribution (see distribution-queries.ts), never loaded lazily. */
  @Field(() => PrimaryLink, { nullable: true })
  primaryLink?: PrimaryLink | null;

  /** Joined for v2 records; GraphQL resolves it through a batched loader when not joined. */
  @OneToMany(() => MediaItem, (media) => media.distribution)
  mediaLibrary?: MediaItem[];
}
