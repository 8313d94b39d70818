import { keyed } from '../http/rest/openapi/response-schemas';
import type { V2Route } from '../http/rest/v2-route';
import { requestContext } from '../http/request-context';
import { API_KEY_RECORD_SCHEMA, toApiKeyRecord } from './api-key.record';

/** The calling key describing itself (designed: §5.5 leaves keys to us). */
export const apiKeyRoutes = [
  {
    method: 'GET',
    path: '/api-key',
    operationId: 'getApiKey',
    summary: 'Describe the calling API key',
    description: 'The key the request is made with: its prefix, label, scopes and expiry (never the key itself), so an integration can check what it may do.',
    tag: 'API key',
    scope: 'key',
    success: { message: 'API key retrieved successfully', data: keyed('api_key', API_KEY_RECORD_SCHEMA) },
    async handle(request, { services }) {
      return { api_key: toApiKeyRecord(await services.apiKeys.describe(requestContext(request))) };
    },
  },
] satisfies V2Route[];
