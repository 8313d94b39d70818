import { ArrayMaxSize, ArrayMinSize, IsArray, IsEmail, IsIn, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { Field, ID, InputType, Int } from 'type-graphql';
import { MAX_CUSTOM_FIELDS_BYTES } from '../common/custom-fields';
import { FitsEmailLength } from '../common/email-address';
import type { JsonObject } from '../common/json';
import { IsEntityId, IsFlag, IsHttpUrlOrEmpty, IsJsonObject, IsNotBlank, IsOmittable } from '../common/validation';
import { JSONObjectScalar } from '../graphql/scalars';
import { ROLE_NAMES, ROLE_TYPES, RoleType } from './role-type';

const ROLE_TYPES_MESSAGE = `must be one of ${ROLE_TYPES.map((type) => `${type} (${ROLE_NAMES[type]})`).join(', ')}`;

@InputType('UserRoleInput', { description: 'A role to give the user.' })
export class UserRoleInput {
  @Field(() => RoleType)
  @IsIn(ROLE_TYPES, { message: ROLE_TYPES_MESSAGE })
  roleType!: RoleType;
}

/**
 * Upsert User (spec §4.2). With `id` it updates that user of the workspace, without it creates
 * one. E-mail, names and roles are required either way; roles replace the user's roles.
 */
@InputType('UserUpsertInput', { description: 'With `id`: update that user. Without: create one. Roles replace the current roles.' })
export class UserUpsertInput {
  @Field(() => ID, { nullable: true, description: 'The user to update; omit to create a user.' })
  @IsOptional() @IsEntityId()
  id?: string | number;

  @Field({ description: 'Unique in the workspace, whatever its case.' })
  @IsOmittable() @IsString() @IsEmail({}, { message: 'must be a valid e-mail address' }) @FitsEmailLength()
  email!: string;

  @Field()
  @IsOmittable() @IsString() @IsNotBlank() @MaxLength(100)
  firstName!: string;

  @Field()
  @IsOmittable() @IsString() @IsNotBlank() @MaxLength(100)
  lastName!: string;

  @Field(() => [UserRoleInput], { description: 'At least one role.' })
  @IsOmittable() @IsArray() @ArrayMinSize(1, { message: 'must name at least one role' }) @ArrayMaxSize(ROLE_TYPES.length * 2) @ValidateNested({ each: true })
  roles!: UserRoleInput[];

  @Field(() => JSONObjectScalar, { nullable: true, description: 'Keys to add or replace; a key set to null is removed. Null or omitted: unchanged.' })
  @IsOptional() @IsJsonObject(MAX_CUSTOM_FIELDS_BYTES)
  customFields?: JsonObject | null;

  @Field(() => String, { nullable: true, description: "The user's id at the identity provider." })
  @IsOptional() @IsString() @MaxLength(255)
  idpId?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional() @IsString() @MaxLength(255)
  idpAltId?: string | null;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @MaxLength(50)
  contactNumber?: string;

  @Field(() => String, { nullable: true })
  @IsOptional() @IsString() @MaxLength(100)
  staffTitle?: string | null;

  @Field({ nullable: true, description: 'Absolute http(s) URL of a photo, or "".' })
  @IsOmittable() @IsString() @IsHttpUrlOrEmpty() @MaxLength(2048)
  photo?: string;

  @Field(() => Int, { nullable: true, description: '1 (default) or 0.' })
  @IsOmittable() @IsFlag()
  active?: number;
}

@InputType('UserFilter', { description: 'Narrows a list of users.' })
export class UserFilter {
  @Field({ nullable: true, description: 'Case-insensitive match anywhere in the first name, last name or e-mail.' })
  @IsOptional() @IsString() @MaxLength(255)
  search?: string;

  @Field(() => RoleType, { nullable: true, description: 'Users holding this role.' })
  @IsOptional() @IsIn(ROLE_TYPES, { message: ROLE_TYPES_MESSAGE })
  roleType?: RoleType;

  @Field(() => Int, { nullable: true, description: '1: active users; 0: switched-off users.' })
  @IsOptional() @IsFlag()
  active?: number;
}
