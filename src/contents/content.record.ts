import { TRAFFIC_METRIC_WIRE_NAMES } from '../workspace/traffic-metrics';
import { integerFromString, WireShape } from '../common/wire-shape';
import type { Content } from './content.entity';

/**
 * The v2 content record (spec §2.8) in its order. Requests name the editor `content_editor_id`;
 * the record shows it as `content_editor`. `status` may be sent as a string of digits.
 */
export const contentWire = new WireShape([
  { wire: 'content_id', prop: 'id', readOnly: true },
  'campaign_id',
  'phase_id',
  'publisher_product_id',
  'publisher_title_id',
  'content_name',
  { wire: 'status', fromWire: integerFromString },
  'content_description',
  'live_date',
  { wire: 'content_editor', prop: 'contentEditorId', readOnly: true },
  { wire: 'content_editor_id', prop: 'contentEditorId', writeOnly: true },
  ...TRAFFIC_METRIC_WIRE_NAMES,
  { wire: 'deleted_at', readOnly: true },
  { wire: 'created_at', readOnly: true },
  { wire: 'updated_at', readOnly: true },
]);

export function toContentRecord(content: Content): Record<string, unknown> {
  return contentWire.toRecord(content);
}
