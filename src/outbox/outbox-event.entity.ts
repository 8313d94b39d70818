import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Organisation } from '../organisations/organisation.entity';

/**
 * A domain event, written in the same transaction as the change that caused it, so an event
 * exists exactly when its change was committed. Delivery reads from here.
 */
@Entity('outbox_events')
@Index(['organisationId', 'id'])
@Index(['organisationId', 'resourceType', 'resourceId', 'id'])
@Index('IDX_outbox_events_unrelayed', ['id'], { where: '"relayed_at" IS NULL' })
@Index(['createdAt'])
// The change stream's order (src/events/stream): by writing transaction, then id.
@Index(['organisationId', 'txid', 'id'])
@Index('IDX_outbox_events_txid', ['txid', 'id'])
export class OutboxEvent {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'integer' })
  organisationId!: number;

  @ManyToOne(() => Organisation, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'organisation_id' })
  organisation?: Organisation;

  @Column({ type: 'varchar', length: 64 })
  eventType!: string;

  @Column({ type: 'varchar', length: 64 })
  resourceType!: string;

  @Column({ type: 'integer' })
  resourceId!: number;

  /** `json`, not `jsonb`: the payload keeps the v2 record's field order for delivery. */
  @Column({ type: 'json' })
  payload!: Record<string, unknown>;

  @Column({ type: 'varchar', length: 128, nullable: true })
  requestId!: string | null;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;

  /**
   * The id of the transaction that wrote the event (`pg_current_xact_id()`, as a bigint). Events
   * are streamed in (txid, id) order, and only once every transaction below them has ended
   * (src/events/stream/committed-events.ts), so a cursor never has an event commit behind it.
   */
  @Column({ type: 'bigint', default: () => 'outbox_txid()' })
  txid!: string;

  /** When the webhook relay turned the event into deliveries; null until then. */
  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  relayedAt!: Date | null;
}
