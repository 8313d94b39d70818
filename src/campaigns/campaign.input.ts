import { IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Field, Float, ID, InputType, Int } from 'type-graphql';
import { IsCalendarDate } from '../common/calendar-date';
import type { RecordId } from '../common/ids';
import { IsEmailOrEmpty, IsEntityId, IsFlag, IsHttpUrlOrEmpty, IsNotBlank, IsOmittable } from '../common/validation';
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
  @Field(() => ID, { nullable: true, description: 'Required on create: an advertiser account of this workspace.' })
  @IsOmittable() @IsEntityId()
  primaryAdvertiserAccountId?: string | number;

  @Field(() => Int, { nullable: true })
  @IsOmittable() @IsFlag()
  isReportingCampaign?: number;

  @Field({ nullable: true, description: 'Required on create.' })
  @IsOmittable() @IsString() @IsNotBlank() @MaxLength(255)
  campaignTitle?: string;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  brandPromoting?: string;

  @Field(() => CampaignStatus, { nullable: true })
  @IsOmittable() @IsIn(CAMPAIGN_STATUS_VALUES, { message: CAMPAIGN_STATUS_MESSAGE })
  campaignStatus?: CampaignStatus;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  campaignDescription?: string;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  campaignObjective?: string;

  @Field(() => Int, { nullable: true })
  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  noContentPieces?: number;

  @Field(() => DateScalar, { nullable: true })
  @IsOptional() @IsCalendarDate()
  earliestStartDate?: string | null;

  @Field(() => DateScalar, { nullable: true })
  @IsOptional() @IsCalendarDate()
  latestStartDate?: string | null;

  @Field(() => DateScalar, { nullable: true })
  @IsOptional() @IsCalendarDate()
  earliestEndDate?: string | null;

  @Field(() => DateScalar, { nullable: true })
  @IsOptional() @IsCalendarDate()
  latestEndDate?: string | null;

  @Field(() => DateScalar, { nullable: true })
  @IsOptional() @IsCalendarDate()
  actualStartDate?: string | null;

  @Field(() => Float, { nullable: true })
  @IsOmittable() @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }) @Min(0) @Max(MAX_MONEY)
  campaignNetCost?: number;

  @Field(() => Float, { nullable: true })
  @IsOmittable() @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }) @Min(0) @Max(MAX_MONEY)
  campaignGrossCost?: number;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  trackingReportInfo?: string;

  @Field(() => Int, { nullable: true })
  @IsOmittable() @IsFlag()
  usingUtmTracking?: number;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  utmInfo?: string;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  mandatoryDonts?: string;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  mandatoryDos?: string;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  additionalCampaignNotes?: string;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  campaignTargetAudienceSummary?: string;

  @Field(() => ID, { nullable: true })
  @IsOptional() @IsEntityId()
  advertiserPrimaryCampaignManagerId?: RecordId | null;

  @Field(() => ID, { nullable: true })
  @IsOptional() @IsEntityId()
  advertiserPrimaryCommercialManagerId?: RecordId | null;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @MaxLength(255)
  briefType?: string;

  @Field(() => String, { nullable: true })
  @IsOptional() @IsString() @MaxLength(MAX_TEXT)
  contentMessagingHierarchy?: string | null;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  contentLookFeelRequests?: string;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @IsHttpUrlOrEmpty() @MaxLength(2048)
  mediaPlanExternalUrl?: string;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @IsHttpUrlOrEmpty() @MaxLength(2048)
  rateCardExternalUrl?: string;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  potentialUpSellOpportunities?: string;

  @Field(() => Int, { nullable: true })
  @IsOmittable() @IsFlag()
  sourcingImagery?: number;

  @Field(() => String, { nullable: true })
  @IsOptional() @IsString() @MaxLength(MAX_TEXT)
  brandLogoInclusion?: string | null;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  billingCompanyName?: string;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  billingCompanyAddress?: string;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  billingContactPerson?: string;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @IsEmailOrEmpty() @MaxLength(255)
  billingContactEmail?: string;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  billingContactPhone?: string;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @MaxLength(MAX_TEXT)
  purchaseOrderNumber?: string;

  @Field(() => String, { nullable: true })
  @IsOptional() @IsString() @MaxLength(MAX_TEXT)
  addAdditionalContentFocusPoints?: string | null;

  @Field(() => Int, { nullable: true })
  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  gImpressions?: number;

  @Field(() => Int, { nullable: true })
  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  eImpressions?: number;

  @Field(() => Int, { nullable: true })
  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  gArticleViews?: number;

  @Field(() => Int, { nullable: true })
  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  eArticleViews?: number;

  @Field(() => Int, { nullable: true })
  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  gClicksToSite?: number;

  @Field(() => Int, { nullable: true })
  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  eClicksToSite?: number;

  @Field(() => Int, { nullable: true })
  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  gVideoViews?: number;

  @Field(() => Int, { nullable: true })
  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  eVideoViews?: number;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @MaxLength(255)
  defaultAdvertiser?: string;

  @Field(() => Int, { nullable: true })
  @IsOptional() @IsInt() @Min(1) @Max(MAX_INT)
  brandIndustryId?: number | null;

  @Field(() => Int, { nullable: true })
  @IsOptional() @IsInt() @Min(1) @Max(MAX_INT)
  brandSubIndustryId?: number | null;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @IsHttpUrlOrEmpty() @MaxLength(2048)
  crmDealLink?: string;

  @Field({ nullable: true })
  @IsOmittable() @IsBoolean()
  advertiserAccess?: boolean;

  @Field({ nullable: true })
  @IsOmittable() @IsBoolean()
  contentPlan?: boolean;

  @Field({ nullable: true })
  @IsOmittable() @IsBoolean()
  workflowBuilder?: boolean;

  @Field({ nullable: true })
  @IsOmittable() @IsBoolean()
  forecaster?: boolean;

  @Field({ nullable: true })
  @IsOmittable() @IsBoolean()
  skipClientContentApprovals?: boolean;

  @Field(() => Int, { nullable: true })
  @IsOmittable() @IsFlag()
  allowPlatformAmpToSelectSegments?: number;
}

@InputType({ description: 'Narrows a list of campaigns.' })
export class CampaignFilter {
  @Field(() => CampaignStatus, { nullable: true })
  @IsOptional() @IsIn(CAMPAIGN_STATUS_VALUES, { message: CAMPAIGN_STATUS_MESSAGE })
  campaignStatus?: CampaignStatus;

  @Field({ nullable: true, description: 'Case-insensitive match anywhere in the title or the brand promoted.' })
  @IsOptional() @IsString() @MaxLength(255)
  search?: string;

  @Field(() => ID, { nullable: true })
  @IsOptional() @IsEntityId()
  advertiserAccountId?: string | number;
}
