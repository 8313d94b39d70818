import { Type, type TUnsafe } from '@sinclair/typebox';
import { advertiserAccountRecordSchema } from '../advertiser-accounts/advertiser-account.record';
import { Campaign } from '../campaigns/campaign.entity';
import { campaignWire } from '../campaigns/campaign.record';
import type { JsonSchema } from '../common/json-schema';
import { Content } from '../contents/content.entity';
import { contentWire } from '../contents/content.record';
import { Distribution } from '../distributions/distribution.entity';
import { distributionWire, mediaItemWire } from '../distributions/distribution.record';
import { MediaItem } from '../distributions/media-item.entity';
import { recordSchema } from '../http/rest/openapi/record-schema';
import { Member } from '../members/member.entity';
import { memberWire } from '../members/member.record';
import { OrganisationUser } from '../organisation-users/organisation-user.entity';
import { userWire } from '../organisation-users/organisation-user.record';
import { Phase } from '../phases/phase.entity';
import { phaseWire } from '../phases/phase.record';
import { PublisherProfile } from '../publisher-profiles/publisher-profile.entity';
import { publisherProfileWire } from '../publisher-profiles/publisher-profile.record';
import { nameShape } from './payload-shape';

/** A v2 record inside a payload: its services build it as a plain object from the WireShape. */
export type RecordPart = TUnsafe<Record<string, unknown>>;

/**
 * The record's JSON Schema as the OpenAPI document has it (same WireShape, same entity, so the
 * same closed object), typed as the `Record<string, unknown>` the `to…Record` functions return:
 * the compiler checks that the record is there, the schema what is in it.
 */
function recordPart(schema: JsonSchema, shorthand: string): RecordPart {
  return nameShape(Type.Unsafe<Record<string, unknown>>(schema), shorthand);
}

/** The records events carry, by the payload key that holds them (the event's resource). */
export const EVENT_RECORDS = {
  advertiser_account: recordPart(advertiserAccountRecordSchema, '<advertiser_account record>'),
  member: recordPart(recordSchema('Member', memberWire, Member), '<member record>'),
  user: recordPart(recordSchema('OrganisationUser', userWire, OrganisationUser), '<user record>'),
  publisher_profile: recordPart(recordSchema('PublisherProfile', publisherProfileWire, PublisherProfile), '<publisher_profile record>'),
  campaign: recordPart(recordSchema('Campaign', campaignWire, Campaign), '<campaign record>'),
  phase: recordPart(recordSchema('Phase', phaseWire, Phase), '<phase record>'),
  content: recordPart(recordSchema('Content', contentWire, Content), '<content record>'),
  distribution: recordPart(recordSchema('Distribution', distributionWire, Distribution), '<distribution record>'),
} as const;

export type RecordKey = keyof typeof EVENT_RECORDS;

/** An entry of `distribution_media_library`, as `campaign_media_added` lists the new ones. */
export const MEDIA_ENTRY = recordPart(recordSchema('MediaItem', mediaItemWire, MediaItem), '<media entry>');
