import type { FilterValueType, GroupKey, ListDeclaration } from '../../src/db/lists/list-declaration';
import { MAX_GROUPS } from '../../src/db/lists/list-aggregates';
import { ContentStatus } from '../../src/contents/content-status';
import { COMPILE_AT } from '../../src/graphql/jit-executor';
import { createCampaignsFixture, createContent } from '../support/fixtures';
import { gid } from '../support/global-ids';
import type { AnyBody, ApiResponse } from '../support/test-app';
import { expectBadUserInput, graphqlAll, sentBesidesAuthentication } from './list-faces';
import { listFixtureForFile } from './list-fixture';
import { enumNames } from './filter-models';
import { filterModel, type ListModel, type Row } from './list-models';
import { LIST_TABLE, NESTED_CONNECTIONS, titleOf } from './list-table';

/**
 * `aggregates` and `groupedAggregates` on every list connection, generated from the list
 * declarations (list-table.ts): each count, sum, mean, minimum and maximum, and each group of each
 * key, is what the same computation gives over the rows the list itself answers, unfiltered and
 * under every filter's sample values; nested connections answer per parent, in the statements of
 * one parent. Metrics pass 2^31 in sum, some records are deleted, another workspace has records,
 * and dates and parents are missing from some rows.
 */

const fx = listFixtureForFile();

const CASES = LIST_TABLE.filter((entry) => entry.graphql && !entry.graphql.parent).map((entry) => [`${entry.graphql!.field}, ${titleOf(entry.declaration)}`, entry] as const);

const metricsOf = (list: ListDeclaration): readonly string[] => list.aggregates.metrics;
const extremesOf = (list: ListDeclaration): string[] => Object.keys(list.aggregates.extremes);

/** Every aggregate the list offers. */
function fullSelection(list: ListDeclaration): string {
  const metrics = metricsOf(list).join(' ');
  const extremes = extremesOf(list).join(' ');
  return `count ${metrics ? `sum { ${metrics} } avg { ${metrics} }` : ''} min { ${extremes} } max { ${extremes} }`;
}

/** A few aggregates, for requests grouping by every key at once (the field limit). */
function lightSelection(list: ListDeclaration): string {
  const [metric] = metricsOf(list);
  return `count ${metric ? `sum { ${metric} } avg { ${metric} }` : ''} max { ${extremesOf(list).at(-1)} }`;
}

/** The rows' fields: the model's (its filters read them), and every aggregated or grouped property. */
function rowModel(list: ListDeclaration, model: ListModel): ListModel {
  const properties = new Set([...metricsOf(list), ...extremesOf(list), ...Object.values(list.aggregates.groupBy).map((key) => key.property)]);
  const { selection, row } = model.graphql!;
  return { ...model, graphql: { selection: `${selection} ${[...properties].join(' ')}`, row: (node) => ({ ...node, ...row(node) }) } };
}

// ---- the same computations over rows ----

const GLOBAL_ID = /^gid:\/\/partner-api\/[A-Za-z]+\/([0-9]+)$/;

/** A row as the filter models read it: global ids as their database ids. */
const withDatabaseIds = (row: Row): Row => Object.fromEntries(Object.entries(row).map(([field, value]) => [field, typeof value === 'string' ? (GLOBAL_ID.exec(value)?.[1] ?? value) : value])) as Row;

/** A mean as compared: PostgreSQL's and JavaScript's agree to far more than 12 digits. */
const mean = (value: unknown): unknown => (typeof value === 'number' ? Number(value.toPrecision(12)) : value);

function aggregatesOf(list: ListDeclaration, rows: readonly Row[]): AnyBody {
  const sum: Record<string, string> = {};
  const avg: Record<string, unknown> = {};
  const min: Record<string, unknown> = {};
  const max: Record<string, unknown> = {};
  for (const metric of metricsOf(list)) {
    const values = rows.map((row) => row[metric] as number);
    sum[metric] = String(values.reduce((total, value) => total + BigInt(value), 0n));
    avg[metric] = values.length === 0 ? null : mean(values.reduce((total, value) => total + value, 0) / values.length);
  }
  for (const property of extremesOf(list)) {
    // Numbers, `YYYY-MM-DD` dates and ISO instants in UTC: each sorts as its kind.
    const values = rows.map((row) => row[property]).filter((value) => value !== null && value !== undefined) as (number | string)[];
    values.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    min[property] = values[0] ?? null;
    max[property] = values.at(-1) ?? null;
  }
  return { count: rows.length, ...(metricsOf(list).length > 0 ? { sum, avg } : {}), min, max };
}

