import { arrayOf } from '../common/json-schema';
import { WireShape } from '../common/wire-shape';
import { recordSchema } from '../http/rest/openapi/record-schema';
import type { Distribution } from './distribution.entity';
import { MediaItem } from './media-item.entity';
import { PrimaryLink } from './primary-link.entity';

/** `primary_link` (spec §2.9). */
export const primaryLinkWire = new WireShape(['id', 'link_type', 'link_label', 'original_link', 'hyperlink_text']);

/** An entry of `distribution_media_library` (spec §2.9). */
export const mediaItemWire = new WireShape(['id', 'is_body_media', 'media_label', 'file_url', 'media_notes']);

/** The records nested in a distribution record, for the OpenAPI document. */
const primaryLinkSchema = recordSchema('PrimaryLink', primaryLinkWire, PrimaryLink);
const mediaItemSchema = recordSchema('MediaItem', mediaItemWire, MediaItem);

/**
 * The v2 distribution record: the §2.9 fields in their order (spellings kept), with `content_id`
 * and the timestamps (the spec does not show the read shape; docs/decisions.md).
 */
export const distributionWire = new WireShape([
  'id',
  { wire: 'content_id', readOnly: true },
  'campaign_id',
  'distribution_type_id',
  'publisher_title_id',
  'status',
  { wire: 'distiribution_class', prop: 'distributionClass' },
  'count_clicks_as',
  'distribution_live_date',
  'has_destination_link',
  'no_of_feedback_allowed',
  { wire: 'content_tile', prop: 'contentTitle' },
  'distribution_label',
  'advertiser_review',
  // Built from the joined link, not a column: null when the distribution has none.
  { wire: 'primary_link', toWire: (link) => primaryLinkWire.toRecord(link as PrimaryLink), schema: { anyOf: [primaryLinkSchema, { type: 'null' }] } },
  // A relation, filled by toDistributionRecord; `[]` when the distribution has no media.
  { wire: 'distribution_media_library', prop: 'mediaLibrary', schema: arrayOf(mediaItemSchema) },
  { wire: 'deleted_at', readOnly: true },
  { wire: 'created_at', readOnly: true },
  { wire: 'updated_at', readOnly: true },
]);

/** Expects `primaryLink` and `mediaLibrary` loaded (the service's full load does). */
export function toDistributionRecord(distribution: Distribution): Record<string, unknown> {
  return distributionWire.toRecord(distribution, { distribution_media_library: (distribution.mediaLibrary ?? []).map((item) => mediaItemWire.toRecord(item)) });
}
