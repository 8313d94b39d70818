import type { SortDirection } from '../../src/db/lists/list-declaration';
import {
  badGraphQLValue,
  type ConnectionArgs,
  expectBadUserInput,
  graphqlAll,
  graphqlPage,
  graphqlRequest,
  idsOf,
  multiKeyOrders,
  type Page,
  pagingCase,
  type RequestedOrder,
  sentBesidesAuthentication,
  sorted,
  tooManyIds,
} from './list-faces';
import { type ListFixture, startListFixture } from './list-fixture';
import { filterModel, type Row } from './list-models';
import { LIST_TABLE, SCHEMA, schemaField, titleOf } from './list-table';

/**
 * The rules every GraphQL list shares, generated from the list declarations (list-table.ts): each
 * filter answers what the same rule computes over the full list, each sort field orders both
 * ways, totalCount counts the matching records, pages go forward and backward with true flags,
 * and bad arguments are refused before any statement of the list runs.
 */

const CASES = LIST_TABLE.filter((entry) => entry.graphql).map((entry) => [`${entry.graphql!.type}.${entry.graphql!.field}, ${titleOf(entry.declaration)}`, entry] as const);
const DIRECTIONS: readonly SortDirection[] = ['ASC', 'DESC'];
const orderTitle = (order: readonly RequestedOrder[]): string => order.map(({ field, direction }) => `${field} ${direction}`).join(', ');

let fx: ListFixture;

beforeAll(async () => {
  fx = await startListFixture();
}, 180_000);

afterAll(async () => {
  await fx.close();
});

