import type { FastifyInstance } from 'fastify';
import { success } from '../http/rest/envelope';
import { noQuery } from '../http/rest/request-input';
import type { RestDeps } from '../http/rest/rest-deps';
import { EVENT_TYPES_LIBRARY, eventTypeEntries } from '../events/event-catalogue';
import { REFERENCE_LIBRARIES } from './reference-catalogue';
import { toReferenceLibraryRecord } from './reference-library.record';

/** Global reference libraries (spec §4.10 names none; docs/rest-v2.md lists them). */
export function registerReferenceLibraryRoutes(app: FastifyInstance, { services }: RestDeps): void {
  app.get('/libraries', async (request) => {
    noQuery(request);
    const libraries = [...REFERENCE_LIBRARIES, EVENT_TYPES_LIBRARY].map(({ name, description }) => ({ name, description }));
    return success('Libraries retrieved successfully', { libraries });
  });

  // The event catalogue: its entries are named, not numbered, and carry each payload's shape.
  app.get(`/libraries/${EVENT_TYPES_LIBRARY.name}`, async (request) => {
    noQuery(request);
    return success('Library retrieved successfully', { library: { ...EVENT_TYPES_LIBRARY, entries: eventTypeEntries() } });
  });

  app.get<{ Params: { name: string } }>('/libraries/:name', async (request) => {
    const library = await services.referenceLibraries.get(request.params.name);
    return success('Library retrieved successfully', { library: toReferenceLibraryRecord(library) });
  });
}
