import type { FastifyInstance } from 'fastify';
import { parseIdOrNotFound } from '../common/ids';
import { done, success, successUnder } from '../http/rest/envelope';
import { paginated } from '../http/rest/pagination';
import { bodyInput, listQuery } from '../http/rest/request-input';
import type { RestDeps } from '../http/rest/rest-deps';
import { requestContext } from '../http/request-context';
import { ContentFilter, ContentInput } from './content.input';
import { contentWire, toContentRecord } from './content.record';

const RESOURCE = 'Content';
const config = { wire: contentWire };

/** v2 contents (spec §4.6): a thin translation onto ContentService. */
export function registerContentRoutes(app: FastifyInstance, { services, publicUrl }: RestDeps): void {
  const contents = services.contents;

  app.get('/contents', { config }, async (request) => {
    const { filter, page } = listQuery(request, ContentFilter, {
      campaign_id: { prop: 'campaignId' },
      phase_id: { prop: 'phaseId' },
      status: { prop: 'status', integer: true },
    });
    const slice = await contents.list(requestContext(request), filter, page);
    return success('Contents retrieved successfully', { contents: paginated(request, publicUrl, slice, toContentRecord) });
  });

  app.get<{ Params: { content_id: string } }>('/contents/:content_id', { config }, async (request) => {
    const content = await contents.get(requestContext(request), parseIdOrNotFound(request.params.content_id, RESOURCE));
    return success('Content retrieved successfully', { content: toContentRecord(content) });
  });

  app.post('/contents', { config }, async (request) => {
    const content = await contents.create(requestContext(request), bodyInput(request, contentWire, ContentInput));
    return success('Content created successfully', { content: toContentRecord(content) });
  });

  /** §4.6: this response carries the record under `content`, not `data`. */
  app.put<{ Params: { content_id: string } }>('/contents/:content_id', { config }, async (request) => {
    const id = parseIdOrNotFound(request.params.content_id, RESOURCE);
    const content = await contents.update(requestContext(request), id, bodyInput(request, contentWire, ContentInput));
    return successUnder('Content updated successfully', 'content', toContentRecord(content));
  });

  app.delete<{ Params: { content_id: string } }>('/contents/:content_id', { config }, async (request) => {
    await contents.delete(requestContext(request), parseIdOrNotFound(request.params.content_id, RESOURCE));
    return done('Content deleted successfully');
  });
}
