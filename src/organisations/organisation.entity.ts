import { Field, ObjectType } from 'type-graphql';
import { Node } from '../graphql/node';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { CREATED_AT, UPDATED_AT } from '../graphql/descriptions';
import { DateTimeScalar } from '../graphql/scalars';

/** A workspace: every API key names exactly one, and every other row belongs to one. */
@ObjectType({ simpleResolvers: true, implements: Node, description: 'The workspace (organisation) the API key belongs to.' })
@Entity('organisations')
export class Organisation {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Field({ description: 'Stable public code of the workspace, shown on records as `organization_code`.' })
  @Column({ type: 'varchar', length: 64, unique: true })
  organizationCode!: string;

  @Field({ description: 'Name of the workspace. Read-only: workspaces are managed by operators.' })
  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Field(() => DateTimeScalar, { description: CREATED_AT })
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;

  @Field(() => DateTimeScalar, { description: UPDATED_AT })
  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt!: Date;
}
