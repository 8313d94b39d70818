import type { FastifyInstance } from 'fastify';
import { success } from '../http/rest/envelope';
import { noQuery } from '../http/rest/request-input';
import type { RestDeps } from '../http/rest/rest-deps';
import { REFERENCE_LIBRARIES } from './reference-catalogue';
import { toReferenceLibraryRecord } from './reference-library.record';

/** Global reference libraries (spec §4.10 names none; docs/rest-v2.md lists them). */
export function registerReferenceLibraryRoutes(app: FastifyInstance, { services }: RestDeps): void {
  app.get('/libraries', async (request) => {
    noQuery(request);
    return success('Libraries retrieved successfully', { libraries: REFERENCE_LIBRARIES.map(({ name, description }) => ({ name, description })) });
  });

  app.get<{ Params: { name: string } }>('/libraries/:name', async (request) => {
    const library = await services.referenceLibraries.get(request.params.name);
    return success('Library retrieved successfully', { library: toReferenceLibraryRecord(library) });
  });
}
