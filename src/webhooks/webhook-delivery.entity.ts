import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Node } from '../graphql/node';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { OutboxEvent } from '../outbox/outbox-event.entity';
import { Webhook } from './webhook.entity';
import { CREATED_AT, UPDATED_AT } from '../graphql/descriptions';
import { DateTimeScalar } from '../graphql/scalars';
import { WebhookDeliveryAttempt } from './webhook-delivery-attempt.entity';

export enum DeliveryStatus {
  PENDING = 'pending',
  SUCCEEDED = 'succeeded',
  FAILED = 'failed',
}
registerEnumType(DeliveryStatus, {
  name: 'WebhookDeliveryStatus',
  description: 'Where a delivery stands. v2 spells the values in lower case.',
  valuesConfig: {
    PENDING: { description: 'Not yet accepted by the receiver; an attempt is due (`nextAttemptAt`).' },
    SUCCEEDED: { description: 'The receiver answered 2xx.' },
    FAILED: { description: 'Every attempt failed, the receiver answered 410, or the webhook was disabled; `redeliver` tries again.' },
  },
});

/** One event on its way to one webhook; its attempts are the delivery log. */
@ObjectType({ simpleResolvers: true, implements: Node, description: 'One event on its way to one webhook, with every attempt.' })
@Entity('webhook_deliveries')
@Index(['organisationId', 'webhookId', 'id'])
@Index(['eventId'])
@Index(['createdAt'])
@Index('IDX_webhook_deliveries_pending', ['nextAttemptAt'], { where: `"status" = 'pending'` })
export class WebhookDelivery {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'integer' })
  organisationId!: number;

  @Column({ type: 'integer' })
  webhookId!: number;

  @ManyToOne(() => Webhook, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'webhook_id' })
  webhook?: Webhook;

  /** The outbox event: its id is the `webhook-id` header and the envelope's `id`. */
  @Column({ type: 'bigint' })
  eventId!: string;

  @ManyToOne(() => OutboxEvent, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_id' })
  event?: OutboxEvent;

  @Field({ description: 'The event type delivered.' })
  @Column({ type: 'varchar', length: 64 })
  eventType!: string;

  @Field(() => DeliveryStatus, { description: 'Where the delivery stands (v2 spells the values in lower case).' })
  @Column({ type: 'varchar', length: 16, default: DeliveryStatus.PENDING })
  status!: DeliveryStatus;

  @Field(() => Int, { description: 'Attempts made so far.' })
  @Column({ type: 'integer', default: 0 })
  attemptCount!: number;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When the next attempt is due; null when none is.' })
  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  nextAttemptAt!: Date | null;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When the last attempt was made; null before the first.' })
  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  lastAttemptAt!: Date | null;

  @Field(() => DateTimeScalar, { nullable: true, description: "When the webhook's rate limit last held this delivery back (it waited, then went on; `nextAttemptAt` says until when); null if it never did." })
  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  lastThrottledAt!: Date | null;

  @Field(() => Int, { nullable: true, description: "The receiver's HTTP status at the last attempt; null when it gave none." })
  @Column({ type: 'integer', nullable: true })
  lastStatusCode!: number | null;

  @Field(() => DateTimeScalar, { description: CREATED_AT })
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;

  @Field(() => DateTimeScalar, { description: UPDATED_AT })
  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt!: Date;

  @OneToMany(() => WebhookDeliveryAttempt, (attempt) => attempt.delivery)
  attempts?: WebhookDeliveryAttempt[];
}
