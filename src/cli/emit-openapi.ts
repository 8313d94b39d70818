import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { V2_ROUTES } from '../app/v2-routes';
import { printOpenApiFile } from '../http/rest/openapi/print-openapi';

/** `npm run openapi:emit`: rewrites the checked-in openapi.json from the route declarations. */
async function main(): Promise<void> {
  // dist/src/cli/ → the repository's root.
  const target = path.resolve(__dirname, '..', '..', '..', 'openapi.json');
  await writeFile(target, printOpenApiFile(V2_ROUTES));
  process.stdout.write(`wrote ${target}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