describe.each(CASES)('GraphQL %s', (_title, { declaration: list, graphql, model }) => {
  const access = graphql!;
  const listModel = model!;
  /** The whole list, read through the API without filter or order. */
  let all: Row[];
  /** What reading the list's parent sends (a list of a record reads the record first); a refusal sends no more. */
  let parentStatements: string[] = [];

  beforeAll(async () => {
    all = await graphqlAll(fx, access, listModel);
    if (access.parent) {
      const query = `query($parent: ID!) { ${access.parent}(id: $parent) { __typename } }`;
      parentStatements = (await sentBesidesAuthentication(fx, () => fx.ws.api.graphql(query, { parent: fx.parentId(access.parent!) }))).statements;
    }
  });

  it('comes whole in its default order, totalCount counting it', () => {
    expect(all.length).toBeGreaterThanOrEqual(6);
    expect(idsOf(all)).toEqual(idsOf(sorted(list, all)));
  });

  const filters = Object.keys(list.filters).filter((name) => list.filters[name].graphql);
  it.each(filters)('filter.%s answers the full list narrowed by the same rule', async (name) => {
    const model = filterModel(list, name)!;
    const sizes: number[] = [];
    for (const value of model.samples(all, list.filters[name])) {
      const expected = idsOf(all.filter((row) => model.matches(row, value)));
      const answer = await graphqlAll(fx, access, listModel, { filter: { [name]: value } });
      expect({ value, ids: idsOf(answer) }).toEqual({ value, ids: expected });
      sizes.push(expected.length);
    }
    // The fixture tells the values apart: some value keeps part of the list, not none or all.
    expect(sizes.some((size) => size > 0 && size < all.length)).toBe(true);
  });

  if (!list.sortable) {
    it('has one fixed order: no orderBy argument', () => {
      expect(schemaField(SCHEMA, access.type, access.field).args.map((arg) => arg.name)).not.toContain('orderBy');
    });
  } else {
    const sorts = Object.keys(list.sortFields).flatMap((field) => DIRECTIONS.map((direction) => [field, direction] as const));
    it.each(sorts)('orderBy %s %s orders by the field, then by id in the same direction', async (field, direction) => {
      const expected = idsOf(sorted(list, all, [{ field, direction }]));
      // Unless the field is the id, its order is not the ids' (the fixture tells them apart).
      if (field !== 'ID') expect(expected).not.toEqual(idsOf(sorted(list, all, [{ field: 'ID', direction }])));
      expect(idsOf(await graphqlAll(fx, access, listModel, { orderBy: [{ field, direction }] }))).toEqual(expected);
    });

    it.each(multiKeyOrders(list).map((order) => [orderTitle(order), order] as const))('orderBy [%s] orders by each key in turn, then by id', async (_order, order) => {
      const expected = idsOf(sorted(list, all, order));
      expect(idsOf(await graphqlAll(fx, access, listModel, { orderBy: order }))).toEqual(expected);
    });

    it('orderBy [UPDATED_AT DESC, ID ASC] differs from UPDATED_AT DESC alone: ties are broken by the second key', () => {
      const [order] = multiKeyOrders(list);
      expect(idsOf(sorted(list, all, order))).not.toEqual(idsOf(sorted(list, all, order.slice(0, 1))));
    });
  }

  describe('paging over a filter and an order', () => {
    /** The connection arguments of the paging case, besides the paging ones. */
    const over = (since: string, order: RequestedOrder[]): ConnectionArgs => ({ filter: { createdAt: { gte: since } }, ...(order.length ? { orderBy: order } : {}) });

    it('pages forward with first, then backward with last from the end: the same records, in reverse, with true flags', async () => {
      const { since, order, expected, size } = pagingCase(list, all);
      const forward: Page[] = [];
      let after: string | undefined;
      do {
        forward.push(await graphqlPage(fx, access, listModel, { ...over(since, order), first: size, after }));
        after = forward.at(-1)!.endCursor ?? undefined;
      } while (forward.at(-1)!.hasNextPage);
      expect(forward.flatMap((page) => idsOf(page.rows))).toEqual(idsOf(expected));
      expect(forward.length).toBeGreaterThanOrEqual(3);
      // Records come before every page but the first; more follow every page but the last.
      expect(forward.map((page) => [page.hasPreviousPage, page.hasNextPage])).toEqual(forward.map((_, index) => [index > 0, index < forward.length - 1]));

      const backward: Page[] = [];
      let before: string | undefined;
      do {
        backward.push(await graphqlPage(fx, access, listModel, { ...over(since, order), last: size, before }));
        before = backward.at(-1)!.startCursor ?? undefined;
      } while (backward.at(-1)!.hasPreviousPage);
      expect([...backward].reverse().flatMap((page) => idsOf(page.rows))).toEqual(idsOf(expected));
      expect(backward.map((page) => [page.hasPreviousPage, page.hasNextPage])).toEqual(backward.map((_, index) => [index < backward.length - 1, index > 0]));
      // totalCount counts the matching records on every page, whichever way it was read.
      expect([...forward, ...backward].map((page) => page.totalCount)).toEqual([...forward, ...backward].map(() => expected.length));
    });

    it('after and before together bound the page, read with first or with last', async () => {
      const { since, order, expected } = pagingCase(list, all);
      // Bounds a few records apart, in the middle of the list: records lie before and after them.
      const [low, high] = [1, Math.min(expected.length - 2, 12)];
      const { cursors } = await graphqlPage(fx, access, listModel, { ...over(since, order), first: high + 1 });
      const between = idsOf(expected.slice(low + 1, high));
      const bounded = { ...over(since, order), after: cursors[low], before: cursors[high] };
      const pages = {
        firstAll: await graphqlPage(fx, access, listModel, { ...bounded, first: 100 }),
        lastAll: await graphqlPage(fx, access, listModel, { ...bounded, last: 100 }),
        firstTwo: await graphqlPage(fx, access, listModel, { ...bounded, first: 2 }),
        lastTwo: await graphqlPage(fx, access, listModel, { ...bounded, last: 2 }),
      };
      const seen = Object.fromEntries(Object.entries(pages).map(([name, page]) => [name, { ids: idsOf(page.rows), previous: page.hasPreviousPage, next: page.hasNextPage, totalCount: page.totalCount }]));
      const total = expected.length;
      expect(seen).toEqual({
        // The side paged from is bounded by its cursor; records lie beyond the other cursor.
        firstAll: { ids: between, previous: true, next: false, totalCount: total },
        lastAll: { ids: between, previous: false, next: true, totalCount: total },
        firstTwo: { ids: between.slice(0, 2), previous: true, next: between.length > 2, totalCount: total },
        lastTwo: { ids: between.slice(-2), previous: between.length > 2, next: true, totalCount: total },
      });
    });

    it('totalCount is the number of records matching the filter, whatever first, after, last and before', async () => {
      const { since, order, expected } = pagingCase(list, all);
      const { cursors } = await graphqlPage(fx, access, listModel, { ...over(since, order), first: Math.min(expected.length, 100) });
      const variants: ConnectionArgs[] = [{}, { first: 1 }, { last: 1 }, { first: 2, after: cursors[2] }, { last: 2, before: cursors[3] }, { first: 1, after: cursors[0], before: cursors.at(-1) }, { after: cursors.at(-1) }];
      for (const variant of variants) {
        expect({ variant, totalCount: (await graphqlPage(fx, access, listModel, { ...over(since, order), ...variant })).totalCount }).toEqual({ variant, totalCount: expected.length });
      }
      expect((await graphqlPage(fx, access, listModel, { first: 1 })).totalCount).toBe(all.length);
    });
  });

  describe('refuses bad arguments with BAD_USER_INPUT, running no statement of the list', () => {
    /** A cursor of this list in another order, or, for a list of one order, of another list's order. */
    async function cursorOfAnotherOrder(): Promise<string> {
      if (list.sortable) return (await graphqlPage(fx, access, listModel, { first: 1, orderBy: [{ field: 'CREATED_AT', direction: 'ASC' }] })).cursors[0];
      const other = LIST_TABLE.find((entry) => entry.graphql && entry.declaration.sortable)!;
      return (await graphqlPage(fx, other.graphql!, other.model!, { first: 1 })).cursors[0];
    }

    const refusals: [title: string, args: () => Promise<ConnectionArgs>, argument: string][] = [
      ...filters.map((name): [string, () => Promise<ConnectionArgs>, string] => [`filter.${name} of a value it does not take`, async () => ({ filter: { [name]: badGraphQLValue(list.filters[name]) } }), name]),
      ['filter.ids of 101 ids', async () => ({ filter: { ids: tooManyIds() } }), 'ids'],
      ['first with last', async () => ({ first: 1, last: 1 }), 'last'],
      ['first: 0', async () => ({ first: 0 }), 'first'],
      ['first: 101', async () => ({ first: 101 }), 'first'],
      ['last: 0', async () => ({ last: 0 }), 'last'],
      ['last: 101', async () => ({ last: 101 }), 'last'],
      ['after: not a cursor', async () => ({ after: 'not-a-cursor' }), 'after'],
      ['after: a cursor of another order', async () => ({ after: await cursorOfAnotherOrder() }), 'after'],
      ['before: a cursor of another order', async () => ({ last: 1, before: await cursorOfAnotherOrder() }), 'before'],
    ];
    if (list.sortable) {
      const key = (field: string, direction: SortDirection = 'ASC'): RequestedOrder => ({ field, direction });
      refusals.push(
        ['orderBy a field the list cannot be sorted on', async () => ({ orderBy: [key('NO_SUCH_FIELD')] }), 'orderBy'],
        ['orderBy naming a field twice', async () => ({ orderBy: [key('CREATED_AT'), key('CREATED_AT', 'DESC')] }), 'orderBy'],
        ['orderBy naming ID twice', async () => ({ orderBy: [key('ID'), key('ID', 'DESC')] }), 'orderBy'],
        ['orderBy naming a field again after ID', async () => ({ orderBy: [key('CREATED_AT'), key('ID'), key('CREATED_AT', 'DESC')] }), 'orderBy'],
      );
    }

    it.each(refusals)('%s', async (_refusal, args, argument) => {
      const given = await args();
      const { result, statements } = await sentBesidesAuthentication(fx, () => graphqlRequest(fx, access, listModel, given));
      expectBadUserInput(result, argument);
      expect(statements.filter((sql) => !parentStatements.includes(sql))).toEqual([]);
    });
  });
});
