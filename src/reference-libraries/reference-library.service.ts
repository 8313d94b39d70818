import type { DataSource } from 'typeorm';
import { NotFoundError } from '../common/errors';
import { findLibrary, REFERENCE_LIBRARIES, type ReferenceLibraryDefinition } from './reference-catalogue';
import { ReferenceEntry } from './reference-entry.entity';

export interface ReferenceLibraryEntry {
  id: number;
  name: string;
  parentId: number | null;
}

export interface ReferenceLibrary {
  name: string;
  description: string;
  /** The v2 name of `parentId` in this library's records (`brand_industry_id`), when entries have a parent. */
  parentField: string | null;
  entries: ReferenceLibraryEntry[];
}

/** Global, read-only lists the integer foreign keys of the API point at. */
export class ReferenceLibraryService {
  constructor(private readonly dataSource: DataSource) {}

  names(): string[] {
    return REFERENCE_LIBRARIES.map((library) => library.name);
  }

  async get(name: string): Promise<ReferenceLibrary> {
    const definition = findLibrary(name);
    if (!definition) throw new NotFoundError('Library');
    return (await this.load([definition]))[0];
  }

  /** Several libraries (all when `names` is omitted) in catalogue order; unknown names are NOT_FOUND. */
  async many(names?: readonly string[]): Promise<ReferenceLibrary[]> {
    const definitions = names ? names.map((name) => findLibrary(name) ?? notFound()) : [...REFERENCE_LIBRARIES];
    return this.load(definitions);
  }

  private async load(definitions: readonly ReferenceLibraryDefinition[]): Promise<ReferenceLibrary[]> {
    const stored = definitions.filter((definition) => definition.kind === 'stored').map((definition) => definition.name);
    const rows = stored.length
      ? await this.dataSource.manager
          .createQueryBuilder(ReferenceEntry, 'e')
          .where('e.library = ANY(:stored)', { stored })
          .orderBy('e.library')
          .addOrderBy('e.id')
          .getMany()
      : [];
    return definitions.map((definition) => ({
      name: definition.name,
      description: definition.description,
      parentField: definition.kind === 'stored' ? (definition.parent?.field ?? null) : null,
      entries:
        definition.kind === 'code'
          ? definition.entries.map((entry) => ({ ...entry, parentId: null }))
          : rows.filter((row) => row.library === definition.name).map(({ id, name, parentId }) => ({ id, name, parentId })),
    }));
  }
}

function notFound(): never {
  throw new NotFoundError('Library');
}
