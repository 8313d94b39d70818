import { PublisherProfileStatus } from '../../src/publisher-profiles/publisher-profile-status';
import { createPublisherProfile } from './fixtures';
import type { TestApp, Workspace } from './test-app';

/** A publisher profile record's keys, in order, as every face that prints one gives them (src/publisher-profiles/publisher-profile.record.ts). */
export const PUBLISHER_PROFILE_RECORD_KEYS = [
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
];

/** The keys of a title inside its profile's record, in order. */
export const PUBLISHER_TITLE_KEYS = ['id', 'publisher_profile_id', 'name', 'url', 'monthly_unique_visitors', 'created_at', 'updated_at'];

/**
 * A profile with every field set, its country in lower case as a partner may write it, the same
 * through every way in (the service, the admin CLI); tests override what they look at.
 */
export const HARBOUR_STREET = {
  name: 'Harbour Street Media',
  website: 'https://harbourstreet.example',
  country: 'gb',
  status: PublisherProfileStatus.INACTIVE,
  description: 'A coastal publisher.',
  contactEmail: 'partners@harbourstreet.example',
  monthlyUniqueVisitors: 250_000,
  monthlyPageViews: 1_100_000,
  socialFollowers: 42_000,
  newsletterSubscribers: 9_000,
};

/** HARBOUR_STREET's titles: one with every field set, one with a name only. */
export const HARBOUR_STREET_TITLES = [{ name: 'The Harbour Daily', url: 'https://daily.harbourstreet.example', monthlyUniqueVisitors: 80_000 }, { name: 'Harbour Weekend' }];

/** HARBOUR_STREET's text fields as its v2 record gives them (REST and the admin CLI print the same record): the country upper case. */
export const HARBOUR_STREET_RECORD_TEXT = {
  name: HARBOUR_STREET.name,
  website: HARBOUR_STREET.website,
  country: 'GB',
  status: 'inactive',
  description: HARBOUR_STREET.description,
  contact_email: HARBOUR_STREET.contactEmail,
};

/** What a profile made with a name only holds in its v2 record, however it was made: active, no website, country, audience or titles. */
export const BARE_PROFILE_RECORD_DEFAULTS = {
  website: '',
  country: '',
  status: 'active',
  description: '',
  contact_email: '',
  monthly_unique_visitors: 0,
  monthly_page_views: 0,
  social_followers: 0,
  newsletter_subscribers: 0,
  is_deleted: 0,
  titles: [],
  deleted_at: null,
};

/** Deletes a profile (and so its titles) through REST, as a partner does. */
export async function deletePublisherProfile(workspace: Workspace, profileId: number): Promise<void> {
  expect((await workspace.api.delete(`/v2/publisher-profiles/${profileId}`)).status).toBe(200);
}

export interface TitlesToName {
  /** Live titles of the workspace, by database id. */
  titleId: number;
  secondTitleId: number;
  /** A title of another workspace. */
  foreignTitleId: number;
  /** A title of the workspace whose profile is deleted. */
  deletedProfileTitleId: number;
}

/** Publisher titles a distribution may name, and ones it must not, whichever face names them. */
export async function titlesToName(app: TestApp, ws: Workspace, other: Workspace): Promise<TitlesToName> {
  const [titleId, secondTitleId] = (await createPublisherProfile(app, ws, 'Daily Planet', ['Planet Online', 'Planet Weekly'])).titleIds;
  const [foreignTitleId] = (await createPublisherProfile(app, other, 'Not yours', ['Their title'])).titleIds;
  const closed = await createPublisherProfile(app, ws, 'Closed down', ['Gone title']);
  await deletePublisherProfile(ws, closed.profileId);
  return { titleId, secondTitleId, foreignTitleId, deletedProfileTitleId: closed.titleIds[0] };
}
