import { Field, Int, ObjectType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeScalar } from '../graphql/scalars';
import { WebhookDelivery } from './webhook-delivery.entity';

/** One HTTP request of a delivery, as the log shows it. */
@ObjectType({ description: 'One HTTP request of a delivery.' })
@Entity('webhook_delivery_attempts')
// One row per attempt number: a job run twice (after a crash) cannot log one attempt twice.
@Index(['deliveryId', 'attemptNo'], { unique: true })
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

  @Field(() => DateTimeScalar, { description: 'When the request was sent.' })
  @Column({ type: 'timestamptz', precision: 3 })
  startedAt!: Date;

  @Field(() => Int, { description: 'How long the attempt took, in milliseconds.' })
  @Column({ type: 'integer' })
  durationMs!: number;

  @Field(() => Int, { nullable: true, description: "The receiver's HTTP status; null when the request got no answer." })
  @Column({ type: 'integer', nullable: true })
  statusCode!: number | null;

  @Field(() => String, { nullable: true, description: 'Why the attempt failed (timeout, connection refused, token endpoint failure…); null on success.' })
  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Field(() => String, { nullable: true, description: 'The first 1 KB of the response body.' })
  @Column({ type: 'text', nullable: true })
  responseBody!: string | null;
}
