import type { JsonSchema } from '../common/json-schema';
import { inputSchema } from '../http/rest/openapi/input-schema';
import { keyed, pageOf } from '../http/rest/openapi/response-schemas';
import { recordSchema } from '../http/rest/openapi/record-schema';
import { paginated } from '../http/rest/pagination';
import { listQuery } from '../http/rest/list-query';
import { bodyInput, pathParam } from '../http/rest/request-input';
import type { ListQueryDeclaration, V2Route } from '../http/rest/v2-route';
import { requestContext } from '../http/request-context';
import { contentStatuses } from './content-status';
import { Content } from './content.entity';
import { ContentInput } from './content.input';
import { contentList } from './content.list';
import { contentWire, toContentRecord } from './content.record';
import { REQUIRED_ON_CREATE } from './content.service';

const TAG = 'Contents';
const config = { wire: contentWire };
const record = recordSchema('Content', contentWire, Content);
const contentId = { content_id: 'A content piece of this workspace (a distribution id answers 404).' };

/**
 * `status` among `statuses`, as an integer or, since the wire turns a string of digits into the
 * integer before the rules see it (contentWire's `status`), as that string.
 */
function statusAmong(statuses: readonly number[]): () => JsonSchema {
  // One digit each, so the string form is a character class.
  if (statuses.some((status) => status > 9)) throw new Error('Content statuses are single digits');
  return () => ({
    anyOf: [
      { type: 'integer', enum: [...statuses] },
      { type: 'string', pattern: `^\\s*0*[${statuses.join('')}]\\s*$`, description: 'The status as a string of digits (`"2"`).' },
    ],
  });
}

/** Create and update share ContentInput; a create requires what the service requires, and starts in an initial status. */
const createBody = inputSchema('ContentCreateInput', contentWire, ContentInput, { required: REQUIRED_ON_CREATE, properties: { status: statusAmong(contentStatuses.initial) } });
const updateBody = inputSchema('ContentUpdateInput', contentWire, ContentInput, { properties: { status: statusAmong(contentStatuses.values) } });

const LIST_QUERY = { paged: true, list: contentList } satisfies ListQueryDeclaration;

/**
 * v2 contents (spec §4.6): a thin translation onto ContentService.
 */
export const contentRoutes = [
  {
    method: 'GET',
    path: '/contents',
    operationId: 'listContents',
    summary: 'List content pieces',
    description: 'Filters combine.',
    tag: TAG,
    scope: 'campaigns:read',
    query: LIST_QUERY,
    success: { message: 'Contents retrieved successfully', data: keyed('contents', pageOf(record)) },
    config,
    async handle(request, { services, publicUrl }) {
      const slice = await services.contents.list(requestContext(request), listQuery(request, contentList));
      return { contents: paginated(request, publicUrl, slice, toContentRecord) };
    },
  },
  {
    method: 'GET',
    path: '/contents/:content_id',
    operationId: 'getContent',
    summary: 'Get a content piece',
    tag: TAG,
    scope: 'campaigns:read',
    params: contentId,
    success: { message: 'Content retrieved successfully', data: keyed('content', record) },
    config,
    async handle(request, { services }) {
      const content = await services.contents.get(requestContext(request), pathParam(request, 'content_id'));
      return { content: toContentRecord(content) };
    },
  },
  {
    method: 'POST',
    path: '/contents',
    operationId: 'createContent',
    summary: 'Create a content piece',
    description:
      '`campaign_id` (a live campaign of the workspace), `phase_id` (a live phase of that campaign) and `content_name` are required. ' +
      '`status` may only be 1 (draft, the default) or 2 (in review). The editor is written `content_editor_id` and shown as `content_editor`.',
    tag: TAG,
    scope: 'campaigns:write',
    body: createBody,
    success: { message: 'Content created successfully', data: keyed('content', record) },
    config,
    async handle(request, { services }) {
      const content = await services.contents.create(requestContext(request), bodyInput(request, contentWire, ContentInput));
      return { content: toContentRecord(content) };
    },
  },
  {
    method: 'PUT',
    path: '/contents/:content_id',
    operationId: 'updateContent',
    summary: 'Update a content piece',
    description:
      'Fields left out are unchanged. As §4.6 shows, the answer carries the record under `content` at the top level, not under `data`. ' +
      '`status` moves only along the documented transitions. `phase_id` alone moves the piece to another phase of its campaign; ' +
      '`campaign_id` with a `phase_id` of that campaign moves it, and its live distributions, to another campaign.',
    tag: TAG,
    scope: 'campaigns:write',
    params: contentId,
    body: updateBody,
    success: { message: 'Content updated successfully', data: record, under: 'content' },
    config,
    async handle(request, { services }) {
      const content = await services.contents.update(requestContext(request), pathParam(request, 'content_id'), bodyInput(request, contentWire, ContentInput));
      return toContentRecord(content);
    },
  },
  {
    method: 'DELETE',
    path: '/contents/:content_id',
    operationId: 'deleteContent',
    summary: 'Delete a content piece',
    description: 'Soft delete; its live distributions go with it.',
    tag: TAG,
    scope: 'campaigns:write',
    params: contentId,
    success: { message: 'Content deleted successfully' },
    config,
    async handle(request, { services }) {
      await services.contents.delete(requestContext(request), pathParam(request, 'content_id'));
    },
  },
] satisfies V2Route[];
