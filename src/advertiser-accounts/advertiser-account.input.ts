import { IsEnum, IsIn, IsOptional, IsString, IsUrl, MaxLength } from 'class-validator';
import { Field, ID, InputType } from 'type-graphql';
import type { RecordId } from '../common/ids';
import { IsEntityId, IsNotBlank, IsOmittable } from '../common/validation';
import { AdvertiserAccountStatus, AdvertiserAccountType } from './advertiser-account-enums';

/**
 * Fields of an advertiser account a client may write, for create and update alike (Shopify-style
 * shared input). Omitted fields are left as they are; create requires `name`.
 */
@InputType({ description: 'Fields of an advertiser account. On create `name` is required; on update omitted fields are unchanged.' })
export class AdvertiserAccountInput {
  @Field({ nullable: true })
  @IsOmittable() @IsString() @IsNotBlank() @MaxLength(255)
  name?: string;

  @Field(() => AdvertiserAccountStatus, { nullable: true })
  @IsOmittable() @IsEnum(AdvertiserAccountStatus, { message: `must be one of: ${Object.values(AdvertiserAccountStatus).join(', ')}` })
  status?: AdvertiserAccountStatus;

  @Field(() => String, { nullable: true })
  @IsOptional() @IsString() @MaxLength(1000)
  deactivationReason?: string | null;

  @Field(() => AdvertiserAccountType, { nullable: true })
  @IsOmittable() @IsEnum(AdvertiserAccountType, { message: `must be one of: ${Object.values(AdvertiserAccountType).join(', ')}` })
  type?: AdvertiserAccountType;

  @Field(() => String, { nullable: true })
  @IsOptional() @IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: 'must be an http(s) URL' }) @MaxLength(2048)
  logo?: string | null;

  @Field(() => ID, { nullable: true })
  @IsOptional() @IsEntityId()
  primaryContactId?: RecordId | null;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @MaxLength(100)
  country?: string;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @MaxLength(100)
  state?: string;

  @Field(() => String, { nullable: true })
  @IsOptional() @IsString() @MaxLength(100)
  city?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional() @IsString() @MaxLength(20)
  zipCode?: string | null;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @MaxLength(255)
  address1?: string;

  @Field({ nullable: true })
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

  @Field(() => AdvertiserAccountStatus, { nullable: true })
  @IsOptional() @IsEnum(AdvertiserAccountStatus, { message: `must be one of: ${Object.values(AdvertiserAccountStatus).join(', ')}` })
  status?: AdvertiserAccountStatus;
}
