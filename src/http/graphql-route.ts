import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import { fastifyApolloDrainPlugin, fastifyApolloHandler } from '@as-integrations/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { GraphQLContext } from '../graphql/context';
import { formatGraphQLError, isExpectedError } from '../graphql/format-error';
import { createLoaders } from '../graphql/loaders';
import type { Services } from '../services';
import { authenticate } from './authentication';
import { requestContext } from './request-context';

/** Unexpected resolver failures are logged here, with the request id, before formatError hides them. */
function errorLogging(logger: Logger): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors, contextValue }) {
          for (const error of errors) {
            if (!isExpectedError(error) && !error.extensions?.code) {
              logger.error({ err: error.originalError ?? error, reqId: contextValue?.request?.requestId }, 'GraphQL resolver failed');
            }
          }
        },
      };
    },
  };
}

/** A browser asking for the Sandbox page needs no key; every operation (introspection too) does. */
function wantsLandingPage(request: FastifyRequest): boolean {
  const query = (request.query ?? {}) as Record<string, unknown>;
  return request.method === 'GET' && (request.headers.accept ?? '').includes('text/html') && query.query === undefined;
}

export async function registerGraphQL(app: FastifyInstance, schema: GraphQLSchema, services: Services, production: boolean): Promise<ApolloServer<GraphQLContext>> {
  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    csrfPrevention: true,
    introspection: true,
    // Shutdown is ordered by main.ts (drain HTTP, then the pool, then the database).
    stopOnTerminationSignals: false,
    includeStacktraceInErrorResponses: false,
    formatError: formatGraphQLError,
    plugins: [
      fastifyApolloDrainPlugin(app),
      errorLogging(app.log),
      production ? ApolloServerPluginLandingPageDisabled() : ApolloServerPluginLandingPageLocalDefault({ embed: true, includeCookies: false }),
    ],
  });
  await apollo.start();

  const requireKey = authenticate(services.apiKeys);
  app.route({
    url: '/graphql',
    method: ['GET', 'POST', 'OPTIONS'],
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.method === 'OPTIONS' || wantsLandingPage(request)) return;
      await requireKey(request, reply);
    },
    handler: fastifyApolloHandler(apollo, {
      context: async (request) => {
        const ctx = requestContext(request);
        return { request: ctx, services, loaders: createLoaders(services, ctx) };
      },
    }),
  });
  return apollo;
}
