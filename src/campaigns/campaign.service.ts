import type { EventType } from '../events/event-catalogue';
import type { DataSource } from 'typeorm';
import { changedProperties } from '../common/changes';
import { type RecordId, withParsedIds, type WithParsedIds } from '../common/ids';
import type { RequestContext } from '../common/request-context';
import { checkDateOrder } from '../common/date-order';
import { assertValid, FieldErrorCollector } from '../common/validation';
import { WorkspaceResourceService } from '../workspace/workspace-resource-service';
import { softDeleteInWorkspace } from '../db/tenant-scope';
import { softDeleteDescendants } from '../hierarchy/cascade-delete';
import { recordEvent } from '../outbox/outbox';
import { checkReferences } from '../reference-libraries/reference-checks';
import { CAMPAIGN_DATE_PAIRS, campaignReferences } from './campaign-rules';
import { CampaignStatus, campaignStatuses } from './campaign-status';
import { Campaign } from './campaign.entity';
import { CampaignInput } from './campaign.input';
import { campaignList } from './campaign.list';
import { campaignWire, toCampaignRecord } from './campaign.record';

const RESOURCE = 'Campaign';
/** What a create requires (update and create share CampaignInput); the REST document states it too. */
export const REQUIRED_ON_CREATE = ['campaignTitle', 'primaryAdvertiserAccountId'] as const;

/** Every field of the input that names a record, parsed to the number its column holds. */
const REFERENCE_FIELDS = ['primaryAdvertiserAccountId', 'advertiserPrimaryCampaignManagerId', 'advertiserPrimaryCommercialManagerId'] as const;
type CampaignValues = WithParsedIds<CampaignInput, (typeof REFERENCE_FIELDS)[number]>;

export class CampaignService extends WorkspaceResourceService<Campaign> {
  constructor(dataSource: DataSource) {
    super(dataSource, Campaign, 'c', campaignList, RESOURCE);
  }

  async create(ctx: RequestContext, input: CampaignInput): Promise<Campaign> {
    await assertValid(input, REQUIRED_ON_CREATE);
    const values = this.values(input);
    const errors = new FieldErrorCollector();
    campaignStatuses.checkInitial(errors, 'campaignStatus', values.campaignStatus ?? CampaignStatus.DRAFT);
    checkDateOrder(values, CAMPAIGN_DATE_PAIRS, errors);
    errors.throwIfAny();

    return this.dataSource.transaction(async (manager) => {
      await checkReferences(manager, ctx, campaignReferences(values, null), errors);
      errors.throwIfAny();
      const inserted = await manager.insert(Campaign, { ...values, organisationId: ctx.organisationId });
      const campaign = await this.load(manager, ctx, inserted.identifiers[0].id as number);
      await recordEvent(manager, ctx, this.event('campaign_created', campaign));
      return campaign;
    });
  }

  /** Partial update: omitted fields stay as they are; rules are checked on the record as it would be saved. */
  async update(ctx: RequestContext, rawId: RecordId, input: CampaignInput): Promise<Campaign> {
    const id = this.idOf(rawId);
    await assertValid(input);
    const values = this.values(input);
    return this.dataSource.transaction(async (manager) => {
      const current = await this.load(manager, ctx, id, 'update');
      const errors = new FieldErrorCollector();
      campaignStatuses.checkTransition(errors, 'campaignStatus', current.campaignStatus, values.campaignStatus);
      checkDateOrder({ ...current, ...values }, CAMPAIGN_DATE_PAIRS, errors);
      await checkReferences(manager, ctx, campaignReferences(values, current), errors);
      errors.throwIfAny();

      const changed = changedProperties(current, values);
      if (changed.length === 0) return current;
      await manager.update(Campaign, { id, organisationId: ctx.organisationId }, values);
      const campaign = await this.load(manager, ctx, id);
      await recordEvent(manager, ctx, {
        ...this.event('campaign_updated', campaign),
        payload: { campaign: toCampaignRecord(campaign), changed_fields: changed.map((prop) => campaignWire.wireName(prop)) },
      });
      if (campaign.campaignStatus !== current.campaignStatus) {
        await recordEvent(manager, ctx, {
          type: 'post_campaign_status',
          resourceId: id,
          payload: { campaign_id: id, campaign_status: campaign.campaignStatus, previous_campaign_status: current.campaignStatus, changed_at: campaign.updatedAt.toISOString() },
        });
      }
      return campaign;
    });
  }

  /** Soft delete, taking the campaign's phases, contents and distributions with it. */
  async delete(ctx: RequestContext, rawId: RecordId): Promise<Campaign> {
    const id = this.idOf(rawId);
    return this.dataSource.transaction(async (manager) => {
      await this.load(manager, ctx, id, 'update');
      const cascaded = await softDeleteDescendants(manager, ctx, { campaignId: id });
      const campaign = await softDeleteInWorkspace(manager, Campaign, ctx, id);
      await recordEvent(manager, ctx, { ...this.event('campaign_deleted', campaign), payload: { campaign: toCampaignRecord(campaign), deleted: cascaded } });
      return campaign;
    });
  }

  private values(input: CampaignInput): CampaignValues {
    return withParsedIds(input, REFERENCE_FIELDS);
  }

  private event<T extends EventType>(type: T, campaign: Campaign) {
    return { type, resourceId: campaign.id, payload: { campaign: toCampaignRecord(campaign) } };
  }
}
