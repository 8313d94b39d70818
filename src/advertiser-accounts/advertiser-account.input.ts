import { IsEnum, IsIn, IsOptional, IsString, IsUrl, MaxLength } from 'class-validator';
import { Field, ID, InputType } from 'type-graphql';
import { NodeRef } from '../graphql/node';
import type { RecordId } from '../common/ids';
import { IsEntityId, IsNotBlank, IsOmittable } from '../common/validation';
import { AdvertiserAccountStatus, AdvertiserAccountType } from './advertiser-account-enums';

/**
 * Fields of an advertiser account a client may write, for create and update alike (Shopify-style
 * shared input). Omitted fields are left as they are; create requires `name`.
 */
@InputType({ description: 'Fields of an advertiser account. On create `name` is required; on update omitted fields are unchanged.' })
export class AdvertiserAccountInput {
  @Field({ nullable: true, description: 'Name of the brand or agency. Required on create; not blank, at most 255 characters.' })
  @IsOmittable() @IsString() @IsNotBlank() @MaxLength(255)
  name?: string;

  @Field(() => AdvertiserAccountStatus, { nullable: true, description: 'ACTIVE (the default on create) or INACTIVE.' })
  @IsOmittable() @IsEnum(AdvertiserAccountStatus, { message: `must be one of: ${Object.values(AdvertiserAccountStatus).join(', ')}` })
  status?: AdvertiserAccountStatus;

  @Field(() => String, { nullable: true, description: 'Why the account is switched off, at most 1,000 characters; null clears it. Not tied to `status`.' })
  @IsOptional() @IsString() @MaxLength(1000)
  deactivationReason?: string | null;

  @Field(() => AdvertiserAccountType, { nullable: true, description: 'BRAND (the default on create) or AGENCY.' })
  @IsOmittable() @IsEnum(AdvertiserAccountType, { message: `must be one of: ${Object.values(AdvertiserAccountType).join(', ')}` })
  type?: AdvertiserAccountType;

  @Field(() => String, { nullable: true, description: 'Absolute http(s) URL of the logo image, at most 2,048 characters; null for none.' })
  @IsOptional() @IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: 'must be an http(s) URL' }) @MaxLength(2048)
  logo?: string | null;

  @NodeRef('Member')
  @Field(() => ID, { nullable: true, description: 'A live member of this account, or null for none. Must be null on create: a new account has no members yet.' })
  @IsOptional() @IsEntityId()
  primaryContactId?: RecordId | null;

  @Field({ nullable: true, description: 'Country, free text of at most 100 characters.' })
  @IsOmittable() @IsString() @MaxLength(100)
  country?: string;

  @Field({ nullable: true, description: 'State or region, at most 100 characters.' })
  @IsOmittable() @IsString() @MaxLength(100)
  state?: string;

  @Field(() => String, { nullable: true, description: 'City, at most 100 characters; null clears it.' })
  @IsOptional() @IsString() @MaxLength(100)
  city?: string | null;

  @Field(() => String, { nullable: true, description: 'Postal code, at most 20 characters; null clears it.' })
  @IsOptional() @IsString() @MaxLength(20)
  zipCode?: string | null;

  @Field({ nullable: true, description: 'First address line, at most 255 characters.' })
  @IsOmittable() @IsString() @MaxLength(255)
  address1?: string;

  @Field({ nullable: true, description: 'Second address line, at most 255 characters.' })
  @IsOmittable() @IsString() @MaxLength(255)
  address2?: string;

  /** v2 update bodies may echo the record's `is_deleted`; deleting is its own operation, so only 0 is accepted. */
  @IsOmittable() @IsIn([0], { message: 'must be 0: an account is deleted with the delete operation' })
  isDeleted?: number;
}

@InputType({ description: 'Narrows a list of advertiser accounts.' })
export class AdvertiserAccountFilter {
  @Field({ nullable: true, description: 'Case-insensitive match anywhere in the name.' })
  @IsOptional() @IsString() @MaxLength(255)
  search?: string;

  @Field(() => AdvertiserAccountStatus, { nullable: true, description: 'Only accounts with this status.' })
  @IsOptional() @IsEnum(AdvertiserAccountStatus, { message: `must be one of: ${Object.values(AdvertiserAccountStatus).join(', ')}` })
  status?: AdvertiserAccountStatus;
}
