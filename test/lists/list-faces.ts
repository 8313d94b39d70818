import type { ListDeclaration, ListFilter, SortDirection } from '../../src/db/lists/list-declaration';
import type { V2Route } from '../../src/http/rest/v2-route';
import type { AnyBody, ApiResponse } from '../support/test-app';
import type { ListFixture } from './list-fixture';
import { restText } from './filter-models';
import type { ListModel, Row } from './list-models';
import { SCHEMA, schemaField, type GraphQLAccess } from './list-table';

/**
 * How the suites read a list through either face, what order a request should answer in, and
 * what a refused request may have sent to the database.
 */

// ---- orders ----

export interface RequestedOrder {
  field: string;
  direction: SortDirection;
}

interface Key {
  property: string;
  direction: SortDirection;
  kind: string;
}

/**
 * The keys of an order as the docs state them: the fields requested, left to right, then the id
 * in the direction of the last one (nothing after `ID` matters); none requested: the list's
 * default order.
 */
function keysOf(list: ListDeclaration, requested: readonly RequestedOrder[]): Key[] {
  const keys: Key[] = [];
  for (const { field, direction } of requested.length > 0 ? requested : list.defaultOrder) {
    const sort = list.sortFields[field];
    keys.push({ property: sort.property, direction, kind: sort.kind });
    if (sort.property === 'id') return keys;
  }
  keys.push({ property: 'id', direction: keys.at(-1)?.direction ?? list.defaultDirection, kind: list.idKind });
  return keys;
}

/** Text in code point order (UTF-8 bytes), the order of the test database's C collation. */
function compareValues(kind: string, a: unknown, b: unknown): number {
  switch (kind) {
    case 'integer':
      return Number(a) - Number(b);
    case 'bigint':
      return BigInt(String(a)) < BigInt(String(b)) ? -1 : BigInt(String(a)) > BigInt(String(b)) ? 1 : 0;
    case 'timestamp':
      return Date.parse(String(a)) - Date.parse(String(b));
    default:
      return Buffer.compare(Buffer.from(String(a)), Buffer.from(String(b)));
  }
}

/** The rows in the order a request for `requested` should answer. */
export function sorted(list: ListDeclaration, rows: readonly Row[], requested: readonly RequestedOrder[] = []): Row[] {
  const keys = keysOf(list, requested);
  return [...rows].sort((a, b) => {
    for (const key of keys) {
      const order = compareValues(key.kind, a[key.property], b[key.property]);
      if (order !== 0) return key.direction === 'ASC' ? order : -order;
    }
    return 0;
  });
}

export const idsOf = (rows: readonly Row[]): string[] => rows.map((row) => row.id);

/** The sort fields a list declares beyond those of every list. */
function ownSortFields(list: ListDeclaration): string[] {
  return Object.keys(list.sortFields).filter((name) => !['ID', 'CREATED_AT', 'UPDATED_AT'].includes(name));
}

/**
 * Two orders of several keys with mixed directions: `-updated_at,id` (as /v2 writes it), and, on
 * a list with a sort field of its own, that field ascending then the creation time descending
 * (then the id, descending).
 */
export function multiKeyOrders(list: ListDeclaration): RequestedOrder[][] {
  const orders: RequestedOrder[][] = [
    [
      { field: 'UPDATED_AT', direction: 'DESC' },
      { field: 'ID', direction: 'ASC' },
    ],
  ];
  const [own] = ownSortFields(list);
  if (own)
    orders.push([
      { field: own, direction: 'ASC' },
      { field: 'CREATED_AT', direction: 'DESC' },
    ]);
  return orders;
}

/** `sort=` of /v2 for an order. */
export const restSort = (list: ListDeclaration, order: readonly RequestedOrder[]): string =>
  order.map(({ field, direction }) => `${direction === 'DESC' ? '-' : ''}${list.sortFields[field].rest}`).join(',');

// ---- GraphQL ----

export interface ConnectionArgs {
  first?: number;
  after?: string;
  last?: number;
  before?: string;
  filter?: Record<string, unknown>;
  orderBy?: RequestedOrder[];
}

