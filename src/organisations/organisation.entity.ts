import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { DateTimeScalar } from '../graphql/scalars';

/** A workspace: every API key names exactly one, and every other row belongs to one. */
@ObjectType({ description: 'The workspace (organisation) the API key belongs to.' })
@Entity('organisations')
export class Organisation {
  @Field(() => ID)
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Field({ description: 'Stable public code of the workspace, shown on records as `organization_code`.' })
  @Column({ type: 'varchar', length: 64, unique: true })
  organizationCode!: string;

  @Field()
  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Field(() => DateTimeScalar)
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;

  @Field(() => DateTimeScalar)
  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt!: Date;
}
