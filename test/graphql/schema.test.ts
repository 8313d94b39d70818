import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { RESOLVERS } from '../../src/app/resolvers';
import { createSchema, printSchemaFile } from '../../src/graphql/schema';

describe('schema.graphql', () => {
  it('is the schema the code builds (run `npm run schema:emit` after changing a type or resolver)', async () => {
    const checkedIn = await readFile(path.join(__dirname, '..', '..', 'schema.graphql'), 'utf8');
    expect(printSchemaFile(await createSchema(RESOLVERS))).toBe(checkedIn);
  });
});
