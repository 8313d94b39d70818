import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { NodeRef, Node } from '../graphql/node';
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { WorkspaceRecord } from '../workspace/workspace-record';
import { AdvertiserAccount } from '../advertiser-accounts/advertiser-account.entity';
import { numericToNumber } from '../db/transformers';
import { cost, count, estimate, flag, freeText, goal, httpUrlOrEmpty, nullableText, switchField } from '../graphql/descriptions';
import { DateScalar } from '../graphql/scalars';
import { CampaignStatus } from './campaign-status';

/**
 * A campaign (spec §2.6). The g_ and e_ metric pairs are goal (contracted target) and
 * estimate (forecast) figures; see docs/decisions.md.
 */
@ObjectType({ simpleResolvers: true, implements: Node, description: 'A content campaign run for an advertiser account.' })
@Entity('campaigns')
@Index(['organisationId', 'id'])
// One index per GraphQL sort order, so each keyset page is an index range scan.
@Index(['organisationId', 'campaignTitle', 'id'])
@Index(['organisationId', 'createdAt', 'id'])
@Index(['organisationId', 'updatedAt', 'id'])
@Index(['organisationId', 'campaignStatus'])
@Index(['organisationId', 'primaryAdvertiserAccountId'])
export class Campaign extends WorkspaceRecord {
  @NodeRef('AdvertiserAccount')
  @Field(() => ID, { description: 'The advertiser account the campaign is run for.' })
  @Column({ type: 'integer' })
  primaryAdvertiserAccountId!: number;

