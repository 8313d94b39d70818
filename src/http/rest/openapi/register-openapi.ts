import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { basePathOf } from '../../explorer/paths';
import type { V2Route } from '../v2-route';
import { v2OpenApiDocument } from './openapi-document';

/**
 * `GET /v2/openapi.json` and the reference page at `/docs` (Swagger UI, its assets served from
 * the npm package: nothing is fetched from elsewhere). Both need no API key: the contract is public.
 * Behind a proxy, the served document's server URL carries PUBLIC_URL's path, so clients generated
 * from it call the right place; the checked-in openapi.json says `/v2`.
 */
export async function registerOpenApi(app: FastifyInstance, routes: readonly V2Route[], publicUrl: string | undefined): Promise<void> {
  const document = { ...v2OpenApiDocument(routes), servers: [{ url: `${basePathOf(publicUrl)}/v2` }] };
  app.get('/v2/openapi.json', async () => document);
  // @fastify/swagger's types stop at OpenAPI 3.0; a static 3.1 document is passed through as it is.
  await app.register(fastifySwagger, { mode: 'static', specification: { document: document as unknown as OpenAPIV3.Document } });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    // A key typed into "Authorize" is not kept in the browser's storage.
    uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: false, persistAuthorization: false },
  });
}
