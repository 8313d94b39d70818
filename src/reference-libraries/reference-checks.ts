import { type EntityManager, type EntityTarget, In, type ObjectLiteral } from 'typeorm';
import type { RequestContext } from '../common/request-context';
import type { FieldErrorCollector } from '../common/validation';
import { tenantQuery } from '../db/tenant-scope';
import { ReferenceEntry } from './reference-entry.entity';

/** An id in a write that must name an entry of a global library (and, optionally, belong to a parent entry). */
export interface LibraryReference {
  path: string;
  id: number;
  library: string;
  /** `path`: the field naming the parent in the same write; a parent refused there is not reported twice. */
  parent?: { id: number; describe: string; path?: string };
}

/** An id in a write that must name a live record of the caller's workspace. */
export interface WorkspaceReference {
  path: string;
  id: number;
  entity: EntityTarget<ObjectLiteral>;
  /** How the message names the record kind: "a user of this workspace". */
  describe: string;
  /** A further condition on the record: this property must hold this id (a member of one account). */
  within?: { property: string; id: number };
}

export type Reference = LibraryReference | WorkspaceReference;

/**
 * Checks every reference of a write, one statement per library or table however many there are
 * (libraries in the order first named, so a parent library is judged before its children),
 * and files a 422 on the field of each that names nothing. Another workspace's ids are reported
 * exactly like ids that do not exist.
 */
export async function checkReferences(manager: EntityManager, ctx: RequestContext, references: readonly Reference[], problems: FieldErrorCollector): Promise<void> {
  const libraries = new Map<string, LibraryReference[]>();
  const tables = new Map<EntityTarget<ObjectLiteral>, WorkspaceReference[]>();
  for (const reference of references) {
    if ('library' in reference) libraries.set(reference.library, [...(libraries.get(reference.library) ?? []), reference]);
    else tables.set(reference.entity, [...(tables.get(reference.entity) ?? []), reference]);
  }

  for (const [library, group] of libraries) {
    const entries = await manager.findBy(ReferenceEntry, { library, id: anyOf(group) });
    const parents = new Map(entries.map((entry) => [entry.id, entry.parentId]));
    for (const reference of group) {
      if (!parents.has(reference.id)) problems.add(reference.path, `does not name an entry of the ${library} library`);
      else if (reference.parent && parents.get(reference.id) !== reference.parent.id && !(reference.parent.path && problems.has(reference.parent.path))) {
        problems.add(reference.path, `does not belong to ${reference.parent.describe}`);
      }
    }
  }

  for (const [entity, group] of tables) {
    const query = tenantQuery(manager, entity, 'r', ctx)
      .select('r.id', 'id')
      .andWhere('r.id = ANY(:ids)', { ids: [...new Set(group.map((reference) => reference.id))] })
      // Held until the write commits, so the named record cannot be deleted in between.
      .setLock('pessimistic_read');
    const scopes = [...new Set(group.flatMap((reference) => (reference.within ? [reference.within.property] : [])))];
    for (const property of scopes) query.addSelect(`r.${property}`, property);
    const rows = new Map((await query.getRawMany<Record<string, number>>()).map((row) => [row.id, row]));
    for (const reference of group) {
      const row = rows.get(reference.id);
      if (!row || (reference.within && row[reference.within.property] !== reference.within.id)) problems.add(reference.path, `does not name ${reference.describe}`);
    }
  }
}

/**
 * Whether a write's value for a reference needs checking: it is set, and differs from what the
 * record holds (an unchanged id is not re-judged, so a record pointing at something since deleted
 * can still be edited in its other fields). `current` is undefined on create.
 */
export function needsCheck(next: number | null | undefined, current: number | null | undefined): next is number {
  return next !== undefined && next !== null && next !== current;
}

function anyOf(group: readonly LibraryReference[]) {
  // TypeORM's In() with a deduplicated list: one round trip for the whole group.
  return In([...new Set(group.map((reference) => reference.id))]);
}
