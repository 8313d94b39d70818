import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';

/**
 * The typed REST client of the suite (typed-client.test.ts) uses the types openapi-typescript
 * makes of the checked-in openapi.json, as a partner would. They are checked in (v2-types.ts)
 * rather than made at test time: `npm run typecheck` then compiles the client test against them in
 * strict mode without running Jest (ts-jest here does not type-check), and a change to the
 * contract shows in review as a change to the types partners get. This test keeps them what
 * openapi-typescript makes of the document (regenerate: `node test/http/rest/client/generate-v2-types.mjs`).
 */
const TYPES_FILE = path.join(__dirname, 'v2-types.ts');
const GENERATOR = path.join(__dirname, 'generate-v2-types.mjs');

describe('v2-types.ts, the types of the typed client', () => {
  it('is what openapi-typescript makes of the checked-in openapi.json (regenerate: node test/http/rest/client/generate-v2-types.mjs)', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [GENERATOR, '--stdout'], { maxBuffer: 64 * 1024 * 1024 });
    expect(await readFile(TYPES_FILE, 'utf8')).toBe(stdout);
  });
});

/** The client's own files: every TypeScript file here but the generated types and this check. */
async function clientFiles(): Promise<string[]> {
  const skipped = [path.basename(TYPES_FILE), path.basename(__filename)];
  return (await readdir(__dirname)).filter((name) => name.endsWith('.ts') && !skipped.includes(name)).map((name) => path.join(__dirname, name));
}

/** Casts, `any` and suppressed errors in one file, by line. */
async function escapes(file: string): Promise<string[]> {
  const source = ts.createSourceFile(file, await readFile(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const where = `${path.basename(file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) found.push(`${where}: a cast`);
    if (ts.isNonNullExpression(node)) found.push(`${where}: a non-null assertion`);
    if (node.kind === ts.SyntaxKind.AnyKeyword) found.push(`${where}: any`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  // `@ts-expect-error` shows what the types refuse (and fails once they accept it); these would hide anything.
  source.text.split('\n').forEach((text, index) => {
    if (/@ts-ignore|@ts-nocheck|eslint-disable/.test(text)) found.push(`${path.basename(file)}:${index + 1}: ${text.trim()}`);
  });
  return found;
}

describe("the typed client's files", () => {
  it('use the generated types as they are: no cast (`as`, `<T>x`, `!`), no `any`, no suppressed error', async () => {
    const files = await clientFiles();
    expect(files.map((file) => path.basename(file))).toEqual(expect.arrayContaining(['typed-client.test.ts', 'typed-client.ts', 'create-bodies.test.ts']));
    expect((await Promise.all(files.map(escapes))).flat()).toEqual([]);
  });
});
