import { keyed, pageOf } from '../http/rest/openapi/response-schemas';
import { recordSchema } from '../http/rest/openapi/record-schema';
import { paginated } from '../http/rest/pagination';
import { listQuery } from '../http/rest/list-query';
import { pathParam } from '../http/rest/request-input';
import type { ListQueryDeclaration, V2Route } from '../http/rest/v2-route';
import { requestContext } from '../http/request-context';
import { PublisherProfile } from './publisher-profile.entity';
import { publisherProfileList } from './publisher-profile.list';
import { publisherProfileWire, toPublisherProfileRecord } from './publisher-profile.record';

const TAG = 'Publisher profiles';
const config = { wire: publisherProfileWire };
const record = recordSchema('PublisherProfile', publisherProfileWire, PublisherProfile);
const id = { id: 'A publisher profile of this workspace.' };

const LIST_QUERY = { paged: true, list: publisherProfileList } satisfies ListQueryDeclaration;

/**
 * v2 publisher profiles (spec §4.8): a thin translation onto PublisherProfileService. Partners
 * read and delete; operators create profiles with the admin CLI.
 */
export const publisherProfileRoutes = [
  {
    method: 'GET',
    path: '/publisher-profiles',
    operationId: 'listPublisherProfiles',
    summary: 'List publisher profiles',
    description: 'Filters combine. Profiles are in ascending `id` order, each with its live titles. There is no create or update: operators create profiles with the admin CLI.',
    tag: TAG,
    scope: 'publishers:read',
    query: LIST_QUERY,
    success: { message: 'Publisher profiles retrieved successfully', data: keyed('publisher_profiles', pageOf(record)) },
    config,
    async handle(request, { services, publicUrl }) {
      const ctx = requestContext(request);
      const slice = await services.publisherProfiles.list(ctx, listQuery(request, publisherProfileList));
      return { publisher_profiles: paginated(request, publicUrl, slice, ({ profile, titles }) => toPublisherProfileRecord(profile, titles, ctx)) };
    },
  },
  {
    method: 'GET',
    path: '/publisher-profiles/:id',
    operationId: 'getPublisherProfile',
    summary: 'Get a publisher profile',
    tag: TAG,
    scope: 'publishers:read',
    params: id,
    success: { message: 'Publisher profile retrieved successfully', data: keyed('publisher_profile', record) },
    config,
    async handle(request, { services }) {
      const ctx = requestContext(request);
      const { profile, titles } = await services.publisherProfiles.get(ctx, pathParam(request, 'id'));
      return { publisher_profile: toPublisherProfileRecord(profile, titles, ctx) };
    },
  },
  {
    method: 'DELETE',
    path: '/publisher-profiles/:id',
    operationId: 'deletePublisherProfile',
    summary: 'Delete a publisher profile',
    description:
      'Soft delete; its titles go with it. Content pieces and distributions keep the `publisher_title_id` they carry, but no write can name those titles again.',
    tag: TAG,
    scope: 'publishers:write',
    params: id,
    success: { message: 'Publisher profile deleted successfully' },
    config,
    async handle(request, { services }) {
      await services.publisherProfiles.delete(requestContext(request), pathParam(request, 'id'));
    },
  },
] satisfies V2Route[];
