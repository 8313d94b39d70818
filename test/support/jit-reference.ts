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
 * Apollo calls it without a gateway, the reference its answers must equal (expectSameAnswer).
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

  /** `body` sent to the reference once and to the server under test `times` times: each of its answers must be the reference's (expectSameAnswer). */
  async sameAnswers(body: unknown, times = 1): Promise<RawAnswer> {
    const reference = await this.post(this.referenceUrl, body);
    let underTest = reference;
    for (let i = 0; i < times; i += 1) {
      underTest = await this.post(this.underTestUrl, body);
      expectSameAnswer(underTest, reference);
    }
    return underTest;
  }

  async close(): Promise<void> {
    for (const server of this.servers) await server.close();
  }
}

type Answer = { errors?: { message: string; extensions?: { code?: string } }[] } & Record<string, unknown>;

/**
 * The answer under test is the reference's: same status; everything but `errors` byte for byte;
 * each error graphql-js reported reported too, whole, and each error reported one graphql-js
 * reported for the same failure (message and code). graphql-jit lists every failure whose null
 * stopped at one position, where graphql-js lists the first, and may list them in another order
 * (docs/decisions.md, accepted); an answer without errors is compared byte for byte.
 */
export function expectSameAnswer(underTest: RawAnswer, reference: RawAnswer): void {
  expect(underTest.status).toBe(reference.status);
  if (underTest.text === reference.text) return;
  const [tested, expected] = [JSON.parse(underTest.text) as Answer | Answer[], JSON.parse(reference.text) as Answer | Answer[]];
  const answers = (body: Answer | Answer[]): Answer[] => (Array.isArray(body) ? body : [body]);
  expect(answers(tested)).toHaveLength(answers(expected).length);
  for (const [i, answer] of answers(tested).entries()) {
    const { errors: testedErrors, ...rest } = answer;
    const { errors: expectedErrors, ...expectedRest } = answers(expected)[i];
    expect(JSON.stringify(rest)).toBe(JSON.stringify(expectedRest));
    expect(testedErrors === undefined).toBe(expectedErrors === undefined);
    const whole = new Set((testedErrors ?? []).map((error) => JSON.stringify(error)));
    for (const error of expectedErrors ?? []) expect(whole).toContain(JSON.stringify(error));
    const failure = (error: { message: string; extensions?: { code?: string } }): string => `${error.extensions?.code}: ${error.message}`;
    const failures = new Set((expectedErrors ?? []).map(failure));
    for (const error of testedErrors ?? []) expect(failures).toContain(failure(error));
  }
}
