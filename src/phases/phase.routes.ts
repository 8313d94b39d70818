import type { FastifyRequest } from 'fastify';
import { emptyFieldErrors } from '../common/errors';
import { WireShape } from '../common/wire-shape';
import { inputSchema } from '../http/rest/openapi/input-schema';
import { keyed, pageOf } from '../http/rest/openapi/response-schemas';
import { recordSchema } from '../http/rest/openapi/record-schema';
import { paginated } from '../http/rest/pagination';
import { listQuery } from '../http/rest/list-query';
import { arrayInput, bodyInput, objectInput, pathParam, throwIfWireErrors } from '../http/rest/request-input';
import type { ListQueryDeclaration, V2Route } from '../http/rest/v2-route';
import { requestContext } from '../http/request-context';
import { Phase } from './phase.entity';
import { REQUIRED_ON_CREATE } from './phase-rules';
import { PhaseInput, PhasesCreateInput } from './phase.input';
import { phaseList } from './phase.list';
import { phaseWire, toPhaseRecord } from './phase.record';

const TAG = 'Phases';
const config = { wire: phaseWire };
const record = recordSchema('Phase', phaseWire, Phase);
/** One phase's fields: each element of the create body (which requires what the service requires), and the update body. */
const phaseCreate = inputSchema('PhaseCreateInput', phaseWire, PhaseInput, { required: REQUIRED_ON_CREATE });
const updateBody = inputSchema('PhaseUpdateInput', phaseWire, PhaseInput);
const phase = { phase: 'A phase of this workspace.' };

/** The body of `POST /v2/phases`: a campaign and its new phases. */
const createBodyWire = new WireShape(['campaign_id', 'phases']);
const createBody = inputSchema('PhasesCreateInput', createBodyWire, PhasesCreateInput, { nested: { phases: phaseCreate } });

const LIST_QUERY = { paged: true, list: phaseList } satisfies ListQueryDeclaration;

function phasesCreateInput(request: FastifyRequest): PhasesCreateInput {
  const errors = emptyFieldErrors();
  const input = objectInput(request.body, '', createBodyWire, PhasesCreateInput, errors);
  if (Object.keys(errors).length === 0) input.phases = arrayInput(input.phases, 'phases', phaseWire, PhaseInput, errors) as PhaseInput[];
  throwIfWireErrors(errors);
  return input;
}

/**
 * v2 phases (spec §4.4a): a thin translation onto PhaseService.
 */
export const phaseRoutes = [
  {
    method: 'POST',
    path: '/phases',
    operationId: 'createPhases',
    bodyNamesRecord: true,
    summary: 'Create phases of a campaign',
    description:
      'All or nothing: every element is checked before anything is written, and one 422 names every broken field under `phases.N.<field>`. ' +
      '`campaign_id` is required (404 `Campaign not found` when it names no campaign of the workspace); `phases` holds 1 to 100 phases, each with `phase_title`. ' +
      'An element without `phase_no` gets the next free number of the campaign; an element may carry `campaign_id` only if it is the body\'s. ' +
      'The answer has `data: null`, as the specification says: read the new phases with the list.',
    tag: TAG,
    scope: 'campaigns:write',
    body: createBody,
    success: { message: 'Phases created successfully', data: { type: 'null' } },
    config,
    async handle(request, { services }) {
      await services.phases.createMany(requestContext(request), phasesCreateInput(request));
      return null;
    },
  },
  {
    method: 'GET',
    path: '/phases',
    operationId: 'listPhases',
    summary: 'List phases',
    description: 'Ordered by `campaign_id`, then `phase_no`, then `id`, unless `sort` says otherwise.',
    tag: TAG,
    scope: 'campaigns:read',
    query: LIST_QUERY,
    success: { message: 'Phases retrieved successfully', data: keyed('phases', pageOf(record)) },
    config,
    async handle(request, { services, publicUrl }) {
      const slice = await services.phases.list(requestContext(request), listQuery(request, phaseList));
      return { phases: paginated(request, publicUrl, slice, toPhaseRecord) };
    },
  },
  {
    method: 'GET',
    path: '/phases/:phase',
    operationId: 'getPhase',
    summary: 'Get a phase',
    tag: TAG,
    scope: 'campaigns:read',
    params: phase,
    success: { message: 'Phase retrieved successfully', data: keyed('phase', record) },
    config,
    async handle(request, { services }) {
      const found = await services.phases.get(requestContext(request), pathParam(request, 'phase'));
      return { phase: toPhaseRecord(found) };
    },
  },
  {
    method: 'PUT',
    path: '/phases/:phase',
    operationId: 'updatePhase',
    summary: 'Update a phase',
    description:
      'Fields left out are unchanged. `custom_fields` is merged into the stored object (a key set to null is removed). ' +
      '`phase_no` may move to any number no other live phase of the campaign has. `campaign_id` may be echoed back but a phase never moves to another campaign.',
    tag: TAG,
    scope: 'campaigns:write',
    params: phase,
    body: updateBody,
    success: { message: 'Phase updated successfully', data: keyed('phase', record) },
    config,
    async handle(request, { services }) {
      const updated = await services.phases.update(requestContext(request), pathParam(request, 'phase'), bodyInput(request, phaseWire, PhaseInput));
      return { phase: toPhaseRecord(updated) };
    },
  },
  {
    method: 'DELETE',
    path: '/phases/:phase',
    operationId: 'deletePhase',
    summary: 'Delete a phase',
    description: 'Soft delete; its content pieces and their distributions go with it, and its `phase_no` is free again.',
    tag: TAG,
    scope: 'campaigns:write',
    params: phase,
    success: { message: 'Phase deleted successfully' },
    config,
    async handle(request, { services }) {
      await services.phases.delete(requestContext(request), pathParam(request, 'phase'));
    },
  },
] satisfies V2Route[];
