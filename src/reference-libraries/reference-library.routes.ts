import { EVENT_TYPES_LIBRARY } from '../events/event-catalogue';
import { keyed } from '../http/rest/openapi/response-schemas';
import { noQuery } from '../http/rest/request-input';
import type { ListQueryDeclaration, V2Route } from '../http/rest/v2-route';
import {
  EVENT_TYPES_LIBRARY_SCHEMA,
  eventTypesLibraryRecord,
  LIBRARY_LISTING_SCHEMA,
  libraryListing,
  REFERENCE_LIBRARY_SCHEMA,
  toReferenceLibraryRecord,
} from './reference-library.record';

const TAG = 'Reference libraries';
const LIBRARY_RETRIEVED = 'Library retrieved successfully';

/** Not even paging (the lists are short): any parameter is refused with 422 by `noQuery`. */
const NO_QUERY = { paged: false } satisfies ListQueryDeclaration;

/**
 * Global reference libraries (spec §4.10 names none; docs/rest-v2.md lists them).
 */
export const referenceLibraryRoutes = [
  {
    method: 'GET',
    path: '/libraries',
    operationId: 'listLibraries',
    summary: 'List reference libraries',
    description: 'Every library by name and description, the same for every workspace; `event-types` comes last. Takes no query parameters, not even paging.',
    tag: TAG,
    scope: 'key',
    query: NO_QUERY,
    success: { message: 'Libraries retrieved successfully', data: keyed('libraries', LIBRARY_LISTING_SCHEMA) },
    async handle(request) {
      noQuery(request);
      return { libraries: libraryListing() };
    },
  },
  // The event catalogue: its entries are named, not numbered, and carry each payload's shape.
  {
    method: 'GET',
    path: `/libraries/${EVENT_TYPES_LIBRARY.name}`,
    operationId: 'getEventTypesLibrary',
    summary: 'Get the event catalogue',
    description: 'The event types a webhook may name in `events`, and the `type` of a delivered or pulled event, each with the shape of its payload. Takes no query parameters.',
    tag: TAG,
    scope: 'key',
    query: NO_QUERY,
    success: { message: LIBRARY_RETRIEVED, data: keyed('library', EVENT_TYPES_LIBRARY_SCHEMA) },
    async handle(request) {
      noQuery(request);
      return { library: eventTypesLibraryRecord() };
    },
  },
  {
    method: 'GET',
    path: '/libraries/:name',
    operationId: 'getLibrary',
    summary: 'Get a reference library',
    description:
      'Entries are `{id, name}` by `id`; those of `brand-sub-industries` also carry `brand_industry_id`. The status and role libraries are the enumerations the service enforces. An unknown name answers 404 `Library not found`.',
    tag: TAG,
    scope: 'key',
    params: { name: 'A library name as `GET /v2/libraries` lists it (exact case).' },
    success: { message: LIBRARY_RETRIEVED, data: keyed('library', REFERENCE_LIBRARY_SCHEMA) },
    async handle(request, { services }) {
      const library = await services.referenceLibraries.get((request.params as { name: string }).name);
      return { library: toReferenceLibraryRecord(library) };
    },
  },
] satisfies V2Route[];
