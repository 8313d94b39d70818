import type { FilterValueType, ListDeclaration, ListFilter, SortDirection } from '../../src/db/lists/list-declaration';
import { eventList } from '../../src/events/event.list';
import { bigDbId, gid } from '../support/global-ids';
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
import { listFixtureForFile } from './list-fixture';
import { filterModel, type ListModel, type Row } from './list-models';
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

// ---- global ids ----

/**
 * The record type whose global ids a filter's value (or each of its items) holds, as the
 * declaration names it; undefined for a filter of no record, or one that reads ids itself.
 */
function nodeOf(type: FilterValueType | undefined): string | undefined {
  if (!type) return undefined;
  if ('list' in type) return nodeOf(type.list);
  return 'scalar' in type && type.scalar === 'ID' ? type.node : undefined;
}

/** An `ID` filter that takes no one type's global ids but reads them itself (the event feed's `resourceId`). */
const readsGlobalIdsItself = (filter: ListFilter): boolean => {
  const type = filter.graphql?.type;
  return type !== undefined && 'scalar' in type && type.scalar === 'ID' && type.node === undefined;
};

/** The type of the list's records, whose global ids its `ids` filter takes. */
const recordTypeOf = (list: ListDeclaration): string => nodeOf(list.filters.ids.graphql?.type)!;

/** A type other than `typeName`, for global ids a position must refuse. */
const anotherType = (typeName: string): string => (typeName === 'Phase' ? 'Campaign' : 'Phase');

/**
 * Fields of the models' GraphQL rows that name another record, with the type whose global ids
 * they hold (the models select them: `Campaign.primaryAdvertiserAccountId`, `Content.campaignId`…).
 */
const RECORD_FIELDS: Readonly<Record<string, string>> = {
  primaryAdvertiserAccountId: 'AdvertiserAccount',
  advertiserAccountId: 'AdvertiserAccount',
  campaignId: 'Campaign',
  phaseId: 'Phase',
};

/** The database id inside `value`, which must be a global id of `typeName` (it fails the test otherwise). */
function databaseIdOf(value: unknown, typeName: string, field: string): string {
  const digits = bigDbId(value);
  if (gid(typeName, digits) !== value) throw new Error(`${field} is ${String(value)}, not a global id of ${typeName}`);
  return digits;
}

/**
 * The list's model with GraphQL's rows read back to database ids: the record's own `id` must be a
 * global id of the list's type and each field naming a record one of that record's type. The
 * models, the rules they share with /v2 and the id orders compare database ids.
 */
function withDatabaseIds(list: ListDeclaration, model: ListModel): ListModel {
  const recordType = recordTypeOf(list);
  const { selection, row } = model.graphql!;
  return {
    ...model,
    graphql: {
      selection,
      row: (node) => {
        const read = row(node);
        const fields = Object.entries(read).map(([field, value]) => {
          if (field === 'id') return [field, databaseIdOf(value, recordType, field)];
          if (field in RECORD_FIELDS && value !== null) return [field, databaseIdOf(value, RECORD_FIELDS[field], field)];
          return [field, value];
        });
        return Object.fromEntries(fields) as Row;
      },
    },
  };
}

/** A filter value to send, and the records it selects (by database ids, as the model reads them). */
interface FilterCase {
  sent: unknown;
  matches(row: Row): boolean;
}