/** A row's value of a key, as the list's filters take it (the record's own field, read by GraphQL). */
function keyOf(key: GroupKey, row: Row): string | null {
  const value = row[key.property];
  if (value === null || value === undefined) return null;
  if (!('truncate' in key.kind)) return String(value);
  const day = String(value).slice(0, 10);
  const first = { day, month: `${day.slice(0, 7)}-01`, year: `${day.slice(0, 4)}-01-01` }[key.kind.truncate];
  return key.kind.column === 'date' ? first : `${first}T00:00:00.000Z`;
}

function groupsOf(list: ListDeclaration, groupBy: readonly string[], rows: readonly Row[]): AnyBody[] {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const keys = JSON.stringify(groupBy.map((name) => keyOf(list.aggregates.groupBy[name], row)));
    groups.set(keys, [...(groups.get(keys) ?? []), row]);
  }
  return [...groups].map(([keys, members]) => ({ keys: JSON.parse(keys), ...aggregatesOf(list, members) }));
}

/** `expected` cut to the fields `actual` selected, means rounded alike. */
function asSelected(expected: AnyBody, actual: AnyBody): AnyBody {
  if (Array.isArray(actual)) return actual.map((item, index) => asSelected(expected?.[index], item));
  if (actual === null || typeof actual !== 'object') return mean(expected);
  return Object.fromEntries(Object.keys(actual).map((field) => [field, asSelected(expected?.[field], actual[field])]));
}

/** Aggregates compared, means rounded alike; `context` names the case in a failure. */
function expectAggregates(actual: AnyBody, expected: AnyBody, context: Record<string, unknown> = {}): void {
  expect({ ...context, aggregates: asSelected(actual, actual) }).toEqual({ ...context, aggregates: asSelected(expected, actual) });
}

const byKeys = (groups: readonly AnyBody[]): AnyBody[] => [...groups].sort((a, b) => JSON.stringify(a.keys).localeCompare(JSON.stringify(b.keys)));

/** Groups compared whatever their order (the order has a test of its own), means rounded alike. */
function expectGroups(actual: AnyBody[], expected: AnyBody[]): void {
  const sortedActual = byKeys(actual).map((group) => asSelected(group, group));
  expect(sortedActual).toEqual(asSelected(byKeys(expected), byKeys(actual)));
}

function answered(response: ApiResponse<AnyBody>): AnyBody {
  expect(response.body.errors).toBeUndefined();
  return response.body.data;
}

// ---- filter values, sent as GraphQL takes them ----

function nodeOf(type: FilterValueType): string | undefined {
  if ('list' in type) return nodeOf(type.list);
  return 'scalar' in type && type.scalar === 'ID' ? type.node : undefined;
}

/** Each filter's sample values (its model's, chosen from the rows), with the rows each selects. */
function filterCases(list: ListDeclaration, name: string, rows: readonly Row[]): { sent: unknown; rows: Row[] }[] {
  const model = filterModel(list, name)!;
  const filter = list.filters[name];
  const readable = rows.map(withDatabaseIds);
  const node = nodeOf(filter.graphql!.type);
  const send = (value: unknown): unknown => (node === undefined ? value : Array.isArray(value) ? value.map((id) => gid(node, String(id))) : gid(node, String(value)));
  return model.samples(readable, filter).map((value) => ({ sent: send(value), rows: rows.filter((_row, index) => model.matches(readable[index], value)) }));
}

// ---- the fixture's additions ----

