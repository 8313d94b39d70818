import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Campaign } from '../campaigns/campaign.entity';
import type { JsonObject } from '../common/json';
import { TrafficMetricsRow } from '../common/traffic-metrics';
import { DateScalar, JSONObjectScalar } from '../graphql/scalars';

/** A stage of a campaign (spec §2.7): title, pacing, messaging, targets and launch/end windows. */
@ObjectType({ description: 'A phase of a campaign.' })
@Entity('phases')
@Index(['organisationId', 'id'])
@Index(['organisationId', 'campaignId', 'phaseNo', 'id'])
// Two live phases of one campaign never share a number.
@Index('UQ_phases_campaign_phase_no_live', ['campaignId', 'phaseNo'], { unique: true, where: '"deleted_at" IS NULL' })
export class Phase extends TrafficMetricsRow {
  @Field(() => ID)
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Field(() => ID)
  @Column({ type: 'integer' })
  campaignId!: number;

  @ManyToOne(() => Campaign, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'campaign_id' })
  campaign?: Campaign;

  @Field(() => Int, { description: 'Position of the phase in its campaign, unique among its live phases.' })
  @Column({ type: 'integer' })
  phaseNo!: number;

  @Field({ description: "The partner's own reference for the phase." })
  @Column({ type: 'varchar', length: 255, default: '' })
  externalId!: string;

  @Field()
  @Column({ type: 'varchar', length: 255 })
  phaseTitle!: string;

  @Field()
  @Column({ type: 'text', default: '' })
  phaseDescription!: string;

  @Field(() => Int)
  @Column({ type: 'integer', default: 0 })
  phasePacing!: number;

  @Field()
  @Column({ type: 'text', default: '' })
  keyMessage!: string;

  @Field(() => DateScalar, { nullable: true })
  @Column({ type: 'date', nullable: true })
  earliestPhaseLaunchDate!: string | null;

  @Field(() => DateScalar, { nullable: true })
  @Column({ type: 'date', nullable: true })
  latestPhaseLaunchDate!: string | null;

  @Field(() => DateScalar, { nullable: true })
  @Column({ type: 'date', nullable: true })
  earliestPhaseEndDate!: string | null;

  @Field(() => DateScalar, { nullable: true })
  @Column({ type: 'date', nullable: true })
  latestPhaseEndDate!: string | null;

  @Field(() => Int)
  @Column({ type: 'integer', default: 0 })
  noOfPieces!: number;

  @Field(() => JSONObjectScalar, { description: 'Free key/value content.' })
  @Column({ type: 'jsonb', default: () => "'{}'" })
  customFields!: JsonObject;
}
