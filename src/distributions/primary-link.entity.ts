import { Field, Int, ObjectType } from 'type-graphql';
import { Node } from '../graphql/node';
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { WorkspaceRecord } from '../workspace/workspace-record';
import type { Distribution } from './distribution.entity';

/** The link a distribution sends readers to (spec §2.9 `primary_link`); at most one per distribution. */
@ObjectType({ simpleResolvers: true, implements: Node, description: 'The link a distribution points readers to.' })
@Entity('distribution_links')
@Index(['organisationId', 'distributionId'])
// One live link per distribution; a removed (soft-deleted) link does not block a new one.
@Index('UQ_distribution_links_distribution', ['distributionId'], { unique: true, where: '"deleted_at" IS NULL' })
export class PrimaryLink extends WorkspaceRecord {
  @Column({ type: 'integer' })
  distributionId!: number;

  // ManyToOne, not OneToOne: uniqueness is the partial index above (live links only).
  @ManyToOne('Distribution', { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'distribution_id' })
  distribution?: Distribution;

  @Field(() => Int, { description: 'Kind of link: a code of the `link-types` reference library.' })
  @Column({ type: 'integer' })
  linkType!: number;

  @Field({ description: 'Label of the link, at most 255 characters; "" when not given.' })
  @Column({ type: 'varchar', length: 255, default: '' })
  linkLabel!: string;

  @Field({ description: 'Absolute http(s) URL the link points to, at most 2,048 characters.' })
  @Column({ type: 'text' })
  originalLink!: string;

  @Field({ description: 'Text of the hyperlink, at most 255 characters; "" when not given.' })
  @Column({ type: 'varchar', length: 255, default: '' })
  hyperlinkText!: string;
}