export interface Page {
  rows: Row[];
  cursors: string[];
  totalCount: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

/** A query of the list's field with every argument as a variable, typed as the schema types it. */
export function connectionQuery(access: GraphQLAccess, selection: string): string {
  const field = schemaField(SCHEMA, access.type, access.field);
  const definitions = field.args.map((arg) => `$${arg.name}: ${String(arg.type)}`);
  const args = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const connection = `list: ${access.field}(${args}) { totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { ${selection} } } }`;
  if (!access.parent) return `query(${definitions.join(', ')}) { ${connection} }`;
  return `query($parent: ID!, ${definitions.join(', ')}) { parent: ${access.parent}(id: $parent) { ${connection} } }`;
}

export function graphqlRequest(fx: ListFixture, access: GraphQLAccess, model: ListModel, args: ConnectionArgs): Promise<ApiResponse<AnyBody>> {
  const variables: Record<string, unknown> = { ...args };
  if (access.parent) variables.parent = fx.parentId(access.parent);
  return fx.ws.api.graphql(connectionQuery(access, model.graphql!.selection), variables);
}

/** One page; any error fails the test. */
export async function graphqlPage(fx: ListFixture, access: GraphQLAccess, model: ListModel, args: ConnectionArgs): Promise<Page> {
  const response = await graphqlRequest(fx, access, model, args);
  expect(response.body.errors).toBeUndefined();
  const connection = access.parent ? response.body.data.parent.list : response.body.data.list;
  return {
    rows: connection.edges.map((edge: AnyBody) => model.graphql!.row(edge.node)),
    cursors: connection.edges.map((edge: AnyBody) => edge.cursor),
    totalCount: connection.totalCount,
    ...connection.pageInfo,
  };
}

/** Every record of the list (under `filter` and `orderBy`), page after page of 100; each page's totalCount is their number. */
export async function graphqlAll(fx: ListFixture, access: GraphQLAccess, model: ListModel, args: Omit<ConnectionArgs, 'first' | 'after'> = {}): Promise<Row[]> {
  const rows: Row[] = [];
  const totalCounts: number[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await graphqlPage(fx, access, model, { ...args, first: 100, after });
    rows.push(...page.rows);
    totalCounts.push(page.totalCount);
    if (!page.hasNextPage) break;
    after = page.endCursor!;
  }
  expect(totalCounts).toEqual(totalCounts.map(() => rows.length));
  return rows;
}

/**
 * The refusal of a GraphQL request: BAD_USER_INPUT, naming `argument`. A value the list's rules
 * refuse is refused by the resolver (HTTP 200), its `fieldErrors` under the argument's name (a
 * filter's own name); a value its variable's type refuses (an enum value, a date-time) before
 * execution (HTTP 400), the message naming the variable's path to it.
 */
export function expectBadUserInput(response: ApiResponse<AnyBody>, argument: string): void {
  expect(response.body.errors).toHaveLength(1);
  const [error] = response.body.errors;
  const { status } = response;
  if (status === 200) expect({ status, code: error.extensions.code, named: Object.keys(error.extensions.fieldErrors ?? {}) }).toEqual({ status, code: 'BAD_USER_INPUT', named: [argument] });
  else expect({ status, code: error.extensions.code, message: error.message }).toEqual({ status: 400, code: 'BAD_USER_INPUT', message: expect.stringContaining(argument) });
}

// ---- /v2 ----

export interface RestPage {
  response: ApiResponse<AnyBody>;
  envelope: AnyBody;
  rows: Row[];
}

export function restRequest(fx: ListFixture, route: V2Route, query: Record<string, string>): Promise<ApiResponse<AnyBody>> {
  const search = new URLSearchParams(query).toString();
  return fx.ws.api.get(`${fx.restPath(route)}${search ? `?${search}` : ''}`);
}

/** One page; anything but a 200 fails the test. The page is the one value of `data` that is a page (`data.campaigns`). */
export async function restPage(fx: ListFixture, route: V2Route, model: ListModel, query: Record<string, string>): Promise<RestPage> {
  const response = await restRequest(fx, route, query);
  expect({ status: response.status, query }).toEqual({ status: 200, query });
  const pages = Object.values(response.body.data as Record<string, AnyBody>).filter((value) => Array.isArray(value?.data) && 'current_page' in value);
  expect(pages).toHaveLength(1);
  return { response, envelope: pages[0], rows: pages[0].data.map((record: AnyBody) => model.rest!.row(record)) };
}

/** Every record of the list (under the query's filters and `sort`), page after page of 100. */
export async function restAll(fx: ListFixture, route: V2Route, model: ListModel, query: Record<string, string> = {}): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page += 1) {
    const { envelope, rows: found } = await restPage(fx, route, model, { ...query, per_page: '100', page: String(page) });
    rows.push(...found);
    if (envelope.next_page_url === null) return rows;
  }
}

