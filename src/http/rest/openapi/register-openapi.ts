import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import type { V2Route } from '../v2-route';
import { openApiDocument } from './openapi-document';

/**
 * The release the document describes: the package's version, whose changes CHANGELOG.md lists
 * (test/http/rest/openapi/openapi.test.ts holds the two equal).
 */
export const API_VERSION = '0.1.0';

/**
 * The /v2 document served and checked in (openapi.json): the declarations are its only source
 * (the application's are V2_ROUTES, src/app/v2-routes.ts).
 */
export function v2OpenApiDocument(routes: readonly V2Route[]): ReturnType<typeof openApiDocument> {
  return openApiDocument(routes, API_VERSION);
}

/**
 * `GET /v2/openapi.json` and the reference page at `/docs` (Swagger UI, its assets served from
 * the npm package: nothing is fetched from elsewhere). Both need no API key: the contract is public.
 */
export async function registerOpenApi(app: FastifyInstance, routes: readonly V2Route[]): Promise<void> {
  const document = v2OpenApiDocument(routes);
  app.get('/v2/openapi.json', async () => document);
  // @fastify/swagger's types stop at OpenAPI 3.0; a static 3.1 document is passed through as it is.
  await app.register(fastifySwagger, { mode: 'static', specification: { document: document as unknown as OpenAPIV3.Document } });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: false, persistAuthorization: true },
  });
}
