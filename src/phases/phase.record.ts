import { TRAFFIC_METRIC_WIRE_NAMES } from '../workspace/traffic-metrics';
import { WireShape } from '../common/wire-shape';
import type { Phase } from './phase.entity';

/**
 * The v2 phase record: the §2.7 creation fields in their order, with `id`, `campaign_id` and the
 * timestamps (the spec does not show the read shape; docs/decisions.md).
 */
export const phaseWire = new WireShape([
  { wire: 'id', readOnly: true },
  'campaign_id',
  'phase_no',
  'external_id',
  'phase_title',
  'phase_description',
  'phase_pacing',
  'key_message',
  'earliest_phase_launch_date',
  'latest_phase_launch_date',
  'earliest_phase_end_date',
  'latest_phase_end_date',
  ...TRAFFIC_METRIC_WIRE_NAMES,
  'no_of_pieces',
  // A jsonb column, which says nothing of its shape: always an object (`{}` when empty).
  { wire: 'custom_fields', schema: { type: 'object' } },
  { wire: 'deleted_at', readOnly: true },
  { wire: 'created_at', readOnly: true },
  { wire: 'updated_at', readOnly: true },
]);

export function toPhaseRecord(phase: Phase): Record<string, unknown> {
  return phaseWire.toRecord(phase);
}
