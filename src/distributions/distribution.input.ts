import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { Field, ID, InputType, Int } from 'type-graphql';
import { IsCalendarDate } from '../common/calendar-date';
import type { RecordId } from '../common/ids';
import { IsEntityId, IsFlag, IsHttpUrl, IsOmittable } from '../common/validation';
import { DateScalar } from '../graphql/scalars';
import { DistributionStatus, distributionStatuses } from './distribution-status';

const MAX_INT = 2_147_483_647;
export const MAX_DISTRIBUTIONS_PER_REQUEST = 100;
export const MAX_MEDIA_PER_DISTRIBUTION = 50;

@InputType({ description: 'The link of a distribution. A new link needs `linkType` and `originalLink`; an existing one changes the fields given.' })
export class PrimaryLinkInput {
  @Field(() => ID, { nullable: true, description: "The existing link's id (optional: a distribution has at most one link)." })
  @IsOptional() @IsEntityId()
  id?: string | number;

  @Field(() => Int, { nullable: true })
  @IsOmittable() @IsInt() @Min(1) @Max(MAX_INT)
  linkType?: number;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @MaxLength(255)
  linkLabel?: string;

  @Field({ nullable: true, description: 'Absolute http(s) URL.' })
  @IsOmittable() @IsString() @IsHttpUrl() @MaxLength(2048)
  originalLink?: string;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @MaxLength(255)
  hyperlinkText?: string;
}

@InputType({ description: 'A media file of a distribution: with `id` it updates that file, without it adds one (`fileUrl` required).' })
export class MediaItemInput {
  @Field(() => ID, { nullable: true })
  @IsOptional() @IsEntityId()
  id?: string | number;

  @Field(() => Int, { nullable: true })
  @IsOmittable() @IsFlag()
  isBodyMedia?: number;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @MaxLength(255)
  mediaLabel?: string;

  @Field({ nullable: true, description: 'Absolute http(s) URL.' })
  @IsOmittable() @IsString() @IsHttpUrl() @MaxLength(2048)
  fileUrl?: string;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @MaxLength(20_000)
  mediaNotes?: string;
}

/**
 * Fields of a distribution (spec §2.9). In a bulk update an entry with `id` changes that
 * distribution and an entry without one creates a distribution; create requires
 * `distributionTypeId`. `campaignId`, when given, must be the content's campaign.
 */
@InputType({ description: 'Fields of a distribution. With `id` (bulk update) it changes that distribution; without, it creates one (`distributionTypeId` required).' })
export class DistributionInput {
  @Field(() => ID, { nullable: true })
  @IsOptional() @IsEntityId()
  id?: string | number;

  @Field(() => ID, { nullable: true, description: "Optional; must be the content's campaign." })
  @IsOptional() @IsEntityId()
  campaignId?: string | number;

  @Field(() => Int, { nullable: true, description: 'Required on create.' })
  @IsOmittable() @IsInt() @Min(1) @Max(MAX_INT)
  distributionTypeId?: number;

  @Field(() => ID, { nullable: true })
  @IsOptional() @IsEntityId()
  publisherTitleId?: RecordId | null;

  @Field(() => DistributionStatus, { nullable: true })
  @IsOmittable() @IsIn(distributionStatuses.values, { message: distributionStatuses.valuesMessage })
  status?: DistributionStatus;

  @Field(() => Int, { nullable: true })
  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  distributionClass?: number;

  @Field(() => Int, { nullable: true })
  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  countClicksAs?: number;

  @Field(() => DateScalar, { nullable: true })
  @IsOptional() @IsCalendarDate()
  distributionLiveDate?: string | null;

  @Field(() => Int, { nullable: true })
  @IsOmittable() @IsFlag()
  hasDestinationLink?: number;

  @Field(() => Int, { nullable: true })
  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  noOfFeedbackAllowed?: number;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @MaxLength(255)
  contentTitle?: string;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @MaxLength(255)
  distributionLabel?: string;

  @Field(() => Int, { nullable: true })
  @IsOmittable() @IsFlag()
  advertiserReview?: number;

  @Field(() => PrimaryLinkInput, { nullable: true, description: 'Created or updated; null removes the link.' })
  @IsOptional() @ValidateNested()
  primaryLink?: PrimaryLinkInput | null;

  @Field(() => [MediaItemInput], { nullable: true, description: 'Entries with `id` are updated, entries without are added; files left out are kept.' })
  @IsOmittable() @IsArray() @ArrayMaxSize(MAX_MEDIA_PER_DISTRIBUTION) @ValidateNested({ each: true })
  mediaLibrary?: MediaItemInput[];
}

/** `POST`/`PUT /v2/distributions` and their mutations: distributions of one content piece, all or nothing. */
export class DistributionsInput {
  @IsEntityId()
  contentId!: string | number;

  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(MAX_DISTRIBUTIONS_PER_REQUEST) @ValidateNested({ each: true })
  distributions!: DistributionInput[];
}
