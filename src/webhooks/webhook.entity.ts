import { Field, Int, ObjectType } from 'type-graphql';
import { Node } from '../graphql/node';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { WorkspaceRecord } from '../workspace/workspace-record';
import { DateTimeScalar } from '../graphql/scalars';
import { WebhookServiceConfig } from './webhook-service.entity';

/** Bounds of a webhook's `rate_limit` (requests per second). */
export const MIN_RATE_LIMIT = 1;
export const MAX_RATE_LIMIT = 1000;

/** A subscription (spec §2.11, §6): committed events of the listed types are POSTed to `url`, signed. */
@ObjectType({ simpleResolvers: true, implements: Node, description: 'A subscription: committed events of the listed types are POSTed to `url`, signed (Standard Webhooks).' })
@Entity('webhooks')
@Index(['organisationId', 'id'])
@Check('CHK_webhooks_rate_limit', `"rate_limit" BETWEEN ${MIN_RATE_LIMIT} AND ${MAX_RATE_LIMIT}`)
export class Webhook extends WorkspaceRecord {
  @Field({ description: 'Name of the webhook, at most 255 characters.' })
  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Field({ description: 'Where events are POSTed: an http(s) URL (https in production) on the public internet.' })
  @Column({ type: 'text' })
  url!: string;

  @Column({ type: 'integer', nullable: true })
  serviceId!: number | null;

  @ManyToOne(() => WebhookServiceConfig, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'service_id' })
  service?: WebhookServiceConfig | null;

  @Field(() => [String], { description: 'Event types sent to `url` (see `eventTypes`).' })
  @Column({ type: 'varchar', length: 64, array: true })
  events!: string[];

  @Field(() => Int, { nullable: true, description: `The most requests per second the workers together start to \`url\` (${MIN_RATE_LIMIT} to ${MAX_RATE_LIMIT}); null for no limit. Deliveries over it wait (they do not fail or count as attempts).` })
  @Column({ type: 'integer', nullable: true })
  rateLimit!: number | null;

  @Field({ description: 'False once disabled (by a client, or by the service after a 410 or 5 days of failures).' })
  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @Field(() => String, { nullable: true, description: 'Why the webhook is disabled; null while active.' })
  @Column({ type: 'text', nullable: true })
  disabledReason!: string | null;

  /** The `whsec_` signing secret, sealed. */
  @Column({ type: 'text' })
  secretSealed!: string;

  /** The secret before the last rotation, still signing alongside until `previousSecretExpiresAt`. */
  @Column({ type: 'text', nullable: true })
  previousSecretSealed!: string | null;

  @Field(() => DateTimeScalar, { nullable: true, description: 'Until when deliveries are also signed with the secret before the last rotation.' })
  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  previousSecretExpiresAt!: Date | null;

  /** Start of the current run of failed attempts; null after a success. */
  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  failingSince!: Date | null;
}
