import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { WorkspaceRecord } from '../db/workspace-record';
import { AdvertiserAccount } from '../advertiser-accounts/advertiser-account.entity';
import { numericToNumber } from '../db/transformers';
import { DateScalar } from '../graphql/scalars';
import { CampaignStatus } from './campaign-status';

/**
 * A campaign (spec §2.6). The g_ and e_ metric pairs are goal (contracted target) and
 * estimate (forecast) figures; see docs/decisions.md.
 */
@ObjectType({ description: 'A content campaign run for an advertiser account.' })
@Entity('campaigns')
@Index(['organisationId', 'id'])
// One index per GraphQL sort order, so each keyset page is an index range scan.
@Index(['organisationId', 'campaignTitle', 'id'])
@Index(['organisationId', 'createdAt', 'id'])
@Index(['organisationId', 'updatedAt', 'id'])
@Index(['organisationId', 'campaignStatus'])
@Index(['organisationId', 'primaryAdvertiserAccountId'])
export class Campaign extends WorkspaceRecord {
  @Field(() => ID, { description: 'The advertiser account the campaign is run for.' })
  @Column({ type: 'integer' })
  primaryAdvertiserAccountId!: number;

  @ManyToOne(() => AdvertiserAccount, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'primary_advertiser_account_id' })
  primaryAdvertiserAccountRelation?: AdvertiserAccount;

  @Field(() => Int)
  @Column({ type: 'smallint', default: 0 })
  isReportingCampaign!: number;

  @Field()
  @Column({ type: 'varchar', length: 255 })
  campaignTitle!: string;

  @Field()
  @Column({ type: 'text', default: '' })
  brandPromoting!: string;

  @Field(() => CampaignStatus)
  @Column({ type: 'smallint', default: CampaignStatus.DRAFT })
  campaignStatus!: CampaignStatus;

  @Field()
  @Column({ type: 'text', default: '' })
  campaignDescription!: string;

  @Field()
  @Column({ type: 'text', default: '' })
  campaignObjective!: string;

  @Field(() => Int, { description: 'Number of content pieces planned.' })
  @Column({ type: 'integer', default: 0 })
  noContentPieces!: number;

  @Field(() => DateScalar, { nullable: true })
  @Column({ type: 'date', nullable: true })
  earliestStartDate!: string | null;

  @Field(() => DateScalar, { nullable: true })
  @Column({ type: 'date', nullable: true })
  latestStartDate!: string | null;

  @Field(() => DateScalar, { nullable: true })
  @Column({ type: 'date', nullable: true })
  earliestEndDate!: string | null;

  @Field(() => DateScalar, { nullable: true })
  @Column({ type: 'date', nullable: true })
  latestEndDate!: string | null;

  @Field(() => DateScalar, { nullable: true })
  @Column({ type: 'date', nullable: true })
  actualStartDate!: string | null;

  @Field(() => Float)
  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0, transformer: numericToNumber })
  campaignNetCost!: number;

  @Field(() => Float)
  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0, transformer: numericToNumber })
  campaignGrossCost!: number;

  @Field()
  @Column({ type: 'text', default: '' })
  trackingReportInfo!: string;

  @Field(() => Int)
  @Column({ type: 'smallint', default: 0 })
  usingUtmTracking!: number;

  @Field()
  @Column({ type: 'text', default: '' })
  utmInfo!: string;

  @Field()
  @Column({ type: 'text', default: '' })
  mandatoryDonts!: string;

  @Field()
  @Column({ type: 'text', default: '' })
  mandatoryDos!: string;

  @Field({ description: 'Free notes (v2 spells the field `additonal_campaign_notes`).' })
  @Column({ type: 'text', default: '' })
  additionalCampaignNotes!: string;

  @Field()
  @Column({ type: 'text', default: '' })
  campaignTargetAudienceSummary!: string;

  @Field(() => ID, { nullable: true })
  @Column({ type: 'integer', nullable: true })
  advertiserPrimaryCampaignManagerId!: number | null;

  @Field(() => ID, { nullable: true })
  @Column({ type: 'integer', nullable: true })
  advertiserPrimaryCommercialManagerId!: number | null;

  @Field()
  @Column({ type: 'varchar', length: 255, default: '' })
  briefType!: string;

  @Field(() => String, { nullable: true })
  @Column({ type: 'text', nullable: true })
  contentMessagingHierarchy!: string | null;

  @Field()
  @Column({ type: 'text', default: '' })
  contentLookFeelRequests!: string;

  @Field()
  @Column({ type: 'text', default: '' })
  mediaPlanExternalUrl!: string;

  @Field()
  @Column({ type: 'text', default: '' })
  rateCardExternalUrl!: string;

  @Field()
  @Column({ type: 'text', default: '' })
  potentialUpSellOpportunities!: string;

  @Field(() => Int)
  @Column({ type: 'smallint', default: 0 })
  sourcingImagery!: number;

  @Field(() => String, { nullable: true })
  @Column({ type: 'text', nullable: true })
  brandLogoInclusion!: string | null;

  @Field()
  @Column({ type: 'text', default: '' })
  billingCompanyName!: string;

  @Field()
  @Column({ type: 'text', default: '' })
  billingCompanyAddress!: string;

  @Field()
  @Column({ type: 'text', default: '' })
  billingContactPerson!: string;

  @Field()
  @Column({ type: 'text', default: '' })
  billingContactEmail!: string;

  @Field()
  @Column({ type: 'text', default: '' })
  billingContactPhone!: string;

  @Field()
  @Column({ type: 'text', default: '' })
  purchaseOrderNumber!: string;

  @Field(() => String, { nullable: true })
  @Column({ type: 'text', nullable: true })
  addAdditionalContentFocusPoints!: string | null;

  @Field(() => Int)
  @Column({ type: 'integer', default: 0 })
  gImpressions!: number;

  @Field(() => Int)
  @Column({ type: 'integer', default: 0 })
  eImpressions!: number;

  @Field(() => Int)
  @Column({ type: 'integer', default: 0 })
  gArticleViews!: number;

  @Field(() => Int)
  @Column({ type: 'integer', default: 0 })
  eArticleViews!: number;

  @Field(() => Int)
  @Column({ type: 'integer', default: 0 })
  gClicksToSite!: number;

  @Field(() => Int)
  @Column({ type: 'integer', default: 0 })
  eClicksToSite!: number;

  @Field(() => Int)
  @Column({ type: 'integer', default: 0 })
  gVideoViews!: number;

  @Field(() => Int)
  @Column({ type: 'integer', default: 0 })
  eVideoViews!: number;

  @Field()
  @Column({ type: 'varchar', length: 255, default: '' })
  defaultAdvertiser!: string;

  @Field(() => Int, { nullable: true })
  @Column({ type: 'integer', nullable: true })
  brandIndustryId!: number | null;

  @Field(() => Int, { nullable: true })
  @Column({ type: 'integer', nullable: true })
  brandSubIndustryId!: number | null;

  @Field()
  @Column({ type: 'text', default: '' })
  crmDealLink!: string;

  @Field()
  @Column({ type: 'boolean', default: false })
  advertiserAccess!: boolean;

  @Field()
  @Column({ type: 'boolean', default: false })
  contentPlan!: boolean;

  @Field()
  @Column({ type: 'boolean', default: false })
  workflowBuilder!: boolean;

  @Field()
  @Column({ type: 'boolean', default: false })
  forecaster!: boolean;

  @Field()
  @Column({ type: 'boolean', default: false })
  skipClientContentApprovals!: boolean;

  @Field(() => Int)
  @Column({ type: 'smallint', default: 0 })
  allowPlatformAmpToSelectSegments!: number;
}
