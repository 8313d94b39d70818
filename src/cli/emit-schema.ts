import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { RESOLVERS } from '../app/resolvers';
import { createSchema, printSchemaFile } from '../graphql/schema';

/** `npm run schema:emit`: rewrites the checked-in schema.graphql from the code. */
async function main(): Promise<void> {
  // dist/src/cli/ → the repository's root.
  const target = path.resolve(__dirname, '..', '..', '..', 'schema.graphql');
  await writeFile(target, printSchemaFile(await createSchema(RESOLVERS)));
  process.stdout.write(`wrote ${target}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
