import { recordSchema } from '../http/rest/openapi/record-schema';
import type { V2Route } from '../http/rest/v2-route';
import { requestContext } from '../http/request-context';
import { Organisation } from './organisation.entity';
import { organisationWire, toOrganisationRecord } from './organisation.record';

const record = recordSchema('Organisation', organisationWire, Organisation);

/** v2 workspace organisation (spec §4.1): the workspace of the API key. */
// `satisfies` rather than an annotation: the handlers are then typed in eslint's eyes too (explicit-module-boundary-types).
export const organisationRoutes = [
  {
    method: 'GET',
    path: '/ws-org',
    operationId: 'getWorkspaceOrganisation',
    summary: 'Get the workspace organisation',
    description: 'The workspace the API key belongs to.',
    tag: 'Workspace organisation',
    scope: 'key',
    success: { message: 'Workspace organisation retrieved successfully', data: record },
    async handle(request, { services }) {
      return toOrganisationRecord(await services.organisations.current(requestContext(request)));
    },
  },
] satisfies V2Route[];
