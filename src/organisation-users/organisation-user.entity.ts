import { Field, Int, ObjectType } from 'type-graphql';
import { Node } from '../graphql/node';
import { Column, Entity, Index } from 'typeorm';
import type { JsonObject } from '../common/json';
import { WorkspaceRecord } from '../workspace/workspace-record';
import { flag, httpUrlOrEmpty } from '../graphql/descriptions';
import { DateTimeScalar, JSONObjectScalar } from '../graphql/scalars';

export const USER_EMAIL_UNIQUE = 'UQ_organisation_users_email';

@ObjectType('User', { simpleResolvers: true, implements: Node, description: 'A person who works in the workspace (spec §2.3).' })
@Entity('organisation_users')
@Index(['organisationId', 'id'])
@Index(['organisationId', 'lastName', 'id'])
@Index(['organisationId', 'createdAt', 'id'])
@Index(['organisationId', 'updatedAt', 'id'])
// E-mail addresses are unique per workspace regardless of case, among users not deleted.
@Index(USER_EMAIL_UNIQUE, ['organisationId', 'emailKey'], { unique: true, where: '"deleted_at" IS NULL' })
export class OrganisationUser extends WorkspaceRecord {
  @Field({ description: 'First name, at most 100 characters.' })
  @Column({ type: 'varchar', length: 100 })
  firstName!: string;

  @Field({ description: 'Last name, at most 100 characters.' })
  @Column({ type: 'varchar', length: 100 })
  lastName!: string;

  @Field({ description: 'E-mail address, as given; unique among the live users of the workspace whatever its case.' })
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  /** `email` lower-cased: what uniqueness is judged on. */
  @Column({ type: 'varchar', length: 254 })
  emailKey!: string;

  @Field(() => String, { nullable: true, description: "The user's id at the identity provider, at most 255 characters; null when not set." })
  @Column({ type: 'varchar', length: 255, nullable: true })
  idpId!: string | null;

  @Field(() => String, { nullable: true, description: 'A second identity-provider id (for example after a provider change), at most 255 characters; null when not set.' })
  @Column({ type: 'varchar', length: 255, nullable: true })
  idpAltId!: string | null;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When the user confirmed the address; set by the platform, null until then. Read-only.' })
  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  emailVerifiedAt!: Date | null;

  @Field({ description: 'Phone number, free text of at most 50 characters; "" when not given.' })
  @Column({ type: 'varchar', length: 50, default: '' })
  contactNumber!: string;

  @Field(() => String, { nullable: true, description: 'Job title, at most 100 characters; null when not given.' })
  @Column({ type: 'varchar', length: 100, nullable: true })
  staffTitle!: string | null;

  @Field({ description: 'In-app notifications: "1" on (for a new user), "0" off. Set by the user on the platform; read-only here.' })
  @Column({ type: 'varchar', length: 1, default: '1' })
  notification!: string;

  @Field({ description: httpUrlOrEmpty('the profile photo') })
  @Column({ type: 'text', default: '' })
  photo!: string;

  @Field(() => Int, { description: flag('the user may sign in', 1) })
  @Column({ type: 'smallint', default: 1 })
  active!: number;

  /** Mirrors `deletedAt` for the v2 `is_deleted` flag. */
  @Column({ type: 'smallint', default: 0 })
  isDeleted!: number;

  @Field({ description: 'E-mail notifications: "1" on (for a new user), "0" off. Set by the user on the platform; read-only here.' })
  @Column({ type: 'varchar', length: 1, default: '1' })
  emailNotification!: string;

  @Field(() => JSONObjectScalar, { description: "The partner's free key/value content: a JSON object of at most 16 KB ({} when not given)." })
  @Column({ type: 'jsonb', default: () => "'{}'" })
  customFields!: JsonObject;

  /** The user's `role_type` values, ascending and without repeats (see `roles` in GraphQL). */
  @Column({ type: 'smallint', array: true })
  roleTypes!: number[];
}
