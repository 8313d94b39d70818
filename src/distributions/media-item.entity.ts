import { Field, ID, Int, ObjectType } from 'type-graphql';
import { NodeRef, Node } from '../graphql/node';
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { WorkspaceRecord } from '../workspace/workspace-record';
import { flag, freeText } from '../graphql/descriptions';
import type { Distribution } from './distribution.entity';

/** A media file of a distribution (spec §2.9 `distribution_media_library`). */
@ObjectType({ simpleResolvers: true, implements: Node, description: 'A media file attached to a distribution.' })
@Entity('distribution_media')
@Index(['organisationId', 'distributionId', 'id'])
export class MediaItem extends WorkspaceRecord {
  @NodeRef('Distribution')
  @Field(() => ID, { description: 'The distribution the file belongs to.' })
  @Column({ type: 'integer' })
  distributionId!: number;

  @ManyToOne('Distribution', (distribution: Distribution) => distribution.mediaLibrary, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'distribution_id' })
  distribution?: Distribution;

  @Field(() => Int, { description: flag('the media sits in the body of the piece') })
  @Column({ type: 'smallint', default: 0 })
  isBodyMedia!: number;

  @Field({ description: 'Label of the file, at most 255 characters; "" when not given.' })
  @Column({ type: 'varchar', length: 255, default: '' })
  mediaLabel!: string;

  @Field({ description: 'Absolute http(s) URL of the file, at most 2,048 characters.' })
  @Column({ type: 'text' })
  fileUrl!: string;

  @Field({ description: freeText('Notes on the file') })
  @Column({ type: 'text', default: '' })
  mediaNotes!: string;
}