beforeAll(async () => {
  // Metrics of every size, a fifth near 2^31: sums pass what a 32-bit Int holds.
  for (const table of ['campaigns', 'phases', 'contents']) {
    const metrics = table === 'campaigns' ? ['impressions', 'article_views', 'clicks_to_site', 'video_views'] : ['impressions', 'video_views', 'article_views', 'traffic_to_site'];
    const sets = metrics.flatMap((metric, index) => [
      `g_${metric} = CASE WHEN id % 5 = ${index % 5} THEN 2147483000 + id % 600 ELSE (id * ${7919 + index}) % 100000 END`,
      `e_${metric} = (id * ${104729 + index}) % 250000`,
    ]);
    await fx.app.dataSource.query(`UPDATE ${table} SET ${sets.join(', ')} WHERE organisation_id = $1`, [fx.ws.organisationId]);
  }
  // Deleted records count nowhere.
  const { contents, campaigns } = answered(await fx.ws.api.graphql('{ contents(first: 1) { nodes { id } } campaigns(last: 1) { nodes { id } } }'));
  answered(await fx.ws.api.graphql('mutation($content: ID!, $campaign: ID!) { contentDelete(id: $content) { userErrors { message } } campaignDelete(id: $campaign) { userErrors { message } } }', { content: contents.nodes[0].id, campaign: campaigns.nodes[0].id }));
  // Another workspace's records count nowhere either.
  const other = await fx.app.workspace('Aggregates elsewhere');
  const elsewhere = await createCampaignsFixture(other, Number);
  await createContent(other, elsewhere.campaignId, elsewhere.phaseId, 'Elsewhere');
}, 60_000);

describe.each(CASES)('%s', (_title, { declaration: list, graphql, model }) => {
  const access = graphql!;
  const rows = rowModel(list, model!);
  let all: Row[];
  const keys = Object.keys(list.aggregates.groupBy);
  const query = (filter: Record<string, unknown> | null, selection: string): Promise<ApiResponse<AnyBody>> =>
    fx.ws.api.graphql(`query($filter: ${list.name}Filter) { list: ${access.field}(filter: $filter, first: 1) { ${selection} } }`, { filter });

  beforeAll(async () => {
    all = await graphqlAll(fx, access, rows);
  });

  it('aggregates answer the whole list: count, sums, means, minimums and maximums', async () => {
    const { list: answer } = answered(await query(null, `aggregates { ${fullSelection(list)} }`));
    expectAggregates(answer.aggregates, aggregatesOf(list, all));
    expect(answer.aggregates.count).toBe(all.length);
  });

  it.each(keys)('groupedAggregates(groupBy: [%s]) answers each group of the list', async (key) => {
    const { list: answer } = answered(await query(null, `groupedAggregates(groupBy: [${key}]) { keys ${fullSelection(list)} }`));
    expectGroups(answer.groupedAggregates, groupsOf(list, [key], all));
  });

  if (keys.length > 1) {
    it(`groupedAggregates(groupBy: [${keys[0]}, ${keys.at(-1)}]) answers a group per pair of values`, async () => {
      const groupBy = [keys[0], keys.at(-1)!];
      const { list: answer } = answered(await query(null, `groupedAggregates(groupBy: [${groupBy.join(', ')}]) { keys ${fullSelection(list)} }`));
      expectGroups(answer.groupedAggregates, groupsOf(list, groupBy, all));
    });
  }

  const filters = Object.keys(list.filters).filter((name) => list.filters[name].graphql && filterModel(list, name));
  it.each(filters)('under filter.%s, aggregates and the groups of every key answer the rows the filter keeps', async (name) => {
    const groups = keys.map((key, index) => `g${index}: groupedAggregates(groupBy: [${key}]) { keys ${lightSelection(list)} }`).join(' ');
    for (const { sent, rows: kept } of filterCases(list, name, all)) {
      const { list: answer } = answered(await query({ [name]: sent }, `aggregates { ${fullSelection(list)} } ${groups}`));
      expectAggregates(answer.aggregates, aggregatesOf(list, kept), { sent });
      keys.forEach((key, index) => expectGroups(answer[`g${index}`], groupsOf(list, [key], kept)));
    }
  });
});

