import { ArrayMaxSize, IsArray, IsEnum, IsInt, IsISO31661Alpha2, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { IsEmailOrEmpty, IsHttpUrlOrEmpty, IsNotBlank, IsOmittable } from '../common/validation';
import { PublisherProfileStatus } from './publisher-profile-status';

const MAX_INT = 2_147_483_647;
export const MAX_TITLES_PER_PROFILE = 100;
const STATUS_MESSAGE = `must be one of: ${Object.values(PublisherProfileStatus).join(', ')}`;

/** A title created with its profile (operators only: partners read publisher profiles). */
export class PublisherTitleInput {
  @IsOmittable() @IsString() @IsNotBlank() @MaxLength(255)
  name!: string;

  @IsOmittable() @IsString() @IsHttpUrlOrEmpty() @MaxLength(2048)
  url?: string;

  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  monthlyUniqueVisitors?: number;
}

/** A publisher profile as the admin CLI and the demo seed create it. */
export class PublisherProfileInput {
  @IsOmittable() @IsString() @IsNotBlank() @MaxLength(255)
  name!: string;

  @IsOmittable() @IsString() @IsHttpUrlOrEmpty() @MaxLength(2048)
  website?: string;

  @IsOmittable() @IsISO31661Alpha2({ message: 'must be an ISO 3166-1 alpha-2 country code' })
  country?: string;

  @IsOmittable() @IsEnum(PublisherProfileStatus, { message: STATUS_MESSAGE })
  status?: PublisherProfileStatus;

  @IsOmittable() @IsString() @MaxLength(20_000)
  description?: string;

  @IsOmittable() @IsString() @IsEmailOrEmpty() @MaxLength(254)
  contactEmail?: string;

  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  monthlyUniqueVisitors?: number;

  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  monthlyPageViews?: number;

  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  socialFollowers?: number;

  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  newsletterSubscribers?: number;

  @IsOmittable() @IsArray() @ArrayMaxSize(MAX_TITLES_PER_PROFILE) @ValidateNested({ each: true })
  titles?: PublisherTitleInput[];
}

@InputType({ description: 'Narrows a list of publisher profiles.' })
export class PublisherProfileFilter {
  @Field({ nullable: true, description: 'Case-insensitive match anywhere in the name of the profile or of one of its titles.' })
  @IsOptional() @IsString() @MaxLength(255)
  search?: string;

  @Field({ nullable: true, description: 'ISO 3166-1 alpha-2 country code, any case.' })
  @IsOptional() @IsISO31661Alpha2({ message: 'must be an ISO 3166-1 alpha-2 country code' })
  country?: string;

  @Field(() => PublisherProfileStatus, { nullable: true, description: 'Only profiles with this status.' })
  @IsOptional() @IsEnum(PublisherProfileStatus, { message: STATUS_MESSAGE })
  status?: PublisherProfileStatus;
}
