import { parseGlobalId } from '../../src/common/global-id';
import { DistributionStatus } from '../../src/distributions/distribution-status';

/** The nested query every bench sends the project (A): bench/nested-and-list.ts, bench/workspace-scale.ts and this comparison. */
export const PROJECT_NESTED_QUERY = `{ campaigns(first: 50) { nodes { id campaignTitle phases { id phaseTitle contents { nodes { id contentName distributions { id status primaryLink { originalLink } mediaLibrary { fileUrl } } } } } } } }`;

/**
 * The same question in PostGraphile's dialect (B): connections are `allX`/relation connections
 * with `nodes`, the row's own id is `rowId` (`id` is the global Node id), orders are explicit and
 * equal to the project's (campaigns by id, phases by number then id, contents, distributions and
 * media by id), and `contents` takes `first: 20` as the project's connection does by default.
 */
export const POSTGRAPHILE_NESTED_QUERY = `{ allCampaigns(first: 50, orderBy: PRIMARY_KEY_ASC) { nodes { rowId campaignTitle phases(orderBy: [PHASE_NO_ASC, ROW_ID_ASC]) { nodes { rowId phaseTitle contents(first: 20, orderBy: PRIMARY_KEY_ASC) { nodes { rowId contentName distributions(orderBy: PRIMARY_KEY_ASC) { nodes { rowId status primaryLink { originalLink } mediaLibrary(orderBy: PRIMARY_KEY_ASC) { nodes { fileUrl } } } } } } } } } } }`;

/**
 * The same query for the PostGraphile that takes the workspace as an argument (B′): its views keep
 * live rows of every workspace, and connections are filtered with `condition: { organisationId:
 * $org }`, `$org` being set by that server from the API key. `every` (the default) puts the
 * condition on every connection, as the project scopes every level: the child tables' indexes lead
 * with organisation_id, so without it PostgreSQL cannot use them to find a parent's children.
 * `root` puts it on allCampaigns only, children being reached through their parent alone.
 */
export function postgraphileConditionQuery(levels: 'every' | 'root'): string {
  const condition = ', condition: { organisationId: $org }';
  const child = levels === 'every' ? condition : '';
  return `query ($org: Int!) { allCampaigns(first: 50, orderBy: PRIMARY_KEY_ASC${condition}) { nodes { rowId campaignTitle phases(orderBy: [PHASE_NO_ASC, ROW_ID_ASC]${child}) { nodes { rowId phaseTitle contents(first: 20, orderBy: PRIMARY_KEY_ASC${child}) { nodes { rowId contentName distributions(orderBy: PRIMARY_KEY_ASC${child}) { nodes { rowId status primaryLink { originalLink } mediaLibrary(orderBy: PRIMARY_KEY_ASC${child}) { nodes { fileUrl } } } } } } } } } } }`;
}

/** The common tree every answer is reduced to: ids as numbers, the status as its integer. */
export interface Tree {
  campaigns: { id: number; title: string; phases: { id: number; title: string; contents: { id: number; name: string; distributions: TreeDistribution[] }[] }[] }[];
}
interface TreeDistribution {
  id: number;
  status: number;
  link: string | null;
  media: string[];
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

class ShapeError extends Error {}

function field(value: Json, key: string, path: string): Json {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ShapeError(`${path}: expected an object, got ${JSON.stringify(value)?.slice(0, 200)}`);
  if (!(key in value)) throw new ShapeError(`${path}.${key}: missing`);
  return value[key];
}

function list(value: Json, path: string): Json[] {
  if (!Array.isArray(value)) throw new ShapeError(`${path}: expected a list`);
  return value;
}

function text(value: Json, path: string): string {
  if (typeof value !== 'string') throw new ShapeError(`${path}: expected a string, got ${JSON.stringify(value)}`);
  return value;
}

/** A global id (the project's), or an Int (PostGraphile's `rowId`): its database id. */
function id(value: Json, path: string): number {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  const parts = parseGlobalId(value);
  if (parts) return Number(parts.databaseId);
  throw new ShapeError(`${path}: expected an id, got ${JSON.stringify(value)}`);
}

function status(value: Json, path: string): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value in DistributionStatus) return DistributionStatus[value as keyof typeof DistributionStatus];
  throw new ShapeError(`${path}: expected a distribution status, got ${JSON.stringify(value)}`);
}

function noErrors(body: Json, server: string): void {
  if (body !== null && typeof body === 'object' && !Array.isArray(body) && 'errors' in body) throw new ShapeError(`${server} answered with errors: ${JSON.stringify(body.errors).slice(0, 500)}`);
}

