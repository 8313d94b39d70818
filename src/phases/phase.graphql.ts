import { ConnectionType } from '../graphql/connection';
import { listTypes } from '../graphql/lists/list-types';
import { DeletePayloadType, ResourceListPayloadType, ResourcePayloadType } from '../graphql/payloads';
import { phaseList } from './phase.list';
import { Phase } from './phase.entity';
import type { NodeSource } from '../graphql/node-resolver';
import { loadEach } from '../graphql/loader-kit';

export const PhaseConnection = ConnectionType('Phase', Phase, phaseList);
export const PhaseListArgs = listTypes(phaseList).args;
export const PhasePayload = ResourcePayloadType('PhasePayload', 'phase', Phase);
export const PhasesCreatePayload = ResourceListPayloadType('PhasesCreatePayload', 'phases', Phase);
export const PhaseDeletePayload = DeletePayloadType('PhaseDeletePayload', 'deletedPhaseId', 'Phase');
export type PhasePayload = InstanceType<typeof PhasePayload>;
export type PhasesCreatePayload = InstanceType<typeof PhasesCreatePayload>;
export type PhaseDeletePayload = InstanceType<typeof PhaseDeletePayload>;

export const phaseNode: NodeSource = { typeName: 'Phase', objectType: Phase, scope: 'campaigns:read', idKind: 'integer', load: ({ loaders }, ids) => loadEach(loaders.phaseById, ids) };
