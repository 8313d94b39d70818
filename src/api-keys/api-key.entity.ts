import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Scope } from '../common/scopes';
import { Organisation } from '../organisations/organisation.entity';

/** Only a SHA-256 of the key is kept: a database leak does not leak usable keys. */
@Entity('api_keys')
export class ApiKey {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Index()
  @Column({ type: 'integer' })
  organisationId!: number;

  @ManyToOne(() => Organisation, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organisation_id' })
  organisation?: Organisation;

  @Column({ type: 'varchar', length: 255, nullable: true })
  label!: string | null;

  /** The first characters of the key, enough for a person to tell keys apart. */
  @Column({ type: 'varchar', length: 16 })
  prefix!: string;

  @Index({ unique: true })
  @Column({ type: 'char', length: 64 })
  keyHash!: string;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;

  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  lastUsedAt!: Date | null;

  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  revokedAt!: Date | null;

  /** What the key may do (src/common/scopes.ts); `{*}` for every key made before scopes. */
  @Column({ type: 'text', array: true, default: () => "'{*}'" })
  scopes!: Scope[];

  /** After this the key is refused ("API key has expired"); null: never. Rotation sets it on the old key. */
  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  expiresAt!: Date | null;
}
