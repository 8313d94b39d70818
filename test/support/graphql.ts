import { isNonNullType, type GraphQLSchema } from 'graphql';
import { RESOLVERS } from '../../src/app/resolvers';
import { createSchemaSync } from '../../src/graphql/schema';
import { apiClient, type AnyBody, type ApiResponse, type TestApp } from './test-app';
import { UNISSUED_KEY } from './expectations';

/** Helpers the GraphQL test files share: the userErrors selection, crafted cursors and the refusals every resolver has. */

/** The selection every mutation payload ends with. */
export const USER_ERRORS = 'userErrors { field message code }';

/** A cursor as the services encode it (base64url JSON [property, value, id]), to craft bad ones. */
export function craftCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** Exactly these userErrors (one per field path, in order), each message starting with the path's last segment. */
export function expectUserErrorsAt(payload: AnyBody, fields: string[][], code = 'BAD_USER_INPUT'): void {
  expect(payload.userErrors).toEqual(fields.map((field) => ({ field, message: expect.stringMatching(new RegExp(`^${field.at(-1)} \\S`)), code })));
}

/** A top-level GraphQL error with this code (the first of `errors`) and a message. */
export function expectGraphQLError(body: AnyBody, code: string): void {
  expect(Array.isArray(body.errors)).toBe(true);
  expect(body.errors[0].extensions.code).toBe(code);
  expect(typeof body.errors[0].message).toBe('string');
}

/** A top-level NOT_FOUND for the single read `field`: HTTP 200, data `{ [field]: null }` and one error saying `message`. */
export function expectGraphQLNotFound(response: ApiResponse<AnyBody>, field: string, message: string): void {
  expect(response.status).toBe(200);
  expect(response.body.data).toEqual({ [field]: null });
  expect(response.body.errors).toEqual([expect.objectContaining({ message, path: [field], extensions: { code: 'NOT_FOUND' } })]);
}

/** The request never reached a resolver: GraphQL coercion refused a variable. */
export function expectCoercionError(response: ApiResponse<AnyBody>): void {
  expect(response.status).toBe(400);
  expect(response.body.data).toBeUndefined();
  expect(response.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
}

/**
 * The GraphQL 401s: no key, and a key no workspace has, each answered with exactly one error and
 * no `data`. `state` must read the same before and after.
 */
export async function expectGraphQLUnauthenticated(app: TestApp, query: string, variables: Record<string, unknown>, state: () => Promise<unknown>): Promise<void> {
  const before = await state();
  const headersets: [Record<string, string>, string][] = [
    [{}, 'API key is missing'],
    [{ 'x-api-key': UNISSUED_KEY }, 'API key is invalid'],
  ];
  for (const [headers, message] of headersets) {
    const response = await apiClient(app.baseUrl, headers).graphql(query, variables);
    expect(response.status).toBe(401);
    expect(response.body).toStrictEqual({ errors: [{ message, extensions: { code: 'UNAUTHENTICATED' } }] });
  }
  expect(await state()).toEqual(before);
}

/**
 * Every page of a connection, from the first to the last: `fetchPage` answers one page (the
 * connection object) for a cursor (none for the first page). Ids in walking order, and the pages.
 */
export async function walkConnection(fetchPage: (after: string | undefined) => Promise<AnyBody>, maxPages = 50): Promise<{ ids: string[]; pages: AnyBody[] }> {
  const pages: AnyBody[] = [];
  let after: string | undefined;
  for (;;) {
    const connection = await fetchPage(after);
    pages.push(connection);
    if (!connection.pageInfo.hasNextPage) break;
    after = connection.pageInfo.endCursor;
    expect(pages.length).toBeLessThan(maxPages);
  }
  return { ids: pages.flatMap((page) => page.nodes.map((node: AnyBody) => node.id)), pages };
}

let schema: GraphQLSchema | undefined;

/** What is left of `data` when root field `field` fails: `{ field: null }`, or null when the field is non-null (a mutation's payload). */
function dataAfterFailing(field: string): AnyBody {
  schema ??= createSchemaSync(RESOLVERS);
  const definition = schema.getQueryType()?.getFields()[field] ?? schema.getMutationType()?.getFields()[field];
  if (!definition) throw new Error(`no root field ${field}`);
  return isNonNullType(definition.type) ? null : { [field]: null };
}

/**
 * An id argument or input field refused before any resolver ran (malformed, or a global id of
 * another type): HTTP 200 (a field error), one top-level BAD_USER_INPUT on root field `field`
 * naming `path` (`id`, `input.campaignId`, `filter.ids.1`) with `message` (exact, or matching a
 * RegExp), and `data` what GraphQL leaves of it (`dataAfterFailing`, unless given).
 */
export function expectIdRefused(response: ApiResponse<AnyBody>, field: string, path: string, message: string | RegExp, data: AnyBody = dataAfterFailing(field)): void {
  expect(response.status).toBe(200);
  expect(response.body.data).toEqual(data);
  expect(response.body.errors).toEqual([
    {
      message: 'The given data was invalid',
      locations: expect.any(Array),
      path: [field],
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: { [path]: [typeof message === 'string' ? message : expect.stringMatching(message)] } },
    },
  ]);
}
