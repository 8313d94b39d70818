import { IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Field, Float, ID, InputType, Int } from 'type-graphql';
import { NodeRef } from '../graphql/node';
import { IsCalendarDate } from '../common/calendar-date';
import type { RecordId } from '../common/ids';
import { IsEmailOrEmpty, IsEntityId, IsFlag, IsHttpUrlOrEmpty, IsNotBlank, IsOmittable } from '../common/validation';
import { cost, count, estimate, flag, freeText, goal, httpUrlOrEmpty, nullableText, switchField } from '../graphql/descriptions';
import { DateScalar } from '../graphql/scalars';
import { CampaignStatus, campaignStatuses } from './campaign-status';

const MAX_INT = 2_147_483_647;
const MAX_MONEY = 999_999_999_999.99;
const MAX_TEXT = 20_000;
/**
 * The status integers only: `@IsEnum` would also accept the member names ('ACTIVE'…), which a
 * numeric enum carries as reverse-mapping values.
 */
const CAMPAIGN_STATUS_VALUES = campaignStatuses.values;
const CAMPAIGN_STATUS_MESSAGE = campaignStatuses.valuesMessage;

/**
 * Fields of a campaign a client may write, for create and update alike. Omitted fields are left
 * as they are (on create: their defaults); create requires `campaignTitle` and
 * `primaryAdvertiserAccountId`.
 */
@InputType({ description: 'Fields of a campaign. On create `campaignTitle` and `primaryAdvertiserAccountId` are required; on update omitted fields are unchanged.' })
export class CampaignInput {
  @NodeRef('AdvertiserAccount')
  @Field(() => ID, { nullable: true, description: 'The advertiser account the campaign is run for. Required on create: a live advertiser account of this workspace.' })
  @IsOmittable() @IsEntityId()
  primaryAdvertiserAccountId?: string | number;

  @Field(() => Int, { nullable: true, description: flag('the campaign is a reporting campaign') })
  @IsOmittable() @IsFlag()
  isReportingCampaign?: number;

  @Field({ nullable: true, description: 'Title of the campaign. Required on create; not blank, at most 255 characters.' })
  @IsOmittable() @IsString() @IsNotBlank() @MaxLength(255)
  campaignTitle?: string;

  @Field({ nullable: true, description: freeText('The brand the campaign promotes') })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  brandPromoting?: string;

  @Field(() => CampaignStatus, { nullable: true, description: 'On create DRAFT (the default) or ACTIVE; on update a move the lifecycle allows (see CampaignStatus) or the current status.' })
  @IsOmittable() @IsIn(CAMPAIGN_STATUS_VALUES, { message: CAMPAIGN_STATUS_MESSAGE })
  campaignStatus?: CampaignStatus;

  @Field({ nullable: true, description: freeText('Description of the campaign') })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  campaignDescription?: string;

  @Field({ nullable: true, description: freeText('What the campaign sets out to achieve') })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  campaignObjective?: string;

  @Field(() => Int, { nullable: true, description: count('Number of content pieces planned') })
  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  noContentPieces?: number;

  @Field(() => DateScalar, { nullable: true, description: 'Start window: the earliest start, on or before `latestStartDate` when both are set (checked on the record as saved); null clears it.' })
  @IsOptional() @IsCalendarDate()
  earliestStartDate?: string | null;

  @Field(() => DateScalar, { nullable: true, description: 'Start window: the latest start; null clears it.' })
  @IsOptional() @IsCalendarDate()
  latestStartDate?: string | null;

  @Field(() => DateScalar, { nullable: true, description: 'End window: the earliest end, on or before `latestEndDate` when both are set (checked on the record as saved); null clears it.' })
  @IsOptional() @IsCalendarDate()
  earliestEndDate?: string | null;

  @Field(() => DateScalar, { nullable: true, description: 'End window: the latest end; null clears it.' })
  @IsOptional() @IsCalendarDate()
  latestEndDate?: string | null;

  @Field(() => DateScalar, { nullable: true, description: 'The day the campaign actually started; null clears it.' })
  @IsOptional() @IsCalendarDate()
  actualStartDate?: string | null;

