import type { FastifyInstance } from 'fastify';
import { parseIdOrNotFound } from '../common/ids';
import { done, success } from '../http/rest/envelope';
import { paginated } from '../http/rest/pagination';
import { listQuery } from '../http/rest/request-input';
import type { RestDeps } from '../http/rest/rest-deps';
import { requestContext } from '../http/request-context';
import { PublisherProfileFilter } from './publisher-profile.input';
import { publisherProfileWire, toPublisherProfileRecord } from './publisher-profile.record';

const RESOURCE = 'Publisher profile';
const config = { wire: publisherProfileWire };

/** v2 publisher profiles (spec §4.8): a thin translation onto PublisherProfileService. */
export function registerPublisherProfileRoutes(app: FastifyInstance, { services, publicUrl }: RestDeps): void {
  const profiles = services.publisherProfiles;

  app.get('/publisher-profiles', { config }, async (request) => {
    const ctx = requestContext(request);
    const { filter, page } = listQuery(request, PublisherProfileFilter, { search: { prop: 'search' }, country: { prop: 'country' }, status: { prop: 'status' } });
    const slice = await profiles.list(ctx, filter, page);
    return success('Publisher profiles retrieved successfully', {
      publisher_profiles: paginated(request, publicUrl, slice, ({ profile, titles }) => toPublisherProfileRecord(profile, titles, ctx)),
    });
  });

  app.get<{ Params: { id: string } }>('/publisher-profiles/:id', { config }, async (request) => {
    const ctx = requestContext(request);
    const { profile, titles } = await profiles.get(ctx, parseIdOrNotFound(request.params.id, RESOURCE));
    return success('Publisher profile retrieved successfully', { publisher_profile: toPublisherProfileRecord(profile, titles, ctx) });
  });

  app.delete<{ Params: { id: string } }>('/publisher-profiles/:id', { config }, async (request) => {
    await profiles.delete(requestContext(request), parseIdOrNotFound(request.params.id, RESOURCE));
    return done('Publisher profile deleted successfully');
  });
}
