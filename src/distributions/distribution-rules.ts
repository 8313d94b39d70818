import { parseId, withParsedIds, type WithParsedIds } from '../common/ids';
import type { FieldErrorCollector } from '../common/validation';
import type { Content } from '../contents/content.entity';
import { PublisherTitle } from '../publisher-profiles/publisher-title.entity';
import { DISTRIBUTION_TYPES, LINK_TYPES } from '../reference-libraries/reference-catalogue';
import { needsCheck, type Reference } from '../reference-libraries/reference-checks';
import { distributionStatuses } from './distribution-status';
import type { Distribution } from './distribution.entity';
import { DistributionInput, MAX_MEDIA_PER_DISTRIBUTION, type MediaItemInput, type PrimaryLinkInput } from './distribution.input';

type DistributionFields = Omit<DistributionInput, 'id' | 'campaignId' | 'primaryLink' | 'mediaLibrary'>;

/** What an entry that creates a distribution requires (create and update entries share DistributionInput); the REST document states it too. */
export const DISTRIBUTION_REQUIRED_ON_CREATE = ['distributionTypeId'] as const;
/** What a new primary link requires. */
export const LINK_REQUIRED_ON_CREATE = ['linkType', 'originalLink'] as const;
/** What a new media file requires. */
export const MEDIA_REQUIRED_ON_CREATE = ['fileUrl'] as const;

/** The distribution's own columns in an entry (its link, media and ids are handled apart). */
export function fieldsOf(input: DistributionInput): WithParsedIds<DistributionFields, 'publisherTitleId'> {
  const { id: _id, campaignId: _campaignId, primaryLink: _link, mediaLibrary: _media, ...fields } = input;
  return withParsedIds(fields, ['publisherTitleId']);
}

export function linkFields(input: PrimaryLinkInput): Omit<PrimaryLinkInput, 'id'> {
  const { id: _id, ...fields } = input;
  return fields;
}

export function mediaFields(input: MediaItemInput): Omit<MediaItemInput, 'id'> {
  const { id: _id, ...fields } = input;
  return fields;
}

/**
 * The media entries to check. A `distribution_media_library` that is not an array is already
 * refused by the input's rules (IsArray); iterating it anyway would throw (a 500 instead of a 422).
 */
function mediaEntries(entry: DistributionInput): MediaItemInput[] {
  return Array.isArray(entry.mediaLibrary) ? entry.mediaLibrary : [];
}

/** Rules for an entry that creates a distribution, with its new link and media (`path`: `distributions.N`). */
export function checkNewEntry(entry: DistributionInput, problems: FieldErrorCollector, path: string): void {
  if (!(entry instanceof DistributionInput)) return;
  const sink = problems.scoped(path);
  problems.requirePresent(entry, DISTRIBUTION_REQUIRED_ON_CREATE, path);
  if (entry.status !== undefined && !problems.has(`${path}.status`)) distributionStatuses.checkInitial(sink, 'status', entry.status);
  if (entry.primaryLink) {
    // A new link has no id yet (as for media, and for an existing distribution without a link).
    if (entry.primaryLink.id !== undefined) sink.add('primaryLink.id', 'must not be given for a new distribution');
    problems.requirePresent(entry.primaryLink, LINK_REQUIRED_ON_CREATE, `${path}.primaryLink`);
  }
  mediaEntries(entry).forEach((media, index) => {
    if (media.id !== undefined) sink.add(`mediaLibrary.${index}.id`, 'must not be given for a new distribution');
    problems.requirePresent(media, MEDIA_REQUIRED_ON_CREATE, `${path}.mediaLibrary.${index}`);
  });
}

/** Rules for an entry that changes `current`: its status move, its link and its media. */
export function checkChangedEntry(entry: DistributionInput, current: Distribution, problems: FieldErrorCollector, path: string): void {
  const sink = problems.scoped(path);
  if (!problems.has(`${path}.status`)) distributionStatuses.checkTransition(sink, 'status', current.status, entry.status);
  if (entry.primaryLink) {
    const linkId = entry.primaryLink.id === undefined ? undefined : parseId(entry.primaryLink.id);
    if (current.primaryLink) {
      if (linkId !== undefined && linkId !== current.primaryLink.id) sink.add('primaryLink.id', "is not this distribution's link");
    } else {
      if (linkId !== undefined) sink.add('primaryLink.id', 'names no link: this distribution has none yet');
      problems.requirePresent(entry.primaryLink, LINK_REQUIRED_ON_CREATE, `${path}.primaryLink`);
    }
  }
  const mediaIds = new Set((current.mediaLibrary ?? []).map((media) => media.id));
  const adding = mediaEntries(entry).filter((media) => media.id === undefined).length;
  if (mediaIds.size + adding > MAX_MEDIA_PER_DISTRIBUTION) {
    sink.add('mediaLibrary', `would hold ${mediaIds.size + adding} media files; a distribution holds at most ${MAX_MEDIA_PER_DISTRIBUTION}`);
  }
  mediaEntries(entry).forEach((media, index) => {
    if (media.id === undefined) problems.requirePresent(media, MEDIA_REQUIRED_ON_CREATE, `${path}.mediaLibrary.${index}`);
    else if (!mediaIds.has(parseId(media.id) ?? 0)) sink.add(`mediaLibrary.${index}.id`, 'does not name a media file of this distribution');
  });
}

/** A distribution always belongs to its content's campaign; `campaign_id`, if sent, must say so. */
export function checkCampaign(entry: DistributionInput, content: Content, problems: FieldErrorCollector, path: string): void {
  if (entry.campaignId !== undefined && !problems.has(`${path}.campaignId`) && parseId(entry.campaignId) !== content.campaignId) {
    problems.add(`${path}.campaignId`, "must be the content's campaign");
  }
}

/**
 * What an entry names that must exist: its distribution type and link type (global libraries) and
 * its publisher title (this workspace). Only values that are set and changed are checked;
 * `current` is null for a new distribution.
 */
export function distributionReferences(entry: DistributionInput, current: Distribution | null, path: string): Reference[] {
  const references: Reference[] = [];
  if (needsCheck(entry.distributionTypeId, current?.distributionTypeId)) {
    references.push({ path: `${path}.distributionTypeId`, id: entry.distributionTypeId, library: DISTRIBUTION_TYPES });
  }
  const { publisherTitleId } = withParsedIds(entry, ['publisherTitleId']);
  if (needsCheck(publisherTitleId, current?.publisherTitleId)) {
    references.push({ path: `${path}.publisherTitleId`, id: publisherTitleId, entity: PublisherTitle, describe: 'a publisher title of this workspace' });
  }
  if (entry.primaryLink && needsCheck(entry.primaryLink.linkType, current?.primaryLink?.linkType)) {
    references.push({ path: `${path}.primaryLink.linkType`, id: entry.primaryLink.linkType, library: LINK_TYPES });
  }
  return references;
}
