import type { EntityManager } from 'typeorm';
import type { RequestContext } from '../common/request-context';

/** What a delete took with it, reported in the parent's `*_deleted` event. */
export interface CascadedDeletes {
  phases: number[];
  contents: number[];
  distributions: number[];
}

export type HierarchyRoot = { campaignId: number } | { phaseId: number } | { contentId: number };

type HierarchyTable = 'phases' | 'contents' | 'distributions';

/** Soft-deletes the live rows of `table` in the workspace that match `condition` ($2 is the root id). */
async function markDeleted(manager: EntityManager, ctx: RequestContext, table: HierarchyTable, condition: string, rootId: number): Promise<number[]> {
  const [rows] = (await manager.query(
    `UPDATE ${table} SET deleted_at = now(), updated_at = now() WHERE organisation_id = $1 AND deleted_at IS NULL AND ${condition} RETURNING id`,
    [ctx.organisationId, rootId],
  )) as [{ id: number }[], number];
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/**
 * Deleting a campaign, phase or content soft-deletes everything below it, in the same
 * transaction: no live child is ever left under a deleted parent (docs/decisions.md).
 */
export async function softDeleteDescendants(manager: EntityManager, ctx: RequestContext, root: HierarchyRoot): Promise<CascadedDeletes> {
  if ('contentId' in root) {
    return { phases: [], contents: [], distributions: await markDeleted(manager, ctx, 'distributions', 'content_id = $2', root.contentId) };
  }
  if ('phaseId' in root) {
    const distributions = await markDeleted(
      manager,
      ctx,
      'distributions',
      'content_id IN (SELECT id FROM contents WHERE organisation_id = $1 AND phase_id = $2)',
      root.phaseId,
    );
    const contents = await markDeleted(manager, ctx, 'contents', 'phase_id = $2', root.phaseId);
    return { phases: [], contents, distributions };
  }
  const distributions = await markDeleted(manager, ctx, 'distributions', 'campaign_id = $2', root.campaignId);
  const contents = await markDeleted(manager, ctx, 'contents', 'campaign_id = $2', root.campaignId);
  const phases = await markDeleted(manager, ctx, 'phases', 'campaign_id = $2', root.campaignId);
  return { phases, contents, distributions };
}
