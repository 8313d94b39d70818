import type { DatePair } from '../common/date-order';
import type { JsonObject } from '../common/json';
import type { Phase } from './phase.entity';

export const PHASE_DATE_PAIRS: readonly DatePair<Phase>[] = [
  ['earliestPhaseLaunchDate', 'latestPhaseLaunchDate', 'the latest phase launch date'],
  ['earliestPhaseEndDate', 'latestPhaseEndDate', 'the latest phase end date'],
];

export const REQUIRED_ON_CREATE = ['phaseTitle'] as const;

/** custom_fields on update: given keys are added or replaced, keys set to null removed, the rest kept. */
export function mergeCustomFields(current: JsonObject, patch: JsonObject): JsonObject {
  const merged: JsonObject = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
