import { firstByteDifference, firstDifference, type Json, type Tree, treeCounts, treeFromPostGraphile, treeFromProject, treeIds } from './answers';
import type { Fixture } from './fixture';
import { ANSWER_FORM, type Target } from './targets';

/**
 * Before anything is timed, on every server process: the nested answers must carry the same
 * records (reduced to one tree of ids and the selected values, in order), every live row and no
 * deleted or foreign one; each v2 list must be the project's text, page links' origin aside: byte
 * for byte for the bare route, once re-serialised for the whole-answer route (ANSWER_FORM).
 */

export class CheckFailed extends Error {}

export function headersFor(key: string, target: Target): Record<string, string> {
  return target.method === 'POST' ? { 'x-api-key': key, 'content-type': 'application/json' } : { 'x-api-key': key };
}

export async function fetchBody(key: string, target: Target): Promise<Buffer> {
  const response = await fetch(target.server.url + target.path, { method: target.method, headers: headersFor(key, target), body: target.body });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new CheckFailed(`${target.label} ${target.method} ${target.path} answered ${response.status}: ${body.toString('utf8').slice(0, 500)}`);
  return body;
}

function parse(body: Buffer): Json {
  return JSON.parse(body.toString('utf8')) as Json;
}

/** The body as JSON.stringify writes it: no whitespace, JavaScript's numbers; keys keep their order. */
function reserialised(body: Buffer): Buffer {
  return Buffer.from(JSON.stringify(parse(body)), 'utf8');
}

function bytes(body: Buffer): string {
  return `${body.length.toLocaleString('en-GB')} bytes`;
}

/** The project's nested answer without its top-level `extensions` (the GraphQL cost report), which no other server writes. */
function withoutExtensions(projectBody: Buffer): { body: Buffer; extensions: Json | undefined } {
  const { extensions, ...rest } = parse(projectBody) as { extensions?: Json };
  return { body: Buffer.from(JSON.stringify(rest), 'utf8'), extensions };
}

/** How a raw-SQL server's nested answer compares with the project's text (informative: records are what must match). */
function nestedTextNote(projectBody: Buffer, target: Target, body: Buffer): string {
  const { label } = target;
  if (projectBody.equals(body)) return `${label}: byte-identical to the project's answer (${bytes(body)})`;
  const { body: reference, extensions } = withoutExtensions(projectBody);
  const aside = extensions === undefined ? '' : ` once the project's top-level "extensions" member (${JSON.stringify(extensions)}) is left out`;
  if (reference.equals(body)) return `${label}: byte-identical to the project's answer${aside} (${bytes(body)})`;
  if (reference.equals(reserialised(body))) {
    return `${label}: once JSON.parse and JSON.stringify have taken out PostgreSQL's spaces, the project's JSON text${aside} (${bytes(body)} as sent, ${bytes(reference)} without the spaces)`;
  }
  return `${label}: not the project's text (${firstByteDifference(reference, reserialised(body))})`;
}

function checkNestedRecords(fixture: Fixture, reference: Tree): string {
  const counts = treeCounts(reference);
  const { live } = fixture;
  const expected = `${live.campaigns} campaigns, ${live.phases} phases, ${live.contents} contents, ${live.distributions} distributions, ${live.links} links, ${live.media} media files`;
  if (counts !== expected) throw new CheckFailed(`the nested answer holds ${counts}; the workspace has ${expected} live`);
  const ids = treeIds(reference);
  const leaks = [
    ids.campaigns.has(fixture.deleted.campaign) && `deleted campaign ${fixture.deleted.campaign}`,
    ids.phases.has(fixture.deleted.phase) && `deleted phase ${fixture.deleted.phase}`,
    ids.contents.has(fixture.deleted.content) && `deleted content ${fixture.deleted.content}`,
    ids.distributions.has(fixture.deleted.distribution) && `deleted distribution ${fixture.deleted.distribution}`,
    ...fixture.otherWorkspaceCampaigns.filter((id) => ids.campaigns.has(id)).map((id) => `campaign ${id} of the other workspace`),
  ].filter((leak): leak is string => typeof leak === 'string');
  if (leaks.length > 0) throw new CheckFailed(`the nested answer shows ${leaks.join(', ')}`);
  return counts;
}

async function checkNested(fixture: Fixture, nested: Target[]): Promise<string[]> {
  const [project, ...anchors] = nested;
  const projectBody = await fetchBody(fixture.key, project);
  const reference = treeFromProject(parse(projectBody), project.label);
  const counts = checkNestedRecords(fixture, reference);
  const notes: string[] = [];
  for (const target of anchors) {
    const body = await fetchBody(fixture.key, target);
    const form = ANSWER_FORM[target.label];
    const tree = form.tree === 'project' ? treeFromProject(parse(body), target.label) : treeFromPostGraphile(parse(body), target.label);
    const difference = firstDifference(reference, tree);
    if (difference) throw new CheckFailed(`nested answers differ, ${project.label} against ${target.label}: ${difference}`);
    if (form.text !== 'records only') notes.push(`nested query: ${nestedTextNote(projectBody, target, body)}`);
  }
  return [`nested query: the ${nested.length} answers carry the same records (${counts}); none deleted, none of the other workspace`, ...notes];
}

async function checkList(fixture: Fixture, [project, ...anchors]: Target[]): Promise<string[]> {
  // Page links name the server's own origin (its port), which is all two servers may differ in.
  const withoutOrigin = (body: Buffer, target: Target) => Buffer.from(body.toString('utf8').replaceAll(target.server.url, 'http://origin'), 'utf8');
  const projectList = withoutOrigin(await fetchBody(fixture.key, project), project);
  const { data } = parse(projectList) as { data: Record<string, { data: Json[] }> };
  const records = Object.values(data)[0]?.data.length ?? 0;
  const notes: string[] = [];
  for (const target of anchors) {
    const list = withoutOrigin(await fetchBody(fixture.key, target), target);
    const scenario = `GET ${project.path}`;
    if (ANSWER_FORM[target.label].text === 'bytes') {
      const difference = firstByteDifference(projectList, list);
      if (difference) throw new CheckFailed(`${scenario}: the ${target.label} answer differs from the project's: ${difference}`);
      notes.push(`${scenario}: ${target.label} is byte-identical to the project's answer, page links' origin aside (${bytes(list)}, ${records} records)`);
    } else {
      const difference = firstByteDifference(reserialised(projectList), reserialised(list));
      if (difference) throw new CheckFailed(`${scenario}: the ${target.label} answer, re-serialised, differs from the project's: ${difference}`);
      notes.push(
        `${scenario}: ${target.label} is the project's JSON text once JSON.parse and JSON.stringify have taken out PostgreSQL's spaces, page links' origin aside ` +
          `(${bytes(list)} as sent, ${bytes(projectList)} for the project; ${records} records)`,
      );
    }
  }
  return notes;
}

/** Checks one connection count's servers: the nested scenario's targets, then each list scenario's (the project first in each). */
export async function checkAnswers(fixture: Fixture, nested: Target[], lists: Target[][]): Promise<string[]> {
  const notes = await checkNested(fixture, nested);
  for (const list of lists) notes.push(...(await checkList(fixture, list)));
  return notes;
}
