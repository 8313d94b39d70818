export { CostBuckets, type ThrottleStatus } from './bucket';
export { costEstimator } from './estimator';
export { costLimitsOf, DEFAULT_COST_LIMITS, type CostErrorCode, type CostLimits } from './limits';
export { costLimitsPlugin, type CostExtension } from './plugin';
export { measureSelection } from './selection';
export { assertWithinMaxCost, operationCost } from './operation-cost';