/** The project's answer, and the raw-SQL servers' (which copy its shape). */
export function treeFromProject(body: Json, server: string): Tree {
  noErrors(body, server);
  const campaigns = list(field(field(field(body, 'data', server), 'campaigns', `${server}.data`), 'nodes', `${server}.data.campaigns`), 'campaigns');
  return {
    campaigns: campaigns.map((c, ci) => {
      const cp = `campaigns[${ci}]`;
      return {
        id: id(field(c, 'id', cp), `${cp}.id`),
        title: text(field(c, 'campaignTitle', cp), `${cp}.campaignTitle`),
        phases: list(field(c, 'phases', cp), `${cp}.phases`).map((p, pi) => {
          const pp = `${cp}.phases[${pi}]`;
          return {
            id: id(field(p, 'id', pp), `${pp}.id`),
            title: text(field(p, 'phaseTitle', pp), `${pp}.phaseTitle`),
            contents: list(field(field(p, 'contents', pp), 'nodes', `${pp}.contents`), `${pp}.contents.nodes`).map((t, ti) => {
              const tp = `${pp}.contents[${ti}]`;
              return {
                id: id(field(t, 'id', tp), `${tp}.id`),
                name: text(field(t, 'contentName', tp), `${tp}.contentName`),
                distributions: list(field(t, 'distributions', tp), `${tp}.distributions`).map((d, di) => {
                  const dp = `${tp}.distributions[${di}]`;
                  const link = field(d, 'primaryLink', dp);
                  return {
                    id: id(field(d, 'id', dp), `${dp}.id`),
                    status: status(field(d, 'status', dp), `${dp}.status`),
                    link: link === null ? null : text(field(link, 'originalLink', `${dp}.primaryLink`), `${dp}.primaryLink.originalLink`),
                    media: list(field(d, 'mediaLibrary', dp), `${dp}.mediaLibrary`).map((m, mi) => text(field(m, 'fileUrl', `${dp}.mediaLibrary[${mi}]`), `${dp}.mediaLibrary[${mi}].fileUrl`)),
                  };
                }),
              };
            }),
          };
        }),
      };
    }),
  };
}

function nodes(value: Json, key: string, path: string): Json[] {
  return list(field(field(value, key, path), 'nodes', `${path}.${key}`), `${path}.${key}.nodes`);
}

/** PostGraphile's answer to POSTGRAPHILE_NESTED_QUERY or postgraphileConditionQuery's. */
export function treeFromPostGraphile(body: Json, server: string): Tree {
  noErrors(body, server);
  return {
    campaigns: nodes(field(body, 'data', server), 'allCampaigns', 'data').map((c, ci) => {
      const cp = `campaigns[${ci}]`;
      return {
        id: id(field(c, 'rowId', cp), `${cp}.rowId`),
        title: text(field(c, 'campaignTitle', cp), `${cp}.campaignTitle`),
        phases: nodes(c, 'phases', cp).map((p, pi) => {
          const pp = `${cp}.phases[${pi}]`;
          return {
            id: id(field(p, 'rowId', pp), `${pp}.rowId`),
            title: text(field(p, 'phaseTitle', pp), `${pp}.phaseTitle`),
            contents: nodes(p, 'contents', pp).map((t, ti) => {
              const tp = `${pp}.contents[${ti}]`;
              return {
                id: id(field(t, 'rowId', tp), `${tp}.rowId`),
                name: text(field(t, 'contentName', tp), `${tp}.contentName`),
                distributions: nodes(t, 'distributions', tp).map((d, di) => {
                  const dp = `${tp}.distributions[${di}]`;
                  const link = field(d, 'primaryLink', dp);
                  return {
                    id: id(field(d, 'rowId', dp), `${dp}.rowId`),
                    status: status(field(d, 'status', dp), `${dp}.status`),
                    link: link === null ? null : text(field(link, 'originalLink', `${dp}.primaryLink`), `${dp}.primaryLink.originalLink`),
                    media: nodes(d, 'mediaLibrary', dp).map((m, mi) => text(field(m, 'fileUrl', `${dp}.mediaLibrary[${mi}]`), `${dp}.mediaLibrary[${mi}].fileUrl`)),
                  };
                }),
              };
            }),
          };
        }),
      };
    }),
  };
}

/** The first place two trees differ, or null when they are equal (same records, same order, same values). */
export function firstDifference(a: unknown, b: unknown, path = 'tree'): string | null {
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
      if (i >= a.length || i >= b.length) return `${path}: ${a.length} entries against ${b.length}`;
      const difference = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (difference) return difference;
    }
    return null;
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      const difference = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`);
      if (difference) return difference;
    }
    return null;
  }
  return Object.is(a, b) ? null : `${path}: ${JSON.stringify(a)} against ${JSON.stringify(b)}`;
}

/** Where two bodies first differ, with some context, or null when byte-identical. */
export function firstByteDifference(a: Buffer, b: Buffer): string | null {
  if (a.equals(b)) return null;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  const around = (buffer: Buffer) => JSON.stringify(buffer.subarray(Math.max(0, i - 60), i + 60).toString('utf8'));
  return `lengths ${a.length} and ${b.length}, first difference at byte ${i}:\n    ${around(a)}\n    ${around(b)}`;
}

/** Counts of the tree, for the report. */
export function treeCounts(tree: Tree): string {
  const phases = tree.campaigns.flatMap((c) => c.phases);
  const contents = phases.flatMap((p) => p.contents);
  const distributions = contents.flatMap((t) => t.distributions);
  const links = distributions.filter((d) => d.link !== null).length;
  const media = distributions.reduce((sum, d) => sum + d.media.length, 0);
  return `${tree.campaigns.length} campaigns, ${phases.length} phases, ${contents.length} contents, ${distributions.length} distributions, ${links} links, ${media} media files`;
}

/** Every id of each level, to check that no deleted or foreign row is in an answer. */
export function treeIds(tree: Tree): { campaigns: Set<number>; phases: Set<number>; contents: Set<number>; distributions: Set<number> } {
  const phases = tree.campaigns.flatMap((c) => c.phases);
  const contents = phases.flatMap((p) => p.contents);
  return {
    campaigns: new Set(tree.campaigns.map((c) => c.id)),
    phases: new Set(phases.map((p) => p.id)),
    contents: new Set(contents.map((t) => t.id)),
    distributions: new Set(contents.flatMap((t) => t.distributions.map((d) => d.id))),
  };
}

export type { Json };
