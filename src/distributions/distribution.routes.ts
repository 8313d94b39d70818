import type { FastifyInstance, FastifyRequest } from 'fastify';
import { emptyFieldErrors } from '../common/errors';
import { parseIdOrNotFound } from '../common/ids';
import { WireShape } from '../common/wire-shape';
import { done, success } from '../http/rest/envelope';
import { paginated } from '../http/rest/pagination';
import { objectInput, pageQuery, throwIfWireErrors } from '../http/rest/request-input';
import type { RestDeps } from '../http/rest/rest-deps';
import { requestContext } from '../http/request-context';
import { DistributionInput, DistributionsInput, MediaItemInput, PrimaryLinkInput } from './distribution.input';
import { distributionWire, mediaItemWire, primaryLinkWire, toDistributionRecord } from './distribution.record';

const config = { wire: distributionWire };
/** The body of `POST` and `PUT /v2/distributions`: a content piece and its distributions. */
const bulkBodyWire = new WireShape(['content_id', 'distributions']);

/** Maps each distribution entry, its `primary_link` and its `distribution_media_library` entries. */
function distributionsInput(request: FastifyRequest): DistributionsInput {
  const errors = emptyFieldErrors();
  const input = objectInput(request.body, '', bulkBodyWire, DistributionsInput, errors);
  if (Object.keys(errors).length === 0 && Array.isArray(input.distributions)) {
    input.distributions = input.distributions.map((raw, index) => {
      const path = `distributions.${index}`;
      const entry = objectInput(raw, path, distributionWire, DistributionInput, errors);
      if (!(entry instanceof DistributionInput)) return entry;
      if (entry.primaryLink !== undefined && entry.primaryLink !== null) {
        entry.primaryLink = objectInput(entry.primaryLink, `${path}.primary_link`, primaryLinkWire, PrimaryLinkInput, errors);
      }
      if (Array.isArray(entry.mediaLibrary)) {
        entry.mediaLibrary = entry.mediaLibrary.map((media, n) => objectInput(media, `${path}.distribution_media_library.${n}`, mediaItemWire, MediaItemInput, errors));
      }
      return entry;
    });
  }
  throwIfWireErrors(errors);
  return input;
}

/** v2 distributions (spec §4.7): a thin translation onto DistributionService. */
export function registerDistributionRoutes(app: FastifyInstance, { services, publicUrl }: RestDeps): void {
  const distributions = services.distributions;

  /** One path, two documented operations: a content id lists, a distribution id shows (docs/decisions.md). */
  app.get<{ Params: { id: string } }>('/distributions/:id', { config }, async (request) => {
    const ctx = requestContext(request);
    const page = pageQuery(request);
    const target = await distributions.resolvePath(ctx, parseIdOrNotFound(request.params.id, 'Distribution'), page);
    if (target.kind === 'distribution') {
      return success('Distribution retrieved successfully', { distribution: toDistributionRecord(target.distribution) });
    }
    return success('Distributions retrieved successfully', { distributions: paginated(request, publicUrl, target.distributions, toDistributionRecord) });
  });

  app.post('/distributions', { config }, async (request) => {
    const created = await distributions.createMany(requestContext(request), distributionsInput(request));
    return success('Distributions created successfully', { distributions: created.map(toDistributionRecord) });
  });

  app.put('/distributions', { config }, async (request) => {
    const saved = await distributions.updateMany(requestContext(request), distributionsInput(request));
    return success('Distributions updated successfully', { distributions: saved.map(toDistributionRecord) });
  });

  app.delete<{ Params: { id: string } }>('/distributions/:id', { config }, async (request) => {
    await distributions.delete(requestContext(request), parseIdOrNotFound(request.params.id, 'Distribution'));
    return done('Distribution deleted successfully');
  });
}
