import { ArrayMaxSize, ArrayMinSize, IsArray, IsEmail, IsIn, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { Field, ID, InputType, Int } from 'type-graphql';
import { NodeRef } from '../graphql/node';
import { MAX_CUSTOM_FIELDS_BYTES } from '../common/custom-fields';
import { FitsEmailLength } from '../common/email-address';
import type { JsonObject } from '../common/json';
import { IsEntityId, IsFlag, IsHttpUrlOrEmpty, IsJsonObject, IsNotBlank, IsOmittable } from '../common/validation';
import { flag, httpUrlOrEmpty } from '../graphql/descriptions';
import { JSONObjectScalar } from '../graphql/scalars';
import { ROLE_NAMES, ROLE_TYPES, RoleType } from './role-type';

const ROLE_TYPES_MESSAGE = `must be one of ${ROLE_TYPES.map((type) => `${type} (${ROLE_NAMES[type]})`).join(', ')}`;

@InputType('UserRoleInput', { description: 'A role to give the user.' })
export class UserRoleInput {
  @Field(() => RoleType, { description: 'The role to give.' })
  @IsIn(ROLE_TYPES, { message: ROLE_TYPES_MESSAGE })
  roleType!: RoleType;
}

/**
 * Upsert User (spec §4.2). With `id` it updates that user of the workspace, without it creates
 * one. E-mail, names and roles are required either way; roles replace the user's roles.
 */
@InputType('UserUpsertInput', { description: 'With `id`: update that user. Without: create one. Roles replace the current roles.' })
export class UserUpsertInput {
  @NodeRef('User')
  @Field(() => ID, { nullable: true, description: 'The user to update (v2 `user_id`); omit or null to create a user. One that names no user of this workspace is NOT_FOUND in `userErrors` (`["input", "id"]`).' })
  @IsOptional() @IsEntityId()
  id?: string | number;

  @Field({ description: 'E-mail address (v2 `user_email`) of at most 254 characters, unique among the live users of the workspace whatever its case; required on update too.' })
  @IsOmittable() @IsString() @IsEmail({}, { message: 'must be a valid e-mail address' }) @FitsEmailLength()
  email!: string;

  @Field({ description: 'First name (v2 `user_first_name`): not blank, at most 100 characters; required on update too.' })
  @IsOmittable() @IsString() @IsNotBlank() @MaxLength(100)
  firstName!: string;

  @Field({ description: 'Last name (v2 `user_last_name`): not blank, at most 100 characters; required on update too.' })
  @IsOmittable() @IsString() @IsNotBlank() @MaxLength(100)
  lastName!: string;

  @Field(() => [UserRoleInput], { description: 'The roles the user holds: 1 to 4 entries (a role given twice counts once). They replace the current roles.' })
  @IsOmittable() @IsArray() @ArrayMinSize(1, { message: 'must name at least one role' }) @ArrayMaxSize(ROLE_TYPES.length * 2) @ValidateNested({ each: true })
  roles!: UserRoleInput[];

  @Field(() => JSONObjectScalar, { nullable: true, description: 'A JSON object of at most 16 KB. On update its keys are added or replaced and a key set to null is removed; null or omitted leaves the stored object unchanged ({} on create).' })
  @IsOptional() @IsJsonObject(MAX_CUSTOM_FIELDS_BYTES)
  customFields?: JsonObject | null;

  @Field(() => String, { nullable: true, description: "The user's id at the identity provider, at most 255 characters; null clears it." })
  @IsOptional() @IsString() @MaxLength(255)
  idpId?: string | null;

  @Field(() => String, { nullable: true, description: 'A second identity-provider id, at most 255 characters; null clears it.' })
  @IsOptional() @IsString() @MaxLength(255)
  idpAltId?: string | null;

  @Field({ nullable: true, description: 'Phone number, free text of at most 50 characters.' })
  @IsOmittable() @IsString() @MaxLength(50)
  contactNumber?: string;

  @Field(() => String, { nullable: true, description: 'Job title, at most 100 characters; null clears it.' })
  @IsOptional() @IsString() @MaxLength(100)
  staffTitle?: string | null;

  @Field({ nullable: true, description: httpUrlOrEmpty('the profile photo') })
  @IsOmittable() @IsString() @IsHttpUrlOrEmpty() @MaxLength(2048)
  photo?: string;

  @Field(() => Int, { nullable: true, description: flag('the user may sign in', 1) })
  @IsOmittable() @IsFlag()
  active?: number;
}

@InputType('UserFilter', { description: 'Narrows a list of users.' })
export class UserFilter {
  @Field({ nullable: true, description: 'Case-insensitive match anywhere in the first name, last name, e-mail or full name ("first last"); at most 255 characters.' })
  @IsOptional() @IsString() @MaxLength(255)
  search?: string;

  @Field(() => RoleType, { nullable: true, description: 'Users holding this role.' })
  @IsOptional() @IsIn(ROLE_TYPES, { message: ROLE_TYPES_MESSAGE })
  roleType?: RoleType;

  @Field(() => Int, { nullable: true, description: '1: users who may sign in; 0: switched-off users.' })
  @IsOptional() @IsFlag()
  active?: number;
}
