import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One entry of a global reference library (the same for every workspace). Entries are written by
 * migrations only; ids are stable because partners store them.
 */
@Entity('reference_entries')
@Index(['library', 'parentId'])
export class ReferenceEntry {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  library!: string;

  @PrimaryColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  /** The entry of the parent library this one belongs to (a sub-industry's industry); null otherwise. */
  @Column({ type: 'integer', nullable: true })
  parentId!: number | null;
}
