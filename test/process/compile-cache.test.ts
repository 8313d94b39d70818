import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { childEnv, ROOT } from '../support/processes';

/**
 * The server and the worker start with Node's compile cache on (src/compile-cache.ts), loaded
 * before any other module of theirs, so that every module they load is cached.
 */

const BUILT = path.join(ROOT, 'dist', 'src');

it.each(['main.js', 'worker.js'])('%s loads the compile cache before anything else', (entry) => {
  const firstRequire = /require\("([^"]+)"\)/.exec(readFileSync(path.join(BUILT, entry), 'utf8'));
  expect(firstRequire?.[1]).toBe('./compile-cache');
});

describe('the compile cache', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cpa-compile-cache-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** Loads the compile cache, then a module, in a Node process of its own; answers the cache's directory. */
  const run = (env: Record<string, string | undefined>): string =>
    execFileSync(process.execPath, ['-e', `require(${JSON.stringify(path.join(BUILT, 'compile-cache.js'))}); require('typeorm'); process.stdout.write(require('node:module').getCompileCacheDir() ?? 'off')`], {
      cwd: ROOT,
      env: childEnv(env),
    }).toString();

  it('keeps the bytecode of the modules loaded after it in NODE_COMPILE_CACHE', () => {
    expect(run({ NODE_COMPILE_CACHE: dir, NODE_DISABLE_COMPILE_CACHE: undefined })).toContain(dir);
    const cached = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(cached.length).toBeGreaterThan(100);
  });

  it('is off with NODE_DISABLE_COMPILE_CACHE=1', () => {
    expect(run({ NODE_COMPILE_CACHE: dir, NODE_DISABLE_COMPILE_CACHE: '1' })).toBe('off');
  });
});
