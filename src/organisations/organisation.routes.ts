import type { FastifyInstance } from 'fastify';
import { success } from '../http/rest/envelope';
import type { RestDeps } from '../http/rest/rest-deps';
import { requestContext } from '../http/request-context';
import { toOrganisationRecord } from './organisation.record';

/** v2 workspace organisation (spec §4.1): the workspace of the API key. */
export function registerOrganisationRoutes(app: FastifyInstance, { services }: RestDeps): void {
  app.get('/ws-org', async (request) => {
    const organisation = await services.organisations.current(requestContext(request));
    return success('Workspace organisation retrieved successfully', toOrganisationRecord(organisation));
  });
}
