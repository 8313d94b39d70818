import { recordSchema } from '../http/rest/openapi/record-schema';
import { deleteRoute, getRoute, listRoute, type V2Resource } from '../http/rest/resource-routes';
import type { V2Route } from '../http/rest/v2-route';
import { PublisherProfile } from './publisher-profile.entity';
import { PublisherProfileInput } from './publisher-profile.input';
import { publisherProfileList } from './publisher-profile.list';
import { publisherProfileWire, toPublisherProfileRecord } from './publisher-profile.record';
import type { PublisherProfileService, PublisherProfileWithTitles } from './publisher-profile.service';

const publisherProfiles: V2Resource<PublisherProfileWithTitles, PublisherProfileService, PublisherProfileInput> = {
  param: 'id',
  paramDescription: 'A publisher profile of this workspace.',
  name: 'Publisher profile',
  names: 'Publisher profiles',
  group: 'publishers',
  wire: publisherProfileWire,
  record: recordSchema('PublisherProfile', publisherProfileWire, PublisherProfile),
  input: PublisherProfileInput,
  service: (services) => services.publisherProfiles,
  toRecord: ({ profile, titles }, ctx) => toPublisherProfileRecord(profile, titles, ctx),
};

/**
 * v2 publisher profiles (spec §4.8): a thin translation onto PublisherProfileService. Partners
 * read and delete; operators create profiles with the admin CLI.
 */
export const publisherProfileRoutes: V2Route[] = [
  listRoute(publisherProfiles, {
    summary: 'List publisher profiles',
    description: 'Filters combine. Profiles are in ascending `id` order, each with its live titles. There is no create or update: operators create profiles with the admin CLI.',
    list: publisherProfileList,
  }),
  getRoute(publisherProfiles, { summary: 'Get a publisher profile' }),
  deleteRoute(publisherProfiles, {
    summary: 'Delete a publisher profile',
    description:
      'Soft delete; its titles go with it. Content pieces and distributions keep the `publisher_title_id` they carry, but no write can name those titles again.',
  }),
];
