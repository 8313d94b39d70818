import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { WorkspaceRecord } from '../db/workspace-record';
import type { Distribution } from './distribution.entity';

/** A media file of a distribution (spec §2.9 `distribution_media_library`). */
@ObjectType({ description: 'A media file attached to a distribution.' })
@Entity('distribution_media')
@Index(['organisationId', 'distributionId', 'id'])
export class MediaItem extends WorkspaceRecord {
  @Field(() => ID)
  @Column({ type: 'integer' })
  distributionId!: number;

  @ManyToOne('Distribution', (distribution: Distribution) => distribution.mediaLibrary, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'distribution_id' })
  distribution?: Distribution;

  @Field(() => Int, { description: '1 when the media sits in the body of the piece, else 0.' })
  @Column({ type: 'smallint', default: 0 })
  isBodyMedia!: number;

  @Field()
  @Column({ type: 'varchar', length: 255, default: '' })
  mediaLabel!: string;

  @Field({ description: 'Absolute http(s) URL of the file.' })
  @Column({ type: 'text' })
  fileUrl!: string;

  @Field()
  @Column({ type: 'text', default: '' })
  mediaNotes!: string;
}
