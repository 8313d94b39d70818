import type { FastifyRequest } from 'fastify';
import { emptyFieldErrors } from '../common/errors';
import { arrayOf } from '../common/json-schema';
import { WireShape } from '../common/wire-shape';
import { inputSchema } from '../http/rest/openapi/input-schema';
import { keyed, pageOf } from '../http/rest/openapi/response-schemas';
import { recordSchema } from '../http/rest/openapi/record-schema';
import { paginated } from '../http/rest/pagination';
import { listQuery } from '../http/rest/list-query';
import { objectInput, pathParam, throwIfWireErrors } from '../http/rest/request-input';
import { distributionList } from './distribution.list';
import { deleteRoute, type V2Resource } from '../http/rest/resource-routes';
import { Outcome, type ListQueryDeclaration, type V2Route } from '../http/rest/v2-route';
import { requestContext } from '../http/request-context';
import { DISTRIBUTION_REQUIRED_ON_CREATE, LINK_REQUIRED_ON_CREATE, MEDIA_REQUIRED_ON_CREATE } from './distribution-rules';
import { distributionStatuses } from './distribution-status';
import { Distribution } from './distribution.entity';
import { DistributionInput, DistributionsInput, MediaItemInput, PrimaryLinkInput } from './distribution.input';
import { distributionWire, mediaItemWire, primaryLinkWire, toDistributionRecord } from './distribution.record';
import type { DistributionService } from './distribution.service';

const record = recordSchema('Distribution', distributionWire, Distribution);
const distributions: V2Resource<Distribution, DistributionService, DistributionInput> = {
  param: 'id',
  paramDescription: 'A distribution of this workspace.',
  name: 'Distribution',
  names: 'Distributions',
  group: 'campaigns',
  wire: distributionWire,
  record,
  input: DistributionInput,
  service: (services) => services.distributions,
  toRecord: toDistributionRecord,
};
const TAG = distributions.names;
const config = { wire: distributionWire };
const records = keyed('distributions', arrayOf(record));

/** The body of `POST` and `PUT /v2/distributions`: a content piece and its distributions. */
const bulkBodyWire = new WireShape(['content_id', 'distributions']);

/**
 * The create body, each level requiring what the service requires of new records, and without the
 * ids it refuses there (a new distribution, link or file has none yet).
 */
const createBody = inputSchema('DistributionsCreateInput', bulkBodyWire, DistributionsInput, {
  nested: {
    distributions: inputSchema('DistributionCreateInput', distributionWire, DistributionInput, {
      required: DISTRIBUTION_REQUIRED_ON_CREATE,
      omit: ['id'],
      properties: { status: (generated) => ({ ...generated, enum: [...distributionStatuses.initial] }) },
      nested: {
        primary_link: inputSchema('PrimaryLinkCreateInput', primaryLinkWire, PrimaryLinkInput, { required: LINK_REQUIRED_ON_CREATE, omit: ['id'] }),
        distribution_media_library: inputSchema('MediaItemCreateInput', mediaItemWire, MediaItemInput, { required: MEDIA_REQUIRED_ON_CREATE, omit: ['id'] }),
      },
    }),
  },
});

/**
 * The update body: an entry with `id` changes that distribution, one without creates one (then
 * `distribution_type_id` is required, as the operation's description says: one schema cannot
 * make a field's requirement depend on another's absence in a way generators follow).
 */
const updateBody = inputSchema('DistributionsUpdateInput', bulkBodyWire, DistributionsInput, {
  nested: {
    distributions: inputSchema('DistributionUpdateInput', distributionWire, DistributionInput, {
      nested: {
        primary_link: inputSchema('PrimaryLinkInput', primaryLinkWire, PrimaryLinkInput),
        distribution_media_library: inputSchema('MediaItemInput', mediaItemWire, MediaItemInput),
      },
    }),
  },
});

/** `GET /v2/distributions/{id}` pages only when the id is a content piece's: paging, no filters. */
const PAGE_QUERY = { paged: true, list: distributionList } satisfies ListQueryDeclaration;

