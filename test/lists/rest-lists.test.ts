import type { SortDirection } from '../../src/db/lists/list-declaration';
import {
  badRestText,
  expectRefusedParameter,
  idsOf,
  multiKeyOrders,
  pagingCase,
  type RequestedOrder,
  restAll,
  restPage,
  restParameter,
  restRequest,
  restSort,
  sentBesidesAuthentication,
  sorted,
  tooManyIds,
} from './list-faces';
import { listFixtureForFile } from './list-fixture';
import { filterModel, type Row } from './list-models';
import { LIST_TABLE, titleOf } from './list-table';

/**
 * The rules every /v2 list shares, generated from the list declarations and the routes whose
 * `query.list` they are (list-table.ts): each filter parameter answers what the same rule computes
 * over the full list, `sort` orders by each field both ways and by several keys, `page` and
 * `per_page` cut the same records into pages, and a bad parameter is a 422 under its own name
 * before any statement of the list runs.
 */

const CASES = LIST_TABLE.flatMap((entry) => entry.rest.map((route) => [`${route.method} /v2${route.path}, ${titleOf(entry.declaration)}`, entry, route] as const));
const DIRECTIONS: readonly SortDirection[] = ['ASC', 'DESC'];

const fx = listFixtureForFile();

describe.each(CASES)('%s', (_title, { declaration: list, model }, route) => {
  const listModel = model!;
  /** The whole list, read through the API without filter or sort. */
  let all: Row[];

  beforeAll(async () => {
    all = await restAll(fx, route, listModel);
  });

  it('comes whole in its default order', () => {
    expect(all.length).toBeGreaterThanOrEqual(6);
    expect(idsOf(all)).toEqual(idsOf(sorted(list, all)));
  });

  const filters = Object.keys(list.filters).filter((name) => list.filters[name].rest);
  it.each(filters.map((name) => [list.filters[name].rest!.name, name]))('%s answers the full list narrowed by the same rule', async (_parameter, name) => {
    const filter = list.filters[name];
    const model = filterModel(list, name)!;
    const sizes: number[] = [];
    for (const value of model.samples(all, filter)) {
      const expected = idsOf(all.filter((row) => model.matches(row, value)));
      const answer = await restAll(fx, route, listModel, restParameter(filter, value));
      expect({ value, ids: idsOf(answer) }).toEqual({ value, ids: expected });
      sizes.push(expected.length);
    }
    // The fixture tells the values apart: some value keeps part of the list, not none or all.
    expect(sizes.some((size) => size > 0 && size < all.length)).toBe(true);
  });

  const bounds = filters.filter((name) => /_(after|before)$/.test(name));
  it.each(bounds)("%s is inclusive (…_after) or exclusive (…_before) at a record's exact timestamp", async (name) => {
    const field = name.startsWith('created') ? 'createdAt' : 'updatedAt';
    const row = all[Math.floor(all.length / 2)];
    const answer = idsOf(await restAll(fx, route, listModel, { [name]: String(row[field]) }));
    expect(answer.includes(row.id)).toBe(name.endsWith('_after'));
  });

  if (!list.sortable) {
    it('has one fixed order: sort is refused, running nothing', async () => {
      const { result, statements } = await sentBesidesAuthentication(fx, () => restRequest(fx, route, { sort: 'id' }));
      expectRefusedParameter(result, 'sort');
      expect(statements).toEqual([]);
    });
  } else {
    const sorts = Object.keys(list.sortFields).flatMap((field) => DIRECTIONS.map((direction) => [restSort(list, [{ field, direction }]), field, direction] as const));
    it.each(sorts)('sort=%s orders by the field, then by id in the same direction', async (sort, field, direction) => {
      const expected = idsOf(sorted(list, all, [{ field, direction }]));
      // Unless the field is the id, its order is not the ids' (the fixture tells them apart).
      if (field !== 'ID') expect(expected).not.toEqual(idsOf(sorted(list, all, [{ field: 'ID', direction }])));
      expect(idsOf(await restAll(fx, route, listModel, { sort }))).toEqual(expected);
    });

    it.each(multiKeyOrders(list).map((order) => [restSort(list, order), order] as const))('sort=%s orders by each key in turn, then by id', async (sort, order) => {
      expect(idsOf(await restAll(fx, route, listModel, { sort }))).toEqual(idsOf(sorted(list, all, order)));
    });

    it('sort=-updated_at,id differs from sort=-updated_at: ties are broken by the second key', () => {
      const [order] = multiKeyOrders(list);
      expect(idsOf(sorted(list, all, order))).not.toEqual(idsOf(sorted(list, all, order.slice(0, 1))));
    });
  }

  it('pages with page and per_page over a filter and a sort: the same records, with true links', async () => {
    const { since, order, expected, size } = pagingCase(list, all);
    const query: Record<string, string> = { created_after: since, per_page: String(size), ...(order.length ? { sort: restSort(list, order as RequestedOrder[]) } : {}) };
    const pages = [];
    for (let page = 1; ; page += 1) {
      const { envelope, rows } = await restPage(fx, route, listModel, { ...query, page: String(page) });
      pages.push({ envelope, rows });
      if (envelope.next_page_url === null) break;
    }
    expect(pages.flatMap((page) => idsOf(page.rows))).toEqual(idsOf(expected));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const links = pages.map(({ envelope }) => ({ page: envelope.current_page, from: envelope.from, to: envelope.to, previous: envelope.prev_page_url !== null, next: envelope.next_page_url !== null }));
    expect(links).toEqual(
      pages.map((page, index) => ({ page: index + 1, from: index * size + 1, to: index * size + page.rows.length, previous: index > 0, next: index < pages.length - 1 })),
    );
    // The page after the last is empty, not an error.
    const past = await restPage(fx, route, listModel, { ...query, page: String(pages.length + 1) });
    expect({ rows: past.rows, from: past.envelope.from, to: past.envelope.to, next: past.envelope.next_page_url }).toEqual({ rows: [], from: null, to: null, next: null });
  });

  describe('refuses a bad parameter with 422 under its name, running nothing', () => {
    const refusals: [title: string, query: Record<string, string>, parameter: string][] = [
      ...filters.map((name): [string, Record<string, string>, string] => {
        const parameter = list.filters[name].rest!.name;
        return [`${parameter} of a value it does not take`, { [parameter]: badRestText(list.filters[name]) }, parameter];
      }),
      ['ids of 101 ids', { ids: tooManyIds().join(',') }, 'ids'],
      ['per_page=0', { per_page: '0' }, 'per_page'],
      ['per_page=101', { per_page: '101' }, 'per_page'],
      ['page=0', { page: '0' }, 'page'],
      ['a parameter the list does not have', { no_such_parameter: '1' }, 'no_such_parameter'],
    ];
    if (list.sortable) {
      refusals.push(
        ['sort by a field the list cannot be sorted on', { sort: 'no_such_field' }, 'sort'],
        ['sort naming a field twice', { sort: 'created_at,-created_at' }, 'sort'],
        ['sort naming id twice', { sort: 'id,-id' }, 'sort'],
        ['sort naming a field again after id', { sort: 'created_at,id,created_at' }, 'sort'],
      );
    }

    it.each(refusals)('%s', async (_refusal, query, parameter) => {
      const { result, statements } = await sentBesidesAuthentication(fx, () => restRequest(fx, route, query));
      expectRefusedParameter(result, parameter);
      expect(statements).toEqual([]);
    });
  });
});
