export { type CostBucketStore, secondsUntil, throttleStatus, type TakeOutcome, type ThrottleStatus } from './bucket-store';
export { MemoryCostBuckets } from './memory-bucket-store';
export { costBucketKey, RedisCostBuckets } from './redis-bucket-store';
export { costEstimator } from './estimator';
export { costLimitsOf, DEFAULT_COST_LIMITS, type CostErrorCode, type CostLimits } from './limits';
export { measureSelection } from './selection';
export { assertFitsBudget, assertWithinMaxCost, operationCost } from './operation-cost';