  @Field(() => Float, { nullable: true, description: cost('Net cost') })
  @IsOmittable() @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }) @Min(0) @Max(MAX_MONEY)
  campaignNetCost?: number;

  @Field(() => Float, { nullable: true, description: cost('Gross cost') })
  @IsOmittable() @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }) @Min(0) @Max(MAX_MONEY)
  campaignGrossCost?: number;

  @Field({ nullable: true, description: freeText('How the campaign is tracked and reported') })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  trackingReportInfo?: string;

  @Field(() => Int, { nullable: true, description: flag('the campaign uses UTM tracking') })
  @IsOmittable() @IsFlag()
  usingUtmTracking?: number;

  @Field({ nullable: true, description: freeText('The UTM parameters used') })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  utmInfo?: string;

  @Field({ nullable: true, description: freeText('What the content must not do') })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  mandatoryDonts?: string;

  @Field({ nullable: true, description: freeText('What the content must do') })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  mandatoryDos?: string;

  @Field({ nullable: true, description: `${freeText('Further notes on the campaign')} v2 spells the field \`additonal_campaign_notes\`.` })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  additionalCampaignNotes?: string;

  @Field({ nullable: true, description: freeText('Summary of the target audience') })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  campaignTargetAudienceSummary?: string;

  @Field(() => ID, { nullable: true, description: 'Id of the advertiser\'s primary campaign manager, 1 to 2,147,483,647, stored as given (not checked); null clears it.' })
  @IsOptional() @IsEntityId()
  advertiserPrimaryCampaignManagerId?: RecordId | null;

  @Field(() => ID, { nullable: true, description: 'Id of the advertiser\'s primary commercial manager, 1 to 2,147,483,647, stored as given (not checked); null clears it.' })
  @IsOptional() @IsEntityId()
  advertiserPrimaryCommercialManagerId?: RecordId | null;

  @Field({ nullable: true, description: 'Kind of brief, at most 255 characters.' })
  @IsOmittable() @IsString() @MaxLength(255)
  briefType?: string;

  @Field(() => String, { nullable: true, description: nullableText('The order of importance of the messages the content carries') })
  @IsOptional() @IsString() @MaxLength(MAX_TEXT)
  contentMessagingHierarchy?: string | null;

  @Field({ nullable: true, description: freeText('Requests about the look and feel of the content') })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  contentLookFeelRequests?: string;

  @Field({ nullable: true, description: httpUrlOrEmpty('the media plan') })
  @IsOmittable() @IsString() @IsHttpUrlOrEmpty() @MaxLength(2048)
  mediaPlanExternalUrl?: string;

  @Field({ nullable: true, description: httpUrlOrEmpty('the rate card') })
  @IsOmittable() @IsString() @IsHttpUrlOrEmpty() @MaxLength(2048)
  rateCardExternalUrl?: string;

  @Field({ nullable: true, description: freeText('Opportunities to sell more to the advertiser') })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  potentialUpSellOpportunities?: string;

  @Field(() => Int, { nullable: true, description: flag('imagery is to be sourced for the campaign') })
  @IsOmittable() @IsFlag()
  sourcingImagery?: number;

  @Field(() => String, { nullable: true, description: nullableText('How the brand logo is to be included') })
  @IsOptional() @IsString() @MaxLength(MAX_TEXT)
  brandLogoInclusion?: string | null;

  @Field({ nullable: true, description: freeText('Billing company name') })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  billingCompanyName?: string;

  @Field({ nullable: true, description: freeText('Billing company address') })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  billingCompanyAddress?: string;

  @Field({ nullable: true, description: freeText('Billing contact person') })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  billingContactPerson?: string;

  @Field({ nullable: true, description: 'Billing contact e-mail address, at most 255 characters, or "" for none.' })
  @IsOmittable() @IsString() @IsEmailOrEmpty() @MaxLength(255)
  billingContactEmail?: string;

  @Field({ nullable: true, description: freeText('Billing contact phone number') })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  billingContactPhone?: string;

  @Field({ nullable: true, description: freeText('Purchase order number, for billing') })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  purchaseOrderNumber?: string;

  @Field(() => String, { nullable: true, description: nullableText('Further points the content should focus on') })
  @IsOptional() @IsString() @MaxLength(MAX_TEXT)
  addAdditionalContentFocusPoints?: string | null;

  @Field(() => Int, { nullable: true, description: goal('impressions') })
  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  gImpressions?: number;

  @Field(() => Int, { nullable: true, description: estimate('impressions') })
  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  eImpressions?: number;

  @Field(() => Int, { nullable: true, description: goal('article views') })
  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  gArticleViews?: number;

  @Field(() => Int, { nullable: true, description: estimate('article views') })
  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  eArticleViews?: number;

  @Field(() => Int, { nullable: true, description: goal('clicks to site') })
  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  gClicksToSite?: number;

  @Field(() => Int, { nullable: true, description: estimate('clicks to site') })
  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  eClicksToSite?: number;

  @Field(() => Int, { nullable: true, description: goal('video views') })
  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  gVideoViews?: number;

  @Field(() => Int, { nullable: true, description: estimate('video views') })
  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  eVideoViews?: number;

  @Field({ nullable: true, description: 'Name of the default advertiser, at most 255 characters.' })
  @IsOmittable() @IsString() @MaxLength(255)
  defaultAdvertiser?: string;

  @Field(() => Int, { nullable: true, description: 'A code of the `brand-industries` reference library; null clears it.' })
  @IsOptional() @IsInt() @Min(1) @Max(MAX_INT)
  brandIndustryId?: number | null;

  @Field(() => Int, { nullable: true, description: 'A code of the `brand-sub-industries` reference library, belonging to `brandIndustryId` when that is set (also checked when only the industry changes); null clears it.' })
  @IsOptional() @IsInt() @Min(1) @Max(MAX_INT)
  brandSubIndustryId?: number | null;

  @Field({ nullable: true, description: httpUrlOrEmpty('the deal in the CRM') })
  @IsOmittable() @IsString() @IsHttpUrlOrEmpty() @MaxLength(2048)
  crmDealLink?: string;

  @Field({ nullable: true, description: switchField('the advertiser has access to the campaign') })
  @IsOmittable() @IsBoolean()
  advertiserAccess?: boolean;

  @Field({ nullable: true, description: switchField('the campaign has a content plan') })
  @IsOmittable() @IsBoolean()
  contentPlan?: boolean;

  @Field({ nullable: true, description: switchField('the campaign uses the workflow builder') })
  @IsOmittable() @IsBoolean()
  workflowBuilder?: boolean;

  @Field({ nullable: true, description: switchField('the campaign uses the forecaster') })
  @IsOmittable() @IsBoolean()
  forecaster?: boolean;

  @Field({ nullable: true, description: switchField("the client's approval of content is skipped") })
  @IsOmittable() @IsBoolean()
  skipClientContentApprovals?: boolean;

  @Field(() => Int, { nullable: true, description: flag('the platform (AMP) may select the audience segments') })
  @IsOmittable() @IsFlag()
  allowPlatformAmpToSelectSegments?: number;
}