/** A filter's value as /v2's query parameter. */
export const restParameter = (filter: ListFilter, value: unknown): Record<string, string> => ({ [filter.rest!.name]: restText(filter, value) });

/** The refusal of a /v2 request: 422 with errors under `parameter` alone. */
export function expectRefusedParameter(response: ApiResponse<AnyBody>, parameter: string): void {
  expect({ status: response.status, code: response.body.code, parameters: Object.keys(response.body.errors ?? {}) }).toEqual({ status: 422, code: 'BAD_USER_INPUT', parameters: [parameter] });
}

// ---- statements ----

/**
 * The statements the server sent while `send` ran, but authentication's (the key is read on every
 * request, and its `last_used_at` written at most once a minute). A refused request sends none.
 */
export async function sentBesidesAuthentication<T>(fx: ListFixture, send: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  fx.counter.reset();
  const result = await send();
  return { result, statements: fx.counter.statements.filter((sql) => !/\bapi_keys\b/.test(sql)) };
}

// ---- values a filter refuses, by its declared type ----

/** A GraphQL value of the filter's type that its rule refuses (or its type does, for enums and ranges). */
export function badGraphQLValue(filter: ListFilter): unknown {
  const type = filter.graphql!.type;
  if ('list' in type) return [];
  if ('enum' in type) return 'NO_SUCH_VALUE';
  if ('range' in type) return { gte: 'not-a-date' };
  if (type.scalar === 'Int') return -1;
  if (type.scalar === 'ID') return 'not-an-id';
  // Longer than any text filter takes, and no name, code or instant.
  return 'x'.repeat(256);
}

/** A /v2 text the parameter refuses: letters for an integer, and otherwise text longer than any it takes. */
export const badRestText = (filter: ListFilter): string => (filter.rest!.schema.type === 'integer' ? 'abc' : 'x'.repeat(256));

/** 101 ids, one more than a list takes. */
export const tooManyIds = (): string[] => Array.from({ length: 101 }, (_, index) => String(index + 1));

// ---- the paging case ----

export interface PagingCase {
  /** The records created at or after `since`: most of the list. */
  since: string;
  order: RequestedOrder[];
  expected: Row[];
  /** A page size that makes about four pages. */
  size: number;
}

/** Paging is tried over a filter (created since a time a fifth of the way along) and, when the list is sortable, an order of several keys. */
export function pagingCase(list: ListDeclaration, all: readonly Row[]): PagingCase {
  // A creation time a fifth of the way along the distinct ones (never the first: some records are left out).
  const times = [...new Set(all.map((row) => String(row.createdAt)))].sort((a, b) => Date.parse(a) - Date.parse(b));
  const since = times[Math.max(1, Math.floor(times.length / 5))];
  const order = list.sortable ? multiKeyOrders(list).at(-1)! : [];
  const expected = sorted(
    list,
    all.filter((row) => Date.parse(String(row.createdAt)) >= Date.parse(since)),
    order,
  );
  expect(expected.length).toBeGreaterThanOrEqual(5);
  expect(expected.length).toBeLessThan(all.length);
  return { since, order, expected, size: Math.max(2, Math.floor(expected.length / 4)) };
}
