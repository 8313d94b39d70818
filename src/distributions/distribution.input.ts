import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { Field, ID, InputType, Int } from 'type-graphql';
import { NodeRef } from '../graphql/node';
import { IsCalendarDate } from '../common/calendar-date';
import type { RecordId } from '../common/ids';
import { IsEntityId, IsFlag, IsHttpUrl, IsOmittable } from '../common/validation';
import { count, flag, freeText } from '../graphql/descriptions';
import { DateScalar } from '../graphql/scalars';
import { DistributionStatus, distributionStatuses } from './distribution-status';

const MAX_INT = 2_147_483_647;
export const MAX_DISTRIBUTIONS_PER_REQUEST = 100;
export const MAX_MEDIA_PER_DISTRIBUTION = 50;

@InputType({ description: 'The link of a distribution. A new link needs `linkType` and `originalLink`; an existing one changes the fields given.' })
export class PrimaryLinkInput {
  @NodeRef('PrimaryLink')
  @Field(() => ID, { nullable: true, description: "The existing link's id (optional: a distribution has at most one link)." })
  @IsOptional() @IsEntityId()
  id?: string | number;

  @Field(() => Int, { nullable: true, description: 'Kind of link: a code of the `link-types` reference library. Required for a new link.' })
  @IsOmittable() @IsInt() @Min(1) @Max(MAX_INT)
  linkType?: number;

  @Field({ nullable: true, description: 'Label of the link, at most 255 characters.' })
  @IsOmittable() @IsString() @MaxLength(255)
  linkLabel?: string;

  @Field({ nullable: true, description: 'Absolute http(s) URL the link points to, at most 2,048 characters. Required for a new link.' })
  @IsOmittable() @IsString() @IsHttpUrl() @MaxLength(2048)
  originalLink?: string;

  @Field({ nullable: true, description: 'Text of the hyperlink, at most 255 characters.' })
  @IsOmittable() @IsString() @MaxLength(255)
  hyperlinkText?: string;
}

@InputType({ description: 'A media file of a distribution: with `id` it updates that file, without it adds one (`fileUrl` required).' })
export class MediaItemInput {
  @NodeRef('MediaItem')
  @Field(() => ID, { nullable: true, description: 'The file to change, a media file of this distribution; leave out to add a file.' })
  @IsOptional() @IsEntityId()
  id?: string | number;

  @Field(() => Int, { nullable: true, description: flag('the media sits in the body of the piece') })
  @IsOmittable() @IsFlag()
  isBodyMedia?: number;

  @Field({ nullable: true, description: 'Label of the file, at most 255 characters.' })
  @IsOmittable() @IsString() @MaxLength(255)
  mediaLabel?: string;

  @Field({ nullable: true, description: 'Absolute http(s) URL of the file, at most 2,048 characters. Required for a new file.' })
  @IsOmittable() @IsString() @IsHttpUrl() @MaxLength(2048)
  fileUrl?: string;

  @Field({ nullable: true, description: freeText('Notes on the file') })
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
  @NodeRef('Distribution')
  @Field(() => ID, { nullable: true, description: 'In `distributionsUpdate`: the distribution to change, a live distribution of this content piece named at most once; leave out to create one. Refused in `distributionsCreate`.' })
  @IsOptional() @IsEntityId()
  id?: string | number;

  @NodeRef('Campaign')
  @Field(() => ID, { nullable: true, description: "Optional; must be the content's campaign." })
  @IsOptional() @IsEntityId()
  campaignId?: string | number;

  @Field(() => Int, { nullable: true, description: 'Kind of placement: a code of the `distribution-types` reference library. Required on create.' })
  @IsOmittable() @IsInt() @Min(1) @Max(MAX_INT)
  distributionTypeId?: number;

  @NodeRef('PublisherTitle')
  @Field(() => ID, { nullable: true, description: 'A live publisher title of this workspace; null clears it.' })
  @IsOptional() @IsEntityId()
  publisherTitleId?: RecordId | null;

  @Field(() => DistributionStatus, { nullable: true, description: 'On create PLANNED (the default) or SCHEDULED; on update a move the lifecycle allows (see DistributionStatus) or the current status.' })
  @IsOmittable() @IsIn(distributionStatuses.values, { message: distributionStatuses.valuesMessage })
  status?: DistributionStatus;

  @Field(() => Int, { nullable: true, description: 'Distribution class: an integer 0 to 2,147,483,647 (default 0); v2 spells it `distiribution_class`.' })
  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  distributionClass?: number;

  @Field(() => Int, { nullable: true, description: count('Count clicks as') })
  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  countClicksAs?: number;

  @Field(() => DateScalar, { nullable: true, description: 'The day the placement goes live; null clears it.' })
  @IsOptional() @IsCalendarDate()
  distributionLiveDate?: string | null;

  @Field(() => Int, { nullable: true, description: flag('the placement links to a destination') })
  @IsOmittable() @IsFlag()
  hasDestinationLink?: number;

  @Field(() => Int, { nullable: true, description: count('Number of feedback rounds allowed') })
  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  noOfFeedbackAllowed?: number;

  @Field({ nullable: true, description: 'Title shown on the placement, at most 255 characters; v2 spells it `content_tile`.' })
  @IsOmittable() @IsString() @MaxLength(255)
  contentTitle?: string;

  @Field({ nullable: true, description: 'Label of the distribution, at most 255 characters.' })
  @IsOmittable() @IsString() @MaxLength(255)
  distributionLabel?: string;

  @Field(() => Int, { nullable: true, description: flag('the advertiser reviews the placement') })
  @IsOmittable() @IsFlag()
  advertiserReview?: number;

  @Field(() => PrimaryLinkInput, { nullable: true, description: 'The link readers are sent to: created, or changed when the distribution has one; null removes it, omitted leaves it as it is.' })
  @IsOptional() @ValidateNested()
  primaryLink?: PrimaryLinkInput | null;

  @Field(() => [MediaItemInput], { nullable: true, description: `Media files: entries with \`id\` are changed, entries without are added; files left out are kept. A distribution holds at most ${MAX_MEDIA_PER_DISTRIBUTION} (v2 \`distribution_media_library\`).` })
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