describe('contents: what the generated cases do not show', () => {
  const contents = LIST_TABLE.find((entry) => entry.graphql?.field === 'contents')!;
  const list = contents.declaration;

  it('the fixture has sums past 2^31, deleted pieces, pieces without a live date or a title, and another workspace', async () => {
    const { contents: answer } = answered(await fx.ws.api.graphql('{ contents { aggregates { count sum { gImpressions } } groupedAggregates(groupBy: [LIVE_DATE_TRUNCATED_TO_YEAR, PUBLISHER_TITLE_ID]) { keys } } }'));
    expect(BigInt(answer.aggregates.sum.gImpressions)).toBeGreaterThan(2n ** 31n);
    const keys: (string | null)[][] = answer.groupedAggregates.map((group: AnyBody) => group.keys);
    expect(keys.some(([year]) => year === null)).toBe(true);
    expect(keys.some(([, title]) => title === null)).toBe(true);
    const [stored] = await fx.app.dataSource.query('SELECT COUNT(*)::int AS count, COUNT(deleted_at)::int AS deleted FROM contents WHERE organisation_id = $1', [fx.ws.organisationId]);
    expect(stored.deleted).toBeGreaterThan(0);
    expect(answer.aggregates.count).toBe(stored.count - stored.deleted);
    const [elsewhere] = await fx.app.dataSource.query('SELECT COUNT(*)::int AS count FROM contents WHERE organisation_id <> $1', [fx.ws.organisationId]);
    expect(elsewhere.count).toBeGreaterThan(0);
  });

  it('a filter matching nothing: count 0, sums 0, the rest null, and no groups', async () => {
    const { contents: answer } = answered(
      await fx.ws.api.graphql(`{ contents(filter: { campaignId: "${gid('Campaign', '999999')}" }) { aggregates { ${fullSelection(list)} } groupedAggregates(groupBy: [STATUS]) { keys count } } }`),
    );
    expectAggregates(answer.aggregates, aggregatesOf(list, []));
    expect(answer.aggregates.sum.gImpressions).toBe('0');
    expect(answer.aggregates.avg.gImpressions).toBeNull();
    expect(answer.groupedAggregates).toEqual([]);
  });

  it("another workspace's campaign is a campaign that does not exist: nothing counts", async () => {
    const [{ id }] = await fx.app.dataSource.query('SELECT id FROM campaigns WHERE organisation_id <> $1 AND deleted_at IS NULL LIMIT 1', [fx.ws.organisationId]);
    const { contents: answer } = answered(await fx.ws.api.graphql(`{ contents(filter: { campaignId: "${gid('Campaign', String(id))}" }) { aggregates { count } groupedAggregates(groupBy: [STATUS]) { count } } }`));
    expect(answer).toEqual({ aggregates: { count: 0 }, groupedAggregates: [] });
  });

  it('groups come in the order of their keys: an enumeration in its declared order, dates in time, nulls last', async () => {
    const { contents: answer } = answered(await fx.ws.api.graphql('{ contents { byStatus: groupedAggregates(groupBy: [STATUS]) { keys } byMonth: groupedAggregates(groupBy: [LIVE_DATE_TRUNCATED_TO_MONTH]) { keys } } }'));
    const statuses = answer.byStatus.map((group: AnyBody) => group.keys[0]);
    const declared = enumNames(ContentStatus);
    expect(statuses.length).toBeGreaterThan(2);
    expect(statuses).toEqual(declared.filter((status) => statuses.includes(status)));
    const months = answer.byMonth.map((group: AnyBody) => group.keys[0]);
    expect(months.at(-1)).toBeNull();
    expect(months.slice(0, -1)).toEqual([...months.slice(0, -1)].sort());
  });

  it.each([
    ['no key', '[]', 'must name at least one key'],
    ['a key twice', '[STATUS, STATUS]', 'must name each key once'],
  ])('groupBy with %s is BAD_USER_INPUT', async (_case, groupBy, message) => {
    const response = await fx.ws.api.graphql(`{ contents { groupedAggregates(groupBy: ${groupBy}) { count } } }`);
    expectBadUserInput(response, 'groupBy');
    expect(response.body.errors[0].extensions.fieldErrors.groupBy).toEqual([message]);
  });

  it(`more than ${MAX_GROUPS} groups are refused, never cut short`, async () => {
    // Enough pieces of one workspace, each created on a day of its own.
    const ws = await fx.app.workspace('Many days');
    const place = await createCampaignsFixture(ws, Number);
    await fx.app.dataSource.query(
      `INSERT INTO contents (organisation_id, campaign_id, phase_id, content_name, created_at, updated_at)
       SELECT $1, $2, $3, 'Day ' || day, timestamptz '2020-01-01' + day * interval '1 day', now()
       FROM generate_series(0, $4) AS day`,
      [ws.organisationId, place.campaignId, place.phaseId, MAX_GROUPS],
    );
    const within = answered(await ws.api.graphql('{ contents(filter: { createdAt: { gte: "2020-01-02T00:00:00Z" } }) { groupedAggregates(groupBy: [CREATED_AT_TRUNCATED_TO_DAY]) { count } } }'));
    expect(within.contents.groupedAggregates).toHaveLength(MAX_GROUPS);
    const response = await ws.api.graphql('{ contents { totalCount groupedAggregates(groupBy: [CREATED_AT_TRUNCATED_TO_DAY]) { count } } }');
    expect(response.body.errors).toHaveLength(1);
    expect(response.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: { groupBy: [`makes more than ${MAX_GROUPS} groups: narrow the filter, or group by fewer or coarser keys`] } });
  });
});

