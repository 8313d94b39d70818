import type { FastifyRequest } from 'fastify';
import { emptyFieldErrors } from '../common/errors';
import { WireShape } from '../common/wire-shape';
import { inputSchema } from '../http/rest/openapi/input-schema';
import { recordSchema } from '../http/rest/openapi/record-schema';
import { arrayInput, objectInput, throwIfWireErrors } from '../http/rest/request-input';
import { deleteRoute, getRoute, listRoute, updateRoute, type V2Resource } from '../http/rest/resource-routes';
import type { V2Route } from '../http/rest/v2-route';
import { requestContext } from '../http/request-context';
import { Phase } from './phase.entity';
import { REQUIRED_ON_CREATE } from './phase-rules';
import { PhaseInput, PhasesCreateInput } from './phase.input';
import { phaseList } from './phase.list';
import { phaseWire, toPhaseRecord } from './phase.record';
import type { PhaseService } from './phase.service';

const phases: V2Resource<Phase, PhaseService, PhaseInput> = {
  param: 'phase',
  paramDescription: 'A phase of this workspace.',
  name: 'Phase',
  names: 'Phases',
  group: 'campaigns',
  wire: phaseWire,
  record: recordSchema('Phase', phaseWire, Phase),
  input: PhaseInput,
  service: (services) => services.phases,
  toRecord: toPhaseRecord,
};

/** One phase's fields: each element of the create body (which requires what the service requires), and the update body. */
const phaseCreate = inputSchema('PhaseCreateInput', phaseWire, PhaseInput, { required: REQUIRED_ON_CREATE });
const updateBody = inputSchema('PhaseUpdateInput', phaseWire, PhaseInput);

/** The body of `POST /v2/phases`: a campaign and its new phases. */
const createBodyWire = new WireShape(['campaign_id', 'phases']);
const createBody = inputSchema('PhasesCreateInput', createBodyWire, PhasesCreateInput, { nested: { phases: phaseCreate } });

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
// `satisfies` rather than an annotation: the handlers are then typed in eslint's eyes too (explicit-module-boundary-types).
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
    tag: phases.names,
    scope: 'campaigns:write',
    body: createBody,
    success: { message: 'Phases created successfully', data: { type: 'null' } },
    config: { wire: phaseWire },
    async handle(request, { services }) {
      await services.phases.createMany(requestContext(request), phasesCreateInput(request));
      return null;
    },
  },
  listRoute(phases, {
    summary: 'List phases',
    description: 'Ordered by `campaign_id`, then `phase_no`, then `id`, unless `sort` says otherwise.',
    list: phaseList,
  }),
  getRoute(phases, { summary: 'Get a phase' }),
  updateRoute(phases, {
    summary: 'Update a phase',
    description:
      'Fields left out are unchanged. `custom_fields` is merged into the stored object (a key set to null is removed). ' +
      '`phase_no` may move to any number no other live phase of the campaign has. `campaign_id` may be echoed back but a phase never moves to another campaign.',
    body: updateBody,
  }),
  deleteRoute(phases, {
    summary: 'Delete a phase',
    description: 'Soft delete; its content pieces and their distributions go with it, and its `phase_no` is free again.',
  }),
] satisfies V2Route[];
