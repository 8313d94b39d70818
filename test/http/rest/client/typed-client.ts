import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { assertMatchesContract, operationIdOf } from '../../../support/openapi-contract';
import type { paths } from './v2-types';

/**
 * A partner's client: openapi-fetch typed by the types openapi-typescript makes of openapi.json
 * (v2-types.ts). Every answer it receives is checked against the document, body and headers (the
 * suite's other client, apiClient, checks bodies only), and every operation it calls is noted
 * in `covered` by its operationId.
 */
export interface TypedClient {
  client: Client<paths>;
  covered: Set<string>;
}

export function typedClient(baseUrl: string, key: string): TypedClient {
  const covered = new Set<string>();
  const client = createClient<paths>({ baseUrl: `${baseUrl}/v2`, headers: { 'x-api-key': key } });
  const contract: Middleware = {
    onRequest({ request, schemaPath }) {
      covered.add(operationIdOf(request.method, schemaPath));
    },
    async onResponse({ request, response }) {
      const url = new URL(request.url);
      const text = await response.clone().text();
      const body: unknown = text === '' ? undefined : JSON.parse(text);
      assertMatchesContract(request.method, `${url.pathname}${url.search}`, response.status, body, response.headers);
    },
  };
  client.use(contract);
  return { client, covered };
}

/** What openapi-fetch answers: the 200's body as `data`, or the error envelope as `error`. */
interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The 200's body; anything else fails the test with the status and the error envelope. */
export function ok<T>({ data, error, response }: Answer<T>): T {
  if (data === undefined) throw new Error(`Expected a 200, got ${response.status}: ${JSON.stringify(error)}`);
  return data;
}

/** The error envelope of an answer that must fail with `status`. */
export function failed<T>({ data, error, response }: Answer<T>, status: number): unknown {
  if (data !== undefined || response.status !== status) throw new Error(`Expected a ${status}, got ${response.status}`);
  return error;
}
