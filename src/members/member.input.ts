import { IsEmail, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { Field, ID, InputType, Int } from 'type-graphql';
import { NodeRef } from '../graphql/node';
import { FitsEmailLength } from '../common/email-address';
import { IsEntityId, IsFlag, IsHttpUrlOrEmpty, IsNotBlank, IsOmittable } from '../common/validation';
import { flag, httpUrlOrEmpty } from '../graphql/descriptions';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/**
 * Fields of an advertiser account member (spec §2.5), for create and update alike. Create requires
 * the account, e-mail, names and password; on update omitted fields are unchanged.
 */
@InputType('MemberInput', { description: 'Fields of a member. On create `advertiserAccountId`, `email`, `firstName`, `lastName` and `password` are required; on update omitted fields are unchanged.' })
export class MemberInput {
  @NodeRef('AdvertiserAccount')
  @Field(() => ID, { nullable: true, description: 'Required on create: a live advertiser account of this workspace. A member never moves: on update only its own account is accepted.' })
  @IsOmittable() @IsEntityId()
  advertiserAccountId?: string | number;

  @Field({ nullable: true, description: 'Required on create: an e-mail address of at most 254 characters, unique within the account whatever its case.' })
  @IsOmittable() @IsString() @IsEmail({}, { message: 'must be a valid e-mail address' }) @FitsEmailLength()
  email?: string;

  @Field({ nullable: true, description: 'Required on create; not blank, at most 100 characters.' })
  @IsOmittable() @IsString() @IsNotBlank() @MaxLength(100)
  firstName?: string;

  @Field({ nullable: true, description: 'Required on create; not blank, at most 100 characters.' })
  @IsOmittable() @IsString() @IsNotBlank() @MaxLength(100)
  lastName?: string;

  @Field({ nullable: true, description: 'Phone number, free text of at most 50 characters.' })
  @IsOmittable() @IsString() @MaxLength(50)
  contactNumber?: string;

  @Field({ nullable: true, description: 'Job title, at most 100 characters.' })
  @IsOmittable() @IsString() @MaxLength(100)
  staffTitle?: string;

  @Field({ nullable: true, description: httpUrlOrEmpty('the profile photo') })
  @IsOmittable() @IsString() @IsHttpUrlOrEmpty() @MaxLength(2048)
  photo?: string;

  @Field(() => Int, { nullable: true, description: flag('the member may sign in', 1) })
  @IsOmittable() @IsFlag()
  active?: number;

  @Field({ nullable: true, description: `Required on create; ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters. Stored only as a salted hash; never returned.` })
  @IsOmittable() @IsString() @MinLength(MIN_PASSWORD_LENGTH) @MaxLength(MAX_PASSWORD_LENGTH)
  password?: string;
}

@InputType('MemberFilter', { description: 'Narrows a list of members.' })
export class MemberFilter {
  @NodeRef('AdvertiserAccount')
  @Field(() => ID, { nullable: true, description: 'Members of this advertiser account.' })
  @IsOptional() @IsEntityId()
  advertiserAccountId?: string | number;
}
