import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { getNamedType, getNullableType, isListType } from 'graphql';
import { V2_ROUTES } from '../../src/app/v2-routes';
import type { ListDeclaration } from '../../src/db/lists/list-declaration';
import { filterModel } from './list-models';
import { connectionFields, DECLARATIONS, LIST_TABLE, NESTED_CONNECTIONS, SCHEMA, schemaField, STREAMS, titleOf } from './list-table';

/**
 * The table the list suites are generated from holds every list, and every list has a face: a
 * new *.list.ts declaration, /v2 list route or GraphQL connection field fails here until the
 * table (and the suites with it) covers it.
 */

const SRC = join(__dirname, '..', '..', 'src');

function isDeclaration(value: unknown): value is ListDeclaration {
  return typeof value === 'object' && value !== null && 'filters' in value && 'sortFields' in value && 'defaultDirection' in value;
}

describe('the list table', () => {
  it('holds every list declaration a *.list.ts file of src exports', () => {
    const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.list.ts'));
    const exported: { file: string; name: string; declaration: ListDeclaration }[] = [];
    for (const file of files) {
      const module = jest.requireActual<Record<string, unknown>>(join(SRC, file));
      for (const [name, value] of Object.entries(module)) if (isDeclaration(value)) exported.push({ file, name, declaration: value });
    }
    expect(exported.length).toBeGreaterThanOrEqual(DECLARATIONS.length);
    expect(exported.filter(({ declaration }) => !DECLARATIONS.includes(declaration)).map(({ file, name }) => `${file}: ${name}`)).toEqual([]);
  });

  it('holds every /v2 route that answers a declared list', () => {
    const listed = [...LIST_TABLE, ...STREAMS].flatMap((entry) => entry.rest);
    expect(STREAMS.flatMap((stream) => stream.rest).map((route) => route.path)).toEqual(['/events/stream']);
    expect(V2_ROUTES.filter((route) => route.query?.list && !listed.includes(route)).map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });

  it('holds every GraphQL connection field, at the top level, in a record, or among the nested connections', () => {
    const tabled = [
      ...[...LIST_TABLE, ...STREAMS].flatMap((entry) => (entry.graphql ? [`${entry.graphql.type}.${entry.graphql.field}`] : [])),
      ...NESTED_CONNECTIONS.map((nested) => `${nested.type}.${nested.field}`),
    ];
    expect(connectionFields(SCHEMA).sort()).toEqual(tabled.sort());
  });

  it.each(LIST_TABLE.map((entry) => [titleOf(entry.declaration), entry] as const))('%s has a face, a model of each filter, and reads rows on each face', (_title, entry) => {
    expect(entry.graphql !== undefined || entry.rest.length > 0).toBe(true);
    expect(entry.model).toBeDefined();
    expect(Object.keys(entry.declaration.filters).filter((name) => !filterModel(entry.declaration, name))).toEqual([]);
    expect({ graphql: entry.model?.graphql !== undefined, rest: entry.model?.rest !== undefined }).toEqual({ graphql: entry.graphql !== undefined, rest: entry.rest.length > 0 });
  });

  it.each(LIST_TABLE.filter((entry) => entry.graphql).map((entry) => [`${entry.graphql!.type}.${entry.graphql!.field}`, entry] as const))(
    '%s takes the declaration’s arguments: <Name>Filter, and [<Name>Order!] when it is sortable',
    (_field, { declaration, graphql }) => {
      const args = Object.fromEntries(schemaField(SCHEMA, graphql!.type, graphql!.field).args.map((arg) => [arg.name, arg.type]));
      expect(getNamedType(args.filter).name).toBe(`${declaration.name}Filter`);
      expect(Object.keys(args).sort()).toEqual(['after', 'before', 'filter', 'first', 'last', ...(declaration.sortable ? ['orderBy'] : [])].sort());
      if (declaration.sortable) {
        expect(isListType(getNullableType(args.orderBy))).toBe(true);
        expect(getNamedType(args.orderBy).name).toBe(`${declaration.name}Order`);
      }
    },
  );

  it.each(NESTED_CONNECTIONS.map((nested) => [`${nested.type}.${nested.field}`, nested] as const))('%s takes paging arguments only and pages a declared list', (_field, nested) => {
    expect(DECLARATIONS).toContain(nested.declaration);
    const field = schemaField(SCHEMA, nested.type, nested.field);
    expect(field.args.map((arg) => arg.name).sort()).toEqual(['after', 'before', 'first', 'last']);
    expect(getNamedType(field.type).name).toBe(`${nested.declaration.name}Connection`);
  });
});