const FOUND_ONE = 'Distribution retrieved successfully';
const FOUND_PAGE = 'Distributions retrieved successfully';

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

/**
 * v2 distributions (spec §4.7): a thin translation onto DistributionService.
 */
export const distributionRoutes = [
  {
    method: 'GET',
    path: '/distributions/:id',
    operationId: 'getDistributionOrContentDistributions',
    summary: 'Get a distribution, or list the distributions of a content piece',
    description:
      'One path for the two operations §4.7 documents, Distributions List (`{content_id}`) and Distribution Details (`{distribution_id}`). ' +
      'Content pieces and distributions draw their ids from one sequence, so an id names at most one of them: ' +
      'the id of a live content piece answers its live distributions as a page under `data.distributions` (message `Distributions retrieved successfully`); ' +
      'the id of a live distribution answers that distribution under `data.distribution` (message `Distribution retrieved successfully`); ' +
      'anything else is 404 `Distribution not found`. `page` and `per_page` are checked whatever the id names, and shape only a content piece\'s page.',
    tag: TAG,
    scope: 'campaigns:read',
    params: { id: 'A content piece (its distributions) or a distribution (that one) of this workspace.' },
    query: PAGE_QUERY,
    success: {
      message: [FOUND_ONE, FOUND_PAGE],
      data: { oneOf: [keyed('distribution', record), keyed('distributions', pageOf(record))] },
    },
    config,
    async handle(request, { services, publicUrl }) {
      const page = listQuery(request, distributionList);
      const target = await services.distributions.resolvePath(requestContext(request), pathParam(request, 'id'), page);
      if (target.kind === 'distribution') return new Outcome(FOUND_ONE, { distribution: toDistributionRecord(target.distribution) });
      return new Outcome(FOUND_PAGE, { distributions: paginated(request, publicUrl, target.distributions, toDistributionRecord) });
    },
  },
  {
    method: 'POST',
    path: '/distributions',
    operationId: 'createDistributions',
    bodyNamesRecord: true,
    summary: 'Create distributions of a content piece',
    description:
      'All or nothing; one 422 names every broken field of every entry (`distributions.N.…`). `content_id` is required (404 `Content not found` when it names no live content piece). ' +
      'Each entry needs `distribution_type_id` and has no `id`; `campaign_id` may be left out and, when given, must be the content\'s campaign. ' +
      '`primary_link` creates the link (`link_type` and `original_link` required); `distribution_media_library` adds up to 50 files (`file_url` required). ' +
      'The answer holds the created records in request order.',
    tag: TAG,
    scope: 'campaigns:write',
    body: createBody,
    success: { message: 'Distributions created successfully', data: records },
    config,
    async handle(request, { services }) {
      const created = await services.distributions.createMany(requestContext(request), distributionsInput(request));
      return { distributions: created.map(toDistributionRecord) };
    },
  },
  {
    method: 'PUT',
    path: '/distributions',
    operationId: 'updateDistributions',
    bodyNamesRecord: true,
    summary: 'Update and add distributions of a content piece',
    description:
      'The body of the create. Entries are handled one by one, all or nothing: an entry with `id` changes that distribution of this content piece (only the fields given), ' +
      'an entry without `id` creates one. Distributions left out are kept; this operation never deletes. ' +
      '`primary_link`: an object changes or creates the link, `null` removes it, left out keeps it. ' +
      '`distribution_media_library`: entries with `id` change that file, entries without add one; files left out are kept. ' +
      'The answer holds the record of each entry in request order.',
    tag: TAG,
    scope: 'campaigns:write',
    body: updateBody,
    success: { message: 'Distributions updated successfully', data: records },
    config,
    async handle(request, { services }) {
      const saved = await services.distributions.updateMany(requestContext(request), distributionsInput(request));
      return { distributions: saved.map(toDistributionRecord) };
    },
  },
  deleteRoute(distributions, {
    summary: 'Delete a distribution',
    description: 'Soft delete; its link and media files stay with it. A content id answers 404: content pieces are deleted with `DELETE /v2/contents/{content_id}`.',
  }),
] satisfies V2Route[];
