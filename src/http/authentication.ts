import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext } from '../common/request-context';
import { presentedApiKey } from './request-context';

/** What authentication asks of the service layer (the application's: ApiKeyService, src/api-keys). */
export interface ApiKeyAuthenticator {
  /** The presented key's workspace, scopes and id; throws UnauthenticatedError for a missing, invalid or expired key. */
  authenticate(presentedKey: string | undefined, requestId: string): Promise<RequestContext>;
}

/** preHandler for /v2 and /graphql: resolves the key to its workspace or ends the request with 401. */
export function authenticate(apiKeys: ApiKeyAuthenticator) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    request.requestContext = await apiKeys.authenticate(presentedApiKey(request), request.id);
  };
}
