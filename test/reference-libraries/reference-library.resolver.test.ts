import { rowCounts } from '../support/database-state';
import { expectCoercionError, expectGraphQLUnauthenticated } from '../support/graphql';
import { type AnyBody, type ApiResponse } from '../support/test-app';
import { EVENT_TYPES_LIBRARY, LIBRARY_NAMES } from '../support/reference-libraries';
import { appForFile } from '../support/file-app';

/**
 * GraphQL `referenceLibraries(names)`: the global reference libraries REST serves at
 * `/v2/libraries`, through real HTTP over a real PostgreSQL.
 */

const LIBRARIES = `
  query Libraries($names: [String!]) {
    referenceLibraries(names: $names) { name description entries { code name parentCode } }
  }
`;

const { app, ws, other } = appForFile({ ws: 'Library GraphQL tests', other: 'Another workspace' });

function gql(variables: Record<string, unknown> = {}, workspace = ws): Promise<ApiResponse<AnyBody>> {
  return workspace.api.graphql(LIBRARIES, variables);
}

/** A query that must succeed; returns the libraries. */
async function libraries(variables: Record<string, unknown> = {}, workspace = ws): Promise<AnyBody[]> {
  const response = await gql(variables, workspace);
  expect(response.status).toBe(200);
  expect(response.body.errors).toBeUndefined();
  return response.body.data.referenceLibraries;
}

/** The REST record of a library, as GraphQL spells it. */
async function restLibrary(name: string): Promise<AnyBody> {
  const { description, entries } = (await ws.api.get(`/v2/libraries/${name}`)).body.data.library;
  return {
    name,
    description,
    entries: entries.map((entry: AnyBody) => ({ code: entry.id, name: entry.name, parentCode: entry.brand_industry_id ?? null })),
  };
}

async function databaseState(): Promise<AnyBody> {
  return rowCounts(app, ['reference_entries', 'outbox_events']);
}

describe('query referenceLibraries', () => {
  it('returns every library, in catalogue order, when names is omitted', async () => {
    const all = await libraries();

    expect(all.map((library) => library.name)).toEqual(LIBRARY_NAMES);
    for (const library of all) {
      expect(Object.keys(library)).toEqual(['name', 'description', 'entries']);
      expect(typeof library.description).toBe('string');
      expect(library.description).not.toBe('');
      expect(library.entries.length).toBeGreaterThan(0);
      for (const entry of library.entries) {
        expect(Number.isInteger(entry.code)).toBe(true);
        expect(typeof entry.name).toBe('string');
        expect(entry.parentCode === null || Number.isInteger(entry.parentCode)).toBe(true);
      }
      const ids = library.entries.map((entry: AnyBody) => entry.code);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    }
  });

  it('treats names: null as omitted', async () => {
    expect(await libraries({ names: null })).toEqual(await libraries());
  });

  it('is, library for library, what GET /v2/libraries/{name} returns', async () => {
    for (const library of await libraries()) expect(library).toEqual(await restLibrary(library.name));
  });

  it('describes each library as GET /v2/libraries does, which lists event-types after them', async () => {
    const rest = (await ws.api.get('/v2/libraries')).body.data.libraries;
    const described = (await libraries()).map(({ name, description }) => ({ name, description }));

    expect(described.map(({ name }) => name)).not.toContain(EVENT_TYPES_LIBRARY.name);
    expect(rest).toEqual([...described, EVENT_TYPES_LIBRARY]);
  });

  it('returns the named libraries only, in the order asked for', async () => {
    const some = await libraries({ names: ['role-types', 'link-types'] });

    expect(some.map((library) => library.name)).toEqual(['role-types', 'link-types']);
    expect(some[0].entries).toEqual([
      { code: 1, name: 'Campaign Manager', parentCode: null },
      { code: 2, name: 'Content Editor', parentCode: null },
    ]);
    expect(some[1].entries).toHaveLength(5);
  });

  it('returns an empty list for names: []', async () => {
    expect(await libraries({ names: [] })).toEqual([]);
  });

  it('gives brand sub-industries their brand industry as parentCode, and every other entry a null parentCode', async () => {
    const [industries, subIndustries, distributionTypes] = await libraries({ names: ['brand-industries', 'brand-sub-industries', 'distribution-types'] });

    expect(subIndustries.entries).toHaveLength(36);
    const industryCodes = industries.entries.map((entry: AnyBody) => entry.code);
    for (const entry of subIndustries.entries) expect(industryCodes).toContain(entry.parentCode);
    for (const code of industryCodes) expect(subIndustries.entries.filter((entry: AnyBody) => entry.parentCode === code)).toHaveLength(3);
    for (const entry of [...industries.entries, ...distributionTypes.entries]) expect(entry.parentCode).toBeNull();
  });

  it('is the same for every workspace', async () => {
    expect(await libraries({}, other)).toEqual(await libraries());
  });

  it.each([
    ['an unknown name', ['publisher-titles']],
    ['a name in another case', ['Link-Types']],
    ['an unknown name among known ones', ['link-types', 'no-such-library']],
  ])('answers NOT_FOUND for %s, returning no libraries', async (_label, names) => {
    const response = await gql({ names });

    expect(response.status).toBe(200);
    expect(response.body.data).toBeNull();
    expect(response.body.errors).toHaveLength(1);
    expect(response.body.errors[0]).toMatchObject({ message: 'Library not found', path: ['referenceLibraries'], extensions: { code: 'NOT_FOUND' } });
  });

  it('refuses names that are not strings at the GraphQL type level', async () => {
    expectCoercionError(await gql({ names: [null] }));
    expectCoercionError(await gql({ names: { name: 'link-types' } }));
  });

  // Beyond the sweep of every root field (test/graphql/unauthenticated-contract.test.ts): global
  // data needs a key all the same, and the key is checked before any name is looked up.
  it('answers HTTP 401 UNAUTHENTICATED without a key and with an unknown key, though the libraries are global, before looking up names', async () => {
    await expectGraphQLUnauthenticated(app, LIBRARIES, {}, databaseState);
    await expectGraphQLUnauthenticated(app, LIBRARIES, { names: ['no-such-library'] }, databaseState);
  });
});