describe('the change stream (eventStream), which takes the event list\'s filters', () => {
  it('aggregates the events its totalCount counts, grouped too', async () => {
    const { eventStream: stream } = answered(
      await fx.ws.api.graphql('{ eventStream(first: 1, filter: { type: "content_created" }) { totalCount aggregates { count max { createdAt } } groupedAggregates(groupBy: [CREATED_AT_TRUNCATED_TO_DAY]) { count } } }'),
    );
    expect(stream.totalCount).toBeGreaterThan(1);
    expect(stream.aggregates.count).toBe(stream.totalCount);
    expect(stream.groupedAggregates.reduce((total: number, group: AnyBody) => total + group.count, 0)).toBe(stream.totalCount);
  });
});

describe.each(NESTED_CONNECTIONS.map((nested) => [`${nested.type}.${nested.field}`, nested] as const))('nested %s', (_title, nested) => {
  const { declaration: list, parentProperty } = nested;
  const entry = LIST_TABLE.find((candidate) => candidate.declaration === list && candidate.graphql && !candidate.graphql.parent)!;
  const [key] = Object.keys(list.aggregates.groupBy);
  const selection = `${nested.field} { aggregates { ${fullSelection(list)} } groupedAggregates(groupBy: [${key}]) { keys ${fullSelection(list)} } }`;
  const everyParent = (first: number): string =>
    nested.type === 'Campaign' ? `{ campaigns(first: ${first}) { nodes { id ${selection} } } }` : `{ campaigns(first: ${first}) { nodes { phases { id ${selection} } } } }`;
  const parentsOf = (data: AnyBody): AnyBody[] => (nested.type === 'Campaign' ? data.campaigns.nodes : data.campaigns.nodes.flatMap((campaign: AnyBody) => campaign.phases));

  it("answers each parent's children's aggregates and groups, parents without children included", async () => {
    const children = await graphqlAll(fx, entry.graphql!, rowModel(list, entry.model!));
    const parents = parentsOf(answered(await fx.ws.api.graphql(everyParent(100))));
    expect(parents.some((parent) => parent[nested.field].aggregates.count === 0)).toBe(true);
    for (const parent of parents) {
      const own = children.filter((child) => child[parentProperty] === parent.id);
      const answer = parent[nested.field];
      expectAggregates(answer.aggregates, aggregatesOf(list, own), { parent: parent.id });
      expectGroups(answer.groupedAggregates, groupsOf(list, [key], own));
    }
  });

  it(`answers alike once the query is compiled (from its ${COMPILE_AT}rd sighting)`, async () => {
    const answers: unknown[] = [];
    for (let sighting = 1; sighting <= COMPILE_AT + 1; sighting += 1) answers.push(answered(await fx.ws.api.graphql(everyParent(100))));
    for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
  });

  it('costs the statements of one parent, however many parents', async () => {
    const one = await sentBesidesAuthentication(fx, () => fx.ws.api.graphql(everyParent(1)));
    const many = await sentBesidesAuthentication(fx, () => fx.ws.api.graphql(everyParent(100)));
    expect(parentsOf(answered(many.result)).length).toBeGreaterThan(3);
    expect(many.statements.length).toBe(one.statements.length);
  });
});
