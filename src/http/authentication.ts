import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../app/services';
import { presentedApiKey } from './request-context';

/** preHandler for /v2 and /graphql: resolves the key to its workspace or ends the request with 401. */
export function authenticate(apiKeys: Services['apiKeys']) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    request.requestContext = await apiKeys.authenticate(presentedApiKey(request), request.id);
  };
}
