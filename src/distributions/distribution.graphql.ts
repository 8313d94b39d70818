import { DeletePayloadType, ResourceListPayloadType } from '../graphql/payloads';
import { Distribution } from './distribution.entity';

export const DistributionsPayload = ResourceListPayloadType('DistributionsPayload', 'distributions', Distribution);
export const DistributionDeletePayload = DeletePayloadType('DistributionDeletePayload', 'deletedDistributionId');
export type DistributionsPayload = InstanceType<typeof DistributionsPayload>;
export type DistributionDeletePayload = InstanceType<typeof DistributionDeletePayload>;
