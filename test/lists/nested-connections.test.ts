import type { AnyBody, ApiResponse } from '../support/test-app';
import { expectBadUserInput, graphqlAll, graphqlPage, idsOf, sentBesidesAuthentication, sorted } from './list-faces';
import { listFixtureForFile } from './list-fixture';
import { MODELS, type Row } from './list-models';
import { LIST_TABLE, NESTED_CONNECTIONS, titleOf } from './list-table';

/**
 * Connections nested in a record (NESTED_CONNECTIONS: `Campaign.contents`, `Phase.contents`): a
 * page of each parent's children in the declaration's default order, with its own totalCount and
 * flags, paged both ways; a cursor applies to every parent. Pages of many parents cost the same
 * statements as a page of one.
 */

const CONNECTION = 'totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { id } }';

/** How the suite reads every parent of a nested connection in one request; a nested connection missing here fails. */
const EVERY_PARENT: Record<string, { query(selection: string): string; parents(data: AnyBody): AnyBody[] }> = {
  Campaign: { query: (selection) => `{ campaigns(first: 100) { nodes { id ${selection} } } }`, parents: (data) => data.campaigns.nodes },
  Phase: { query: (selection) => `{ campaigns(first: 100) { nodes { phases { id ${selection} } } } }`, parents: (data) => data.campaigns.nodes.flatMap((campaign: AnyBody) => campaign.phases) },
};

interface Slice {
  ids: string[];
  totalCount: number;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
}

const sliceOf = (connection: AnyBody): Slice => ({
  ids: connection.edges.map((edge: AnyBody) => edge.node.id),
  totalCount: connection.totalCount,
  hasPreviousPage: connection.pageInfo.hasPreviousPage,
  hasNextPage: connection.pageInfo.hasNextPage,
});

function answered(response: ApiResponse<AnyBody>): AnyBody {
  expect(response.body.errors).toBeUndefined();
  return response.body.data;
}

const fx = listFixtureForFile();

