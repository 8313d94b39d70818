import { getNamedType, getNullableType, isInputObjectType, isListType } from 'graphql';
import type { V2Route } from '../../src/http/rest/v2-route';
import { databaseFingerprint } from '../support/database-fingerprint';
import { gid } from '../support/global-ids';
import { type AnyBody } from '../support/test-app';
import { pathWith } from '../support/v2-requests';
import { createService, createWebhook } from '../support/webhooks';
import { LIST_TABLE, SCHEMA, schemaField, STREAMS } from './list-table';
import { appForFile } from '../support/file-app';

/**
 * Text PostgreSQL cannot store (NUL; on GraphQL, whose JSON can carry it, a lone surrogate too)
 * given to any parameter of any declared list, on both faces, is refused naming the parameter
 * (422 on /v2, BAD_USER_INPUT on GraphQL), and nothing is read or written: one rule for every value
 * a list reads (src/db/lists/list-request.ts, keyset.ts), generated here from the declarations.
 */

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\uD800b';

const { app, ws } = appForFile({ ws: 'Unstorable text' });
let webhookId: number;

beforeAll(async () => {
  webhookId = (await createWebhook(ws, { service_id: (await createService(ws)).id })).id;
});

/** Every query parameter a /v2 list route documents: its list's filters, paging and sorting, its own. */
function parametersOf(route: V2Route): string[] {
  const query = route.query!;
  const filters = Object.values(query.list?.filters ?? {}).flatMap((filter) => (filter.rest ? [filter.rest.name] : []));
  const paging = query.paged ? ['page', 'per_page', ...(query.list?.sortable ? ['sort'] : [])] : [];
  return [...filters, ...paging, ...(query.parameters ?? []).map((parameter) => parameter.name)];
}

const REST_CASES = [...LIST_TABLE, ...STREAMS].flatMap((entry) =>
  entry.rest.flatMap((route) => parametersOf(route).map((parameter) => [`GET /v2${route.path}?${parameter}`, route, parameter] as const)),
);

describe('/v2 list parameters', () => {
  it('are all here', () => {
    expect(REST_CASES.length).toBeGreaterThan(40);
  });

  it.each(REST_CASES)('%s=<NUL> is a 422 naming the parameter, reading and changing nothing', async (_name, route, parameter) => {
    const before = await databaseFingerprint(app);
    const response = await ws.api.get(`/v2${pathWith(route, () => String(webhookId))}?${parameter}=${encodeURIComponent(NUL)}`);
    expect({ status: response.status, code: response.body.code, fields: Object.keys(response.body.errors ?? {}) }).toEqual({ status: 422, code: expect.any(String), fields: [parameter] });
    expect(await databaseFingerprint(app)).toEqual(before);
  });
});

/** A filter field whose GraphQL value is text (String or ID, or a list of them): what carries text to SQL. */
function textFilters(filterType: unknown): { name: string; list: boolean }[] {
  const named = getNamedType(filterType as never);
  if (!isInputObjectType(named)) throw new Error('no filter input');
  return Object.values(named.getFields())
    .filter((field) => ['String', 'ID'].includes(getNamedType(field.type).name))
    .map((field) => ({ name: field.name, list: isListType(getNullableType(field.type)) }));
}

const GRAPHQL_CASES = [...LIST_TABLE, ...STREAMS].flatMap((entry) => {
  const access = entry.graphql;
  if (!access) return [];
  const filterType = schemaField(SCHEMA, access.type, access.field).args.find((arg) => arg.name === 'filter')?.type;
  return textFilters(filterType).flatMap(({ name, list }) =>
    [
      ['NUL', NUL],
      ['a lone surrogate', LONE_SURROGATE],
    ].map(([what, text]) => [`${access.type}.${access.field}(filter: { ${name} }) holding ${what}`, access, name, list ? [text] : text] as const),
  );
});

describe('GraphQL list filters', () => {
  it('are all here', () => {
    expect(GRAPHQL_CASES.length).toBeGreaterThan(20);
  });

  it.each(GRAPHQL_CASES)('%s is BAD_USER_INPUT naming the filter, reading and changing nothing', async (_name, access, name, value) => {
    const before = await databaseFingerprint(app);
    const filterType = String(schemaField(SCHEMA, access.type, access.field).args.find((arg) => arg.name === 'filter')!.type);
    const selection = `${access.field}(first: 1, filter: $filter) { nodes { __typename } }`;
    const query = access.parent
      ? `query($filter: ${filterType}, $id: ID!) { ${access.parent}(id: $id) { ${selection} } }`
      : `query($filter: ${filterType}) { ${selection} }`;
    const response = await ws.api.graphql(query, { filter: { [name]: value }, ...(access.parent ? { id: gid('Webhook', webhookId) } : {}) });
    const errors: AnyBody[] = response.body.errors ?? [];
    expect(errors.map((error) => ({ code: error.extensions.code, fields: Object.keys(error.extensions.fieldErrors ?? {}) }))).toEqual([
      // The list engine names a filter as the client wrote it (`search`); global ids are read before it, under the argument's path (`filter.ids.0`).
      { code: 'BAD_USER_INPUT', fields: [expect.stringMatching(new RegExp(`^(filter\\.)?${name}(\\.0)?$`))] },
    ]);
    expect(await databaseFingerprint(app)).toEqual(before);
  });
});

describe('cursors', () => {
  it('refuse a crafted cursor whose text key holds NUL as BAD_USER_INPUT on `after`, instead of sending it to PostgreSQL', async () => {
    await ws.api.post('/v2/advertiser-accounts', { name: 'Cursor account' });
    const page = await ws.api.graphql('{ advertiserAccounts(first: 1, orderBy: { field: NAME }) { pageInfo { endCursor } } }');
    const [signature, [, id]] = JSON.parse(Buffer.from(page.body.data.advertiserAccounts.pageInfo.endCursor, 'base64url').toString('utf8')) as [string, [string, number]];
    const crafted = Buffer.from(JSON.stringify([signature, [NUL, id]])).toString('base64url');
    const response = await ws.api.graphql('query($after: String) { advertiserAccounts(first: 1, after: $after, orderBy: { field: NAME }) { nodes { id } } }', { after: crafted });
    expect(response.body.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', fieldErrors: { after: ['is not a cursor of this list in this order'] } }) })]);
  });
});