  @ManyToOne(() => AdvertiserAccount, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'primary_advertiser_account_id' })
  primaryAdvertiserAccountRelation?: AdvertiserAccount;

  @Field(() => Int, { description: flag('the campaign is a reporting campaign') })
  @Column({ type: 'smallint', default: 0 })
  isReportingCampaign!: number;

  @Field({ description: 'Title of the campaign, at most 255 characters.' })
  @Column({ type: 'varchar', length: 255 })
  campaignTitle!: string;

  @Field({ description: freeText('The brand the campaign promotes') })
  @Column({ type: 'text', default: '' })
  brandPromoting!: string;

  @Field(() => CampaignStatus, { description: 'Where the campaign is in its lifecycle (v2: the integer in parentheses on each value); a new campaign is DRAFT unless created ACTIVE.' })
  @Column({ type: 'smallint', default: CampaignStatus.DRAFT })
  campaignStatus!: CampaignStatus;

  @Field({ description: freeText('Description of the campaign') })
  @Column({ type: 'text', default: '' })
  campaignDescription!: string;

  @Field({ description: freeText('What the campaign sets out to achieve') })
  @Column({ type: 'text', default: '' })
  campaignObjective!: string;

  @Field(() => Int, { description: count('Number of content pieces planned') })
  @Column({ type: 'integer', default: 0 })
  noContentPieces!: number;

  @Field(() => DateScalar, { nullable: true, description: 'Start window: the earliest start, on or before `latestStartDate` when both are set; null when not set.' })
  @Column({ type: 'date', nullable: true })
  earliestStartDate!: string | null;

  @Field(() => DateScalar, { nullable: true, description: 'Start window: the latest start; null when not set.' })
  @Column({ type: 'date', nullable: true })
  latestStartDate!: string | null;

  @Field(() => DateScalar, { nullable: true, description: 'End window: the earliest end, on or before `latestEndDate` when both are set; null when not set.' })
  @Column({ type: 'date', nullable: true })
  earliestEndDate!: string | null;

  @Field(() => DateScalar, { nullable: true, description: 'End window: the latest end; null when not set.' })
  @Column({ type: 'date', nullable: true })
  latestEndDate!: string | null;

  @Field(() => DateScalar, { nullable: true, description: 'The day the campaign actually started; null when not set.' })
  @Column({ type: 'date', nullable: true })
  actualStartDate!: string | null;

  @Field(() => Float, { description: cost('Net cost') })
  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0, transformer: numericToNumber })
  campaignNetCost!: number;

  @Field(() => Float, { description: cost('Gross cost') })
  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0, transformer: numericToNumber })
  campaignGrossCost!: number;

  @Field({ description: freeText('How the campaign is tracked and reported') })
  @Column({ type: 'text', default: '' })
  trackingReportInfo!: string;

  @Field(() => Int, { description: flag('the campaign uses UTM tracking') })
  @Column({ type: 'smallint', default: 0 })
  usingUtmTracking!: number;

  @Field({ description: freeText('The UTM parameters used') })
  @Column({ type: 'text', default: '' })
  utmInfo!: string;

  @Field({ description: freeText('What the content must not do') })
  @Column({ type: 'text', default: '' })
  mandatoryDonts!: string;

  @Field({ description: freeText('What the content must do') })
  @Column({ type: 'text', default: '' })
  mandatoryDos!: string;

  @Field({ description: `${freeText('Further notes on the campaign')} v2 spells the field \`additonal_campaign_notes\`.` })
  @Column({ type: 'text', default: '' })
  additionalCampaignNotes!: string;

  @Field({ description: freeText('Summary of the target audience') })
  @Column({ type: 'text', default: '' })
  campaignTargetAudienceSummary!: string;

  @Field(() => ID, { nullable: true, description: 'Id of the advertiser\'s primary campaign manager, 1 to 2,147,483,647, stored as given (it names no record of this API); null when not set.' })
  @Column({ type: 'integer', nullable: true })
  advertiserPrimaryCampaignManagerId!: number | null;

  @Field(() => ID, { nullable: true, description: 'Id of the advertiser\'s primary commercial manager, 1 to 2,147,483,647, stored as given (it names no record of this API); null when not set.' })
  @Column({ type: 'integer', nullable: true })
  advertiserPrimaryCommercialManagerId!: number | null;

  @Field({ description: 'Kind of brief, at most 255 characters; "" when not given.' })
  @Column({ type: 'varchar', length: 255, default: '' })
  briefType!: string;

  @Field(() => String, { nullable: true, description: nullableText('The order of importance of the messages the content carries') })
  @Column({ type: 'text', nullable: true })
  contentMessagingHierarchy!: string | null;

  @Field({ description: freeText('Requests about the look and feel of the content') })
  @Column({ type: 'text', default: '' })
  contentLookFeelRequests!: string;

  @Field({ description: httpUrlOrEmpty('the media plan') })
  @Column({ type: 'text', default: '' })
  mediaPlanExternalUrl!: string;

  @Field({ description: httpUrlOrEmpty('the rate card') })
  @Column({ type: 'text', default: '' })
  rateCardExternalUrl!: string;

  @Field({ description: freeText('Opportunities to sell more to the advertiser') })
  @Column({ type: 'text', default: '' })
  potentialUpSellOpportunities!: string;

  @Field(() => Int, { description: flag('imagery is to be sourced for the campaign') })
  @Column({ type: 'smallint', default: 0 })
  sourcingImagery!: number;

  @Field(() => String, { nullable: true, description: nullableText('How the brand logo is to be included') })
  @Column({ type: 'text', nullable: true })
  brandLogoInclusion!: string | null;

  @Field({ description: freeText('Billing company name') })
  @Column({ type: 'text', default: '' })
  billingCompanyName!: string;

  @Field({ description: freeText('Billing company address') })
  @Column({ type: 'text', default: '' })
  billingCompanyAddress!: string;

  @Field({ description: freeText('Billing contact person') })
  @Column({ type: 'text', default: '' })
  billingContactPerson!: string;

  @Field({ description: 'Billing contact e-mail address, at most 255 characters, or "" for none.' })
  @Column({ type: 'text', default: '' })
  billingContactEmail!: string;

  @Field({ description: freeText('Billing contact phone number') })
  @Column({ type: 'text', default: '' })
  billingContactPhone!: string;

  @Field({ description: freeText('Purchase order number, for billing') })
  @Column({ type: 'text', default: '' })
  purchaseOrderNumber!: string;

  @Field(() => String, { nullable: true, description: nullableText('Further points the content should focus on') })
  @Column({ type: 'text', nullable: true })
  addAdditionalContentFocusPoints!: string | null;

  @Field(() => Int, { description: goal('impressions') })
  @Column({ type: 'integer', default: 0 })
  gImpressions!: number;

  @Field(() => Int, { description: estimate('impressions') })
  @Column({ type: 'integer', default: 0 })
  eImpressions!: number;

  @Field(() => Int, { description: goal('article views') })
  @Column({ type: 'integer', default: 0 })
  gArticleViews!: number;

  @Field(() => Int, { description: estimate('article views') })
  @Column({ type: 'integer', default: 0 })
  eArticleViews!: number;

  @Field(() => Int, { description: goal('clicks to site') })
  @Column({ type: 'integer', default: 0 })
  gClicksToSite!: number;

  @Field(() => Int, { description: estimate('clicks to site') })
  @Column({ type: 'integer', default: 0 })
  eClicksToSite!: number;

  @Field(() => Int, { description: goal('video views') })
  @Column({ type: 'integer', default: 0 })
  gVideoViews!: number;

  @Field(() => Int, { description: estimate('video views') })
  @Column({ type: 'integer', default: 0 })
  eVideoViews!: number;

  @Field({ description: 'Name of the default advertiser, at most 255 characters; "" when not given.' })
  @Column({ type: 'varchar', length: 255, default: '' })
  defaultAdvertiser!: string;

  @Field(() => Int, { nullable: true, description: 'Code of an entry of the `brand-industries` reference library; null when not set.' })
  @Column({ type: 'integer', nullable: true })
  brandIndustryId!: number | null;

  @Field(() => Int, { nullable: true, description: 'Code of an entry of the `brand-sub-industries` reference library, belonging to `brandIndustryId` when that is set; null when not set.' })
  @Column({ type: 'integer', nullable: true })
  brandSubIndustryId!: number | null;

  @Field({ description: httpUrlOrEmpty('the deal in the CRM') })
  @Column({ type: 'text', default: '' })
  crmDealLink!: string;

  @Field({ description: switchField('the advertiser has access to the campaign') })
  @Column({ type: 'boolean', default: false })
  advertiserAccess!: boolean;

  @Field({ description: switchField('the campaign has a content plan') })
  @Column({ type: 'boolean', default: false })
  contentPlan!: boolean;

  @Field({ description: switchField('the campaign uses the workflow builder') })
  @Column({ type: 'boolean', default: false })
  workflowBuilder!: boolean;

  @Field({ description: switchField('the campaign uses the forecaster') })
  @Column({ type: 'boolean', default: false })
  forecaster!: boolean;

  @Field({ description: switchField("the client's approval of content is skipped") })
  @Column({ type: 'boolean', default: false })
  skipClientContentApprovals!: boolean;

  @Field(() => Int, { description: flag('the platform (AMP) may select the audience segments') })
  @Column({ type: 'smallint', default: 0 })
  allowPlatformAmpToSelectSegments!: number;
}
