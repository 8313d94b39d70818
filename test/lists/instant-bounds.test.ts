import type { ListDeclaration } from '../../src/db/lists/list-declaration';
import type { V2Route } from '../../src/http/rest/v2-route';
import { graphqlAll, idsOf, restAll, restParameter } from './list-faces';
import { listFixtureForFile } from './list-fixture';
import { filterModel, instantBoundField, type Row } from './list-models';
import { type ListCase, LIST_TABLE, titleOf } from './list-table';

/**
 * A date alone in an instant filter (`created_after=2026-11-23`, the event feed's `createdAfter`)
 * is midnight UTC, as the docs define it, whatever time zone the database server runs in. Here
 * its sessions run five hours behind UTC, and every list has records in the first five hours of
 * a UTC day, which midnight there would put on the wrong side. Generated over every filter of
 * every list that takes an instant as text, on each face that has it.
 */

/** POSIX sign: five hours behind UTC, all year round. */
const TIME_ZONE = 'Etc/GMT+5';
const BEHIND_UTC_HOURS = 5;

type Face = { name: 'GraphQL' } | { name: '/v2'; route: V2Route };

const CASES = LIST_TABLE.flatMap((entry) =>
  Object.keys(entry.declaration.filters)
    .filter((name) => instantBoundField(entry.declaration, name))
    .flatMap((name) => {
      const filter = entry.declaration.filters[name];
      const faces: Face[] = [...(filter.graphql && entry.graphql ? [{ name: 'GraphQL' as const }] : []), ...(filter.rest ? entry.rest.map((route) => ({ name: '/v2' as const, route })) : [])];
      return faces.map((face) => [`${face.name === 'GraphQL' ? `GraphQL ${entry.graphql!.field}` : `GET /v2${face.route.path}`}: ${filter.rest?.name ?? name}`, entry, name, face] as const);
    }),
);

const fx = listFixtureForFile({ timeZone: TIME_ZONE });

/** The list read through the face, narrowed by `filter` (one filter value, by its declared name). */
function read(entry: ListCase, face: Face, list: ListDeclaration, filter: Record<string, unknown> = {}): Promise<Row[]> {
  if (face.name === 'GraphQL') return graphqlAll(fx, entry.graphql!, entry.model!, { filter });
  const query = Object.assign({}, ...Object.entries(filter).map(([name, value]) => restParameter(list.filters[name], value)));
  return restAll(fx, face.route, entry.model!, query);
}

it("runs the database's sessions in a time zone behind UTC", async () => {
  const [{ offset }] = await fx.app.dataSource.query(`SELECT EXTRACT(TIMEZONE FROM now()) / 3600 AS offset`);
  expect(Number(offset)).toBe(-BEHIND_UTC_HOURS);
});

describe.each(CASES.map(([title, entry, name, face]) => [title, titleOf(entry.declaration), entry, name, face] as const))('%s (%s)', (_title, _list, entry, name, face) => {
  it('takes a date alone as midnight UTC: the answer of the date-time at midnight UTC, and of the same rule', async () => {
    const list = entry.declaration;
    const field = instantBoundField(list, name)!;
    const all = await read(entry, face, list);
    // A day with a record before the server's midnight: the date alone must keep it on the UTC side.
    const early = all.find((row) => new Date(String(row[field])).getUTCHours() < BEHIND_UTC_HOURS);
    expect(early).toBeDefined();
    const day = String(early![field]).slice(0, 10);
    const model = filterModel(list, name)!;
    const expected = idsOf(all.filter((row) => model.matches(row, day)));
    const answers = { date: idsOf(await read(entry, face, list, { [name]: day })), midnightUtc: idsOf(await read(entry, face, list, { [name]: `${day}T00:00:00Z` })) };
    expect(answers).toEqual({ date: expected, midnightUtc: expected });
  });
});
