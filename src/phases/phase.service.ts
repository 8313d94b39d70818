import type { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { Campaign } from '../campaigns/campaign.entity';
import { changedProperties } from '../common/changes';
import { checkDateOrder } from '../common/date-order';
import { parseId, parseIdOrNotFound, type RecordId } from '../common/ids';
import { WorkspaceResourceService } from '../workspace/workspace-resource-service';
import type { RequestContext } from '../common/request-context';
import { assertValid, FieldErrorCollector, validationProblems } from '../common/validation';
import { loadInWorkspace, softDeleteInWorkspace, tenantQuery } from '../db/tenant-scope';
import { softDeleteDescendants } from '../hierarchy/cascade-delete';
import { recordEvent } from '../outbox/outbox';
import { mergeCustomFields, sameJson } from '../common/custom-fields';
import { PHASE_DATE_PAIRS, REQUIRED_ON_CREATE } from './phase-rules';
import { Phase } from './phase.entity';
import { PhaseInput, PhasesCreateInput } from './phase.input';
import { phaseList } from './phase.list';
import { phaseWire, toPhaseRecord } from './phase.record';
import { readProjected, type Projection } from '../db/projection';

const RESOURCE = 'Phase';

export class PhaseService extends WorkspaceResourceService<Phase> {
  constructor(dataSource: DataSource) {
    super(dataSource, Phase, 'p', phaseList, RESOURCE);
  }

  /** For DataLoader: the live phases of many campaigns in one statement, in phase order. */
  async findByCampaignIds(ctx: RequestContext, campaignIds: readonly number[], projection?: Projection): Promise<Phase[]> {
    return readProjected(this.byCampaigns(tenantQuery(this.dataSource.manager, Phase, 'p', ctx), campaignIds), projection, ['campaignId']);
  }

  /** All or nothing: every phase is checked before any is written; the campaign must be this workspace's. */
  async createMany(ctx: RequestContext, input: PhasesCreateInput): Promise<Phase[]> {
    const problems = await validationProblems(input);
    const phases = Array.isArray(input.phases) ? input.phases : [];
    const requestedCampaign = parseId(input.campaignId);
    phases.forEach((phase, index) => {
      const sink = problems.scoped(`phases.${index}`);
      problems.requirePresent(phase, REQUIRED_ON_CREATE, `phases.${index}`);
      checkDateOrder(phase, PHASE_DATE_PAIRS, sink);
      if (requestedCampaign !== null && phase.campaignId !== undefined && phase.campaignId !== null && parseId(phase.campaignId) !== requestedCampaign) {
        sink.add('campaignId', 'must be the campaign the phases are created for');
      }
    });
    // Rules that need no stored record are reported first (422), then the campaign is looked up (404).
    problems.throwIfAny();
    const campaignId = parseIdOrNotFound(input.campaignId, 'Campaign');

    return this.dataSource.transaction(async (manager) => {
      // FOR UPDATE on the campaign: phase numbering of one campaign happens one request at a time,
      // and a concurrent campaign delete waits (then cascades to these phases).
      await loadInWorkspace(manager, Campaign, ctx, campaignId, 'Campaign', 'update');
      const numbers = await this.assignPhaseNumbers(manager, campaignId, phases, problems);
      problems.throwIfAny();

      const created: Phase[] = [];
      for (const [index, { campaignId: _echoed, ...values }] of phases.entries()) {
        const inserted = await manager.insert(Phase, {
          ...values,
          customFields: values.customFields ?? {},
          phaseNo: numbers[index],
          campaignId,
          organisationId: ctx.organisationId,
        });
        const phase = await this.load(manager, ctx, inserted.identifiers[0].id as number);
        await recordEvent(manager, ctx, { type: 'phase_created', resourceId: phase.id, payload: { phase: toPhaseRecord(phase) } });
        created.push(phase);
      }
      return created;
    });
  }

  async update(ctx: RequestContext, rawId: RecordId, input: PhaseInput): Promise<Phase> {
    const id = this.idOf(rawId);
    await assertValid(input);
    return this.dataSource.transaction(async (manager) => {
      const current = await this.load(manager, ctx, id, 'update');
      const { campaignId: echoedCampaign, customFields, ...fields } = input;
      const problems = new FieldErrorCollector();
      if (echoedCampaign !== undefined && echoedCampaign !== null && parseId(echoedCampaign) !== current.campaignId) {
        problems.add('campaignId', 'cannot change: a phase stays in its campaign');
      }
      const values: Partial<Phase> = { ...fields };
      if (customFields) values.customFields = mergeCustomFields(current.customFields, customFields);
      checkDateOrder({ ...current, ...values }, PHASE_DATE_PAIRS, problems);
      if (values.phaseNo !== undefined && values.phaseNo !== current.phaseNo) {
        await loadInWorkspace(manager, Campaign, ctx, current.campaignId, 'Campaign', 'update');
        if (await this.phaseNoTaken(manager, current.campaignId, values.phaseNo)) {
          problems.add('phaseNo', `${values.phaseNo} is already used by another phase of this campaign`);
        }
      }
      problems.throwIfAny();

      const changed = changedProperties(current, values).filter((key) => key !== 'customFields' || !sameJson(current.customFields, values.customFields));
      if (changed.length === 0) return current;
      await manager.update(Phase, { id, organisationId: ctx.organisationId }, values);
      const phase = await this.load(manager, ctx, id);
      await recordEvent(manager, ctx, {
        type: 'phase_updated',
        resourceId: id,
        payload: { phase: toPhaseRecord(phase), changed_fields: changed.map((prop) => phaseWire.wireName(prop)) },
      });
      return phase;
    });
  }

  /** Soft delete, taking the phase's contents and their distributions with it. */
  async delete(ctx: RequestContext, rawId: RecordId): Promise<Phase> {
    const id = this.idOf(rawId);
    return this.dataSource.transaction(async (manager) => {
      await this.load(manager, ctx, id, 'update');
      const cascaded = await softDeleteDescendants(manager, ctx, { phaseId: id });
      const phase = await softDeleteInWorkspace(manager, Phase, ctx, id);
      await recordEvent(manager, ctx, {
        type: 'phase_deleted',
        resourceId: id,
        payload: { phase: toPhaseRecord(phase), deleted: { contents: cascaded.contents, distributions: cascaded.distributions } },
      });
      return phase;
    });
  }

  private byCampaigns(query: SelectQueryBuilder<Phase>, campaignIds: readonly number[]): SelectQueryBuilder<Phase> {
    return query.andWhere('p.campaignId = ANY(:campaignIds)', { campaignIds: [...campaignIds] }).orderBy('p.phaseNo', 'ASC').addOrderBy('p.id', 'ASC');
  }

  /**
   * Given numbers must be free and distinct. Phases sent without one are numbered in request
   * order after the campaign's highest existing number, skipping numbers this request claims.
   */
  private async assignPhaseNumbers(manager: EntityManager, campaignId: number, phases: PhaseInput[], problems: FieldErrorCollector): Promise<number[]> {
    const rows: { phase_no: number }[] = await manager.query('SELECT phase_no FROM phases WHERE campaign_id = $1 AND deleted_at IS NULL', [campaignId]);
    const existing = rows.map((row) => row.phase_no);
    const taken = new Set(existing);
    phases.forEach((phase, index) => {
      if (phase.phaseNo === undefined) return;
      if (taken.has(phase.phaseNo)) problems.add(`phases.${index}.phaseNo`, `${phase.phaseNo} is already used by another phase of this campaign`);
      taken.add(phase.phaseNo);
    });
    let next = Math.max(0, ...existing);
    return phases.map((phase) => {
      if (phase.phaseNo !== undefined) return phase.phaseNo;
      do next += 1;
      while (taken.has(next));
      return next;
    });
  }

  private async phaseNoTaken(manager: EntityManager, campaignId: number, phaseNo: number): Promise<boolean> {
    const rows: unknown[] = await manager.query('SELECT 1 FROM phases WHERE campaign_id = $1 AND phase_no = $2 AND deleted_at IS NULL', [campaignId, phaseNo]);
    return rows.length > 0;
  }
}
