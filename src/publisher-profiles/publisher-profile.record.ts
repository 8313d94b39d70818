import type { RequestContext } from '../common/request-context';
import { WireShape } from '../common/wire-shape';
import type { PublisherProfile } from './publisher-profile.entity';
import type { PublisherTitle } from './publisher-title.entity';

/** A title inside its profile's record. */
export const publisherTitleWire = new WireShape(['id', 'publisher_profile_id', 'name', 'url', 'monthly_unique_visitors', 'created_at', 'updated_at']);

/** The v2 publisher profile record (spec §2.10 shows none; docs/decisions.md lists the design). */
export const publisherProfileWire = new WireShape([
  'id',
  'organization_code',
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
  'titles',
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
