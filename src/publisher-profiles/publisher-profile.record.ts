import { arrayOf } from '../common/json-schema';
import type { RequestContext } from '../common/request-context';
import { WireShape } from '../common/wire-shape';
import { recordSchema } from '../http/rest/openapi/record-schema';
import type { PublisherProfile } from './publisher-profile.entity';
import { PublisherTitle } from './publisher-title.entity';

/** A title inside its profile's record. */
export const publisherTitleWire = new WireShape(['id', 'publisher_profile_id', 'name', 'url', 'monthly_unique_visitors', 'created_at', 'updated_at']);

/** The v2 publisher profile record (spec §2.10 shows none; docs/decisions.md lists the design). */
export const publisherProfileWire = new WireShape([
  'id',
  // The workspace's code and the live titles are given to toRecord, not read from the entity.
  { wire: 'organization_code', schema: { type: 'string', description: "The workspace's code." } },
  'name',
  'website',
  'country',
  'status',
  'description',
  'contact_email',
  'monthly_unique_visitors',
  'monthly_page_views',
  'social_followers',
  'newsletter_subscribers',
  'is_deleted',
  { wire: 'titles', schema: { ...arrayOf(recordSchema('PublisherTitle', publisherTitleWire, PublisherTitle)), description: 'The live titles, by `id`.' } },
  'deleted_at',
  'created_at',
  'updated_at',
]);

export function toPublisherProfileRecord(profile: PublisherProfile, titles: readonly PublisherTitle[], ctx: RequestContext): Record<string, unknown> {
  return publisherProfileWire.toRecord(profile, {
    organization_code: ctx.organisationCode,
    titles: titles.map((title) => publisherTitleWire.toRecord(title)),
  });
}
