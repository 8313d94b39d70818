import type { FastifyInstance, FastifyRequest } from 'fastify';
import { emptyFieldErrors } from '../common/errors';
import { parseIdOrNotFound } from '../common/ids';
import { WireShape } from '../common/wire-shape';
import { done, success } from '../http/rest/envelope';
import { paginated } from '../http/rest/pagination';
import { arrayInput, bodyInput, listQuery, objectInput, throwIfWireErrors } from '../http/rest/request-input';
import type { RestDeps } from '../http/rest/rest-deps';
import { requestContext } from '../http/request-context';
import { PhaseFilter, PhaseInput, PhasesCreateInput } from './phase.input';
import { phaseWire, toPhaseRecord } from './phase.record';

const RESOURCE = 'Phase';
const config = { wire: phaseWire };
/** The body of `POST /v2/phases`: a campaign and its new phases. */
const createBodyWire = new WireShape(['campaign_id', 'phases']);

function phasesCreateInput(request: FastifyRequest): PhasesCreateInput {
  const errors = emptyFieldErrors();
  const input = objectInput(request.body, '', createBodyWire, PhasesCreateInput, errors);
  if (Object.keys(errors).length === 0) input.phases = arrayInput(input.phases, 'phases', phaseWire, PhaseInput, errors) as PhaseInput[];
  throwIfWireErrors(errors);
  return input;
}

/** v2 phases (spec §4.4a): a thin translation onto PhaseService. */
export function registerPhaseRoutes(app: FastifyInstance, { services, publicUrl }: RestDeps): void {
  const phases = services.phases;

  app.post('/phases', { config }, async (request) => {
    await phases.createMany(requestContext(request), phasesCreateInput(request));
    return success('Phases created successfully', null);
  });

  app.get('/phases', { config }, async (request) => {
    const { filter, page } = listQuery(request, PhaseFilter, { campaign_id: { prop: 'campaignId' } });
    const slice = await phases.list(requestContext(request), filter, page);
    return success('Phases retrieved successfully', { phases: paginated(request, publicUrl, slice, toPhaseRecord) });
  });

  app.get<{ Params: { phase: string } }>('/phases/:phase', { config }, async (request) => {
    const phase = await phases.get(requestContext(request), parseIdOrNotFound(request.params.phase, RESOURCE));
    return success('Phase retrieved successfully', { phase: toPhaseRecord(phase) });
  });

  app.put<{ Params: { phase: string } }>('/phases/:phase', { config }, async (request) => {
    const id = parseIdOrNotFound(request.params.phase, RESOURCE);
    const phase = await phases.update(requestContext(request), id, bodyInput(request, phaseWire, PhaseInput));
    return success('Phase updated successfully', { phase: toPhaseRecord(phase) });
  });

  app.delete<{ Params: { phase: string } }>('/phases/:phase', { config }, async (request) => {
    await phases.delete(requestContext(request), parseIdOrNotFound(request.params.phase, RESOURCE));
    return done('Phase deleted successfully');
  });
}