/** `advertiser_account` → `AdvertiserAccount`: the GraphQL type of a kind of record events are about. */
const typeOfResource = (resource: string): string => resource.replace(/(?:^|_)([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/**
 * `resourceId` of the event feed: the global id of a record of any kind events are about, which
 * names its kind, so it selects that record's events only, not those of a record of another kind
 * with the same database id. The cases are records sharing their database id with a record of
 * another kind (the kind is what tells them apart), and one that names nothing.
 */
function resourceGlobalIdCases(all: readonly Row[]): FilterCase[] {
  const kindsById = new Map<string, Set<string>>();
  for (const row of all) {
    if (row.resourceId === null) continue;
    const kinds = kindsById.get(String(row.resourceId)) ?? new Set<string>();
    kinds.add(String(row.resourceType));
    kindsById.set(String(row.resourceId), kinds);
  }
  const shared = [...kindsById].filter(([, kinds]) => kinds.size > 1).flatMap(([id, kinds]) => [...kinds].map((kind) => ({ id, kind })));
  // The fixture has records of different kinds under the same database id.
  expect(shared.length).toBeGreaterThanOrEqual(2);
  const picked = [shared[0], shared[Math.floor(shared.length / 2)], shared.at(-1)!];
  return [...picked, { id: '999999', kind: 'campaign' }].map(({ id, kind }) => ({
    sent: gid(typeOfResource(kind), id),
    matches: (row) => row.resourceType === kind && row.resourceId === id,
  }));
}

/**
 * The values a filter is tried with over GraphQL. A filter of one type's records takes its global
 * ids: each sample of its model (database ids) is sent as the global ids of that type, and the
 * first also as bare digits, which GraphQL still takes for the transition. The event feed's
 * `resourceId` takes bare database ids of any kind as before, and global ids that name a kind.
 */
function filterCases(list: ListDeclaration, name: string, all: readonly Row[]): FilterCase[] {
  const filter = list.filters[name];
  const model = filterModel(list, name)!;
  const samples = model.samples(all, filter);
  const asIs = samples.map((value): FilterCase => ({ sent: value, matches: (row) => model.matches(row, value) }));
  if (readsGlobalIdsItself(filter)) {
    if (list !== eventList || name !== 'resourceId') throw new Error(`filter.${name} reads ids itself: say which global ids it takes`);
    return [...asIs, ...resourceGlobalIdCases(all)];
  }
  const node = nodeOf(filter.graphql!.type);
  if (!node) return asIs;
  const globalIds = (value: unknown): unknown => (Array.isArray(value) ? value.map((id) => gid(node, String(id))) : gid(node, String(value)));
  return [...samples.map((value): FilterCase => ({ sent: globalIds(value), matches: (row) => model.matches(row, value) })), asIs[0]];
}

const fx = listFixtureForFile();

describe.each(CASES)('GraphQL %s', (_title, { declaration: list, graphql, model }) => {
  const access = graphql!;
  const listModel = withDatabaseIds(list, model!);
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
    const sizes: number[] = [];
    for (const { sent, matches } of filterCases(list, name, all)) {
      const expected = idsOf(all.filter(matches));
      const answer = await graphqlAll(fx, access, listModel, { filter: { [name]: sent } });
      expect({ sent, ids: idsOf(answer) }).toEqual({ sent, ids: expected });
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

    type Refusal = [title: string, args: () => Promise<ConnectionArgs>, argument: string];
    const recordType = recordTypeOf(list);
    /** A global id of the list's type, of a record it has. */
    const ownGlobalId = (): string => gid(recordType, all[0].id);
    /**
     * A filter of one type's records: the global id of another type (with the digits of a value
     * the filter matches, so only the type is wrong), refused by the global-id layer at the
     * value's path, and for a scalar filter a value that is no id at all, likewise.
     */
    const globalIdRefusals = (name: string): Refusal[] => {
      const node = nodeOf(list.filters[name].graphql!.type)!;
      if (name === 'ids') {
        return [
          ['filter.ids holding an id that is neither a global id nor digits', async () => ({ filter: { ids: [ownGlobalId(), 'not-an-id'] } }), 'filter.ids.1'],
          ['filter.ids holding a global id of another type', async () => ({ filter: { ids: [ownGlobalId(), gid(anotherType(node), all[0].id)] } }), 'filter.ids.1'],
        ];
      }
      const digits = async (): Promise<string> => String(filterModel(list, name)!.samples(all, list.filters[name])[0]);
      return [
        [`filter.${name} of a value it does not take`, async () => ({ filter: { [name]: badGraphQLValue(list.filters[name]) } }), `filter.${name}`],
        [`filter.${name} of a global id of another type`, async () => ({ filter: { [name]: gid(anotherType(node), await digits()) } }), `filter.${name}`],
      ];
    };
    const refusals: Refusal[] = [
      // A value the list's rules refuse is named by the filter's name (an empty `ids`, for one).
      ...filters
        .filter((name) => name === 'ids' || !nodeOf(list.filters[name].graphql!.type))
        .map((name): Refusal => [`filter.${name} of a value it does not take`, async () => ({ filter: { [name]: badGraphQLValue(list.filters[name]) } }), name]),
      ...filters.filter((name) => nodeOf(list.filters[name].graphql!.type)).flatMap(globalIdRefusals),
      // The event feed's `resourceId` reads global ids itself: one of a record no event is about is the filter's to refuse.
      ...filters
        .filter((name) => readsGlobalIdsItself(list.filters[name]))
        .map((name): Refusal => [`filter.${name} of a global id of a record events are not about`, async () => ({ filter: { [name]: gid('Organisation', fx.ws.organisationId) } }), name]),
      ['filter.ids of 101 ids', async () => ({ filter: { ids: tooManyIds().map((id) => gid(recordType, id)) } }), 'ids'],
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
