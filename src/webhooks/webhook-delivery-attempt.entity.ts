import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeScalar } from '../graphql/scalars';
import { WebhookDelivery } from './webhook-delivery.entity';

/** How an attempt ended, as the log shows it. */
export enum AttemptOutcome {
  SUCCEEDED = 'succeeded',
  FAILED = 'failed',
  INTERRUPTED = 'interrupted',
}
registerEnumType(AttemptOutcome, {
  name: 'WebhookDeliveryAttemptOutcome',
  description: 'How an attempt ended. v2 spells the values in lower case.',
  valuesConfig: {
    SUCCEEDED: { description: 'The receiver answered 2xx.' },
    FAILED: { description: 'The receiver answered something else, or the request got no answer (`error` says why).' },
    INTERRUPTED: {
      description: 'The worker making the attempt stopped (killed, crashed, cut off from the database) before it recorded an answer; another worker took the delivery over. The request may have reached the receiver. Counts as a failed attempt.',
    },
  },
});

/**
 * The outcome stored while the request is in flight. An open attempt is the worker's claim on it,
 * written before the request is sent so that a worker dying mid-request leaves a trace; readers
 * never list one (every query of the log filters it out), so no entity read carries it.
 */
export const OPEN_ATTEMPT = 'in_progress';

/** One HTTP request of a delivery, as the log shows it. */
@ObjectType({ simpleResolvers: true, description: 'One HTTP request of a delivery (or one interrupted by its worker stopping).' })
@Entity('webhook_delivery_attempts')
// One row per attempt number: a job run twice (after a crash) cannot log one attempt twice.
@Index(['deliveryId', 'attemptNo'], { unique: true })
// At most one attempt of a delivery in flight: the claim two jobs of the same delivery race for.
@Index('IDX_webhook_delivery_attempts_open', ['deliveryId'], { unique: true, where: `"outcome" = '${OPEN_ATTEMPT}'` })
@Index('IDX_webhook_delivery_attempts_organisation', ['organisationId', 'deliveryId'])
export class WebhookDeliveryAttempt {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'integer' })
  organisationId!: number;

  @Column({ type: 'bigint' })
  deliveryId!: string;

  @ManyToOne(() => WebhookDelivery, (delivery) => delivery.attempts, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'delivery_id' })
  delivery?: WebhookDelivery;

  @Field(() => Int, { description: '1 for the first attempt of the delivery.' })
  @Column({ type: 'integer' })
  attemptNo!: number;

  @Field(() => AttemptOutcome, { description: 'How the attempt ended (v2 spells the values in lower case). An attempt still in flight is not listed.' })
  @Column({ type: 'varchar', length: 16 })
  outcome!: AttemptOutcome;

  @Field(() => DateTimeScalar, { description: 'When the request was sent.' })
  @Column({ type: 'timestamptz', precision: 3 })
  startedAt!: Date;

  /** Null only while the attempt is open, and open attempts are never read. */
  @Field(() => Int, { description: 'How long the attempt took, in milliseconds; for an interrupted attempt, until another worker found it interrupted.' })
  @Column({ type: 'integer', nullable: true })
  durationMs!: number;

  @Field(() => Int, { nullable: true, description: "The receiver's HTTP status; null when the request got no answer (or none was recorded: `INTERRUPTED`)." })
  @Column({ type: 'integer', nullable: true })
  statusCode!: number | null;

  @Field(() => String, { nullable: true, description: 'Why the attempt failed (timeout, connection refused, token endpoint failure, interrupted…); null on success.' })
  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Field(() => String, { nullable: true, description: 'The first 1 KB of the response body.' })
  @Column({ type: 'text', nullable: true })
  responseBody!: string | null;

  /**
   * The pg-boss job that opened the attempt (null for attempts logged before attempts were opened
   * first). pg-boss runs a job again only once it has given its earlier run up for dead, so an open
   * attempt that the same job finds again was interrupted. Not shown.
   */
  @Column({ type: 'uuid', nullable: true })
  jobId!: string | null;
}