describe.each(NESTED_CONNECTIONS.map((nested) => [`${nested.type}.${nested.field}, ${titleOf(nested.declaration)}`, nested] as const))('%s', (_title, nested) => {
  const { declaration: list, parentProperty, parent } = nested;
  const access = LIST_TABLE.find((entry) => entry.declaration === list && entry.graphql && !entry.graphql.parent)!.graphql!;
  const model = MODELS.get(list)!;
  const every = EVERY_PARENT[nested.type];
  /** Every child, read through the top-level list. */
  let children: Row[];
  let parentIds: string[];
  /** A parent's children in the nested connection's order (the declaration's default). */
  const childrenOf = (parentId: string): string[] => idsOf(sorted(list, children.filter((row) => row[parentProperty] === parentId)));

  beforeAll(async () => {
    children = await graphqlAll(fx, access, model);
    parentIds = every.parents(answered(await fx.ws.api.graphql(every.query('')))).map((node: AnyBody) => node.id);
  });

  it('has parents without children and parents with more than a page of them (the fixture)', () => {
    const sizes = parentIds.map((id) => childrenOf(id).length);
    expect(sizes).toContain(0);
    expect(Math.max(...sizes)).toBeGreaterThanOrEqual(4);
  });

  it("gives every parent its first and its last page, with the parent's own totalCount and flags, in one request", async () => {
    const data = answered(await fx.ws.api.graphql(every.query(`head: ${nested.field}(first: 2) { ${CONNECTION} } tail: ${nested.field}(last: 2) { ${CONNECTION} }`)));
    const seen = every.parents(data).map((node: AnyBody) => ({ id: node.id, head: sliceOf(node.head), tail: sliceOf(node.tail) }));
    expect(seen).toEqual(
      parentIds.map((id) => {
        const all = childrenOf(id);
        return {
          id,
          head: { ids: all.slice(0, 2), totalCount: all.length, hasPreviousPage: false, hasNextPage: all.length > 2 },
          tail: { ids: all.slice(-2), totalCount: all.length, hasPreviousPage: all.length > 2, hasNextPage: false },
        };
      }),
    );
  });

  it('pages one parent forward with first and backward with last: the same records, in reverse, with true flags', async () => {
    const parentId = [...parentIds].sort((a, b) => childrenOf(b).length - childrenOf(a).length)[0];
    const all = childrenOf(parentId);
    const size = Math.max(1, Math.floor(all.length / 4));
    const page = async (args: Record<string, unknown>): Promise<AnyBody> =>
      answered(
        await fx.ws.api.graphql(`query($id: ID!, $first: Int, $after: String, $last: Int, $before: String) { parent: ${parent}(id: $id) { list: ${nested.field}(first: $first, after: $after, last: $last, before: $before) { ${CONNECTION} } } }`, {
          id: parentId,
          ...args,
        }),
      ).parent.list;
    const forward: AnyBody[] = [];
    do forward.push(await page({ first: size, after: forward.at(-1)?.pageInfo.endCursor }));
    while (forward.at(-1).pageInfo.hasNextPage);
    const backward: AnyBody[] = [];
    do backward.push(await page({ last: size, before: backward.at(-1)?.pageInfo.startCursor }));
    while (backward.at(-1).pageInfo.hasPreviousPage);

    expect(forward.length).toBeGreaterThanOrEqual(3);
    expect(forward.flatMap((connection) => sliceOf(connection).ids)).toEqual(all);
    expect([...backward].reverse().flatMap((connection) => sliceOf(connection).ids)).toEqual(all);
    expect(forward.map((connection) => [connection.pageInfo.hasPreviousPage, connection.pageInfo.hasNextPage])).toEqual(forward.map((_, index) => [index > 0, index < forward.length - 1]));
    expect(backward.map((connection) => [connection.pageInfo.hasPreviousPage, connection.pageInfo.hasNextPage])).toEqual(backward.map((_, index) => [index < backward.length - 1, index > 0]));
    expect([...forward, ...backward].map((connection) => connection.totalCount)).toEqual([...forward, ...backward].map(() => all.length));
  });

  it("applies a cursor to every parent: after, before and both bound each parent's page", async () => {
    // Cursors of two children in the middle of the list, taken from one parent, applied to all.
    const ordered = idsOf(sorted(list, children));
    const [low, high] = [ordered[Math.floor(ordered.length / 3)], ordered[Math.floor((2 * ordered.length) / 3)]];
    const cursorOf = async (id: string): Promise<string> => {
      const owner = String(children.find((row) => row.id === id)![parentProperty]);
      const data = answered(await fx.ws.api.graphql(`query($id: ID!) { parent: ${parent}(id: $id) { list: ${nested.field}(first: 100) { ${CONNECTION} } } }`, { id: owner }));
      return data.parent.list.edges.find((edge: AnyBody) => edge.node.id === id).cursor;
    };
    const [after, before] = [await cursorOf(low), await cursorOf(high)];
    const query = every.query(
      `afterLow: ${nested.field}(first: 2, after: "${after}") { ${CONNECTION} } beforeHigh: ${nested.field}(last: 2, before: "${before}") { ${CONNECTION} } between: ${nested.field}(first: 100, after: "${after}", before: "${before}") { ${CONNECTION} }`,
    );
    const seen = every.parents(answered(await fx.ws.api.graphql(query))).map((node: AnyBody) => ({ id: node.id, afterLow: sliceOf(node.afterLow), beforeHigh: sliceOf(node.beforeHigh), between: sliceOf(node.between) }));
    const position = (id: string): number => ordered.indexOf(id);
    expect(seen).toEqual(
      parentIds.map((id) => {
        const all = childrenOf(id);
        const beyondLow = all.filter((child) => position(child) > position(low));
        const shortOfHigh = all.filter((child) => position(child) < position(high));
        return {
          id,
          afterLow: { ids: beyondLow.slice(0, 2), totalCount: all.length, hasPreviousPage: beyondLow.length < all.length, hasNextPage: beyondLow.length > 2 },
          beforeHigh: { ids: shortOfHigh.slice(-2), totalCount: all.length, hasPreviousPage: shortOfHigh.length > 2, hasNextPage: shortOfHigh.length < all.length },
          between: { ids: beyondLow.filter((child) => shortOfHigh.includes(child)), totalCount: all.length, hasPreviousPage: beyondLow.length < all.length, hasNextPage: false },
        };
      }),
    );
  });

  describe('refuses bad paging arguments with BAD_USER_INPUT, running no statement of the children', () => {
    const refusals: [title: string, args: string, argument: string][] = [
      ['first with last', 'first: 1, last: 1', 'last'],
      ['first: 0', 'first: 0', 'first'],
      ['first: 101', 'first: 101', 'first'],
      ['last: 0', 'last: 0', 'last'],
      ['last: 101', 'last: 101', 'last'],
      ['after: not a cursor', 'after: "not-a-cursor"', 'after'],
      ['after: a cursor of another order', 'after: OTHER_ORDER', 'after'],
      ['before: a cursor of another order', 'last: 1, before: OTHER_ORDER', 'before'],
    ];
    it.each(refusals)('%s', async (_refusal, args, argument) => {
      // A cursor of the top-level list in another order than the nested connection's.
      const otherOrder = (await graphqlPage(fx, access, model, { first: 1, orderBy: [{ field: 'CREATED_AT', direction: 'DESC' }] })).cursors[0];
      const read = (selection: string): Promise<ApiResponse<AnyBody>> => fx.ws.api.graphql(`query($id: ID!) { parent: ${parent}(id: $id) { id ${selection} } }`, { id: parentIds[0] });
      const parentOnly = await sentBesidesAuthentication(fx, () => read(''));
      const given = args.replace('OTHER_ORDER', JSON.stringify(otherOrder));
      const { result, statements } = await sentBesidesAuthentication(fx, () => read(`list: ${nested.field}(${given}) { totalCount nodes { id } }`));
      expectBadUserInput(result, argument);
      expect(statements.filter((sql) => !parentOnly.statements.includes(sql))).toEqual([]);
    });
  });
});

