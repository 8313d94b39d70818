import { Field, ID, Int, ObjectType } from 'type-graphql';
import { NodeRef, Node } from '../graphql/node';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Campaign } from '../campaigns/campaign.entity';
import type { JsonObject } from '../common/json';
import { TrafficMetricsRow } from '../workspace/traffic-metrics';
import { count, freeText } from '../graphql/descriptions';
import { DateScalar, JSONObjectScalar } from '../graphql/scalars';

/** A stage of a campaign (spec §2.7): title, pacing, messaging, targets and launch/end windows. */
@ObjectType({ simpleResolvers: true, implements: Node, description: 'A phase of a campaign.' })
@Entity('phases')
@Index(['organisationId', 'id'])
@Index(['organisationId', 'campaignId', 'phaseNo', 'id'])
// The /v2 list's ranges (src/phases/phase.list.ts): incremental sync reads by updatedAt.
@Index(['organisationId', 'updatedAt', 'id'])
// Two live phases of one campaign never share a number.
@Index('UQ_phases_campaign_phase_no_live', ['campaignId', 'phaseNo'], { unique: true, where: '"deleted_at" IS NULL' })
export class Phase extends TrafficMetricsRow {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @NodeRef('Campaign')
  @Field(() => ID, { description: 'The campaign the phase belongs to; it never changes.' })
  @Column({ type: 'integer' })
  campaignId!: number;

  @ManyToOne(() => Campaign, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'campaign_id' })
  campaign?: Campaign;

  @Field(() => Int, { description: 'Position of the phase in its campaign, unique among its live phases.' })
  @Column({ type: 'integer' })
  phaseNo!: number;

  @Field({ description: "The partner's own reference for the phase, at most 255 characters; \"\" when not given." })
  @Column({ type: 'varchar', length: 255, default: '' })
  externalId!: string;

  @Field({ description: 'Title of the phase, at most 255 characters.' })
  @Column({ type: 'varchar', length: 255 })
  phaseTitle!: string;

  @Field({ description: freeText('Description of the phase') })
  @Column({ type: 'text', default: '' })
  phaseDescription!: string;

  @Field(() => Int, { description: count('Pacing of the phase') })
  @Column({ type: 'integer', default: 0 })
  phasePacing!: number;

  @Field({ description: freeText('The key message of the phase') })
  @Column({ type: 'text', default: '' })
  keyMessage!: string;

  @Field(() => DateScalar, { nullable: true, description: 'Launch window: the earliest launch, on or before `latestPhaseLaunchDate` when both are set; null when not set.' })
  @Column({ type: 'date', nullable: true })
  earliestPhaseLaunchDate!: string | null;

  @Field(() => DateScalar, { nullable: true, description: 'Launch window: the latest launch; null when not set.' })
  @Column({ type: 'date', nullable: true })
  latestPhaseLaunchDate!: string | null;

  @Field(() => DateScalar, { nullable: true, description: 'End window: the earliest end, on or before `latestPhaseEndDate` when both are set; null when not set.' })
  @Column({ type: 'date', nullable: true })
  earliestPhaseEndDate!: string | null;

  @Field(() => DateScalar, { nullable: true, description: 'End window: the latest end; null when not set.' })
  @Column({ type: 'date', nullable: true })
  latestPhaseEndDate!: string | null;

  @Field(() => Int, { description: count('Number of content pieces planned for the phase') })
  @Column({ type: 'integer', default: 0 })
  noOfPieces!: number;

  @Field(() => JSONObjectScalar, { description: "The partner's free key/value content: a JSON object of at most 16 KB ({} when not given)." })
  @Column({ type: 'jsonb', default: () => "'{}'" })
  customFields!: JsonObject;
}
