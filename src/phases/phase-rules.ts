import type { DatePair } from '../common/date-order';
import type { Phase } from './phase.entity';

export const PHASE_DATE_PAIRS: readonly DatePair<Phase>[] = [
  ['earliestPhaseLaunchDate', 'latestPhaseLaunchDate', 'the latest phase launch date'],
  ['earliestPhaseEndDate', 'latestPhaseEndDate', 'the latest phase end date'],
];

export const REQUIRED_ON_CREATE = ['phaseTitle'] as const;
