import Fastify, { type FastifyInstance } from 'fastify';
import { execute, type GraphQLSchema } from 'graphql';
import { createLoaders } from '../../src/app/loaders';
import type { Services } from '../../src/app/services';
import { DEFAULT_COST_LIMITS, type CostLimits } from '../../src/graphql/cost';
import type { ExecutionGateway } from '../../src/graphql/jit-executor';
import { registerGraphQL } from '../../src/http/graphql-route';

/**
 * The production GraphQL route (graphql-route.ts) served twice over one database, with two
 * executors: the one under test (graphql-jit, src/graphql/jit-executor.ts) and graphql-js as
 * Apollo calls it without a gateway, the reference its answers must equal byte for byte.
 */

/** graphql-js, called as Apollo calls it without a gateway. */
export function graphqlJsGateway(schema: GraphQLSchema): ExecutionGateway {
  return {
    async load() {
      return {
        executor: async ({ document, request, context }) =>
          execute({ schema, document, contextValue: context, variableValues: request.variables, operationName: request.operationName }),
      };
    },
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => undefined;
    },
    async stop() {},
  };
}

/** A budget that never runs low, so `extensions.cost.throttleStatus` reads the same on both servers. */
const LIMITS: CostLimits = { ...DEFAULT_COST_LIMITS, bucket: { maximumAvailable: 1e12, restoreRate: 1e12 } };

/** The answer as sent: status and body text, unparsed. */
export interface RawAnswer {
  status: number;
  text: string;
}

export class ExecutorPair {
  private constructor(
    private readonly servers: FastifyInstance[],
    readonly underTestUrl: string,
    readonly referenceUrl: string,
    private readonly key: string,
  ) {}

  /** The route with `gateway` and with graphql-js, on the same services; requests carry `key`. */
  static async start(services: Services, schema: GraphQLSchema, gateway: ExecutionGateway, key: string): Promise<ExecutorPair> {
    const servers: FastifyInstance[] = [];
    const serve = async (executor: ExecutionGateway): Promise<string> => {
      const server = Fastify();
      servers.push(server);
      await registerGraphQL(server, schema, services, false, { loaders: createLoaders, costLimits: LIMITS, gateway: executor });
      return server.listen({ port: 0, host: '127.0.0.1' });
    };
    return new ExecutorPair(servers, await serve(gateway), await serve(graphqlJsGateway(schema)), key);
  }

  async post(baseUrl: string, body: unknown): Promise<RawAnswer> {
    const response = await fetch(`${baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': this.key }, body: JSON.stringify(body) });
    return { status: response.status, text: await response.text() };
  }

  /** The same body to both servers: the reference's answer, then the one under test. */
  async both(body: unknown): Promise<{ reference: RawAnswer; underTest: RawAnswer }> {
    const reference = await this.post(this.referenceUrl, body);
    return { reference, underTest: await this.post(this.underTestUrl, body) };
  }

  async close(): Promise<void> {
    for (const server of this.servers) await server.close();
  }
}
