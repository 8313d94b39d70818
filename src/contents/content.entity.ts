import { Field, ID, ObjectType } from 'type-graphql';
import { NodeRef, Node } from '../graphql/node';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Campaign } from '../campaigns/campaign.entity';
import { TrafficMetricsRow } from '../workspace/traffic-metrics';
import { CONTENT_DISTRIBUTION_ID_DEFAULT } from '../db/shared-id-sequence';
import { freeText } from '../graphql/descriptions';
import { DateScalar } from '../graphql/scalars';
import { Phase } from '../phases/phase.entity';
import { ContentStatus } from './content-status';

/**
 * A content piece of a campaign phase (spec §2.8). Its id comes from the sequence it shares with
 * distributions, so an id names a content piece or a distribution, never both.
 */
@ObjectType({ simpleResolvers: true, implements: Node, description: 'A content piece of a campaign phase.' })
@Entity('contents')
@Index(['organisationId', 'id'])
@Index(['organisationId', 'campaignId', 'id'])
@Index(['organisationId', 'phaseId', 'id'])
@Index(['organisationId', 'status'])
// The list's sort fields and ranges (src/contents/content.list.ts): incremental sync reads by updatedAt.
@Index(['organisationId', 'contentName', 'id'])
@Index(['organisationId', 'createdAt', 'id'])
@Index(['organisationId', 'updatedAt', 'id'])
export class Content extends TrafficMetricsRow {
  @PrimaryColumn({ type: 'integer', default: CONTENT_DISTRIBUTION_ID_DEFAULT })
  id!: number;

  @NodeRef('Campaign')
  @Field(() => ID, { description: 'The campaign the piece belongs to.' })
  @Column({ type: 'integer' })
  campaignId!: number;

  @ManyToOne(() => Campaign, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'campaign_id' })
  campaign?: Campaign;

  @NodeRef('Phase')
  @Field(() => ID, { description: 'The phase of that campaign the piece belongs to.' })
  @Column({ type: 'integer' })
  phaseId!: number;

  @ManyToOne(() => Phase, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'phase_id' })
  phase?: Phase;

  @Field(() => ID, { nullable: true, description: 'Id of a publisher product, stored as given (publisher products have no operations yet); null when not set.' })
  @Column({ type: 'integer', nullable: true })
  publisherProductId!: number | null;

  @NodeRef('PublisherTitle')
  @Field(() => ID, { nullable: true, description: 'The publisher title the piece runs on; null when none. The id stays after the title is deleted (then `publisherTitle` is null).' })
  @Column({ type: 'integer', nullable: true })
  publisherTitleId!: number | null;

  @Field({ description: 'Name of the piece, at most 255 characters.' })
  @Column({ type: 'varchar', length: 255 })
  contentName!: string;

  @Field(() => ContentStatus, { description: 'Where the piece is in its editorial lifecycle (v2: the integer in parentheses on each value); a new piece is DRAFT unless created IN_REVIEW.' })
  @Column({ type: 'smallint', default: ContentStatus.DRAFT })
  status!: ContentStatus;

  @Field({ description: freeText('Description of the piece') })
  @Column({ type: 'text', default: '' })
  contentDescription!: string;

  @Field(() => DateScalar, { nullable: true, description: 'The day the piece goes live; null when not set.' })
  @Column({ type: 'date', nullable: true })
  liveDate!: string | null;

  @NodeRef('User')
  @Field(() => ID, { nullable: true, description: 'Id of the organisation user editing the piece (v2 records call it `content_editor`); null when none. The id stays after the user is deleted (then `editor` is null).' })
  @Column({ type: 'integer', nullable: true })
  contentEditorId!: number | null;
}
