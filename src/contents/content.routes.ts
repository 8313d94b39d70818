import type { JsonSchema } from '../common/json-schema';
import { inputSchema } from '../http/rest/openapi/input-schema';
import { recordSchema } from '../http/rest/openapi/record-schema';
import { createRoute, deleteRoute, getRoute, listRoute, updateRoute, type V2Resource } from '../http/rest/resource-routes';
import type { V2Route } from '../http/rest/v2-route';
import { contentStatuses } from './content-status';
import { Content } from './content.entity';
import { ContentInput } from './content.input';
import { contentList } from './content.list';
import { contentWire, toContentRecord } from './content.record';
import { type ContentService, REQUIRED_ON_CREATE } from './content.service';

const contents: V2Resource<Content, ContentService, ContentInput> = {
  param: 'content_id',
  paramDescription: 'A content piece of this workspace (a distribution id answers 404).',
  name: 'Content',
  names: 'Contents',
  group: 'campaigns',
  wire: contentWire,
  record: recordSchema('Content', contentWire, Content),
  input: ContentInput,
  service: (services) => services.contents,
  toRecord: toContentRecord,
};

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

/**
 * v2 contents (spec §4.6): a thin translation onto ContentService.
 */
export const contentRoutes: V2Route[] = [
  listRoute(contents, { summary: 'List content pieces', description: 'Filters combine.', list: contentList }),
  getRoute(contents, { summary: 'Get a content piece' }),
  createRoute(contents, {
    summary: 'Create a content piece',
    description:
      '`campaign_id` (a live campaign of the workspace), `phase_id` (a live phase of that campaign) and `content_name` are required. ' +
      '`status` may only be 1 (draft, the default) or 2 (in review). The editor is written `content_editor_id` and shown as `content_editor`.',
    body: createBody,
  }),
  updateRoute(contents, {
    summary: 'Update a content piece',
    description:
      'Fields left out are unchanged. As §4.6 shows, the answer carries the record under `content` at the top level, not under `data`. ' +
      '`status` moves only along the documented transitions. `phase_id` alone moves the piece to another phase of its campaign; ' +
      '`campaign_id` with a `phase_id` of that campaign moves it, and its live distributions, to another campaign.',
    body: updateBody,
    unkeyed: true,
  }),
  deleteRoute(contents, { summary: 'Delete a content piece', description: 'Soft delete; its live distributions go with it.' }),
];
