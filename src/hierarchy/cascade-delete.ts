import type { EntityManager } from 'typeorm';
import type { RequestContext } from '../common/request-context';

/** What a delete took with it, reported in the parent's `*_deleted` event. */
export interface CascadedDeletes {
  phases: number[];
  contents: number[];
  distributions: number[];
}

export type HierarchyRoot = { campaignId: number } | { phaseId: number } | { contentId: number };

async function markDeleted(manager: EntityManager, sql: string, params: unknown[]): Promise<number[]> {
  const [rows] = (await manager.query(`${sql} RETURNING id`, params)) as [{ id: number }[], number];
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/**
 * Deleting a campaign, phase or content soft-deletes everything below it, in the same
 * transaction: no live child is ever left under a deleted parent (docs/decisions.md).
 */
export async function softDeleteDescendants(manager: EntityManager, ctx: RequestContext, root: HierarchyRoot): Promise<CascadedDeletes> {
  const org = ctx.organisationId;
  const live = 'organisation_id = $1 AND deleted_at IS NULL';
  const stamp = 'UPDATE %s SET deleted_at = now(), updated_at = now() WHERE ' + live;

  if ('contentId' in root) {
    const distributions = await markDeleted(manager, `${stamp.replace('%s', 'distributions')} AND content_id = $2`, [org, root.contentId]);
    return { phases: [], contents: [], distributions };
  }
  if ('phaseId' in root) {
    const distributions = await markDeleted(
      manager,
      `${stamp.replace('%s', 'distributions')} AND content_id IN (SELECT id FROM contents WHERE organisation_id = $1 AND phase_id = $2)`,
      [org, root.phaseId],
    );
    const contents = await markDeleted(manager, `${stamp.replace('%s', 'contents')} AND phase_id = $2`, [org, root.phaseId]);
    return { phases: [], contents, distributions };
  }
  const distributions = await markDeleted(manager, `${stamp.replace('%s', 'distributions')} AND campaign_id = $2`, [org, root.campaignId]);
  const contents = await markDeleted(manager, `${stamp.replace('%s', 'contents')} AND campaign_id = $2`, [org, root.campaignId]);
  const phases = await markDeleted(manager, `${stamp.replace('%s', 'phases')} AND campaign_id = $2`, [org, root.campaignId]);
  return { phases, contents, distributions };
}
