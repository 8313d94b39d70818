import { Field, ID, ObjectType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Campaign } from '../campaigns/campaign.entity';
import { TrafficMetricsRow } from '../common/traffic-metrics';
import { CONTENT_DISTRIBUTION_ID_DEFAULT } from '../db/shared-id-sequence';
import { DateScalar } from '../graphql/scalars';
import { Phase } from '../phases/phase.entity';
import { ContentStatus } from './content-status';

/**
 * A content piece of a campaign phase (spec §2.8). Its id comes from the sequence it shares with
 * distributions, so an id names a content piece or a distribution, never both.
 */
@ObjectType({ description: 'A content piece of a campaign phase.' })
@Entity('contents')
@Index(['organisationId', 'id'])
@Index(['organisationId', 'campaignId', 'id'])
@Index(['organisationId', 'phaseId', 'id'])
@Index(['organisationId', 'status'])
export class Content extends TrafficMetricsRow {
  @Field(() => ID)
  @PrimaryColumn({ type: 'integer', default: CONTENT_DISTRIBUTION_ID_DEFAULT })
  id!: number;

  @Field(() => ID)
  @Column({ type: 'integer' })
  campaignId!: number;

  @ManyToOne(() => Campaign, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'campaign_id' })
  campaign?: Campaign;

  @Field(() => ID)
  @Column({ type: 'integer' })
  phaseId!: number;

  @ManyToOne(() => Phase, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'phase_id' })
  phase?: Phase;

  @Field(() => ID, { nullable: true, description: 'A publisher product (publisher products have no operations yet).' })
  @Column({ type: 'integer', nullable: true })
  publisherProductId!: number | null;

  @Field(() => ID, { nullable: true })
  @Column({ type: 'integer', nullable: true })
  publisherTitleId!: number | null;

  @Field()
  @Column({ type: 'varchar', length: 255 })
  contentName!: string;

  @Field(() => ContentStatus)
  @Column({ type: 'smallint', default: ContentStatus.DRAFT })
  status!: ContentStatus;

  @Field()
  @Column({ type: 'text', default: '' })
  contentDescription!: string;

  @Field(() => DateScalar, { nullable: true })
  @Column({ type: 'date', nullable: true })
  liveDate!: string | null;

  @Field(() => ID, { nullable: true, description: 'Id of the organisation user editing the piece.' })
  @Column({ type: 'integer', nullable: true })
  contentEditorId!: number | null;
}