describe('the statements of nested pages', () => {
  const query = (n: number): string =>
    `{ campaigns(first: ${n}) { totalCount nodes { contents(first: 2) { totalCount pageInfo { hasPreviousPage } nodes { id } } phases { contents(last: 2) { totalCount nodes { id } } } } } }`;

  it('are as many for campaigns(first: 5), with their phases and first and last pieces, as for campaigns(first: 1)', async () => {
    const contents = await graphqlAll(fx, LIST_TABLE.find((entry) => entry.graphql?.field === 'contents')!.graphql!, MODELS.get(NESTED_CONNECTIONS[0].declaration)!);
    const structure = answered(await fx.ws.api.graphql('{ campaigns(first: 5) { totalCount nodes { id phases { id } } } }')).campaigns;
    const childIds = (property: string, id: string): string[] => idsOf(contents.filter((row) => row[property] === id));
    const expected = (n: number): AnyBody => ({
      campaigns: {
        totalCount: structure.totalCount,
        nodes: structure.nodes.slice(0, n).map((campaign: AnyBody) => {
          const pieces = childIds('campaignId', campaign.id);
          return {
            contents: { totalCount: pieces.length, pageInfo: { hasPreviousPage: false }, nodes: pieces.slice(0, 2).map((id) => ({ id })) },
            phases: campaign.phases.map((phase: AnyBody) => {
              const ofPhase = childIds('phaseId', phase.id);
              return { contents: { totalCount: ofPhase.length, nodes: ofPhase.slice(-2).map((id) => ({ id })) } };
            }),
          };
        }),
      },
    });

    const one = await sentBesidesAuthentication(fx, () => fx.ws.api.graphql(query(1)));
    const five = await sentBesidesAuthentication(fx, () => fx.ws.api.graphql(query(5)));
    expect(answered(one.result)).toEqual(expected(1));
    expect(answered(five.result)).toEqual(expected(5));
    expect(structure.nodes.every((campaign: AnyBody) => campaign.phases.length > 0)).toBe(true);
    expect(five.statements.length).toBe(one.statements.length);
    // Campaigns and their count; the phases; the pieces of the campaigns and of the phases, a
    // page and a count each, every parent in one statement.
    expect(one.statements.length).toBe(7);
  });
});
