import type { ReferenceLibrary } from './reference-library.service';

/** `data.library` of `GET /v2/libraries/{name}`: entries are `{ id, name }`, plus the parent id where the library has one. */
export function toReferenceLibraryRecord(library: ReferenceLibrary): Record<string, unknown> {
  return {
    name: library.name,
    description: library.description,
    entries: library.entries.map((entry) => (library.parentField ? { id: entry.id, name: entry.name, [library.parentField]: entry.parentId } : { id: entry.id, name: entry.name })),
  };
}
