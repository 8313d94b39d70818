import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

export type IdempotencyKeyState = 'in_progress' | 'completed';

/**
 * One `Idempotency-Key` of a workspace (see idempotency.ts): the request it was first used with
 * (a SHA-256 fingerprint) and, once that request had a final answer, the answer to replay.
 * Keys are scoped per workspace: the primary key leads with the organisation.
 */
@Entity('idempotency_keys')
// Lazy pruning deletes a workspace's expired keys through this index.
@Index('IDX_idempotency_keys_organisation_created', ['organisationId', 'createdAt'])
export class IdempotencyKey {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'PK_idempotency_keys' })
  organisationId!: number;

  @PrimaryColumn({ type: 'varchar', length: 255, primaryKeyConstraintName: 'PK_idempotency_keys' })
  key!: string;

  /** Hex SHA-256 of the method, the path and the canonical body. */
  @Column({ type: 'char', length: 64 })
  fingerprint!: string;

  @Column({ type: 'varchar', length: 16, default: 'in_progress' })
  state!: IdempotencyKeyState;

  @Column({ type: 'integer', nullable: true })
  responseStatus!: number | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  responseContentType!: string | null;

  @Column({ type: 'text', nullable: true })
  responseBody!: string | null;

  /** When the key was (last) claimed: it expires 24 h later; an unfinished claim goes stale after 60 s. */
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;
}
