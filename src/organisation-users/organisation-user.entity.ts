import { Field, Int, ObjectType } from 'type-graphql';
import { Column, Entity, Index } from 'typeorm';
import type { JsonObject } from '../common/json';
import { WorkspaceRecord } from '../db/workspace-record';
import { DateTimeScalar, JSONObjectScalar } from '../graphql/scalars';

export const USER_EMAIL_UNIQUE = 'UQ_organisation_users_email';

@ObjectType('User', { description: 'A person who works in the workspace (spec §2.3).' })
@Entity('organisation_users')
@Index(['organisationId', 'id'])
@Index(['organisationId', 'lastName', 'id'])
@Index(['organisationId', 'createdAt', 'id'])
@Index(['organisationId', 'updatedAt', 'id'])
// E-mail addresses are unique per workspace regardless of case, among users not deleted.
@Index(USER_EMAIL_UNIQUE, ['organisationId', 'emailKey'], { unique: true, where: '"deleted_at" IS NULL' })
export class OrganisationUser extends WorkspaceRecord {
  @Field()
  @Column({ type: 'varchar', length: 100 })
  firstName!: string;

  @Field()
  @Column({ type: 'varchar', length: 100 })
  lastName!: string;

  @Field()
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  /** `email` lower-cased: what uniqueness is judged on. */
  @Column({ type: 'varchar', length: 254 })
  emailKey!: string;

  @Field(() => String, { nullable: true, description: "The user's id at the identity provider." })
  @Column({ type: 'varchar', length: 255, nullable: true })
  idpId!: string | null;

  @Field(() => String, { nullable: true, description: 'A second identity-provider id (for example after a provider change).' })
  @Column({ type: 'varchar', length: 255, nullable: true })
  idpAltId!: string | null;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When the user confirmed the address; set by the platform.' })
  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  emailVerifiedAt!: Date | null;

  @Field()
  @Column({ type: 'varchar', length: 50, default: '' })
  contactNumber!: string;

  @Field(() => String, { nullable: true })
  @Column({ type: 'varchar', length: 100, nullable: true })
  staffTitle!: string | null;

  @Field({ description: 'In-app notifications: "1" on, "0" off. Set by the user on the platform.' })
  @Column({ type: 'varchar', length: 1, default: '1' })
  notification!: string;

  @Field({ description: 'URL of the profile photo, or "".' })
  @Column({ type: 'text', default: '' })
  photo!: string;

  @Field(() => Int, { description: '1 when the user may sign in, 0 when switched off.' })
  @Column({ type: 'smallint', default: 1 })
  active!: number;

  /** Mirrors `deletedAt` for the v2 `is_deleted` flag. */
  @Column({ type: 'smallint', default: 0 })
  isDeleted!: number;

  @Field({ description: 'E-mail notifications: "1" on, "0" off. Set by the user on the platform.' })
  @Column({ type: 'varchar', length: 1, default: '1' })
  emailNotification!: string;

  @Field(() => JSONObjectScalar, { description: 'Free key/value content.' })
  @Column({ type: 'jsonb', default: () => "'{}'" })
  customFields!: JsonObject;

  /** The user's `role_type` values, ascending and without repeats (see `roles` in GraphQL). */
  @Column({ type: 'smallint', array: true })
  roleTypes!: number[];
}
