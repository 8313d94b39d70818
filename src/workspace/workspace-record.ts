import { Field, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, DeleteDateColumn, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { CREATED_AT, UPDATED_AT } from '../graphql/descriptions';
import { DateTimeScalar } from '../graphql/scalars';
import { Organisation } from '../organisations/organisation.entity';

/**
 * What every row of workspace data has: the owning organisation (NOT NULL, and every table
 * indexes it first), soft deletion and millisecond timestamps (milliseconds so a JavaScript Date
 * round-trips exactly through keyset cursors). Its GraphQL fields are inherited by each entity's
 * object type. Subclasses declare their id (see WorkspaceRecord).
 */
@ObjectType({ simpleResolvers: true })
export abstract class WorkspaceRow {
  @Column({ type: 'integer' })
  organisationId!: number;

  @ManyToOne(() => Organisation, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'organisation_id' })
  organisation?: Organisation;

  @DeleteDateColumn({ type: 'timestamptz', precision: 3, nullable: true })
  deletedAt!: Date | null;

  @Field(() => DateTimeScalar, { description: CREATED_AT })
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;

  @Field(() => DateTimeScalar, { description: UPDATED_AT })
  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt!: Date;
}

/** A workspace row with its own serial integer id. */
@ObjectType({ simpleResolvers: true })
export abstract class WorkspaceRecord extends WorkspaceRow {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;
}
