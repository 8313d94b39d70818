import { arrayOf, FREE_FORM_OBJECT, type JsonSchema, objectOf } from '../common/json-schema';
import { EVENT_TYPES, EVENT_TYPES_LIBRARY, eventTypeEntries } from '../events/event-catalogue';
import { REFERENCE_LIBRARIES } from './reference-catalogue';
import type { ReferenceLibrary } from './reference-library.service';

/** `data.library` of `GET /v2/libraries/{name}`: entries are `{ id, name }`, plus the parent id where the library has one. */
export function toReferenceLibraryRecord(library: ReferenceLibrary): Record<string, unknown> {
  return {
    name: library.name,
    description: library.description,
    entries: library.entries.map((entry) => (library.parentField ? { id: entry.id, name: entry.name, [library.parentField]: entry.parentId } : { id: entry.id, name: entry.name })),
  };
}

/** The entry fields only some libraries have (a sub-industry's `brand_industry_id`), from the catalogue. */
const PARENT_FIELDS: Record<string, JsonSchema> = Object.fromEntries(
  REFERENCE_LIBRARIES.flatMap((library) =>
    library.kind === 'stored' && library.parent
      ? [[library.parent.field, { type: 'integer', minimum: 1, description: `Entries of \`${library.name}\` only: the \`${library.parent.library}\` entry it belongs to.` }]]
      : [],
  ),
);

/** The JSON Schema of `toReferenceLibraryRecord`'s answer. */
export const REFERENCE_LIBRARY_SCHEMA: JsonSchema = {
  title: 'Library',
  ...objectOf({
    name: { type: 'string', enum: REFERENCE_LIBRARIES.map((library) => library.name) },
    description: { type: 'string' },
    entries: {
      ...arrayOf({ title: 'LibraryEntry', ...objectOf({ id: { type: 'integer', minimum: 1 }, name: { type: 'string' }, ...PARENT_FIELDS }, ['id', 'name']) }),
      description: 'By `id`; ids never change.',
    },
  }),
};

/** `data.libraries` of `GET /v2/libraries`: every library by name, the event catalogue last. */
export function libraryListing(): { name: string; description: string }[] {
  return [...REFERENCE_LIBRARIES, EVENT_TYPES_LIBRARY].map(({ name, description }) => ({ name, description }));
}

export const LIBRARY_LISTING_SCHEMA: JsonSchema = arrayOf({
  title: 'LibrarySummary',
  ...objectOf({ name: { type: 'string', enum: [...REFERENCE_LIBRARIES, EVENT_TYPES_LIBRARY].map((library) => library.name) }, description: { type: 'string' } }),
});

/** `data.library` of `GET /v2/libraries/event-types`: the event catalogue, its entries named, not numbered. */
export function eventTypesLibraryRecord(): Record<string, unknown> {
  const entries = eventTypeEntries().map(({ name, resource, description, payload, payloadSchema, subscribable }) => ({ name, resource, description, payload, payload_schema: payloadSchema, subscribable }));
  return { ...EVENT_TYPES_LIBRARY, entries };
}

export const EVENT_TYPES_LIBRARY_SCHEMA: JsonSchema = {
  title: 'EventTypesLibrary',
  ...objectOf({
    name: { const: EVENT_TYPES_LIBRARY.name },
    description: { type: 'string' },
    entries: arrayOf({
      title: 'EventTypeEntry',
      ...objectOf({
        name: { type: 'string', enum: [...EVENT_TYPES] },
        resource: { type: 'string', description: '`resource_type` of the event: what kind of record `resource_id` names.' },
        description: { type: 'string' },
        payload: { type: 'string', description: 'The shape of the event\'s `data`: `<campaign record>` stands for the v2 record of that resource.' },
        // A schema is a document of its own: described here as one, not expanded into this document's components.
        payload_schema: {
          ...FREE_FORM_OBJECT,
          description: "The JSON Schema (2020-12) of the event's `data`, every record in it spelled out: validate a received payload against it, or generate types from it.",
        },
        subscribable: { type: 'boolean', description: 'Whether a webhook may name it in `events` (every type but `ping`).' },
      }),
    }),
  }),
};
