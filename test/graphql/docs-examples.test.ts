import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getNamedType, Kind, parse, TypeInfo, validate, visit, visitWithTypeInfo, type GraphQLSchema, type ValueNode } from 'graphql';
import { RESOLVERS } from '../../src/app/resolvers';
import { parseGlobalId } from '../../src/common/global-id';
import { NODE_REF_EXTENSION, nodeArgExtension } from '../../src/graphql/node';
import { createSchema } from '../../src/graphql/schema';

/**
 * The GraphQL examples partners copy from docs/graphql.md: each is a valid document against the
 * schema, and every id written in one is a global id of the type its position names (the form
 * the answers give), not a bare database id.
 */

const DOCS = readFileSync(path.join(__dirname, '..', '..', 'docs', 'graphql.md'), 'utf8');
const EXAMPLES = [...DOCS.matchAll(/^```graphql\n([\s\S]*?)^```$/gm)].map((match) => match[1]);

let schema: GraphQLSchema;

beforeAll(async () => {
  schema = await createSchema(RESOLVERS);
});

/** The ids an example writes as literals, each with the record type its position expects. */
function literalIds(document: ReturnType<typeof parse>): { value: string; expected: unknown }[] {
  const found: { value: string; expected: unknown }[] = [];
  const typeInfo = new TypeInfo(schema);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Argument(node) {
        const field = typeInfo.getFieldDef();
        const expected = field?.extensions?.[nodeArgExtension(node.name.value)];
        if (expected !== undefined) collect(node.value, expected);
      },
      ObjectField(node) {
        const input = typeInfo.getParentInputType();
        const named = input && getNamedType(input);
        const field = named && 'getFields' in named ? (named.getFields() as Record<string, { extensions?: Record<string, unknown> }>)[node.name.value] : undefined;
        const expected = field?.extensions?.[NODE_REF_EXTENSION];
        if (expected !== undefined) collect(node.value, expected);
      },
    }),
  );
  function collect(value: ValueNode, expected: unknown): void {
    if (value.kind === Kind.STRING) found.push({ value: value.value, expected });
    if (value.kind === Kind.LIST) for (const item of value.values) collect(item, expected);
  }
  return found;
}

describe('the examples of docs/graphql.md', () => {
  it('are there', () => {
    expect(EXAMPLES.length).toBeGreaterThan(15);
  });

  it.each(EXAMPLES.map((example, index) => [index + 1, example.split('\n')[0], example]))('example %i (%s) is valid against the schema and names records by global ids', (_index, _firstLine, example) => {
    const document = parse(example);
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
    for (const { value, expected } of literalIds(document)) expect({ value, type: parseGlobalId(value)?.typeName }).toEqual({ value, type: expected });
  });
});
