import { DeletePayloadType, ResourceListPayloadType, ResourcePayloadType } from '../graphql/payloads';
import { Phase } from './phase.entity';

export const PhasePayload = ResourcePayloadType('PhasePayload', 'phase', Phase);
export const PhasesCreatePayload = ResourceListPayloadType('PhasesCreatePayload', 'phases', Phase);
export const PhaseDeletePayload = DeletePayloadType('PhaseDeletePayload', 'deletedPhaseId');
export type PhasePayload = InstanceType<typeof PhasePayload>;
export type PhasesCreatePayload = InstanceType<typeof PhasesCreatePayload>;
export type PhaseDeletePayload = InstanceType<typeof PhaseDeletePayload>;
