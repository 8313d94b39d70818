import { registerEnumType } from 'type-graphql';
import { StatusMachine } from '../common/status-machine';

/** v2 distribution `status` integers. Ours: docs/decisions.md. */
export enum DistributionStatus {
  PLANNED = 1,
  SCHEDULED = 2,
  LIVE = 3,
  PAUSED = 4,
  COMPLETED = 5,
  CANCELLED = 6,
}

/** Planned, scheduled, running (pausable); completed and cancelled are final. */
export const distributionStatuses = new StatusMachine<DistributionStatus>(
  { 1: 'planned', 2: 'scheduled', 3: 'live', 4: 'paused', 5: 'completed', 6: 'cancelled' },
  {
    [DistributionStatus.PLANNED]: [DistributionStatus.SCHEDULED, DistributionStatus.LIVE, DistributionStatus.CANCELLED],
    [DistributionStatus.SCHEDULED]: [DistributionStatus.PLANNED, DistributionStatus.LIVE, DistributionStatus.CANCELLED],
    [DistributionStatus.LIVE]: [DistributionStatus.PAUSED, DistributionStatus.COMPLETED],
    [DistributionStatus.PAUSED]: [DistributionStatus.LIVE, DistributionStatus.COMPLETED, DistributionStatus.CANCELLED],
    [DistributionStatus.COMPLETED]: [],
    [DistributionStatus.CANCELLED]: [],
  },
  [DistributionStatus.PLANNED, DistributionStatus.SCHEDULED],
);

registerEnumType(DistributionStatus, {
  name: 'DistributionStatus',
  description: 'Lifecycle of a distribution. v2 carries the integer in parentheses.',
  valuesConfig: {
    PLANNED: { description: '1: planned; no date fixed.' },
    SCHEDULED: { description: '2: scheduled for its live date.' },
    LIVE: { description: '3: running.' },
    PAUSED: { description: '4: halted; may resume.' },
    COMPLETED: { description: '5: ran to its end (final).' },
    CANCELLED: { description: '6: will not run (final).' },
  },
});
